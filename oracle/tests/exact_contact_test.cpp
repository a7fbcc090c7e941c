// The exact time of first contact (exact_contact.hpp): both methods on cases
// whose t*, state and contact point are known by construction; exact agreement
// of the two independent methods on thousands of seeded random moving pairs;
// the moving verdict, margin, band, point distance and the kernel score.
//
// Expected times are written as the exact rationals they are ("51/1280"), or
// computed in GMP rationals from the construction's formula — never by the
// code under test.
#include "sepax/oracle/exact_contact.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/multiprecision/gmp.hpp>

#include "sat_test_shapes.hpp"
#include "sepax/oracle/classify.hpp"
#include "sepax/oracle/exact_sat.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::oracle {
namespace {

using namespace test;
using Exact = boost::multiprecision::mpq_rational;
using P3 = std::array<double, 3>;

constexpr ContactState kStart = ContactState::overlapping_at_start;
constexpr ContactState kApart = ContactState::separated_throughout;
constexpr ContactState kFirst = ContactState::first_contact;

LinearMotiond motion(const V& va, const V& vb, double duration) { return {va, vb, duration}; }

Obb3d cube(const V& c, double half) { return box(c, {half, half, half}); }
Triangle3d segment(const V& from, const V& to) { return tri(from, to, to); }
Triangle3d point(const V& p) { return tri(p, p, p); }

/// The same moving sets with a and b exchanged (velocities too); tri_obb keeps
/// its order and is returned unchanged.
LinearMotiond swapped(const LinearMotiond& m, Query query) {
  if (query == Query::tri_obb) return m;
  return {m.velocity_b, m.velocity_a, m.duration};
}

/// Upper bound on contact_point_distance for an exact contact point p* at the
/// exact t*, both rounded to nearest: |p̃ − p*| ≤ u·|p*| and the shapes move by
/// |t̃ − t*|·|v| ≤ u·T·|v| (2u and |p̃| for headroom), relative to ℓ.
double rounding_bound(const ShapePair& p, const LinearMotiond& m, const P3& point) {
  const double u = 0x1p-53;
  const double length = std::hypot(point[0], point[1], point[2]);
  const double travel = m.duration * std::max(m.velocity_a.norm(), m.velocity_b.norm());
  return 2 * u * (length + travel) / reference_length(p);
}

/// Both methods, both orders where the query allows, and the moving verdict
/// agree with the constructed state and exact t* ("" when separated); the
/// points lie in both sets up to the rounding of t* and of the point.
void expect_contact(const ShapePair& p, const LinearMotiond& m, ContactState state,
                    const std::string& time_exact) {
  const bool swappable = p.query != Query::tri_obb;
  for (const bool swap : {false, true}) {
    if (swap && !swappable) continue;
    const ShapePair pair = swap ? test::swapped(p) : p;
    const LinearMotiond mm = swap ? swapped(m, p.query) : m;
    SCOPED_TRACE(swap ? "swapped" : "as given");
    for (const ExactContact& c : {first_contact_sat(pair, mm), first_contact_lp(pair, mm)}) {
      EXPECT_EQ(c.state, state) << to_string(c.state);
      EXPECT_EQ(c.time_exact, time_exact);
      if (state != kApart) {
        EXPECT_EQ(c.time, Exact(time_exact).convert_to<double>());
        EXPECT_LE(contact_point_distance(pair, mm, c.time, c.point),
                  rounding_bound(pair, mm, c.point));
      }
    }
    EXPECT_EQ(moving_intersects(pair, mm).intersects, state != kApart);
  }
}

/// Both methods return exactly `point` (the contact set is that one point, or
/// a set whose every point has these coordinates where `check` says so).
void expect_point(const ShapePair& p, const LinearMotiond& m, const P3& point,
                  std::array<bool, 3> check = {true, true, true}) {
  for (const ExactContact& c : {first_contact_sat(p, m), first_contact_lp(p, m)}) {
    for (int k = 0; k < 3; ++k) {
      if (check[k]) {
        EXPECT_EQ(c.point[k], point[k]) << "coordinate " << k;
      }
    }
  }
}

// ---------------------------------------------------------------- by construction

TEST(ExactContact, CubesApproachAlongXAtVariousDurations) {
  // Faces at x = 0.5 and 1.5, closing at speed 1: t* = 1 exactly.
  const ShapePair p = obb_obb(cube({0, 0, 0}, 0.5), cube({2, 0, 0}, 0.5));
  for (const LinearMotiond& base :
       {motion({0, 0, 0}, {-1, 0, 0}, 0), motion({0.5, 0, 0}, {-0.5, 0, 0}, 0),
        motion({3, 7, -2}, {2, 7, -2}, 0)}) {
    LinearMotiond m = base;
    m.duration = 2;  // t* < T
    expect_contact(p, m, kFirst, "1");
    m.duration = 1;  // t* = T
    expect_contact(p, m, kFirst, "1");
    m.duration = std::nextafter(1.0, 0.0);  // t* just beyond T
    expect_contact(p, m, kApart, "");
    m.duration = 0.5;
    expect_contact(p, m, kApart, "");
    m.duration = 0;
    expect_contact(p, m, kApart, "");
  }
  // With a at rest the contact set is the face x = 0.5 of a: the point is on it
  // exactly, and t* = 1 is exact, so its distance to both sets is exactly 0.
  const LinearMotiond m = motion({0, 0, 0}, {-1, 0, 0}, 2);
  expect_point(p, m, {0.5, 0, 0}, {true, false, false});
  for (const ExactContact& c : {first_contact_sat(p, m), first_contact_lp(p, m)})
    EXPECT_EQ(contact_point_distance(p, m, c.time, c.point), 0.0);
}

TEST(ExactContact, TouchingAtStartIsOverlappingWhateverTheMotion) {
  const ShapePair p = obb_obb(cube({0, 0, 0}, 0.5), cube({1, 0.25, 0}, 0.5));  // face contact
  for (const V& vb : {V(-1, 0, 0), V(1, 0, 0), V(0, 1, 0), V(0, 0, 0)})
    for (double duration : {0.0, 1.0}) {
      SCOPED_TRACE(testing::Message() << "vb " << vb.transpose() << " T " << duration);
      expect_contact(p, motion({0, 0, 0}, vb, duration), kStart, "0");
    }
  // Vertex–vertex contact at the start, moving apart.
  expect_contact(obb_obb(cube({0, 0, 0}, 0.5), cube({1, 1, 1}, 0.5)),
                 motion({0, 0, 0}, {1, 1, 1}, 3), kStart, "0");
}

TEST(ExactContact, ZeroRelativeVelocityAndZeroDuration) {
  const ShapePair apart = obb_obb(cube({0, 0, 0}, 0.5), cube({2, 0, 0}, 0.5));
  const ShapePair deep = obb_obb(cube({0, 0, 0}, 0.5), cube({0.5, 0, 0}, 0.5));
  expect_contact(apart, motion({1, 2, 3}, {1, 2, 3}, 10), kApart, "");  // W = 0
  expect_contact(deep, motion({1, 2, 3}, {1, 2, 3}, 10), kStart, "0");
  expect_contact(apart, motion({0, 0, 0}, {-100, 0, 0}, 0), kApart, "");  // T = 0
  expect_contact(deep, motion({0, 0, 0}, {-100, 0, 0}, 0), kStart, "0");
}

TEST(ExactContact, ThinBoxPassingThroughIsCaughtAtEntry) {
  // A slab of half-width 2^-6 at x = −5 crosses the cube |x| ≤ 1 at speed 100:
  // disjoint at t = 0 and at t = T, first contact at (5 − 2^-6 − 1)/100.
  const ShapePair p = obb_obb(box({-5, 0, 0}, {0x1p-6, 1, 1}), cube({0, 0, 0}, 1));
  const LinearMotiond m = motion({100, 0, 0}, {0, 0, 0}, 1);
  ASSERT_FALSE(sat_exact(p));
  ASSERT_FALSE(sat_exact(obb_obb(box({95, 0, 0}, {0x1p-6, 1, 1}), cube({0, 0, 0}, 1))));
  expect_contact(p, m, kFirst, "51/1280");  // (4 − 1/64)/100 = 255/6400
  expect_point(p, m, {-1, 0, 0}, {true, false, false});
}

TEST(ExactContact, DiagonalApproachesWithRationalTimes) {
  // x gap closes over t ∈ [2/3, 4/3], y over [2/3, 2]: t* = 2/3, when the
  // cubes meet along the edge x = y = 1/2.
  const ShapePair p = obb_obb(cube({0, 0, 0}, 0.5), cube({3, 2, 0}, 0.5));
  const LinearMotiond m = motion({0, 0, 0}, {-3, -1.5, 0}, 1);
  expect_contact(p, m, kFirst, "2/3");
  expect_point(p, m, {0.5, 0.5, 0}, {true, true, false});
  // x overlaps only during [2/3, 4/3] and y only during [2, 4]: every static
  // axis overlaps at some time, yet the cubes never meet (W × edge separates).
  const ShapePair q = obb_obb(cube({0, 0, 0}, 0.5), cube({3, 3, 0}, 0.5));
  expect_contact(q, motion({0, 0, 0}, {-3, -1, 0}, 4), kApart, "");
  EXPECT_GT(moving_margin(q, motion({0, 0, 0}, {-3, -1, 0}, 4), false), 0);
  // The same motion split between the two shapes.
  expect_contact(q, motion({1.5, 0.5, 0}, {-1.5, -0.5, 0}, 4), kApart, "");
}

TEST(ExactContact, RotatedBoxCornerEdgeWithStoredRoot) {
  // a: the unit-extent box turned 45° about z with the stored s ≈ √½; its
  // rightmost edge is {(2s, 0, z)}. b: the cube |x − 4| ≤ 1 moving at −2:
  // t* = (3 − 2s)/2, a rational with a 2^53 denominator.
  const double s = std::sqrt(0.5);
  const M frame = (M() << s, -s, 0, s, s, 0, 0, 0, 1).finished();
  const ShapePair p = obb_obb(box({0, 0, 0}, {1, 1, 1}, frame), cube({4, 0, 0}, 1));
  const LinearMotiond m = motion({0, 0, 0}, {-2, 0, 0}, 2);
  const Exact expected = (Exact(3) - 2 * Exact(s)) / 2;
  expect_contact(p, m, kFirst, expected.str());
  expect_point(p, m, {2 * s, 0, 0}, {true, true, false});
}

TEST(ExactContact, TriangleVertexFallsOntoBoxFace) {
  // The lowest vertex (z = 3) reaches the face z = 1 at t = 1: the only
  // contact point is that vertex, moved.
  const Triangle3d t = tri({0.25, 0.25, 3}, {4, 0, 5}, {0, 4, 5});
  const ShapePair p = tri_obb(t, cube({0, 0, 0}, 1));
  expect_contact(p, motion({0, 0, -2}, {0, 0, 0}, 1.5), kFirst, "1");
  expect_point(p, motion({0, 0, -2}, {0, 0, 0}, 1.5), {0.25, 0.25, 1});
  expect_contact(p, motion({0, 0, -2}, {0, 0, 0}, 0.75), kApart, "");
}

TEST(ExactContact, SegmentsAndPoints) {
  // Crossing segments, one dropping onto the other: the crossing point.
  const ShapePair cross = tri_tri(segment({-1, 0, 0}, {1, 0, 0}), segment({0, -1, 2}, {0, 1, 2}));
  expect_contact(cross, motion({0, 0, 0}, {0, 0, -1}, 3), kFirst, "2");
  expect_point(cross, motion({0, 0, 0}, {0, 0, -1}, 3), {0, 0, 0});
  // Collinear segments sliding along their line (k = 1).
  const ShapePair line =
      tri_tri(segment({0, 0, 0}, {1, 0, 0}), tri({3, 0, 0}, {4, 0, 0}, {3.5, 0, 0}));
  expect_contact(line, motion({0, 0, 0}, {-1, 0, 0}, 5), kFirst, "2");
  expect_point(line, motion({0, 0, 0}, {-1, 0, 0}, 5), {1, 0, 0});
  // Parallel segments approaching sideways: W = (0, −1, 1) hits at t = 1; with
  // (0, −1, 1/2) the segment passes the line at z = −1/2 and never touches,
  // which the static list's e × (e × d) alone would miss (moving_axes.hpp).
  const ShapePair side = tri_tri(segment({0, 0, 0}, {1, 0, 0}), segment({0, 1, -1}, {1, 1, -1}));
  expect_contact(side, motion({0, 0, 0}, {0, -1, 1}, 3), kFirst, "1");
  expect_contact(side, motion({0, 0, 0}, {0, -1, 0.5}, 3), kApart, "");
  // Two points (k = 0): a hit and a miss.
  const ShapePair points = tri_tri(point({0, 0, 0}), point({2, 2, 2}));
  expect_contact(points, motion({0, 0, 0}, {-1, -1, -1}, 3), kFirst, "2");
  expect_point(points, motion({0, 0, 0}, {-1, -1, -1}, 3), {0, 0, 0});
  expect_contact(points, motion({0, 0, 0}, {-1, -1, -0.5}, 3), kApart, "");
  // A point triangle against a point box.
  const ShapePair point_box = tri_obb(point({0, 0, 0}), box({1, 2, 4}, {0, 0, 0}));
  expect_contact(point_box, motion({0.25, 0.5, 1}, {0, 0, 0}, 8), kFirst, "4");
  expect_contact(point_box, motion({0.25, 0.5, 1.5}, {0, 0, 0}, 8), kApart, "");
}

TEST(ExactContact, PointSlidingInTrianglePlane) {
  // Coplanar (k = 2): the point at y = 1/4 enters the triangle at x = 3/4.
  const ShapePair p = tri_tri(tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0}), point({5, 0.25, 0}));
  expect_contact(p, motion({0, 0, 0}, {-1, 0, 0}, 10), kFirst, "17/4");
  expect_point(p, motion({0, 0, 0}, {-1, 0, 0}, 10), {0.75, 0.25, 0});
  // The same slide one ulp above the plane never touches.
  const ShapePair above =
      tri_tri(tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0}), point({5, 0.25, 0x1p-1074}));
  expect_contact(above, motion({0, 0, 0}, {-1, 0, 0}, 10), kApart, "");
}

TEST(ExactContact, FlatBoxes) {
  // A square in z = 0 and a square in x = 3 moving toward it: t* = 2 on the
  // edge x = 1 of the first.
  const ShapePair p = obb_obb(box({0, 0, 0}, {1, 1, 0}), box({3, 0, 0}, {0, 1, 1}));
  expect_contact(p, motion({0, 0, 0}, {-1, 0, 0}, 4), kFirst, "2");
  expect_point(p, motion({0, 0, 0}, {-1, 0, 0}, 4), {1, 0, 0}, {true, false, true});
  // Through a flat box: the triangle's lowest vertex crosses z = 0 at t = 3/2.
  const ShapePair through =
      tri_obb(tri({0.25, 0.25, 3}, {0.5, 0, 4}, {0, 0.5, 4}), box({0, 0, 0}, {1, 1, 0}));
  expect_contact(through, motion({0, 0, -2}, {0, 0, 0}, 4), kFirst, "3/2");
  expect_point(through, motion({0, 0, -2}, {0, 0, 0}, 4), {0.25, 0.25, 0});
}

// ---------------------------------------------------------------- moving margin, band

const double cube_size = reference_length(obb_obb(cube({0, 0, 0}, 1), cube({0, 0, 0}, 1)));

TEST(MovingMargin, DistanceToTheSweptShape) {
  const ShapePair p = obb_obb(cube({0, 0, 0}, 1), cube({3, 5, 0}, 1));
  // Sliding past at a gap of 1.
  EXPECT_EQ(moving_margin(p, motion({0, 0, 0}, {0, -10, 0}, 1), false), 1 / cube_size);
  // Stopping 1/2 short along x.
  const ShapePair q = obb_obb(cube({0, 0, 0}, 1), cube({3, 0, 0}, 1));
  EXPECT_EQ(moving_margin(q, motion({0, 0, 0}, {-1, 0, 0}, 0.5), false), 0.5 / cube_size);
  // Stopping at gaps (1, 1, 0): distance √2, and √2 / ℓ rounded once: the
  // margin m is the double whose half-ulp neighbourhood holds √2 / ℓ, checked
  // in rationals as (m − u/2)²·ℓ² ≤ 2 ≤ (m + u/2)²·ℓ².
  const ShapePair r = obb_obb(cube({0, 0, 0}, 1), cube({4, 4, 0}, 1));
  const double m = moving_margin(r, motion({0.5, 0.5, 0}, {-0.5, -0.5, 0}, 1), false);
  const Exact half_ulp = (Exact(std::nextafter(m, 2.0)) - Exact(m)) / 2;
  const Exact size2 = Exact(cube_size) * Exact(cube_size);
  EXPECT_LE((Exact(m) - half_ulp) * (Exact(m) - half_ulp) * size2, Exact(2));
  EXPECT_GE((Exact(m) + half_ulp) * (Exact(m) + half_ulp) * size2, Exact(2));
  EXPECT_THROW(moving_margin(q, motion({0, 0, 0}, {-1, 0, 0}, 1), false), std::invalid_argument);
}

TEST(MovingMargin, GapBelowTheSmallestSubnormalIsStillAGap) {
  // b sits 2^-1074 above a and falls (1 − 2^-53)·2^-1074 in T = 2^-1074: the
  // gap left, 2^-1127, is exact and positive but no double. It once rounded to
  // 0 before the "do they meet" check, which threw (a fuzzer's find, issue 11).
  const double tiny = std::ldexp(1.0, -1074);
  const ShapePair p = tri_tri(tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0}),
                              tri({0, 0, tiny}, {1, 0, tiny}, {0, 1, tiny}));
  const LinearMotiond m = motion({0, 0, 0}, {0, 0, -(1 - std::ldexp(1.0, -53))}, tiny);
  ASSERT_FALSE(moving_intersects(p, m).intersects);
  ASSERT_EQ(first_contact_sat(p, m).state, kApart);
  double margin = -1;
  EXPECT_NO_THROW(margin = moving_margin(p, m, false));
  EXPECT_EQ(margin, 0.0);  // 2^-1127 / ℓ, correctly rounded
  EXPECT_THROW(moving_margin(p, m, true), std::invalid_argument);
  // One more ulp of fall and they touch at T.
  const LinearMotiond touch = motion({0, 0, 0}, {0, 0, -1}, tiny);
  EXPECT_TRUE(moving_intersects(p, touch).intersects);
  EXPECT_THROW(moving_margin(p, touch, false), std::invalid_argument);
}

TEST(MovingMargin, PenetrationIntoTheSweptShape) {
  // Overlap 1/2 along x at t = 0.
  const ShapePair p = obb_obb(cube({0, 0, 0}, 1), cube({1.5, 0, 0}, 1));
  EXPECT_EQ(moving_margin(p, motion({0, 0, 0}, {0, 0, 0}, 1), true), -0.5 / cube_size);
  EXPECT_EQ(moving_margin(p, motion({0, 0, 0}, {1, 0, 0}, 1), true), -0.5 / cube_size);
  // Swept b covers x ∈ [−1/2, 5/2]: a leaves it by 3/2 to the left.
  EXPECT_EQ(moving_margin(p, motion({0, 0, 0}, {-1, 0, 0}, 1), true), -1.5 / cube_size);
  // Touching exactly at t = T: 0.
  const ShapePair q = obb_obb(cube({0, 0, 0}, 1), cube({3, 0, 0}, 1));
  EXPECT_EQ(moving_margin(q, motion({0, 0, 0}, {-1, 0, 0}, 1), true), 0.0);
  // Sliding within a common plane: flat, 0.
  const ShapePair flat =
      tri_tri(tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0}), tri({3, 0, 0}, {4, 0, 0}, {3, 1, 0}));
  EXPECT_EQ(moving_margin(flat, motion({0, 0, 0}, {-4, 0, 0}, 1), true), 0.0);
  EXPECT_THROW(moving_margin(q, motion({0, 0, 0}, {-1, 0, 0}, 0.5), true), std::invalid_argument);
}

TEST(MovingBoundaryTolerance, StaticBandPlusTravel) {
  const ShapePair p = obb_obb(cube({0, 0, 0}, 1), cube({3, 0, 0}, 1));
  for (ScalarKind k : {ScalarKind::float32, ScalarKind::float64}) {
    EXPECT_EQ(moving_boundary_tolerance(p, motion({0, 0, 0}, {0, 0, 0}, 5), k),
              boundary_tolerance(p, k));
    EXPECT_EQ(moving_boundary_tolerance(p, motion({0, 0, 0}, {3, 4, 0}, 0), k),
              boundary_tolerance(p, k));
    // T·(|W| + |va| + |vb|) = 2·(5 + 0 + 5) = 20 added to M (K = 64).
    EXPECT_DOUBLE_EQ(moving_boundary_tolerance(p, motion({0, 0, 0}, {3, 4, 0}, 2), k),
                     boundary_tolerance(p, k) + 64 * unit_roundoff(k) * 20 / cube_size);
  }
}

TEST(ContactPointDistance, KnownDistances) {
  // a spans x ∈ [1, 3] at t = 2; b (at rest) x ∈ [4, 6].
  const ShapePair p = obb_obb(cube({0, 0, 0}, 1), cube({5, 0, 0}, 1));
  const LinearMotiond m = motion({1, 0, 0}, {0, 0, 0}, 4);
  EXPECT_EQ(contact_point_distance(p, m, 2, {4, 0, 0}), 1 / cube_size);
  EXPECT_EQ(contact_point_distance(p, m, 3, {4, 0.5, -1}), 0.0);  // both faces at x = 4
  EXPECT_EQ(contact_point_distance(p, m, 3, {4, 4, 1}), 3 / cube_size);
  // Just before t = 3 a's face is one ulp of 3 short of x = 4.
  EXPECT_EQ(contact_point_distance(p, m, std::nextafter(3.0, 0.0), {4, 0, 0}), 0x1p-51 / cube_size);
  EXPECT_EQ(contact_point_distance(p, m, NAN, {4, 0, 0}), INFINITY);
  // A triangle's vertex and a point off its plane.
  const ShapePair t = tri_tri(tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0}), point({0.25, 0.25, 0}));
  EXPECT_EQ(contact_point_distance(t, motion({0, 0, 1}, {0, 0, 1}, 1), 1, {0.25, 0.25, 1}), 0.0);
  EXPECT_EQ(contact_point_distance(t, motion({0, 0, 1}, {0, 0, 1}, 1), 1, {0.25, 0.25, 1.5}),
            0.5 / reference_length(t));
}

// ---------------------------------------------------------------- kernel scores

ContactScore score(const ShapePair& p, const LinearMotiond& m, ContactState state, double t,
                   const P3& point, ScalarKind scalar) {
  return score_contact(p, m, first_contact_sat(p, m), state, t, point, scalar);
}

TEST(ScoreContact, TimeAndPointErrors) {
  const ShapePair p = obb_obb(cube({0, 0, 0}, 0.5), cube({2, 0, 0}, 0.5));
  const LinearMotiond m = motion({0, 0, 0}, {-1, 0, 0}, 2);
  for (ScalarKind k : {ScalarKind::float32, ScalarKind::float64}) {
    const ContactScore exact = score(p, m, kFirst, 1, {0.5, 0, 0}, k);
    EXPECT_TRUE(exact.state_matches);
    EXPECT_EQ(exact.time_error, 0.0);
    EXPECT_EQ(exact.point_distance, 0.0);
    EXPECT_FALSE(exact.ill_conditioned) << to_string(k);
    const ContactScore early = score(p, m, kFirst, 1 - 0x1p-20, {0.5, 0, 0}, k);
    EXPECT_EQ(early.time_error, 0x1p-21);  // |t − t*| / T
    // At t = 1 − 2^-20 b's face is at x = 0.5 + 2^-20: 2^-20 from the point.
    EXPECT_EQ(early.point_distance, 0x1p-20 / reference_length(p));
    // Later the cubes overlap and the point lies in both: no point error.
    const ContactScore late = score(p, m, kFirst, 1 + 0x1p-20, {0.5, 0, 0}, k);
    EXPECT_EQ(late.time_error, 0x1p-21);
    EXPECT_EQ(late.point_distance, 0.0);
    const ContactScore missed = score(p, m, kApart, 0, {0, 0, 0}, k);
    EXPECT_FALSE(missed.state_matches);
    EXPECT_EQ(missed.time_error, 0.0);
    EXPECT_EQ(missed.point_distance, 0.0);
  }
}

TEST(ScoreContact, IllConditionedCases) {
  const auto ill = [](const ShapePair& p, const LinearMotiond& m, ScalarKind k) {
    const ExactContact e = first_contact_sat(p, m);
    return score_contact(p, m, e, e.state, e.time, e.point, k).ill_conditioned;
  };
  const ShapePair gap1 = obb_obb(cube({0, 0, 0}, 0.5), cube({2, 0, 0}, 0.5));
  for (ScalarKind k : {ScalarKind::float32, ScalarKind::float64}) {
    SCOPED_TRACE(to_string(k));
    // Head-on: well conditioned; contact exactly at T or touching at t = 0: not.
    EXPECT_FALSE(ill(gap1, motion({0, 0, 0}, {-1, 0, 0}, 2), k));
    EXPECT_TRUE(ill(gap1, motion({0, 0, 0}, {-1, 0, 0}, 1), k));
    const ShapePair touching = obb_obb(cube({0, 0, 0}, 0.5), cube({1, 0, 0}, 0.5));
    EXPECT_TRUE(ill(touching, motion({0, 0, 0}, {1, 0, 0}, 1), k));
    EXPECT_TRUE(ill(touching, motion({0, 0, 0}, {0, 1, 0}, 1), k));  // sliding in contact
    EXPECT_FALSE(ill(obb_obb(cube({0, 0, 0}, 0.5), cube({0.5, 0, 0}, 0.5)),
                     motion({0, 0, 0}, {0, 1, 0}, 1), k));
    // Grazing: the gap 2^-20 closes at 2^-30 per unit time over T = 2^11.
    const ShapePair slow = obb_obb(cube({0, 0, 0}, 0.5), cube({1 + 0x1p-20, 0, 0}, 0.5));
    EXPECT_TRUE(ill(slow, motion({0, 0, 0}, {-0x1p-30, 0, 0}, 0x1p11), k));
    // A near miss (1e-17) and a clear one.
    EXPECT_TRUE(ill(gap1, motion({0, 0, 0}, {-1, 0, 0}, 1 - 0x1p-52), k));
    EXPECT_FALSE(ill(gap1, motion({0, 0, 0}, {-1, 0, 0}, 0.5), k));
    // Coplanar triangles sliding into each other: flat contact, never certain.
    const ShapePair flat =
        tri_tri(tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0}), tri({3, 0, 0}, {4, 0, 0}, {3, 1, 0}));
    EXPECT_TRUE(ill(flat, motion({0, 0, 0}, {-4, 0, 0}, 1), k));
  }
  // First contact 1e-9 after the start: within float's band of t = 0, far
  // outside double's.
  const ShapePair close = obb_obb(cube({0, 0, 0}, 0.5), cube({1 + 0x1p-30, 0, 0}, 0.5));
  EXPECT_TRUE(ill(close, motion({0, 0, 0}, {-1, 0, 0}, 1), ScalarKind::float32));
  EXPECT_FALSE(ill(close, motion({0, 0, 0}, {-1, 0, 0}, 1), ScalarKind::float64));
}

// ---------------------------------------------------------------- random agreement

/// Seeded random moving pairs of one query, drawn from families that reach the
/// hard cases: random rotations; a coarse grid (axis-aligned or quarter-turned
/// boxes, half-integer coordinates, integer velocities: exact touching at t = 0,
/// at t = T and within faces); zero velocity; T = 0; thin fast shapes passing
/// through; flat boxes, singular frames and degenerate triangles; float-valued
/// inputs.
class MovingPairSource {
 public:
  MovingPairSource(Query query, std::uint64_t seed) : query_(query), rng_(seed) {}

  struct Case {
    ShapePair pair;
    LinearMotiond motion;
    const char* family;
    ScalarKind scalar = ScalarKind::float64;  ///< float32 when every input is a float
  };

  Case next() {
    const int family = pick(0, 6);
    Case c{{}, {}, "", ScalarKind::float64};
    switch (family) {
      case 0:
        c.pair = random_pair();
        c.motion = random_motion(c.pair);
        c.family = "random";
        break;
      case 1:
        c.pair = grid_pair();
        c.motion = grid_motion(c.pair);
        c.family = "grid";
        break;
      case 2:
        c.pair = grid_pair();
        c.motion = grid_motion(c.pair);
        c.family = "grid_zero_velocity";
        c.motion.velocity_b = c.motion.velocity_a;
        break;
      case 3:
        c.pair = random_pair();
        c.motion = random_motion(c.pair);
        c.family = "duration_zero";
        c.motion.duration = 0;
        break;
      case 4:  // 4 to 8 times the offset within T: through and out again
        c.pair = thin_pair();
        c.motion = random_motion(c.pair, 4, 8);
        c.family = "pass_through";
        break;
      case 5:
        c.pair = degenerate_pair();
        c.motion = grid_motion(c.pair);
        c.family = "degenerate";
        break;
      default:
        c.pair = to_float(random_pair());
        c.motion = to_float(random_motion(c.pair));
        c.family = "float";
        c.scalar = ScalarKind::float32;
        break;
    }
    return c;
  }

 private:
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng_);
  }
  double half_integer(int range) { return 0.5 * pick(-2 * range, 2 * range); }
  V grid_point(int range) {
    return {half_integer(range), half_integer(range), half_integer(range)};
  }

  Obb3d random_box(double extent_max) {
    return box(random_point(rng_, 4),
               {uniform(0.1, extent_max), uniform(0.1, extent_max), uniform(0.1, extent_max)},
               random_rotation(rng_));
  }
  Triangle3d random_triangle() {
    const V c = random_point(rng_, 4);
    return tri(c + random_point(rng_, 1.5), c + random_point(rng_, 1.5),
               c + random_point(rng_, 1.5));
  }
  /// Axis-aligned or a quarter turn about a coordinate axis (exact frames).
  Obb3d grid_box() {
    M frame = M::Identity();
    const int turn = pick(0, 3);
    if (turn > 0) {
      const int i = turn - 1, j = turn % 3;
      frame.col(i) = V::Unit(j);
      frame.col(j) = -V::Unit(i);
    }
    return box(grid_point(2), {0.5 * pick(1, 3), 0.5 * pick(1, 3), 0.5 * pick(1, 3)}, frame);
  }
  Triangle3d grid_triangle() { return tri(grid_point(2), grid_point(2), grid_point(2)); }

  ShapePair assemble(const Triangle3d& ta, const Obb3d& ba, const Triangle3d& tb, const Obb3d& bb) {
    ShapePair p;
    p.query = query_;
    p.tri_a = ta, p.obb_a = ba, p.tri_b = tb, p.obb_b = bb;
    return p;
  }
  ShapePair random_pair() {
    return assemble(random_triangle(), random_box(1.5), random_triangle(), random_box(1.5));
  }
  ShapePair grid_pair() {
    return assemble(grid_triangle(), grid_box(), grid_triangle(), grid_box());
  }
  ShapePair thin_pair() {
    Obb3d thin = random_box(1.5);
    thin.extents[pick(0, 2)] = 0x1p-8;
    Triangle3d sliver = random_triangle();
    sliver.vertices[2] = sliver.vertices[0] + 0x1p-8 * (sliver.vertices[1] - sliver.vertices[0]);
    return assemble(sliver, thin, random_triangle(), random_box(1.5));
  }
  ShapePair degenerate_pair() {
    Obb3d flat = grid_box();
    flat.extents[pick(0, 2)] = 0;
    if (pick(0, 2) == 0) flat.extents[pick(0, 2)] = 0;
    if (pick(0, 3) == 0) flat.axes[1] = flat.axes[0] + flat.axes[2];  // a singular frame
    Triangle3d a = grid_triangle(), b = grid_triangle();
    const V p = grid_point(2);
    a.vertices[2] =
        pick(0, 1) ? a.vertices[0] : V(2 * a.vertices[1] - a.vertices[0]);  // repeated or collinear
    if (pick(0, 1)) b = tri(p, p, p);
    return assemble(a, flat, b, pick(0, 1) ? flat : grid_box());
  }

  /// A point of shape a (which = 0) or b of the pair: the box's center, the
  /// triangle's centroid (its first vertex on the grid, to stay exact).
  V anchor(const ShapePair& p, int which, bool grid) const {
    const bool triangle = which == 0 ? query_ != Query::obb_obb : query_ == Query::tri_tri;
    if (!triangle) return which == 0 ? p.obb_a.center : p.obb_b.center;
    const Triangle3d& t = which == 0 ? p.tri_a : p.tri_b;
    return grid ? t.vertices[0] : V((t.vertices[0] + t.vertices[1] + t.vertices[2]) / 3);
  }
  /// b travels toward a (relative to it) by `reach` times their offset, plus
  /// noise, over T: contact happens about half the time.
  LinearMotiond random_motion(const ShapePair& p, double reach_min = 0, double reach_max = 2) {
    const double duration = uniform(0.25, 2);
    const V offset = anchor(p, 0, false) - anchor(p, 1, false) + random_point(rng_, 1);
    const V va = pick(0, 2) == 0 ? V::Zero() : random_point(rng_, 2);
    return {va, va + uniform(reach_min, reach_max) / duration * offset, duration};
  }
  /// The same on the grid: quarter-integer velocities, dyadic durations; half
  /// the time W is a power of two along a coordinate axis, which makes most
  /// times of contact dyadic (exactly representable, so T can equal t*).
  LinearMotiond grid_motion(const ShapePair& p) {
    const double durations[] = {0, 0.5, 1, 2};
    const double duration = durations[pick(0, 3)];
    const V offset = anchor(p, 0, true) - anchor(p, 1, true) + 0.5 * grid_point(1);
    const V va = pick(0, 1) ? V::Zero() : grid_point(1);
    if (pick(0, 1)) {
      const int axis = pick(0, 2);
      const double powers[] = {0.5, 1, 2, 4};
      return {va, va + V::Unit(axis) * std::copysign(powers[pick(0, 3)], offset[axis]), duration};
    }
    return {va, va + 0.5 * pick(1, 3) * offset, duration};
  }

  static ShapePair to_float(ShapePair p) {
    auto f = [](V& v) { v = v.cast<float>().cast<double>(); };
    for (Triangle3d* t : {&p.tri_a, &p.tri_b})
      for (V& v : t->vertices) f(v);
    for (Obb3d* b : {&p.obb_a, &p.obb_b}) {
      f(b->center);
      for (V& a : b->axes) f(a);
      for (double& e : b->extents) e = float(e);
    }
    return p;
  }
  static LinearMotiond to_float(LinearMotiond m) {
    m.velocity_a = m.velocity_a.cast<float>().cast<double>();
    m.velocity_b = m.velocity_b.cast<float>().cast<double>();
    m.duration = float(m.duration);
    return m;
  }

  Query query_;
  std::mt19937_64 rng_;
};

struct Tally {
  int states[3] = {0, 0, 0};
  int fallbacks = 0, at_duration = 0, cases = 0;
  double sat_us = 0, lp_us = 0, verdict_us = 0, point_us = 0, score_us = 0;
  double sat_separated_us = 0, lp_separated_us = 0;  ///< on separated cases
  /// [float, double]: cases of that scalar that meet, and how many of them are
  /// ill-conditioned for it (all, and among first_contact).
  int meeting[2] = {0, 0}, first[2] = {0, 0}, ill[2] = {0, 0}, ill_first[2] = {0, 0};
};

double microseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
      .count();
}

/// One case: both methods agree exactly (and method (a) with the shapes
/// exchanged), the verdict agrees, points lie in both sets up to rounding, the
/// shapes are separated over [0, t] for every double t < t* (exact check) and
/// meet for t ≥ t*.
void check_case(const ShapePair& p, const LinearMotiond& m, ScalarKind scalar, Tally& tally) {
  using clock = std::chrono::steady_clock;
  auto start = clock::now();
  const ExactContact a = first_contact_sat(p, m);
  const double sat_us = microseconds_since(start);
  tally.sat_us += sat_us;
  if (a.state == kApart) tally.sat_separated_us += sat_us;
  start = clock::now();
  const ExactContact b = first_contact_lp(p, m);
  const double lp_us = microseconds_since(start);
  tally.lp_us += lp_us;
  if (b.state == kApart) tally.lp_separated_us += lp_us;
  start = clock::now();
  const MovingVerdict verdict = moving_intersects(p, m);
  tally.verdict_us += microseconds_since(start);
  ++tally.cases;
  ++tally.states[static_cast<int>(a.state)];
  tally.fallbacks += verdict.exact_fallback;

  ASSERT_EQ(a.state, b.state) << "sat " << to_string(a.state) << " lp " << to_string(b.state);
  ASSERT_EQ(a.time_exact, b.time_exact);
  EXPECT_EQ(a.time, b.time);
  if (p.query != Query::tri_obb) {  // the same sets in the other order
    EXPECT_EQ(first_contact_sat(test::swapped(p), swapped(m, p.query)).time_exact, a.time_exact);
  }
  EXPECT_EQ(verdict.intersects, a.state != kApart);
  if (a.state == kApart) return;
  start = clock::now();
  for (const ExactContact& c : {a, b})
    EXPECT_LE(contact_point_distance(p, m, c.time, c.point), rounding_bound(p, m, c.point));
  tally.point_us += microseconds_since(start) / 2;
  start = clock::now();
  const int k = scalar == ScalarKind::float64;
  const bool ill = score_contact(p, m, a, a.state, a.time, a.point, scalar).ill_conditioned;
  tally.score_us += microseconds_since(start);
  ++tally.meeting[k];
  tally.first[k] += a.state == kFirst;
  tally.ill[k] += ill;
  tally.ill_first[k] += ill && a.state == kFirst;
  if (a.state != kFirst) return;
  // Separated over [0, t) for every double t < t*, meeting over [0, t] for t ≥ t*.
  const Exact t_star(a.time_exact);
  double below = a.time, above = a.time;
  if (Exact(below) >= t_star) below = std::nextafter(below, 0.0);
  if (Exact(above) < t_star) above = std::nextafter(above, INFINITY);
  LinearMotiond shorter = m, longer = m;
  shorter.duration = below;
  longer.duration = above;
  EXPECT_FALSE(moving_intersects(p, shorter).intersects) << "meets before t*";
  EXPECT_EQ(first_contact_lp(p, shorter).state, kApart);
  EXPECT_TRUE(moving_intersects(p, longer).intersects) << "no contact at t*";
  if (Exact(m.duration) == t_star) ++tally.at_duration;
}

void print_tally(const std::string& name, const Tally& t) {
  const int touching = std::max(1, t.cases - t.states[1]);
  std::printf(
      "[ %s ] %d cases: overlapping %d, separated %d, first_contact %d (at T exactly %d); "
      "verdict fallbacks %d\n",
      name.c_str(), t.cases, t.states[0], t.states[1], t.states[2], t.at_duration, t.fallbacks);
  std::printf(
      "[ %s ] ill-conditioned: float cases %d of %d meeting (%d of %d first_contact), "
      "double cases %d of %d (%d of %d)\n",
      name.c_str(), t.ill[0], t.meeting[0], t.ill_first[0], t.first[0], t.ill[1], t.meeting[1],
      t.ill_first[1], t.first[1]);
  const int separated = std::max(1, t.states[1]);
  std::printf(
      "[ %s ] µs/query (meeting | never meeting): method (a) %.0f | %.1f, method (b) "
      "%.0f | %.0f; moving_intersects %.1f, contact_point_distance %.0f, "
      "score_contact %.0f\n",
      name.c_str(), (t.sat_us - t.sat_separated_us) / touching, t.sat_separated_us / separated,
      (t.lp_us - t.lp_separated_us) / touching, t.lp_separated_us / separated,
      t.verdict_us / t.cases, t.point_us / touching, t.score_us / touching);
}

class RandomMovingPairs : public ::testing::TestWithParam<Query> {};

TEST_P(RandomMovingPairs, BothMethodsAgreeExactly) {
  const Query query = GetParam();
  const std::uint64_t seed = test_seed(20240611 + static_cast<int>(query));
  MovingPairSource source(query, seed);
  Tally tally, at_end_tally;
  constexpr int kCases = 2000;
  for (int i = 0; i < kCases; ++i) {
    MovingPairSource::Case c = source.next();
    SCOPED_TRACE(testing::Message()
                 << "case " << i << " family " << c.family << " (SEPAX_SEED=" << seed << ")");
    check_case(c.pair, c.motion, c.scalar, tally);
    if (HasFatalFailure()) return;
    // The same pair with T set to t* rounded: contact exactly at, or one
    // rounding away from, the end of the interval.
    const ExactContact e = first_contact_sat(c.pair, c.motion);
    if (e.state == kFirst) {
      LinearMotiond at_end = c.motion;
      at_end.duration = e.time;
      check_case(c.pair, at_end, c.scalar, at_end_tally);
      if (HasFatalFailure()) return;
    }
  }
  print_tally(std::string(to_string(query)), tally);
  print_tally(std::string(to_string(query)) + " T = t* rounded", at_end_tally);
  // Hit rates: every state is exercised, and exact contact at T occurs.
  EXPECT_GE(tally.states[0], tally.cases / 20);
  EXPECT_GE(tally.states[1], tally.cases / 20);
  EXPECT_GE(tally.states[2], tally.cases / 5);
  EXPECT_GE(at_end_tally.at_duration, 3);  // needs a dyadic t*: 9–27 per 2,000 seen
}

INSTANTIATE_TEST_SUITE_P(Queries, RandomMovingPairs,
                         ::testing::Values(Query::obb_obb, Query::tri_obb, Query::tri_tri),
                         [](const auto& info) { return std::string(to_string(info.param)); });

// T = 0 is the static question, and moving_margin at T = 0 is the static margin.
TEST(MovingVsStatic, DurationZeroIsTheStaticAnswer) {
  const std::uint64_t seed = test_seed(7);
  for (Query query : {Query::obb_obb, Query::tri_obb, Query::tri_tri}) {
    MovingPairSource source(query, seed);
    for (int i = 0; i < 300; ++i) {
      MovingPairSource::Case c = source.next();
      c.motion.duration = 0;
      SCOPED_TRACE(testing::Message()
                   << to_string(query) << " case " << i << " (SEPAX_SEED=" << seed << ")");
      const bool meets = sat_exact(c.pair);
      EXPECT_EQ(moving_intersects(c.pair, c.motion).intersects, meets);
      EXPECT_EQ(first_contact_sat(c.pair, c.motion).state, meets ? kStart : kApart);
      EXPECT_EQ(first_contact_lp(c.pair, c.motion).state, meets ? kStart : kApart);
      EXPECT_EQ(moving_margin(c.pair, c.motion, meets), relative_margin(c.pair, meets));
    }
  }
}

}  // namespace
}  // namespace sepax::oracle
