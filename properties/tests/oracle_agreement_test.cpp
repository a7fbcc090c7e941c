// The two exact oracles (and the filtered and unfiltered paths of the first)
// must agree exactly on every case of every family; touching pairs must have a
// margin of exactly zero.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <tuple>

#include "property_support.hpp"
#include "sepax/generators/rapidcheck_source.hpp"
#include "sepax/oracle/cgal_judge.hpp"
#include "sepax/oracle/exact_sat.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::props {
namespace {

using Param = FamilyQueryScalar;
class OracleAgreement : public ::testing::TestWithParam<Param> {};

TEST_P(OracleAgreement, FilteredExactAndCgalAgree) {
  const auto [family, query, scalar] = GetParam();
  const std::string name = "oracles/" + label(family, query, scalar);
  HitCounter intersecting, fallbacks;
  const bool ok = check_and_save(name, [&, family = family, query = query, scalar = scalar] {
    const ShapePair pair = *gen::gen_pair(family, query, scalar);
    Counterexample::remember(pair, scalar, std::string(gen::to_string(family)));
    const oracle::SatVerdict filtered = oracle::sat_filtered(pair);
    fallbacks.count(filtered.exact_fallback);
    intersecting.count(filtered.intersects);
    RC_ASSERT(filtered.intersects == oracle::sat_exact(pair));
    RC_ASSERT(filtered.intersects == oracle::cgal_intersects(pair));
    if (family == gen::Family::touching) RC_ASSERT(oracle::relative_margin(pair, true) == 0.0);
  });
  EXPECT_TRUE(ok) << name;
  if (family != gen::Family::touching) {
    EXPECT_GE(intersecting.rate(), 0.05) << name;
    EXPECT_LE(intersecting.rate(), 0.95) << name;
  }
  RecordProperty("filter_fallback_rate", std::to_string(fallbacks.rate()));
}

INSTANTIATE_TEST_SUITE_P(
    Families, OracleAgreement,
    ::testing::ValuesIn(every_family_query_scalar()),
    family_query_scalar_name<::testing::TestParamInfo<Param>>);

}  // namespace
}  // namespace sepax::props
