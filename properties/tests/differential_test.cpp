// Differential properties (SPEC §6): every registered kernel against the exact
// oracle on every generator family, for every query and scalar. Zero gross
// errors; a reported separating axis must really separate the exact sets (up
// to the rounding band); both outcomes must occur, so no property is vacuous.
//
// Replay a failure with the RC_PARAMS line RapidCheck prints, e.g.
//   RC_PARAMS="reproduce=…" ./properties_tests --gtest_filter='Families/Differential.*'
// and the saved counterexample with `sepax check properties/regressions/<name>.jsonl`.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <cmath>
#include <tuple>

#include "property_support.hpp"
#include "sepax/generators/rapidcheck_source.hpp"
#include "sepax/oracle/exact_sat.hpp"

namespace sepax::props {
namespace {

using Param = FamilyQueryScalar;

class Differential : public ::testing::TestWithParam<Param> {};

TEST_P(Differential, NoGrossErrorAndReportedAxesSeparate) {
  const auto [family, query, scalar] = GetParam();
  const std::string name = "differential/" + label(family, query, scalar);
  HitCounter intersecting, strict_axis;
  std::atomic<std::uint64_t> boundary{0};

  const bool ok = check_and_save(name, [&, family = family, query = query, scalar = scalar] {
    const ShapePair pair = *gen::gen_pair(family, query, scalar);
    Counterexample::remember(pair, scalar, std::string(gen::to_string(family)));
    const Truth truth(pair, scalar);
    intersecting.count(truth.intersects());
    RC_TAG(truth.intersects() ? "intersecting" : "separated");
    for (const KernelInfo& kernel : static_kernels()) {
      if (kernel.query != query || kernel.scalar != scalar) continue;
      const StaticOutcome out = kernel.test(pair);
      const oracle::Class cls = truth.classify(kernel, out.intersects);
      if (cls == oracle::Class::boundary) ++boundary;
      RC_ASSERT_FALSE(cls == oracle::Class::gross);
      if (!out.intersects && kernel.reports_axis) {
        // The witness direction, taken exactly: its gap may be negative only
        // by the rounding band the verdict itself is allowed.
        const double gap = oracle::axis_gap(pair, out.direction);
        RC_ASSERT(std::isfinite(gap));
        RC_ASSERT(gap >= -truth.tolerance());
        strict_axis.count(gap > 0);
      }
    }
  });
  EXPECT_TRUE(ok) << name;
  RecordProperty("boundary", static_cast<int>(boundary.load()));
  if (family == gen::Family::touching) {
    EXPECT_EQ(intersecting.rate(), 1.0) << "touching pairs intersect (closed sets)";
  } else {
    // Both outcomes in useful proportion, or the property tests nothing.
    EXPECT_GE(intersecting.rate(), 0.05) << name << ": almost never intersecting";
    EXPECT_LE(intersecting.rate(), 0.95) << name << ": almost never separated";
    // The exact check of witnesses must bite: most reported axes separate
    // strictly (the rest are pairs generated within ulps of touching).
    EXPECT_GE(strict_axis.rate(), 0.5) << name;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Families, Differential,
    ::testing::ValuesIn(every_family_query_scalar()),
    family_query_scalar_name<::testing::TestParamInfo<Param>>);

}  // namespace
}  // namespace sepax::props
