// Gomez's tests over the strict scalar (strict_scalar.hpp): sphere–plane,
// sphere–sphere, AABB–AABB (static and sweeps), AABB–sphere, OBB–segment and
// OBB→AABB. A bare literal or a double temporary in any of them fails to
// compile here. On inputs clearly away from touching the verdicts and states
// equal the double kernels'; times and points agree to a few ulps. Each test
// counts its verdicts or states so that it cannot pass on one kind alone.
#include <gtest/gtest.h>

#include <array>

#include "sepax/core/simple/aabb_aabb.hpp"
#include "sepax/core/simple/aabb_sphere.hpp"
#include "sepax/core/simple/obb_segment.hpp"
#include "sepax/core/simple/obb_to_aabb.hpp"
#include "sepax/core/simple/sphere_plane.hpp"
#include "sepax/core/simple/sphere_sphere.hpp"
#include "strict_scalar.hpp"

namespace sepax {
namespace {

using testing::dbl;
using testing::gap;
using testing::Strict;
using testing::strict;

/// How often each sweep state occurred.
struct StateCount {
  int by_state[3] = {0, 0, 0};
  void add(ContactState s) { ++by_state[int(s)]; }
  void expect_all_seen() const {
    for (int n : by_state) EXPECT_GE(n, 1);
  }
};

void expect_agree(const SweepResult<double>& d, const SweepResult<Strict>& s) {
  EXPECT_EQ(d.state, s.state);
  EXPECT_NEAR(d.first, dbl(s.first), 1e-12);
  EXPECT_NEAR(d.last, dbl(s.last), 1e-12);
  EXPECT_LE(gap(d.point, s.point), 1e-12) << "double point " << d.point.transpose();
}

Vec3<double> vec(double x, double y, double z) { return {x, y, z}; }

TEST(StrictScalarGomez, SpherePlaneCompilesAndAgreesWithDouble) {
  // A unit normal (within rounding) and a scaled one: the kernels compare
  // s² with r²·(n·n), so both are the planes they store.
  const std::array<Plane3d, 2> planes{{{vec(0.6, 0.8, 0), 1}, {vec(1, 2, 2), 3}}};
  // Approaching from either side, overlapping at start, leaving, passing through.
  const std::array<std::pair<Vec3<double>, Vec3<double>>, 5> moves{{
      {vec(4, 4, 1), vec(-3, -3, 0.5)},
      {vec(-3, -2, 0), vec(3, 3, 1)},
      {vec(0.7, 0.6, 0), vec(1, 0, 0)},
      {vec(4, 4, 1), vec(2, 1, 0)},
      {vec(5, 5, 0), vec(-10, -10, 0)},
  }};
  StateCount count;
  int intersecting = 0;
  for (const Plane3d& plane : planes) {
    for (const auto& [center, displacement] : moves) {
      const Sphere3d ball{center, 0.75};
      const bool d = sphere_plane::test_static(ball, plane);
      EXPECT_EQ(d, sphere_plane::test_static(strict(ball), strict(plane)));
      EXPECT_EQ(d, sphere_plane::test_static(strict(plane), strict(ball)));
      intersecting += d;
      const auto r = sphere_plane::sweep(ball, displacement, plane);
      expect_agree(r, sphere_plane::sweep(strict(ball), strict(displacement), strict(plane)));
      count.add(r.state);
    }
  }
  count.expect_all_seen();
  EXPECT_GE(intersecting, 1);
  EXPECT_LT(intersecting, 10);
}

TEST(StrictScalarGomez, SphereSphereCompilesAndAgreesWithDouble) {
  const Sphere3d a{vec(0, 0, 0), 1};
  // b's centre and both displacements: head-on, oblique, overlapping at start,
  // passing by, both moving toward each other, leaving.
  struct Move {
    Vec3<double> at, va, vb;
  };
  const std::array<Move, 6> moves{{
      {vec(5, 1, 0), vec(0, 0, 0), vec(-6, -1, 0)},
      {vec(4, 3, 1), vec(0.5, 0, 0), vec(-3, -3, -1)},
      {vec(1, 0.5, 0), vec(0, 0, 0), vec(1, 0, 0)},
      {vec(5, 3, 0), vec(0, 0, 0), vec(-10, 0, 0)},
      {vec(-4, 2, 1), vec(-1, 0.5, 0), vec(2, -1, -0.5)},
      {vec(3, 0, 0), vec(0, 0, 0), vec(2, 1, 0)},
  }};
  StateCount count;
  int intersecting = 0;
  for (const Move& m : moves) {
    const Sphere3d b{m.at, 0.5};
    const bool d = sphere_sphere::test_static(a, b);
    EXPECT_EQ(d, sphere_sphere::test_static(strict(a), strict(b)));
    intersecting += d;
    const auto r = sphere_sphere::sweep(a, m.va, b, m.vb);
    expect_agree(r, sphere_sphere::sweep(strict(a), strict(m.va), strict(b), strict(m.vb)));
    count.add(r.state);
  }
  count.expect_all_seen();
  EXPECT_GE(intersecting, 1);
  EXPECT_LT(intersecting, 6);
}

TEST(StrictScalarGomez, AabbAabbCompilesAndAgreesWithDouble) {
  const Aabb3d a{vec(0, 0, 0), vec(1, 2, 1)};
  struct Move {
    Vec3<double> lo, va, vb;
  };
  // b = [lo, lo + (1, 0.5, 0.5)]: approaching along a diagonal, overlapping at
  // start, standing still apart, missing sideways, approaching along −z.
  const std::array<Move, 5> moves{{
      {vec(3, 0.5, 0.2), vec(0, 0, 0), vec(-3.3, 0.1, 0)},
      {vec(0.5, 1, 0.5), vec(0, 0, 0), vec(1, 1, 1)},
      {vec(3, 0.5, 0.2), vec(0, 0, 0), vec(0, 0, 0)},
      {vec(3, 0.5, 0.2), vec(0.3, 0, 0), vec(-3, 0, 5)},
      {vec(0.2, 0.7, 4), vec(0, 0.1, 0.9), vec(0, 0, -4)},
  }};
  StateCount count;
  int intersecting = 0;
  for (const Move& m : moves) {
    const Aabb3d b{m.lo, m.lo + vec(1, 0.5, 0.5)};
    const auto d = aabb_aabb::test_static(a, b);
    const auto s = aabb_aabb::test_static(strict(a), strict(b));
    EXPECT_EQ(d.intersects, s.intersects);
    EXPECT_EQ(d.axis, s.axis);
    EXPECT_EQ(d.direction, dbl(s.direction));
    intersecting += d.intersects;
    const auto r = aabb_aabb::sweep(a, m.va, b, m.vb);
    expect_agree(r, aabb_aabb::sweep(strict(a), strict(m.va), strict(b), strict(m.vb)));
    count.add(r.state);
  }
  count.expect_all_seen();
  EXPECT_GE(intersecting, 1);
  EXPECT_LT(intersecting, 5);
}

TEST(StrictScalarGomez, AabbSphereCompilesAndAgreesWithDouble) {
  const Aabb3d box{vec(-1, 0, 2), vec(1, 3, 2.5)};
  int intersecting = 0;
  for (const Vec3<double>& c : {vec(0, 1, 2.2), vec(1.5, 3.4, 2.2), vec(2, 4, 3), vec(-1.3, -0.2, 1.9),
                                vec(0, 1, 3.2), vec(0, 1, 4)}) {
    const Sphere3d ball{c, 0.8};
    const bool d = aabb_sphere::test_static(box, ball);
    EXPECT_EQ(d, aabb_sphere::test_static(strict(box), strict(ball)));
    EXPECT_EQ(d, aabb_sphere::test_static(strict(ball), strict(box)));
    intersecting += d;
  }
  EXPECT_GE(intersecting, 1);
  EXPECT_LT(intersecting, 6);
}

Obb3d rotated_box(Vec3<double> center) {
  Obb3d b;
  const Eigen::Matrix3d r = Eigen::AngleAxisd(0.8, Vec3<double>(1, 2, 3).normalized()).toRotationMatrix();
  for (int i = 0; i < 3; ++i) b.axes[i] = r.col(i);
  b.center = center;
  b.extents = {1, 0.5, 2};
  return b;
}

TEST(StrictScalarGomez, ObbSegmentCompilesAndAgreesWithDouble) {
  const Obb3d box = rotated_box({0.5, -1, 2});
  int intersecting = 0, by_cross_axis = 0;
  for (const Segment3d& seg :
       {Segment3d{vec(-3, -1, 2), vec(4, -0.5, 2.5)}, Segment3d{vec(5, 5, 5), vec(6, 4, 7)},
        Segment3d{vec(0.5, -1, 2), vec(0.5, -1, 2)}, Segment3d{vec(3, 2, 0), vec(-2, 2, 6)},
        Segment3d{vec(-4, 3, -1), vec(4, -5, 5)}, Segment3d{vec(2.5, 0, -2), vec(3, 1.5, 5)}}) {
    const auto d = obb_segment::test_static(box, seg);
    const auto s = obb_segment::test_static(strict(box), strict(seg));
    EXPECT_EQ(d.intersects, s.intersects);
    EXPECT_EQ(d.axis, s.axis);
    EXPECT_LE(gap(d.direction, s.direction), 1e-12 * (1 + d.direction.cwiseAbs().maxCoeff()));
    EXPECT_EQ(d.axis, obb_segment::test_static(strict(seg), strict(box)).axis);
    intersecting += d.intersects;
    by_cross_axis += d.axis.kind == AxisKind::edge_edge;
  }
  EXPECT_GE(intersecting, 1);
  EXPECT_LT(intersecting, 6);
  EXPECT_GE(by_cross_axis, 1);  // the A_i × D axes are reached
}

// Over Strict, obb_to_aabb is Gomez's formula as written (the outward
// rounding exists for float and double only), so its bounds
// lie within the double bounds' outward move, 4ε·(|C_k| + E_k).
TEST(StrictScalarGomez, ObbToAabbCompilesAndAgreesWithDouble) {
  for (const Vec3<double>& c : {vec(0, 0, 0), vec(3, -2, 1.5), vec(-10, 7, 0.25)}) {
    const Obb3d box = rotated_box(c);
    const Aabb3d d = obb_to_aabb(box);
    const Aabb3<Strict> s = obb_to_aabb(strict(box));
    EXPECT_LE(gap(d.min, s.min), 1e-13);
    EXPECT_LE(gap(d.max, s.max), 1e-13);
    for (int k = 0; k < 3; ++k) {  // contains the box, not only a point
      EXPECT_LT(dbl(s.max[k]) - dbl(s.min[k]), 2 * (1 + 0.5 + 2));
      EXPECT_GT(dbl(s.max[k]) - dbl(s.min[k]), 2 * 1);
    }
  }
}

}  // namespace
}  // namespace sepax
