// A mesh-vs-mesh answer judged against the exact pairs
// (sepax/harness/mesh/mesh_judgement.hpp), on meshes whose pairs are known by hand.
#include <gtest/gtest.h>

#include <vector>

#include "sepax/harness/mesh/mesh_judgement.hpp"
#include "sepax/oracle/mesh_truth.hpp"

namespace {

using namespace sepax;
using harness::MeshPair;
using V = Vec3<double>;

/// A: two triangles in the plane z = 0, far apart (x near 0 and x near 10).
/// B: one triangle crossing z = 0 through A's first triangle only.
TriangleMesh mesh_a() {
  TriangleMesh m;
  m.vertices = {V(0, 0, 0), V(1, 0, 0), V(0, 1, 0), V(10, 0, 0), V(11, 0, 0), V(10, 1, 0)};
  m.triangles = {{0, 1, 2}, {3, 4, 5}};
  return m;
}
TriangleMesh mesh_b() {
  TriangleMesh m;
  m.vertices = {V(0.25, 0.25, -1), V(0.25, 0.25, 1), V(0.5, 0, 0.5)};
  m.triangles = {{0, 1, 2}};
  return m;
}

TEST(MeshJudgement, TheTruthItselfIsOk) {
  const auto a = mesh_a(), b = mesh_b();
  const auto exact = oracle::exact_intersecting_pairs(a, b, Pose{});
  ASSERT_EQ(exact, (std::vector<MeshPair>{{0, 0}}));
  const auto j = harness::judge_mesh_answer(a, b, Pose{}, exact, true, exact, ScalarKind::float64);
  EXPECT_EQ(j.cls, oracle::Class::ok);
  EXPECT_EQ(j.extra + j.missed, 0u);
}

TEST(MeshJudgement, AMissedDeepPairIsGross) {
  const auto a = mesh_a(), b = mesh_b();
  const std::vector<MeshPair> exact{{0, 0}};
  const auto j = harness::judge_mesh_answer(a, b, Pose{}, exact, false, {}, ScalarKind::float64);
  EXPECT_EQ(j.cls, oracle::Class::gross);
  EXPECT_EQ(j.missed, 1u);
  ASSERT_TRUE(j.first_gross.has_value());
  EXPECT_EQ(*j.first_gross, MeshPair(0, 0));
}

TEST(MeshJudgement, AFarFalsePairIsGrossEvenWithTheRightVerdict) {
  const auto a = mesh_a(), b = mesh_b();
  const std::vector<MeshPair> exact{{0, 0}}, reported{{0, 0}, {1, 0}};
  const auto j = harness::judge_mesh_answer(a, b, Pose{}, exact, true, reported, ScalarKind::float64);
  EXPECT_EQ(j.cls, oracle::Class::gross);
  EXPECT_EQ(j.extra, 1u);
  EXPECT_EQ(*j.first_gross, MeshPair(1, 0));
}

TEST(MeshJudgement, AHitWithoutAnyPlausiblePairIsGross) {
  const auto a = mesh_a(), b = mesh_b();
  Pose apart;
  apart.translation = V(0, 0, 5);  // B lifted far above A
  const auto exact = oracle::exact_intersecting_pairs(a, b, apart);
  ASSERT_TRUE(exact.empty());
  EXPECT_EQ(harness::judge_mesh_answer(a, b, apart, exact, true, {}, ScalarKind::float64).cls, oracle::Class::gross);
  EXPECT_EQ(harness::judge_mesh_answer(a, b, apart, exact, false, {}, ScalarKind::float64).cls, oracle::Class::ok);
}

TEST(MeshJudgement, ExactTouchingMissedIsGross) {
  // B's lowest vertex rests exactly on A's first triangle (all numbers exact in
  // float): touching intersects, and no rounding excuses missing it.
  const auto a = mesh_a();
  TriangleMesh b;
  b.vertices = {V(0.25, 0.25, 0), V(0.25, 0.5, 1), V(0.5, 0.25, 1)};
  b.triangles = {{0, 1, 2}};
  const auto exact = oracle::exact_intersecting_pairs(a, b, Pose{});
  ASSERT_EQ(exact, (std::vector<MeshPair>{{0, 0}}));
  EXPECT_EQ(harness::judge_mesh_answer(a, b, Pose{}, exact, false, {}, ScalarKind::float32).cls, oracle::Class::gross);
}

TEST(MeshJudgement, AHitOneNanometreAboveIsBoundaryInFloatAndGrossInDouble) {
  // B's lowest vertex 1e-9 above A's plane: apart exactly, but within float's
  // rounding band of these unit-sized triangles, far outside double's.
  const auto a = mesh_a();
  TriangleMesh b;
  b.vertices = {V(0.25, 0.25, 1e-9), V(0.25, 0.5, 1), V(0.5, 0.25, 1)};
  b.triangles = {{0, 1, 2}};
  const auto exact = oracle::exact_intersecting_pairs(a, b, Pose{});
  ASSERT_TRUE(exact.empty());
  const std::vector<MeshPair> reported{{0, 0}};
  const auto f = harness::judge_mesh_answer(a, b, Pose{}, exact, true, reported, ScalarKind::float32);
  EXPECT_EQ(f.cls, oracle::Class::boundary);
  EXPECT_EQ(f.boundary, 1u);
  EXPECT_EQ(harness::judge_mesh_answer(a, b, Pose{}, exact, true, reported, ScalarKind::float64).cls,
            oracle::Class::gross);
}

}  // namespace
