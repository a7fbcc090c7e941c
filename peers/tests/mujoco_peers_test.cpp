// MuJoCo's narrow phase (peers/mujoco_peers.hpp) on configurations whose
// answers are worked out by hand — the conventions its adapter states (normal
// from a to b, depth = −dist, touching meets) — and against the exact oracles
// wherever the answer is clear, so that a wrong conversion (a transposed
// frame, a full size for a half size) fails here before it shows as a peer's
// finding in a campaign.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "sepax/generators/generate.hpp"
#include "sepax/oracle/exact_gomez.hpp"
#include "sepax/oracle/exact_sat.hpp"
#include "sepax/oracle/margin.hpp"
#include "sepax/peers/mujoco_peers.hpp"

namespace sepax::peers {
namespace {

Obb3d box(Vec3<double> center, Vec3<double> half, double turn_z = 0) {
  Obb3d b;
  b.center = center;
  const double c = std::cos(turn_z), s = std::sin(turn_z);
  b.axes = {Vec3<double>(c, s, 0), Vec3<double>(-s, c, 0), Vec3<double>(0, 0, 1)};
  b.extents = {half.x(), half.y(), half.z()};
  return b;
}

TEST(MujocoBoxBox, FaceContactHasTheNormalFromAToBAndHalfTheOverlapAsDepth) {
  // Unit half-extents; b's centre 1.5 along +x: the faces overlap by 0.5.
  // MuJoCo 2.2.2 reports half of it (mujoco_warp#822, confirmed for C
  // MuJoCo): the adapter passes that on, and the judge finds it. If Debian's
  // MuJoCo is fixed, this expectation fails and the adapter's note goes.
  const PeerManifold m = mujoco_box_box(box({0, 0, 0}, {1, 1, 1}), box({1.5, 0, 0}, {1, 1, 1}));
  ASSERT_TRUE(m.contact);
  EXPECT_NEAR(m.normal.x(), 1, 1e-12);
  EXPECT_NEAR(m.normal.norm(), 1, 1e-12);
  EXPECT_NEAR(m.depth, 0.25, 1e-12);
  ASSERT_GE(m.points.size(), 4u);
  for (const Vec3<double>& p : m.points) {  // midway between the faces x = 0.5 and x = 1
    EXPECT_NEAR(p.x(), 0.75, 1e-12);
    EXPECT_LE(std::abs(p.y()), 1 + 1e-12);
    EXPECT_LE(std::abs(p.z()), 1 + 1e-12);
  }
  // The other way round, the normal turns: it points from the first box.
  const PeerManifold back = mujoco_box_box(box({1.5, 0, 0}, {1, 1, 1}), box({0, 0, 0}, {1, 1, 1}));
  ASSERT_TRUE(back.contact);
  EXPECT_NEAR(back.normal.x(), -1, 1e-12);
}

TEST(MujocoBoxBox, HalfExtentsAndAxesAreReadAsSepaxMeansThem) {
  // b half as wide along x as it is long along y: apart at 2.0 + 1e-9 when its
  // x half-extent 1 is used; turned by 90° the same box reaches 2 further.
  const Obb3d a = box({0, 0, 0}, {1, 1, 1});
  EXPECT_EQ(mujoco_box_box_contacts(a, box({2 + 1e-9, 0, 0}, {1, 3, 1})), 0);
  EXPECT_GT(mujoco_box_box_contacts(a, box({3.5, 0, 0}, {1, 3, 1}, M_PI / 2)), 0);
  EXPECT_EQ(mujoco_box_box_contacts(a, box({4 + 1e-9, 0, 0}, {1, 3, 1}, M_PI / 2)), 0);
  // Touching faces meet (closed sets).
  EXPECT_GT(mujoco_box_box_contacts(a, box({2, 0, 0}, {1, 1, 1})), 0);
}

TEST(MujocoBoxBox, AgreesWithTheExactOracleWhereverTheAnswerIsClear) {
  std::uint64_t seed = 5;
  if (const char* s = std::getenv("SEPAX_SEED")) seed = std::strtoull(s, nullptr, 10);
  int clear = 0, meet = 0, wrong = 0;
  for (std::uint64_t i = 0; i < 4000; ++i) {
    const ShapePair p = gen::generate(gen::Family::random, Query::obb_obb, ScalarKind::float64, seed, i);
    const bool exact = oracle::sat_exact(p);
    if (std::abs(oracle::relative_margin(p, exact)) < 1e-9) continue;
    ++clear;
    meet += exact;
    wrong += (mujoco_box_box_contacts(p.obb_a, p.obb_b) > 0) != exact;
  }
  std::printf("mujoco box-box: %d clear random pairs (%d meeting), %d answered wrong\n", clear, meet, wrong);
  EXPECT_GT(meet, 100) << "SEPAX_SEED=" << seed;
  EXPECT_GT(clear - meet, 100) << "SEPAX_SEED=" << seed;
  EXPECT_EQ(wrong, 0) << "SEPAX_SEED=" << seed;
}

TEST(MujocoSpheres, SphereSphereSphereBoxAndPlaneSphereMeetAsTheDistancesSay) {
  const Sphere3<double> unit{{0, 0, 0}, 1};
  EXPECT_GT(mujoco_sphere_sphere_contacts(unit, {{1.5, 0, 0}, 1}), 0);
  EXPECT_GT(mujoco_sphere_sphere_contacts(unit, {{2, 0, 0}, 1}), 0);  // touching
  EXPECT_EQ(mujoco_sphere_sphere_contacts(unit, {{2 + 1e-9, 0, 0}, 1}), 0);
  const Obb3d b = box({0, 0, 0}, {1, 2, 3});
  EXPECT_GT(mujoco_sphere_box_contacts({{0, 2.5, 0}, 0.5}, b), 0);  // touching the y face
  EXPECT_EQ(mujoco_sphere_box_contacts({{0, 2.5 + 1e-9, 0}, 0.5}, b), 0);
  EXPECT_EQ(mujoco_sphere_box_contacts({{1.5, 0, 0}, 0.4}, b), 0);
  // The plane n·x = offset with n not unit: x + y = 2 (n = (1,1,0), offset 2)
  // lies √2 from the origin and 2√2 from (3, 3, 0), on its two sides: a
  // two-sided plane, whichever side the ball is on.
  const Plane3<double> plane{Vec3<double>(1, 1, 0), 2};
  EXPECT_GT(mujoco_plane_sphere_contacts(plane, {{0, 0, 0}, std::sqrt(2.0) + 1e-9}), 0);
  EXPECT_EQ(mujoco_plane_sphere_contacts(plane, {{0, 0, 0}, std::sqrt(2.0) - 1e-9}), 0);
  EXPECT_GT(mujoco_plane_sphere_contacts(plane, {{3, 3, 0}, 2 * std::sqrt(2.0) + 1e-9}), 0);
  EXPECT_EQ(mujoco_plane_sphere_contacts(plane, {{3, 3, 0}, 2 * std::sqrt(2.0) - 1e-9}), 0);
}

TEST(MujocoPeers, AreRegisteredUnderTheirIds) {
  ASSERT_EQ(mujoco_kernels().size(), 1u);
  EXPECT_EQ(mujoco_kernels()[0].id, "mujoco/box_box/double");
  std::vector<std::string> ids;
  for (const harness::QueryKernel& k : mujoco_query_kernels()) ids.push_back(k.id + " " + k.query);
  EXPECT_EQ(ids, (std::vector<std::string>{"mujoco/sphere_sphere/double sphere_sphere",
                                           "mujoco/sphere_box/double aabb_sphere",
                                           "mujoco/plane_sphere/double sphere_plane"}));
}

}  // namespace
}  // namespace sepax::peers
