// Gross findings shrink to simpler cases with the same signature
// (harness/shrink.hpp), judged again by the exact oracle at every step.
#include <gtest/gtest.h>

#include <cmath>

#include "sepax/generators/generate.hpp"
#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/campaign/shrink.hpp"

namespace sepax::harness {
namespace {

/// A kernel that always answers "separated": gross on every intersecting pair.
KernelInfo never_intersects() {
  KernelInfo k;
  k.id = "test/never_intersects/double";
  k.origin = "test";
  k.query = Query::obb_obb;
  k.scalar = ScalarKind::float64;
  k.reports_axis = false;
  k.test = [](const ShapePair&) {
    StaticOutcome o;
    o.intersects = false;
    return o;
  };
  return k;
}

/// Significant bits of every number of a box pair: what shrinking lowers.
int significant_bits(const ShapePair& p) {
  int bits = 0;
  const auto count = [&](double x) {
    if (x == 0) return;
    int e = 0;
    double f = std::abs(std::frexp(x, &e));
    int b = 0;
    while (f != 0 && b < 60) {
      f = f * 2 - std::floor(f * 2);
      ++b;
    }
    bits += b;
  };
  for (const Obb3d* b : {&p.obb_a, &p.obb_b}) {
    for (int k = 0; k < 3; ++k) {
      count(b->center[k]);
      count(b->extents[k]);
      for (int i = 0; i < 3; ++i) count(b->axes[i][k]);
    }
  }
  return bits;
}

TEST(Shrink, AFalseNegativeShrinksToASimplerCaseWithTheSameSignature) {
  const KernelInfo k = never_intersects();
  int shrunk_cases = 0;
  for (std::uint64_t index = 0; index < 40 && shrunk_cases < 3; ++index) {
    const ShapePair pair = gen::generate(gen::Family::random, Query::obb_obb, ScalarKind::float64, 11, index);
    const auto kind = gross_kind(k, pair, std::nullopt);
    if (!kind) {
      // Not a finding: a separated pair, or one within the rounding band (boundary).
      const OracleVerdict oracle = judge_exactly(pair, false);
      LazyMargin margin(pair, oracle.intersects);
      EXPECT_NE(judge_kernel(k, pair, oracle, margin).verdict_class, oracle::Class::gross) << "index " << index;
      continue;
    }
    EXPECT_EQ(*kind, "false-negative");
    const Shrunk s = shrink_gross(k, pair, std::nullopt, *kind, 300);
    EXPECT_EQ(gross_kind(k, s.pair, std::nullopt), kind) << "index " << index;
    EXPECT_TRUE(judge_exactly(s.pair, true).intersects) << "index " << index;
    EXPECT_GT(s.accepted, 0u);
    EXPECT_LE(s.tried, 300u);
    EXPECT_LT(significant_bits(s.pair), significant_bits(pair) / 2) << "index " << index;
    ++shrunk_cases;
  }
  EXPECT_EQ(shrunk_cases, 3) << "too few intersecting random pairs to shrink";
}

TEST(Shrink, SignaturesNameKernelQueryFamilyAndKind) {
  EXPECT_EQ(gross_signature(never_intersects(), "touching", "false-negative"),
            "test/never_intersects/double obb_obb touching false-negative");
}

}  // namespace
}  // namespace sepax::harness
