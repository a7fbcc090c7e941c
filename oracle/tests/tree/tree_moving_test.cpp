// Moving OBB-tree queries (issue 10, Eberly §7 with §7.2's time and point):
// linear motion judged against the exact first contact of every triangle pair
// (oracle::exact_moving_mesh_truth: rationals), rotating motion
// against an unpruned run of the same leaf test; callbacks, stopping, depth
// limits and the ellipsoid normal of a box.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "sepax/core/tree/moving_traversal.hpp"
#include "sepax/oracle/exact_contact.hpp"
#include "sepax/oracle/mesh_truth.hpp"
#include "tree_test_support.hpp"

namespace {

using namespace sepax;
using namespace sepax::tree_test;
using tree::TrianglePair;

struct Box {
  V lo, hi;
};

Box bounds(const Triangle3d& t) {
  Box b{t.vertices[0], t.vertices[0]};
  for (const V& v : t.vertices) {
    b.lo = b.lo.cwiseMin(v);
    b.hi = b.hi.cwiseMax(v);
  }
  return b;
}

bool overlap(const Box& x, const Box& y) {
  return !((x.lo.array() > y.hi.array()).any() || (y.lo.array() > x.hi.array()).any());
}

/// |exact moving margin| of one triangle pair (B's triangle posed in double).
double moving_margin_of(const TriangleMesh& ma, const TriangleMesh& mb, const Pose& pose, const V& v, double dt,
                        const TrianglePair& p, bool intersects) {
  ShapePair sp;
  sp.query = Query::tri_tri;
  sp.tri_a = ma.triangle(p.first);
  sp.tri_b = pose.apply(mb.triangle(p.second));
  return std::abs(oracle::moving_margin(sp, LinearMotiond{V::Zero(), v, dt}, intersects));
}

/// Poses that first touch inside [0, dt] come from the generator.
using gen::MovingPose;

TEST(TreeMoving, LinearMotionMatchesTheExactFirstContactOfEveryPair) {
  const TriangleMesh ma = load("couplingdown.off"), mb = load("elephant.off");
  const auto ta = tree::build<double>(ma, {tree::SplitRule::center, 1});
  const auto tb = tree::build<double>(mb, {tree::SplitRule::center, 1});
  const auto t4a = tree::build<double>(ma, {tree::SplitRule::median, 4});
  const auto t4b = tree::build<double>(mb, {tree::SplitRule::median, 4});
  gen::SeededSource src(31);
  const double dt = 0.5;
  const int poses = pose_count(48);
  int hits = 0, gross = 0, boundary = 0;
  std::size_t exact_pairs = 0;
  double worst_time_error = 0;
  for (int k = 0; k < poses; ++k) {
    const MovingPose mp = gen::moving_pose_near_contact(ta, tb, ma, mb, src, dt);
    tree::TreeMotion motion;
    motion.velocity = mp.velocity;
    motion.dt = dt;
    const auto exact = oracle::exact_moving_mesh_truth(ma, mb, mp.pose, mp.velocity, dt);
    exact_pairs += exact.pairs.size();
    std::set<TrianglePair> found;
    tree::find_contacts_moving(ta, tb, mp.pose, motion, [&](const tree::TreeContact& c) {
      EXPECT_FALSE(c.depth_limited);
      EXPECT_GE(c.time, 0.0);
      EXPECT_LE(c.time, dt);
      EXPECT_NEAR(c.normal_a.norm(), 1.0, 1e-12);
      found.insert(c.pair);
      return true;
    });
    // Every disagreeing pair must lie within the rounding band of double.
    std::vector<TrianglePair> diff;
    std::set_symmetric_difference(found.begin(), found.end(), exact.pairs.begin(), exact.pairs.end(),
                                  std::back_inserter(diff));
    for (const TrianglePair& p : diff) {
      const bool exact_says = std::binary_search(exact.pairs.begin(), exact.pairs.end(), p);
      const double margin = moving_margin_of(ma, mb, mp.pose, mp.velocity, dt, p, exact_says);
      if (margin <= 1e-10) {
        ++boundary;
      } else {
        ++gross;
        ADD_FAILURE() << "pose " << k << ": pair (" << p.first << ", " << p.second << ") "
                      << (found.count(p) ? "reported" : "missed") << ", exact margin " << margin;
      }
    }
    const bool hit = tree::test_intersection_moving(ta, tb, mp.pose, motion);
    EXPECT_EQ(hit, !found.empty()) << "pose " << k;
    EXPECT_EQ(tree::test_intersection_moving(t4a, t4b, mp.pose, motion), hit) << "pose " << k;
    if (hit) {
      for (int limit : {0, 1, 3, 7}) EXPECT_TRUE(tree::test_intersection_moving(ta, tb, mp.pose, motion, limit));
    }
    const auto first = tree::find_first_contact(ta, tb, mp.pose, motion);
    ASSERT_EQ(first.has_value(), !exact.pairs.empty()) << "pose " << k;
    if (first) {
      ++hits;
      worst_time_error = std::max(worst_time_error, std::abs(first->time - exact.first_time) / dt);
      EXPECT_LE(std::abs(first->time - exact.first_time), 1e-9 * dt) << "pose " << k;
      EXPECT_TRUE(std::binary_search(exact.pairs.begin(), exact.pairs.end(), first->pair)) << "pose " << k;
      const auto first4 = tree::find_first_contact(t4a, t4b, mp.pose, motion);
      ASSERT_TRUE(first4.has_value());
      EXPECT_EQ(first4->time, first->time) << "pose " << k;
    }
  }
  std::printf("moving couplingdown x elephant double: %d poses, %d with contact, %zu exact pairs, %d boundary, %d "
              "gross; worst first-contact time error %.3g dt\n",
              poses, hits, exact_pairs, boundary, gross, worst_time_error);
  EXPECT_GT(hits, poses / 3);  // the property was exercised on contacts
}

TEST(TreeMoving, RotationNeverPrunesWhatTheLeafTestFinds) {
  const TriangleMesh ma = load("couplingdown.off"), mb = load("couplingdown.off");
  const auto ta = tree::build<double>(ma, {tree::SplitRule::center, 1});
  const auto tb = tree::build<double>(mb, {tree::SplitRule::center, 1});
  gen::SeededSource src(41);
  int with_contact = 0;
  for (int k = 0; k < 2; ++k) {
    const MovingPose mp = gen::moving_pose_near_contact(ta, tb, ma, mb, src, 1.0);
    tree::TreeMotion motion;
    motion.velocity = mp.velocity;
    motion.angular = V(0.3, -0.2, 0.4);
    motion.dt = 1.0;
    motion.steps = 4;
    std::set<TrianglePair> tree_pairs;
    tree::find_contacts_moving(ta, tb, mp.pose, motion, [&](const tree::TreeContact& c) {
      tree_pairs.insert(c.pair);
      return true;
    });
    // Unpruned: every triangle pair whose whole motion's bounds meet, through the same leaf test.
    tree::detail::MovingTraversal<double> t(ta, tb, mp.pose, motion);
    const double reach = motion.angular.norm() * motion.dt;
    std::set<TrianglePair> all_pairs;
    tree::TreeContact c;
    for (std::uint32_t kb = 0; kb < tb.triangles.size(); ++kb) {
      const Triangle3d& pb = t.posed_triangle(kb);
      Box b = bounds(pb);
      double rho = 0;
      for (const V& x : pb.vertices) rho = std::max(rho, (x - mp.pose.translation).norm());
      Triangle3d moved = pb;
      for (V& x : moved.vertices) x += motion.dt * motion.velocity;
      const Box m = bounds(moved);
      b.lo = b.lo.cwiseMin(m.lo) - V::Constant(reach * rho + 1e-9);
      b.hi = b.hi.cwiseMax(m.hi) + V::Constant(reach * rho + 1e-9);
      for (std::uint32_t ka = 0; ka < ta.triangles.size(); ++ka)
        if (overlap(bounds(ta.triangles[ka]), b) && t.leaf_contact(ka, kb, motion.dt, c)) all_pairs.insert(c.pair);
    }
    EXPECT_EQ(tree_pairs, all_pairs) << "pose " << k;
    with_contact += !all_pairs.empty();
  }
  EXPECT_GT(with_contact, 0);
}

TEST(TreeMoving, CallbacksSeeContactsUntilToldToStop) {
  const TriangleMesh m = load("elephant.off");
  const auto t = tree::build<double>(m, {});
  Pose start;
  start.translation = V(0.3, 0, 0);
  tree::TreeMotion motion;
  motion.velocity = V(-0.6, 0, 0);
  motion.dt = 1.0;
  std::size_t all = 0, seen = 0;
  tree::find_contacts_moving(t, t, start, motion, [&](const tree::TreeContact&) { return ++all, true; });
  ASSERT_GT(all, 10u);
  const auto st = tree::find_contacts_moving(t, t, start, motion, [&](const tree::TreeContact&) { return ++seen < 3; });
  EXPECT_EQ(seen, 3u);
  EXPECT_TRUE(st.stopped);
}

TEST(TreeMoving, DepthLimitedContactsCarryEllipsoidNormals) {
  const TriangleMesh m = load("couplingdown.off");
  const auto t = tree::build<double>(m, {});
  Pose start;
  start.translation = V(2.0, 0, 0);
  tree::TreeMotion motion;
  motion.velocity = V(-2.0, 0, 0);
  motion.dt = 1.0;
  int limited = 0;
  tree::find_contacts_moving(
      t, t, start, motion,
      [&](const tree::TreeContact& c) {
        EXPECT_TRUE(c.depth_limited);
        if (c.has_point) {
          EXPECT_NEAR(c.normal_a.norm(), 1.0, 1e-12);
          EXPECT_NEAR(c.normal_b.norm(), 1.0, 1e-12);
          // B comes from +x: at first contact A's box faces it with +x, B's with −x.
          EXPECT_GT(c.normal_a.x(), 0.0);
          EXPECT_LT(c.normal_b.x(), 0.0);
        }
        ++limited;
        return true;
      },
      0);
  EXPECT_EQ(limited, 1);  // depth 0: the root boxes
}

TEST(TreeMoving, EllipsoidNormalOfABox) {
  Obb3d b;
  b.center = V(1, 2, 3);
  b.extents = {2, 1, 0.5};
  // On the +x face's center the normal is +x; on the +z face's center, +z.
  EXPECT_LT((tree::ellipsoid_normal(b, V(3, 2, 3)) - V(1, 0, 0)).norm(), 1e-15);
  EXPECT_LT((tree::ellipsoid_normal(b, V(1, 2, 3.5)) - V(0, 0, 1)).norm(), 1e-15);
  // At the ellipsoid point (2cos θ, sin θ, 0) the normal is ∝ (cos θ / 2, sin θ, 0).
  const double c = 0.6, s = 0.8;
  const V n = tree::ellipsoid_normal(b, V(1 + 2 * c, 2 + s, 3));
  EXPECT_LT((n - V(c / 2, s, 0).normalized()).norm(), 1e-15);
}

TEST(TreeMoving, RefusesBadMotion) {
  const auto t = tree::build<double>(load("couplingdown.off"), {});
  tree::TreeMotion m;
  m.dt = -1;
  EXPECT_THROW(tree::test_intersection_moving(t, t, Pose{}, m), std::invalid_argument);
  m.dt = 1;
  m.velocity = V(std::nan(""), 0, 0);
  EXPECT_THROW(tree::test_intersection_moving(t, t, Pose{}, m), std::invalid_argument);
}

}  // namespace
