#pragma once
/// \file Shared pieces of the property suites: judging a pair with the exact
/// oracle, hit-rate counters, and saving shrunk counterexamples to the
/// regression corpus (properties/regressions/, replayed by ctest).
#include <rapidcheck.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <cctype>
#include <string>
#include <tuple>
#include <vector>

#include "sepax/core/shapes/query.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/oracle/classify.hpp"

namespace sepax::props {

/// The exact verdict on a pair, with the margin computed only when asked
/// (an exact quadratic program: up to a millisecond).
class Truth {
 public:
  Truth(const ShapePair& pair, ScalarKind scalar);
  bool intersects() const { return intersects_; }
  bool exact_fallback() const { return fallback_; }
  double tolerance() const { return tolerance_; }
  double margin() const;
  /// Class of a kernel's verdict on this pair.
  oracle::Class classify(const KernelInfo& kernel, bool kernel_intersects) const;

 private:
  ShapePair pair_;
  bool intersects_ = false;
  bool fallback_ = false;
  double tolerance_ = 0;
  mutable std::optional<double> margin_;
};

/// Counts outcomes of one property so that it can assert hit-rate bands
/// afterwards ("a test that never hits tests nothing").
struct HitCounter {
  std::atomic<std::uint64_t> total{0}, hits{0};
  void count(bool hit) {
    ++total;
    if (hit) ++hits;
  }
  double rate() const { return total ? double(hits) / double(total) : 0.0; }
};

/// Remembers the last pair a property failed on (RapidCheck's final failing
/// run is the shrunk counterexample) and writes it to the regression corpus.
class Counterexample {
 public:
  /// Call before asserting on `pair`; cheap.
  static void remember(const ShapePair& pair, ScalarKind scalar, const std::string& family);
  /// Forget the previous property's pair.
  static void reset();
  /// After a failed rc::check: writes the last remembered pair to
  /// properties/regressions/<name>.jsonl and prints how to replay it.
  static void save(const std::string& name);
};

/// rc::check with the counterexample saved on failure. Returns success.
template <class Testable>
bool check_and_save(const std::string& name, Testable&& testable) {
  Counterexample::reset();
  const bool ok = rc::check(name, std::forward<Testable>(testable));
  if (!ok) Counterexample::save(name);
  return ok;
}

std::string label(gen::Family family, Query query, ScalarKind scalar);

/// The (family, query, scalar) parameters of the per-family suites.
using FamilyQueryScalar = std::tuple<gen::Family, Query, ScalarKind>;
std::vector<FamilyQueryScalar> every_family_query_scalar();

/// gtest parameter name for (family, query, scalar) suites: "obb_obb_random_float".
template <class ParamInfo>
std::string family_query_scalar_name(const ParamInfo& info) {
  std::string s = label(std::get<0>(info.param), std::get<1>(info.param), std::get<2>(info.param));
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

}  // namespace sepax::props
