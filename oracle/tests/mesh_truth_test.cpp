// The exact truth of two posed meshes (mesh_truth.hpp) on cases known by
// construction: unit cubes apart / touching / overlapping / nested, degenerate
// triangles (segments, points), a pose whose exact image differs from its
// double image, a real mesh against its own copy; cross-checked with the
// rational SAT (oracle 1, exact_sat.hpp) pair by pair where the posed
// coordinates are exact doubles, and with CGAL PMP::do_intersect (the second
// judge) on real meshes at poses just before and just after first contact.
//
// Timings: --gtest_also_run_disabled_tests --gtest_filter='*Timing*'.
#include "sepax/oracle/mesh_truth.hpp"

#include <CGAL/IO/OFF.h>
#include <CGAL/Simple_cartesian.h>

#include <gtest/gtest.h>

#include "test_meshes.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include "sepax/harness/mesh/mesh_file.hpp"
#include "sepax/oracle/exact_sat.hpp"

namespace sepax::oracle {
namespace {

namespace fs = std::filesystem;
using V = Vec3<double>;


TriangleMesh load(const char* name) { return harness::read_mesh(sepax::test::mesh_path(name)); }

/// [0,1]^3, 12 outward triangles.
TriangleMesh unit_cube() {
  TriangleMesh m;
  for (int i = 0; i < 8; ++i) m.vertices.push_back(V(i & 1, (i >> 1) & 1, (i >> 2) & 1));
  m.triangles = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6},   // z = 0, z = 1
                 {0, 1, 4}, {1, 5, 4}, {2, 6, 3}, {3, 6, 7},   // y = 0, y = 1
                 {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};  // x = 0, x = 1
  return m;
}

Pose translation(double x, double y, double z) {
  Pose p;
  p.translation = V(x, y, z);
  return p;
}

/// All pairs judged one by one by the rational SAT (an independent exact
/// oracle). Only meaningful when pose.apply is exact for every vertex of b.
std::vector<TrianglePair> brute_force_pairs(const TriangleMesh& a, const TriangleMesh& b,
                                            const Pose& pose) {
  std::vector<TrianglePair> out;
  for (std::uint32_t i = 0; i < a.triangles.size(); ++i)
    for (std::uint32_t j = 0; j < b.triangles.size(); ++j) {
      ShapePair p;
      p.query = Query::tri_tri;
      p.tri_a = a.triangle(i);
      p.tri_b = pose.apply(b.triangle(j));
      if (sat_exact(p)) out.emplace_back(i, j);
    }
  return out;
}

// --- cubes ---------------------------------------------------------------------

TEST(MeshTruthCubes, Apart) {
  const TriangleMesh c = unit_cube();
  const Pose pose = translation(1.0 + 0x1p-52, 0, 0);  // one ulp past touching
  EXPECT_TRUE(exact_intersecting_pairs(c, c, pose).empty());
  EXPECT_FALSE(exact_intersects(c, c, pose));
  EXPECT_FALSE(pmp_meshes_intersect(c, c, pose, MeshOverlap::surfaces));
  EXPECT_FALSE(pmp_meshes_intersect(c, c, pose, MeshOverlap::volumes));
}

TEST(MeshTruthCubes, TouchingFaceToFace) {
  const TriangleMesh c = unit_cube();
  const Pose pose = translation(1, 0, 0);  // b's face x=0 lies on a's face x=1
  const auto pairs = exact_intersecting_pairs(c, c, pose);
  EXPECT_EQ(pairs, brute_force_pairs(c, c, pose));
  // Both triangles of a's face x=1 (10, 11) meet both of b's face x=0 (8, 9).
  for (std::uint32_t i : {10u, 11u})
    for (std::uint32_t j : {8u, 9u})
      EXPECT_TRUE(std::binary_search(pairs.begin(), pairs.end(), TrianglePair{i, j}));
  // Every pair lies in the contact plane: a's triangle reaches x=1, b's x=0.
  const auto reaches = [&](std::uint32_t t, double x) {
    const auto& v = c.triangles[t];
    return c.vertices[v[0]].x() == x || c.vertices[v[1]].x() == x || c.vertices[v[2]].x() == x;
  };
  for (auto [i, j] : pairs) {
    EXPECT_TRUE(reaches(i, 1)) << i;
    EXPECT_TRUE(reaches(j, 0)) << j;  // b's x = 0 is placed at x = 1
  }
  EXPECT_TRUE(exact_intersects(c, c, pose));
  EXPECT_TRUE(pmp_meshes_intersect(c, c, pose, MeshOverlap::surfaces));
}

TEST(MeshTruthCubes, TouchingAlongAnEdgeAndAtACorner) {
  const TriangleMesh c = unit_cube();
  for (const Pose& pose : {translation(1, 1, 0), translation(1, 1, 1), translation(-1, 0.5, -1)}) {
    const auto pairs = exact_intersecting_pairs(c, c, pose);
    EXPECT_FALSE(pairs.empty());
    EXPECT_EQ(pairs, brute_force_pairs(c, c, pose));
  }
}

TEST(MeshTruthCubes, OverlappingAndRotatedByAnExactMatrix) {
  const TriangleMesh c = unit_cube();
  Pose pose = translation(0.5, 0.25, 0.125);
  auto pairs = exact_intersecting_pairs(c, c, pose);
  EXPECT_FALSE(pairs.empty());
  EXPECT_EQ(pairs, brute_force_pairs(c, c, pose));
  // A quarter turn about z (entries 0, ±1: apply() is exact), overlapping.
  pose.rotation << 0, -1, 0, 1, 0, 0, 0, 0, 1;
  pose.translation = V(1.5, 0.5, 0.25);
  pairs = exact_intersecting_pairs(c, c, pose);
  EXPECT_FALSE(pairs.empty());
  EXPECT_EQ(pairs, brute_force_pairs(c, c, pose));
  EXPECT_TRUE(pmp_meshes_intersect(c, c, pose, MeshOverlap::surfaces));
}

TEST(MeshTruthCubes, OneInsideTheOther) {
  // b scaled by 1/4 (the stored R need not be a rotation) into a's middle.
  const TriangleMesh c = unit_cube();
  Pose pose = translation(0.375, 0.375, 0.375);
  pose.rotation *= 0.25;
  EXPECT_TRUE(exact_intersecting_pairs(c, c, pose).empty());   // surfaces never meet
  EXPECT_FALSE(pmp_meshes_intersect(c, c, pose, MeshOverlap::surfaces));
  EXPECT_TRUE(pmp_meshes_intersect(c, c, pose, MeshOverlap::volumes));  // volumes do
  // And the other way round: a inside b (b scaled by 4 around a).
  Pose big = translation(-1.5, -1.5, -1.5);
  big.rotation *= 4.0;
  EXPECT_TRUE(exact_intersecting_pairs(c, c, big).empty());
  EXPECT_TRUE(pmp_meshes_intersect(c, c, big, MeshOverlap::volumes));
}

// --- exactness of the pose -----------------------------------------------------

TEST(MeshTruthPose, MapsByTheStoredNumbersExactly) {
  // a: the triangle (1,0,0), (2,0,0)... a segment? No: a proper triangle with a
  // vertex at (1,0,0). b: a point at (10,0,0), posed by R = 0.1·I. In double,
  // 0.1·10 rounds to exactly 1; the exact product is 1 + 2^-54·... > 1.
  TriangleMesh a;
  a.vertices = {V(0, 0, 0), V(1, 0, 0), V(0, 1, 0)};
  a.triangles = {{0, 1, 2}};
  TriangleMesh b;
  b.vertices = {V(10, 0, 0)};
  b.triangles = {{0, 0, 0}};
  Pose pose;
  pose.rotation *= 0.1;
  ASSERT_EQ(pose.apply(b.vertices[0]), V(1, 0, 0));  // the rounded image touches
  EXPECT_FALSE(exact_intersects(a, b, pose));         // the exact image does not
  EXPECT_TRUE(exact_intersecting_pairs(a, b, pose).empty());
  // With 0.5 the product is exact: the point lies inside a's triangle.
  b.vertices = {V(0.5, 0.5, 0)};
  pose.rotation = Eigen::Matrix3d::Identity() * 0.5;
  EXPECT_TRUE(exact_intersects(a, b, pose));
}

TEST(MeshTruthPose, RefusesWhatNoExactSetCanBeBuiltFrom) {
  const TriangleMesh c = unit_cube();
  TriangleMesh bad = c;
  bad.triangles[3][1] = 8;  // past the 8 vertices
  EXPECT_THROW(exact_intersecting_pairs(c, bad, Pose{}), std::invalid_argument);
  bad = c;
  bad.vertices[2].y() = std::nan("");
  EXPECT_THROW(exact_intersects(bad, c, Pose{}), std::invalid_argument);
  Pose inf_pose;
  inf_pose.translation.z() = HUGE_VAL;
  EXPECT_THROW(exact_intersects(c, c, inf_pose), std::invalid_argument);
  EXPECT_THROW(pmp_meshes_intersect(c, c, inf_pose, MeshOverlap::surfaces), std::invalid_argument);
}

// --- degenerate triangles ------------------------------------------------------

struct DegenerateCase {
  const char* name;
  std::array<V, 3> a, b;  // one triangle each (possibly degenerate)
  bool intersects;
};

void PrintTo(const DegenerateCase& c, std::ostream* os) { *os << c.name; }

class Degenerate : public ::testing::TestWithParam<DegenerateCase> {};

TEST_P(Degenerate, KnownVerdictAgreesWithRationalSat) {
  const DegenerateCase& c = GetParam();
  TriangleMesh a, b;
  a.vertices = {c.a[0], c.a[1], c.a[2]};
  b.vertices = {c.b[0], c.b[1], c.b[2]};
  a.triangles = b.triangles = {{0, 1, 2}};
  EXPECT_EQ(exact_intersects(a, b, Pose{}), c.intersects);
  EXPECT_EQ(exact_intersects(b, a, Pose{}), c.intersects);
  EXPECT_EQ(brute_force_pairs(a, b, Pose{}).size(), c.intersects ? 1u : 0u);  // oracle 1 agrees
  // Through a pose: store b shifted by −(1,2,3) and pose it back (exact).
  TriangleMesh shifted = b;
  for (V& v : shifted.vertices) v -= V(1, 2, 3);
  EXPECT_EQ(exact_intersects(a, shifted, translation(1, 2, 3)), c.intersects);
}

constexpr double tiny = 0x1p-40;
const V o(0, 0, 0), x1(1, 0, 0), y1(0, 1, 0);

INSTANTIATE_TEST_SUITE_P(
    Cases, Degenerate,
    ::testing::Values(
        DegenerateCase{"SegmentPiercesTriangle", {o, x1, y1},
                       {V(0.25, 0.25, -1), V(0.25, 0.25, 1), V(0.25, 0.25, 0.5)}, true},
        DegenerateCase{"SegmentEndsOnTriangle", {o, x1, y1},
                       {V(0.25, 0.25, 0), V(0.25, 0.25, 1), V(0.25, 0.25, 0.5)}, true},
        DegenerateCase{"SegmentStopsShort", {o, x1, y1},
                       {V(0.25, 0.25, tiny), V(0.25, 0.25, 1), V(0.25, 0.25, 0.5)}, false},
        DegenerateCase{"CoplanarSegmentCrossesEdge", {o, x1, y1},
                       {V(0.5, -1, 0), V(0.5, 1, 0), V(0.5, 0, 0)}, true},
        DegenerateCase{"CoplanarSegmentTouchesVertex", {o, x1, y1},
                       {V(1, 0, 0), V(2, 0, 0), V(3, 0, 0)}, true},
        DegenerateCase{"CoplanarSegmentMissesVertex", {o, x1, y1},
                       {V(1 + 0x1p-52, 0, 0), V(2, 0, 0), V(3, 0, 0)}, false},
        DegenerateCase{"RepeatedVertexSegment", {o, x1, y1},
                       {V(0.5, 0.5, 0), V(0.5, 0.5, 0), V(2, 2, 0)}, true},  // on the hypotenuse
        DegenerateCase{"PointInside", {o, x1, y1},
                       {V(0.25, 0.25, 0), V(0.25, 0.25, 0), V(0.25, 0.25, 0)}, true},
        DegenerateCase{"PointOnEdge", {o, x1, y1},
                       {V(0.5, 0.5, 0), V(0.5, 0.5, 0), V(0.5, 0.5, 0)}, true},
        DegenerateCase{"PointAbove", {o, x1, y1},
                       {V(0.25, 0.25, tiny), V(0.25, 0.25, tiny), V(0.25, 0.25, tiny)}, false},
        DegenerateCase{"SegmentsCross", {o, V(1, 1, 0), V(0.5, 0.5, 0)},
                       {x1, y1, V(0.25, 0.75, 0)}, true},
        DegenerateCase{"SegmentsSkew", {o, V(1, 1, 0), V(0.5, 0.5, 0)},
                       {V(1, 0, tiny), V(0, 1, tiny), V(0.25, 0.75, tiny)}, false},
        DegenerateCase{"SegmentsCollinearOverlap", {o, V(2, 0, 0), V(1, 0, 0)},
                       {V(2, 0, 0), V(3, 0, 0), V(2.5, 0, 0)}, true},
        DegenerateCase{"SegmentsCollinearGap", {o, V(2, 0, 0), V(1, 0, 0)},
                       {V(2 + 0x1p-51, 0, 0), V(3, 0, 0), V(2.5, 0, 0)}, false},
        DegenerateCase{"PointOnSegment", {o, V(2, 2, 2), V(1, 1, 1)},
                       {V(0.5, 0.5, 0.5), V(0.5, 0.5, 0.5), V(0.5, 0.5, 0.5)}, true},
        DegenerateCase{"PointsEqual", {x1, x1, x1}, {x1, x1, x1}, true},
        DegenerateCase{"PointsDiffer", {x1, x1, x1}, {y1, y1, y1}, false}),
    [](const auto& info) { return std::string(info.param.name); });

// --- real meshes -----------------------------------------------------------------

/// With every triangle against its own exact copy: exactly the pairs sharing a
/// vertex. (The README's meshes are closed 2-manifolds without self-
/// intersections: triangles sharing no vertex are disjoint, and a shared vertex
/// or edge is a common point.)
void expect_self_pairs_are_neighbours(const char* file) {
  if (!fs::exists(sepax::test::mesh_path(file))) GTEST_SKIP() << file << " not present";
  const TriangleMesh m = load(file);
  std::vector<std::vector<std::uint32_t>> around(m.vertices.size());
  for (std::uint32_t t = 0; t < m.triangles.size(); ++t)
    for (std::uint32_t v : m.triangles[t]) around[v].push_back(t);
  std::set<TrianglePair> expected;
  for (std::uint32_t t = 0; t < m.triangles.size(); ++t)
    for (std::uint32_t v : m.triangles[t])
      for (std::uint32_t u : around[v]) expected.emplace(t, u);
  const auto pairs = exact_intersecting_pairs(m, m, Pose{});
  EXPECT_EQ(pairs, std::vector<TrianglePair>(expected.begin(), expected.end()));
}

TEST(MeshTruthReal, CouplingdownAgainstItsCopy) { expect_self_pairs_are_neighbours("couplingdown.off"); }
TEST(MeshTruthReal, ElephantAgainstItsCopy) { expect_self_pairs_are_neighbours("elephant.off"); }

/// A pose with a random rotation (a unit quaternion rounded to doubles: R is
/// then only nearly orthonormal, which is fine: the numbers are the pose) and
/// translation s·d.
Pose random_pose(std::mt19937_64& rng, double s, V& direction) {
  std::normal_distribution<double> n;
  Eigen::Quaterniond q(n(rng), n(rng), n(rng), n(rng));
  q.normalize();
  direction = V(n(rng), n(rng), n(rng)).normalized();
  Pose p;
  p.rotation = q.toRotationMatrix();
  p.translation = s * direction;
  return p;
}

/// Bisects s along the pose's direction between overlap (s = 0) and apart
/// (s = 2·diameter) with exact_intersects: returns the last intersecting and
/// the first separated translation found after `steps` halvings.
std::pair<Pose, Pose> poses_around_contact(const TriangleMesh& a, const TriangleMesh& b,
                                           std::mt19937_64& rng, int steps) {
  V d;
  Pose p = random_pose(rng, 0, d);
  double diameter = 0;
  for (const V& v : a.vertices) diameter = std::max(diameter, v.norm());
  for (const V& v : b.vertices) diameter = std::max(diameter, v.norm());
  double lo = 0, hi = 4 * diameter;
  for (int k = 0; k < steps; ++k) {
    const double mid = 0.5 * (lo + hi);
    p.translation = mid * d;
    (exact_intersects(a, b, p) ? lo : hi) = mid;
  }
  Pose touching = p, apart = p;
  touching.translation = lo * d;
  apart.translation = hi * d;
  return {touching, apart};
}

void expect_judges_agree_near_contact(const char* file, std::uint64_t seed) {
  if (!fs::exists(sepax::test::mesh_path(file))) GTEST_SKIP() << file << " not present";
  const TriangleMesh m = load(file);
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 2; ++trial) {
    const auto [touching, apart] = poses_around_contact(m, m, rng, 14);
    const auto pairs = exact_intersecting_pairs(m, m, touching);
    EXPECT_FALSE(pairs.empty());
    EXPECT_TRUE(pmp_meshes_intersect(m, m, touching, MeshOverlap::surfaces));
    EXPECT_TRUE(pmp_meshes_intersect(m, m, touching, MeshOverlap::volumes));
    EXPECT_TRUE(exact_intersecting_pairs(m, m, apart).empty());
    EXPECT_FALSE(pmp_meshes_intersect(m, m, apart, MeshOverlap::surfaces));
    EXPECT_FALSE(pmp_meshes_intersect(m, m, apart, MeshOverlap::volumes));
    // Deep overlap (s = 0, rotated): both judges say yes, and the pair set's
    // verdict equals PMP's surface answer.
    Pose deep = touching;
    deep.translation.setZero();
    EXPECT_EQ(!exact_intersecting_pairs(m, m, deep).empty(),
              pmp_meshes_intersect(m, m, deep, MeshOverlap::surfaces));
  }
}

TEST(MeshTruthReal, CouplingdownJudgesAgreeNearContact) {
  expect_judges_agree_near_contact("couplingdown.off", 11);
}
TEST(MeshTruthReal, ElephantJudgesAgreeNearContact) {
  expect_judges_agree_near_contact("elephant.off", 12);
}

/// The harness's reader gives what CGAL's own reader (read_OFF) gives.
TEST(MeshTruthReal, ReaderAgreesWithCgalReadPolygonSoup) {
  for (const char* file : {"couplingdown.off", "elephant.off"}) {
    if (!fs::exists(sepax::test::mesh_path(file))) GTEST_SKIP();
    const TriangleMesh m = load(file);
    std::vector<CGAL::Simple_cartesian<double>::Point_3> points;
    std::vector<std::vector<std::size_t>> polygons;
    std::ifstream in(sepax::test::mesh_path(file));
    ASSERT_TRUE(CGAL::IO::read_OFF(in, points, polygons));
    ASSERT_EQ(points.size(), m.vertices.size());
    ASSERT_EQ(polygons.size(), m.triangles.size());
    for (std::size_t i = 0; i < points.size(); ++i)
      ASSERT_EQ(V(points[i][0], points[i][1], points[i][2]), m.vertices[i]) << file << " vertex " << i;
    for (std::size_t t = 0; t < polygons.size(); ++t) {
      ASSERT_EQ(polygons[t].size(), 3u);
      for (int k = 0; k < 3; ++k) ASSERT_EQ(polygons[t][k], m.triangles[t][k]) << file << " face " << t;
    }
  }
}

// --- timings (not run by default) ------------------------------------------------

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void time_near_contact(const char* file, int poses) {
  if (!fs::exists(sepax::test::mesh_path(file))) GTEST_SKIP();
  const TriangleMesh m = load(file);
  std::mt19937_64 rng(2026);
  for (int k = 0; k < poses; ++k) {
    const auto [touching, apart] = poses_around_contact(m, m, rng, 12);
    // Just past first contact, and deeper: more pairs near the boundary.
    for (double depth : {0.98, 0.9}) {
    Pose pose = touching;
    pose.translation *= depth;
    const auto t0 = std::chrono::steady_clock::now();
    const MeshTruth truth = exact_mesh_truth(m, m, pose);
    const double t_truth = seconds_since(t0);
    const auto t1 = std::chrono::steady_clock::now();
    const bool any = exact_intersects(m, m, pose);
    const double t_any = seconds_since(t1);
    const auto t2 = std::chrono::steady_clock::now();
    const bool pmp = pmp_meshes_intersect(m, m, pose, MeshOverlap::surfaces);
    const double t_pmp = seconds_since(t2);
    std::printf("%s pose %d at %.2f of first contact: %zu triangles each, %zu candidates, "
                "%zu pairs, %zu exact fallbacks; pairs %.3f s, exact_intersects %.3f s, PMP %.3f s\n",
                file, k, depth, m.triangles.size(), truth.candidate_pairs, truth.pairs.size(),
                truth.exact_fallbacks, t_truth, t_any, t_pmp);
    EXPECT_EQ(any, !truth.pairs.empty());
    EXPECT_EQ(pmp, !truth.pairs.empty());
    }
  }
  const auto t0 = std::chrono::steady_clock::now();
  const MeshTruth self = exact_mesh_truth(m, m, Pose{});
  std::printf("%s against its copy at the identity: %zu candidates, %zu pairs, %zu fallbacks, %.3f s\n",
              file, self.candidate_pairs, self.pairs.size(), self.exact_fallbacks, seconds_since(t0));
}

TEST(MeshTruthTiming, DISABLED_Couplingdown) { time_near_contact("couplingdown.off", 3); }
TEST(MeshTruthTiming, DISABLED_Elephant) { time_near_contact("elephant.off", 3); }
TEST(MeshTruthTiming, DISABLED_Armadillo) { time_near_contact("armadillo.off", 2); }

}  // namespace
}  // namespace sepax::oracle
