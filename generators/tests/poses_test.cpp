// The pose generator (poses.hpp): a seed gives the same poses bit for bit,
// rotations are nearly orthonormal, near-contact poses fall on both sides of
// contact (by the tree that bisected them), exact poses hold short dyadic numbers.
#include <gtest/gtest.h>

#include <cmath>

#include "sepax/core/tree/traversal.hpp"
#include "sepax/generators/poses.hpp"

namespace {

using namespace sepax;

/// A closed box surface of 12 triangles, [0, 2] × [0, 1] × [0, 0.5].
TriangleMesh box_mesh() {
  TriangleMesh m;
  for (int k = 0; k < 8; ++k) m.vertices.emplace_back(2.0 * (k & 1), 1.0 * ((k >> 1) & 1), 0.5 * ((k >> 2) & 1));
  m.triangles = {{0, 1, 3}, {0, 3, 2}, {4, 7, 5}, {4, 6, 7}, {0, 4, 5}, {0, 5, 1},
                 {2, 3, 7}, {2, 7, 6}, {0, 2, 6}, {0, 6, 4}, {1, 5, 7}, {1, 7, 3}};
  return m;
}

TEST(PoseGenerator, SameSeedSamePosesOtherSeedOthers) {
  const TriangleMesh m = box_mesh();
  const auto p1 = gen::near_contact_poses(m, m, {7, 40, 4}), p2 = gen::near_contact_poses(m, m, {7, 40, 4});
  const auto p3 = gen::near_contact_poses(m, m, {8, 40, 4});
  ASSERT_EQ(p1.size(), 44u);
  for (std::size_t k = 0; k < p1.size(); ++k) {
    EXPECT_EQ(p1[k].rotation, p2[k].rotation);
    EXPECT_EQ(p1[k].translation, p2[k].translation);
  }
  EXPECT_NE(p1[0].translation, p3[0].translation);
}

TEST(PoseGenerator, NearContactOnBothSidesAndExactPosesAreDyadic) {
  const TriangleMesh m = box_mesh();
  const auto t = tree::build<double>(m);
  const auto poses = gen::near_contact_poses(m, m, {11, 60, 8});
  int hits = 0;
  for (std::size_t k = 0; k < poses.size(); ++k) {
    const Pose& p = poses[k];
    const double eta = (p.rotation.transpose() * p.rotation - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff();
    EXPECT_LE(eta, 1e-14);
    hits += tree::test_intersection(t, t, p);
    if (k < 60) {
      // Near contact: within 1e-2 diameters of touching, so B's center is at most ~1.01 diameters from A's.
      const double dist = (p.translation + p.rotation * gen::mesh_box_center(m) - gen::mesh_box_center(m)).norm();
      EXPECT_LE(dist, 1.02 * gen::mesh_diameter(m));
      continue;
    }
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) EXPECT_TRUE(p.rotation(i, j) == 0 || std::abs(p.rotation(i, j)) == 1);
    for (int i = 0; i < 3; ++i) EXPECT_EQ(std::fmod(p.translation[i], 0x1p-12 * 4), 0.0);  // grid of 4·2^-12: diam ≈ 2.29
  }
  EXPECT_GE(hits, 10) << "too few poses in contact";
  EXPECT_LE(hits, 58) << "too few near misses";
}

/// Resting poses touch exactly: B's lowest point along the chosen axis
/// direction lies exactly on A's highest one (checked on the stored numbers:
/// a signed permutation maps exactly, the translation was an exact difference).
TEST(PoseGenerator, RestingPosesTouchExactly) {
  const TriangleMesh m = box_mesh();
  gen::SeededSource src(5);
  int vertex_shares = 0;
  for (int k = 0; k < 12; ++k) {
    const bool on_vertex = k % 2 == 1;
    const auto p = gen::resting_pose(m, m, src, on_vertex);
    ASSERT_TRUE(p.has_value());
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) EXPECT_TRUE(p->rotation(i, j) == 0 || std::abs(p->rotation(i, j)) == 1);
    // Some axis direction along which max over A equals min over posed B, exactly.
    bool touches = false;
    for (int axis = 0; axis < 3; ++axis)
      for (double side : {1.0, -1.0}) {
        double a_max = -1e300, b_min = 1e300;
        for (const auto& v : m.vertices) {
          a_max = std::max(a_max, side * v[axis]);
          b_min = std::min(b_min, side * (p->rotation * v + p->translation)[axis]);
        }
        touches = touches || a_max == b_min;
      }
    EXPECT_TRUE(touches) << "pose " << k;
    if (on_vertex) {
      bool shared = false;
      for (const auto& va : m.vertices)
        for (const auto& vb : m.vertices) shared = shared || va == p->rotation * vb + p->translation;
      vertex_shares += shared;
    }
  }
  EXPECT_EQ(vertex_shares, 6);
}

TEST(PoseGenerator, EachPairHasItsOwnSeed) {
  EXPECT_EQ(gen::seed_for(7, "elephant x elephant"), gen::seed_for(7, "elephant x elephant"));
  EXPECT_NE(gen::seed_for(7, "elephant x elephant"), gen::seed_for(7, "couplingdown x elephant"));
  EXPECT_NE(gen::seed_for(7, "elephant x elephant"), gen::seed_for(8, "elephant x elephant"));
  EXPECT_NE(gen::seed_for(7, ""), 7u);  // mixed, not passed through
}

TEST(PoseGenerator, MovingPosesComeBackToContactAtNineTenthsOfDt) {
  const TriangleMesh m = box_mesh();
  const auto t = tree::build<double>(m);
  gen::SeededSource src(9);
  for (int k = 0; k < 10; ++k) {
    const gen::MovingPose mp = gen::moving_pose_near_contact(t, t, m, m, src, 2.0);
    EXPECT_EQ(mp.dt, 2.0);
    // Moved back by a tenth of the diameter, coming back at 0.9 dt.
    EXPECT_NEAR(mp.velocity.norm() * 0.9 * mp.dt, 0.1 * gen::mesh_diameter(m), 1e-12);
    Pose back = mp.pose;
    back.translation += 0.9 * mp.dt * mp.velocity;  // the near-contact pose again
    const double dist = (back.translation + back.rotation * gen::mesh_box_center(m) - gen::mesh_box_center(m)).norm();
    EXPECT_LE(dist, 1.02 * gen::mesh_diameter(m));
  }
}

}  // namespace
