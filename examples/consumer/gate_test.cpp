// mylib's CI gate: its OBB test, registered with sepax, judged against the
// exact oracles on every generator family (sepax's own `verify` campaign).
#include <string>

#include <gtest/gtest.h>

#include "obb_overlap.hpp"
#include "sepax/harness/gtest.hpp"
#include "sepax/sepax.hpp"

namespace {

/// mylib's kernel as sepax sees it; `epsilon` 0 is the classic bug (the
/// guard forgotten), which the second test must catch.
sepax::KernelInfo mylib_kernel(const char* id, double epsilon) {
  sepax::KernelInfo k;
  k.id = id;
  k.origin = "mylib";
  k.query = sepax::Query::obb_obb;
  k.scalar = sepax::ScalarKind::float64;
  k.mode = sepax::KernelMode::static_test;
  // The ε is deliberate: say so, and the judge grants the band it opens.
  k.bias = {sepax::BiasMethod::epsilon_on_rotation, mylib::kEpsilon, std::nullopt};
  k.reports_axis = false;
  k.test = [epsilon](const sepax::ShapePair& p) {
    sepax::StaticOutcome out;
    out.intersects = mylib::obb_overlap(p.obb_a, p.obb_b, epsilon);
    return out;
  };
  return k;
}

TEST(MylibObbOverlap, NoGrossVerdictOnAnyFamily) {
  EXPECT_NO_GROSS("mylib/obb_overlap/double", {}, 400, 1);
}

TEST(MylibObbOverlap, NoGrossVerdictWhereEdgesAreNearlyParallel) {
  EXPECT_NO_GROSS("mylib/obb_overlap/double", {"parallel-edges", "near-parallel", "ultra-parallel"}, 2000, 7);
}

// The gate has teeth: without the ε, nearly parallel edges give cross
// products of rounding-noise length that "separate" overlapping boxes. The
// failure names each case, the file it is in and the command that replays it.
TEST(MylibWithoutEpsilon, TheGateCatchesTheForgottenEpsilon) {
  const ::testing::AssertionResult gate =
      sepax::testing::no_gross("mylib/obb_overlap_without_epsilon/double", {"parallel-edges"}, 2000, 7);
  EXPECT_FALSE(gate);
  EXPECT_NE(std::string(gate.message()).find("replay: SEPAX_REPLAY="), std::string::npos) << gate.message();
}

// The judge itself on one hand-made pair: unit cubes whose faces touch
// exactly are intersecting (closed sets), and "separated" would be a bug.
TEST(MylibObbOverlap, TouchingCubesAreIntersectingAndTheJudgeSaysSo) {
  sepax::ShapePair pair;
  pair.query = sepax::Query::obb_obb;
  pair.obb_a.extents = {1, 1, 1};
  pair.obb_b.extents = {1, 1, 1};
  pair.obb_b.center = {2, 0, 0};
  const sepax::harness::ExactTruth truth = sepax::harness::judge(pair);
  EXPECT_TRUE(truth.intersects);
  EXPECT_EQ(truth.margin, 0.0);
  EXPECT_TRUE(mylib::obb_overlap(pair.obb_a, pair.obb_b));
  EXPECT_EQ(sepax::harness::classify(pair, sepax::ScalarKind::float64, false), sepax::oracle::Class::gross);
}

}  // namespace

int main(int argc, char** argv) {
  // Before anything reads sepax's kernel registry.
  sepax::register_kernels({mylib_kernel("mylib/obb_overlap/double", mylib::kEpsilon),
                           mylib_kernel("mylib/obb_overlap_without_epsilon/double", 0.0)});
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
