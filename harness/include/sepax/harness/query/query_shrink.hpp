#pragma once
/// \file
/// Shrinking a pair query's gross case (manifolds, sweeps, sphere tests,
/// enclosures, general motion): its input values (the layout's, query_layout.hpp)
/// made simpler one at a time — to 0, or rounded to 1, 2, 4, 8 or 16
/// significant bits — keeping each change under which the kernel is still
/// gross with the same kind, so the replay file a reader gets is the simplest
/// case of the bug found within the tries. A change that makes the case
/// invalid (the case file would not read it back: axes no longer orthonormal,
/// a negative radius) is refused, as is one the exact judge cannot take.
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sepax/harness/case_file.hpp"
#include "sepax/harness/query/query_batch.hpp"

namespace sepax::harness {

/// Significant bits of x (0 for 0, 1 for a power of two, up to 53).
inline int significant_bits(double x) {
  if (x == 0 || !std::isfinite(x)) return 0;
  int e = 0;
  double m = std::frexp(std::abs(x), &e);  // [0.5, 1)
  int bits = 0;
  while (m != 0 && bits < 64) {
    m = m * 2 - std::floor(m * 2);
    ++bits;
  }
  return bits;
}

/// x rounded to `bits` significant bits (nearest, ties away from zero).
inline double round_to_bits(double x, int bits) {
  if (x == 0 || !std::isfinite(x)) return x;
  int e = 0;
  const double m = std::frexp(x, &e);
  return std::ldexp(std::round(std::ldexp(m, bits)), e - bits);
}

struct ShrunkCase {
  std::string case_line;
  QueryVerdict verdict;
  std::size_t changed = 0, tries = 0;
};

/// What a shrink did: values changed, candidates tried.
struct ShrinkSteps {
  std::size_t changed = 0, tries = 0;
};

/// The greedy loop every shrink shares: each value in turn set to 0 or
/// rounded to 1, 2, 4, 8, 16 significant bits, keeping the first candidate
/// `keeps` accepts (the same bug), over passes until none changes, within
/// `tries` candidates. `values` ends as the simplest case kept.
template <class Keeps>
ShrinkSteps shrink_values(std::vector<double>& values, std::size_t tries, Keeps&& keeps) {
  ShrinkSteps out;
  for (bool changed = true; changed && out.tries < tries;) {
    changed = false;
    for (std::size_t i = 0; i < values.size() && out.tries < tries; ++i) {
      const int bits = significant_bits(values[i]);
      for (const int b : {0, 1, 2, 4, 8, 16}) {
        if (b >= bits || out.tries >= tries) break;
        std::vector<double> candidate = values;
        candidate[i] = b == 0 ? 0.0 : round_to_bits(values[i], b);
        ++out.tries;
        if (keeps(candidate)) {
          values = std::move(candidate);
          ++out.changed;
          changed = true;
          break;
        }
      }
    }
  }
  return out;
}

/// The simplest case near `pair` on which `kernel` is still gross with `kind`
/// (query_gross_kind), within `tries` candidates; nullopt when no change kept it.
template <class Pair, class Exact>
std::optional<ShrunkCase> shrink_query_case(const PairQuery<Pair, Exact>& q, const PairKernel<Pair>& kernel,
                                            ScalarKind scalar, std::size_t f, std::uint64_t seed, std::uint64_t index,
                                            const Pair& pair, const std::string& kind, std::size_t tries) {
  std::vector<double> values;
  q.flatten(pair, values);
  std::optional<std::pair<Pair, QueryVerdict>> best;
  // Still the same bug: gross, of the same kind, on a case the case file reads back.
  const ShrinkSteps steps = shrink_values(values, tries, [&](const std::vector<double>& candidate) {
    try {
      const Pair p = q.unflatten(candidate, scalar);
      const std::string line = query_case_line(q, p, scalar, f, seed, index, kernel.id);
      if (std::holds_alternative<CaseError>(parse_case(line, 1))) return false;
      const Exact exact = q.exact(p);
      const std::optional<QueryAnswer> answer = kernel.run(p);
      if (!answer) return false;
      const QueryVerdict v = q.judge(p, scalar, *answer, exact);
      if (v.verdict_class != oracle::Class::gross ||
          query_gross_kind(answer->meets, q.exact_meets(exact), v.reason) != kind)
        return false;
      best = std::pair{p, v};
      return true;
    } catch (const std::exception&) {
      return false;  // invalid, or a kernel that throws on it: not the same bug
    }
  });
  if (!best) return std::nullopt;
  ShrunkCase out;
  out.changed = steps.changed;
  out.tries = steps.tries;
  out.case_line = query_case_line(q, best->first, scalar, f, seed, index, kernel.id, true);
  out.verdict = best->second;
  return out;
}

}  // namespace sepax::harness
