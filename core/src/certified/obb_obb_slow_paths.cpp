// The certified OBB–OBB test's slow paths, compiled without contraction
// (Kahan's difference of products needs its roundings exactly as written):
// the second stage of nearly parallel edge axes, and the exact stages
// (expansions, then integers or GMP rationals).
#include <cmath>
#include <type_traits>

#include "certified/obb_obb_vec.hpp"
#include "sepax/core/mutant.hpp"
#include "sepax/core/numeric/accurate_products.hpp"

namespace sepax::obb_obb::certified {
namespace {
double dot(const V& p, const V& q) { return p.x * q.x + p.y * q.y + p.z * q.z; }
}  // namespace

/// Second stage for an edge axis the first could not decide, nearly always
/// nearly parallel edges: there |L| ≈ θ, the gap is about θ·size and the
/// first stage's bound (about u·size) hides its sign. L̂ = A_i × B_j by
/// Kahan's difference of products is within 2u|L_k| of L componentwise (0
/// exactly when L is), and g(X) = |D·X| − Σ a_k|A_k·X| − Σ b_m|B_m·X| is
/// then evaluated at the exact vector L̂: |g(L̂) − g(L)| ≤ 2u·|L|∞·3αS, and
/// g(L̂)'s own rounding (depth ≤ 12, permanent ≤ 3α|L̂|∞·S) adds γ_12 times
/// that: err₂ = 48·u·|L̂|∞·S bounds both. Returns +1/−1, or 0 when still
/// undecided (or when a product is so small that Kahan's error term could
/// underflow). Float axes: their products are exact in double (48 bits, ≥
/// 2⁻²⁹⁸), so the plain difference rounds once, within u|L_k| — no FMA
/// (a library call in this baseline unit) needed.
int refine_edge(const V& ai, const V& bj, const V (&a)[3], const V (&b)[3], const V& d,
                       const double* ea, const double* eb, double s, bool float_input) {
  if (!(s >= 0x1p-500 && s <= 0x1p500)) return 0;
  const double p[6] = {ai.y * bj.z, ai.z * bj.y, ai.z * bj.x, ai.x * bj.z, ai.x * bj.y, ai.y * bj.x};
  if (!float_input)
    for (const double x : p)
      if (x != 0 && std::fabs(x) < 0x1p-960) return 0;
  const V l = float_input ? V{p[0] - p[1], p[2] - p[3], p[4] - p[5]}
                          : V{accurate::difference_of_products(ai.y, bj.z, ai.z, bj.y),
                              accurate::difference_of_products(ai.z, bj.x, ai.x, bj.z),
                              accurate::difference_of_products(ai.x, bj.y, ai.y, bj.x)};
  const double norm = std::fmax(std::fabs(l.x), std::fmax(std::fabs(l.y), std::fabs(l.z)));
  if (norm == 0) return -1;  // parallel edges: a zero axis never separates
  if (norm < 0x1p-400) return 0;  // the dots below could underflow
  double radii = 0;
  for (int k = 0; k < 3; ++k) radii += ea[k] * std::fabs(dot(a[k], l)) + eb[k] * std::fabs(dot(b[k], l));
  const double g = std::fabs(dot(d, l)) - radii;
  const double err = 48 * 0x1p-53 * norm * s;
  return g > err ? 1 : g < -err ? -1 : 0;
}

bool no_bound_planted() { return mutant("certified_no_bound"); }

namespace {
template <class S>
bool exact_separates_in(ExpansionCache& cache, const Obb3<S>& a, const Obb3<S>& b, SeparatingAxis axis) {
  if (cache.state == 0) load(cache, a, b);
  auto& counts = sepax::detail::exact_stage_counts();
  if (const int sign = expansion_gap_sign(cache, axis); sign != 2) {
    ++counts.expansion;
    return sign > 0;
  }
  ++counts.integers_or_rationals;
  return exact_gap_sign(a.template cast<double>(), b.template cast<double>(), axis) > 0;
}
}  // namespace

bool exact_separates(ExpansionCache& cache, const Obb3<float>& a, const Obb3<float>& b, SeparatingAxis axis) {
  return exact_separates_in(cache, a, b, axis);
}
bool exact_separates(ExpansionCache& cache, const Obb3<double>& a, const Obb3<double>& b, SeparatingAxis axis) {
  return exact_separates_in(cache, a, b, axis);
}

}  // namespace sepax::obb_obb::certified
