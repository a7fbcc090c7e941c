// Gomez's tests ("Simple Intersection Tests for Games"), float and double.
//
// 1. Configurations whose answer is known by construction: dyadic coordinates,
//    radii and speeds, so the exact times and points are representable and every
//    operation that produces them is exact; the expected values are written by
//    hand, never produced by the code under test.
// 2. Seeded randomized cross-checks: each sweep against brute-force sampling, in
//    long double, of where the moving shapes are over the frame; obb_segment
//    against a long double distance search; obb_to_aabb against the box's own
//    vertices in long double. A sample is judged only outside a band
//    |gap| ≤ kBand·ε·scale (ε = the scalar's machine epsilon, scale = the case's
//    largest coordinate, displacement or radius): inside it, rounding of the
//    inputs' differences may decide either way. Every check records by how much
//    the kernel was on the wrong side (in units of ε·scale) and the worst is
//    printed, so the band can be seen to be generous, not tuned.
//    Replay with SEPAX_SEED=<seed> (printed at start).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>

#include "sepax/core/simple/aabb_aabb.hpp"
#include "sepax/core/simple/aabb_sphere.hpp"
#include "sepax/core/simple/obb_segment.hpp"
#include "sepax/core/simple/obb_to_aabb.hpp"
#include "sepax/core/simple/sphere_plane.hpp"
#include "sepax/core/simple/sphere_sphere.hpp"

namespace sepax {
namespace {

template <class S>
class Gomez : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Gomez, Scalars);

constexpr double kGap = 0x1p-10;  // exact in float and double

template <class S>
Vec3<S> vec(double x, double y, double z) {
  return {S(x), S(y), S(z)};
}

template <class S>
Sphere3<S> ball(double x, double y, double z, double r) {
  return {vec<S>(x, y, z), S(r)};
}

template <class S>
Aabb3<S> aabb(Vec3<S> lo, Vec3<S> hi) {
  return {lo, hi};
}

template <class S>
Plane3<S> plane(double nx, double ny, double nz, double d) {
  return {vec<S>(nx, ny, nz), S(d)};
}

// ---------------------------------------------------------------------------
// Sphere–sphere (Listing 2)

TYPED_TEST(Gomez, SphereSphereStaticTouchingIntersects) {
  using S = TypeParam;
  EXPECT_TRUE(sphere_sphere::test_static(ball<S>(0, 0, 0, 1), ball<S>(2, 0, 0, 1)));
  EXPECT_TRUE(sphere_sphere::test_static(ball<S>(1, 1, 1, 2), ball<S>(3, 4, 7, 5)));  // |(2,3,6)| = 7
  EXPECT_FALSE(sphere_sphere::test_static(ball<S>(0, 0, 0, 1), ball<S>(2 + kGap, 0, 0, 1)));
  EXPECT_TRUE(sphere_sphere::test_static(ball<S>(5, 5, 5, 0), ball<S>(5, 5, 5, 0)));  // two equal points
}

TYPED_TEST(Gomez, SphereSphereHeadOnExactFirstAndLastTimes) {
  using S = TypeParam;
  // Gap 4 − 1 = 3 closed at relative speed 8: first 3/8, last 5/8.
  const auto a = ball<S>(0, 0, 0, 0.5), b = ball<S>(4, 0, 0, 0.5);
  const Vec3<S> va = vec<S>(2, 0, 0), vb = vec<S>(-6, 0, 0);
  const auto r = sphere_sphere::sweep(a, va, b, vb);
  EXPECT_EQ(r.state, ContactState::first_contact);
  EXPECT_EQ(r.first, S(0.375));
  EXPECT_EQ(r.last, S(0.625));
  EXPECT_EQ(r.point, vec<S>(1.25, 0, 0));  // A at 0.75, B at 1.75: the tangent point
  const auto swapped = sphere_sphere::sweep(b, vb, a, va);
  EXPECT_EQ(swapped.state, ContactState::first_contact);
  EXPECT_EQ(swapped.first, S(0.375));
  EXPECT_EQ(swapped.last, S(0.625));
  EXPECT_EQ(swapped.point, vec<S>(1.25, 0, 0));
}

TYPED_TEST(Gomez, SphereSphereSweepFarFromTheOriginStaysFinite) {
  using S = TypeParam;
  // The head-on case scaled by 2^31 (every number exact in float): |v × p|² and
  // a·R² reach 2^144, past float's range; the times are ratios and must not change.
  const S k = S(0x1p31);
  const auto a = ball<S>(0, 0, 0, 0.5 * k), b = ball<S>(4 * k, 0, 0, 0.5 * k);
  const auto r = sphere_sphere::sweep(a, vec<S>(2 * k, 0, 0), b, vec<S>(-6 * k, 0, 0));
  EXPECT_EQ(r.state, ContactState::first_contact);
  EXPECT_EQ(r.first, S(0.375));
  EXPECT_EQ(r.last, S(0.625));
  EXPECT_EQ(r.point, vec<S>(1.25 * k, 0, 0));
  // verify's finding (sphere_sphere/find_first_contact/float, scale family, seed 1,
  // case 891): float returned first contact at u = 0; the exact first time is
  // 0.21147918950411880 (oracle::sphere_sphere_sweep_exact).
  const auto far_a = ball<S>(-640096192.0, -34672076.0, 658284992.0, 1599593856.0);
  const auto far_b = ball<S>(2066778240.0, -2736471552.0, -3206026240.0, 1600738432.0);
  const Vec3<S> far_va(S(-0x1.ccfc96p-1), S(0x1.b9763p-3), S(0x1.225992p-1));
  const Vec3<S> far_vb = vec<S>(-5265385984.0, 5255514624.0, 7516820992.0);
  const auto f = sphere_sphere::sweep(far_a, far_va, far_b, far_vb);
  EXPECT_EQ(f.state, ContactState::first_contact);
  EXPECT_NEAR(double(f.first), 0.21147918950411880, 1e-5);
  EXPECT_TRUE(f.point.allFinite());
}

TYPED_TEST(Gomez, SphereSphereObliqueHeadOnAlongPythagoreanDirection) {
  using S = TypeParam;
  // B − A = (2, 3, 6), |B − A| = 7, R = 2 + 1.5; B closes at relative velocity
  // −2·(2, 3, 6), speed 14: first (7 − 3.5)/14 = 1/4, last (7 + 3.5)/14 = 3/4.
  const auto a = ball<S>(1, 1, 1, 2), b = ball<S>(3, 4, 7, 1.5);
  const Vec3<S> va = vec<S>(1, 2, 3), vb = vec<S>(1 - 4, 2 - 6, 3 - 12);
  const auto r = sphere_sphere::sweep(a, va, b, vb);
  EXPECT_EQ(r.state, ContactState::first_contact);
  EXPECT_EQ(r.first, S(0.25));
  EXPECT_EQ(r.last, S(0.75));
  // At u = 1/4 the centres are (1.25, 1.5, 1.75) and (2.25, 3, 4.75), 3.5 apart;
  // the point is 2 from A along (2, 3, 6)/7 (4/7 is not dyadic: a few ulps).
  const Vec3<double> expected = Vec3<double>(1.25, 1.5, 1.75) + Vec3<double>(2, 3, 6) * (2.0 / 7.0);
  const double tol = 64 * std::numeric_limits<S>::epsilon();  // a few ulps of coordinates ≤ 8
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(double(r.point[k]), expected[k], tol) << k;
}

TYPED_TEST(Gomez, SphereSphereTouchingAtStart) {
  using S = TypeParam;
  const auto a = ball<S>(0, 0, 0, 1), b = ball<S>(2, 0, 0, 1);
  const Vec3<S> still = vec<S>(0, 0, 0);
  auto r = sphere_sphere::sweep(a, still, b, vec<S>(1, 0, 0));  // moving apart at once
  EXPECT_EQ(r.state, ContactState::overlapping_at_start);
  EXPECT_EQ(r.first, S(0));
  EXPECT_EQ(r.last, S(0));
  EXPECT_EQ(r.point, vec<S>(1, 0, 0));

  r = sphere_sphere::sweep(a, still, b, vec<S>(0, 1, 0));  // tangential: double root at 0
  EXPECT_EQ(r.state, ContactState::overlapping_at_start);
  EXPECT_EQ(r.last, S(0));

  r = sphere_sphere::sweep(a, still, b, vec<S>(-1, 0, 0));  // pushing in: overlap until u = 4
  EXPECT_EQ(r.state, ContactState::overlapping_at_start);
  EXPECT_EQ(r.last, S(1));

  r = sphere_sphere::sweep(a, still, b, vec<S>(-8, 0, 0));  // passes through: |2 − 8u| ≤ 2 until 1/2
  EXPECT_EQ(r.state, ContactState::overlapping_at_start);
  EXPECT_EQ(r.last, S(0.5));
}

TYPED_TEST(Gomez, SphereSphereTouchingExactlyAtFrameEnd) {
  using S = TypeParam;
  const auto a = ball<S>(0, 0, 0, 1);
  const Vec3<S> still = vec<S>(0, 0, 0), vb = vec<S>(-4, 0, 0);
  const auto r = sphere_sphere::sweep(a, still, ball<S>(6, 0, 0, 1), vb);
  EXPECT_EQ(r.state, ContactState::first_contact);
  EXPECT_EQ(r.first, S(1));
  EXPECT_EQ(r.last, S(1));
  EXPECT_EQ(r.point, vec<S>(1, 0, 0));
  EXPECT_EQ(sphere_sphere::sweep(a, still, ball<S>(6 + kGap, 0, 0, 1), vb).state,
            ContactState::separated_throughout);
  // Contact that would begin after the frame (Listing 2 would report its roots).
  EXPECT_EQ(sphere_sphere::sweep(a, still, ball<S>(8, 0, 0, 1), vb).state,
            ContactState::separated_throughout);
  // Contact that ended before the frame: moving apart (Listing 2 again reports roots < 0).
  EXPECT_EQ(sphere_sphere::sweep(a, still, ball<S>(3, 0, 0, 0.5), vec<S>(1, 0, 0)).state,
            ContactState::separated_throughout);
}

TYPED_TEST(Gomez, SphereSphereGrazingTangentSweep) {
  using S = TypeParam;
  // B passes A at closest distance 2 = R, at u = 1/2: a double root.
  const auto a = ball<S>(0, 0, 0, 1);
  const Vec3<S> still = vec<S>(0, 0, 0), vb = vec<S>(8, 0, 0);
  const auto r = sphere_sphere::sweep(a, still, ball<S>(-4, 2, 0, 1), vb);
  EXPECT_EQ(r.state, ContactState::first_contact);
  EXPECT_EQ(r.first, S(0.5));
  EXPECT_EQ(r.last, S(0.5));
  EXPECT_EQ(r.point, vec<S>(0, 1, 0));
  // Missing by 2⁻¹⁰ at closest approach.
  EXPECT_EQ(sphere_sphere::sweep(a, still, ball<S>(-4, 2 + kGap, 0, 1), vb).state,
            ContactState::separated_throughout);
  // Grazing at the frame's end (vertex u* = 1) and just beyond it (u* = 2).
  const auto end = sphere_sphere::sweep(a, still, ball<S>(-4, 2, 0, 1), vec<S>(4, 0, 0));
  EXPECT_EQ(end.state, ContactState::first_contact);
  EXPECT_EQ(end.first, S(1));
  EXPECT_EQ(end.last, S(1));
  EXPECT_EQ(sphere_sphere::sweep(a, still, ball<S>(-4, 2, 0, 1), vec<S>(2, 0, 0)).state,
            ContactState::separated_throughout);
}

TYPED_TEST(Gomez, SphereSphereGrazingWithTinyRadiusFarAway) {
  // Closest approach 2⁻⁸ + 2⁻¹⁸ against R = 2⁻⁸, from 64 away: Gomez's b² − 4ac
  // (terms ≈ 2¹⁸) cannot see the difference in float; |v × p|² can.
  using S = TypeParam;
  const double r = 0x1p-8;
  const auto a = ball<S>(0, 0, 0, r / 2);
  const Vec3<S> still = vec<S>(0, 0, 0), vb = vec<S>(128, 0, 0);
  EXPECT_EQ(sphere_sphere::sweep(a, still, ball<S>(-64, r + 0x1p-18, 0, r / 2), vb).state,
            ContactState::separated_throughout);
  const auto hit = sphere_sphere::sweep(a, still, ball<S>(-64, r, 0, r / 2), vb);
  EXPECT_EQ(hit.state, ContactState::first_contact);
  EXPECT_EQ(hit.first, S(0.5));
  EXPECT_EQ(hit.last, S(0.5));
}

TYPED_TEST(Gomez, SphereSphereZeroRelativeVelocity) {
  using S = TypeParam;
  const Vec3<S> zero = vec<S>(0, 0, 0), w = vec<S>(3, -5, 0.25);
  for (const Vec3<S>& v : {zero, w}) {  // both still, or both moving alike
    auto r = sphere_sphere::sweep(ball<S>(0, 0, 0, 1), v, ball<S>(1.5, 0, 0, 1), v);
    EXPECT_EQ(r.state, ContactState::overlapping_at_start);
    EXPECT_EQ(r.first, S(0));
    EXPECT_EQ(r.last, S(1));
    r = sphere_sphere::sweep(ball<S>(0, 0, 0, 1), v, ball<S>(2 + kGap, 0, 0, 1), v);
    EXPECT_EQ(r.state, ContactState::separated_throughout);
  }
}

TYPED_TEST(Gomez, SphereSphereContactRunsPastFrameEnd) {
  using S = TypeParam;
  // Gap 4 − 1 = 3 closed at speed 4: first 3/4, the root 5/4 is clipped to 1.
  const auto r = sphere_sphere::sweep(ball<S>(0, 0, 0, 0.5), vec<S>(0, 0, 0), ball<S>(0, 0, 4, 0.5),
                                      vec<S>(0, 0, -4));
  EXPECT_EQ(r.state, ContactState::first_contact);
  EXPECT_EQ(r.first, S(0.75));
  EXPECT_EQ(r.last, S(1));
  EXPECT_EQ(r.point, vec<S>(0, 0, 0.5));
}

TYPED_TEST(Gomez, SphereSpherePointsMeetingHeadOn) {
  using S = TypeParam;
  const Vec3<S> still = vec<S>(0, 0, 0), vb = vec<S>(-8, 0, 0);
  const auto r = sphere_sphere::sweep(ball<S>(0, 0, 0, 0), still, ball<S>(4, 0, 0, 0), vb);
  EXPECT_EQ(r.state, ContactState::first_contact);
  EXPECT_EQ(r.first, S(0.5));
  EXPECT_EQ(r.last, S(0.5));
  EXPECT_EQ(r.point, vec<S>(0, 0, 0));
  EXPECT_EQ(sphere_sphere::sweep(ball<S>(0, 0, 0, 0), still, ball<S>(4, kGap, 0, 0), vb).state,
            ContactState::separated_throughout);
}

// ---------------------------------------------------------------------------
// Sphere–plane (Listing 1)

TYPED_TEST(Gomez, SpherePlaneStatic) {
  using S = TypeParam;
  const auto z1 = plane<S>(0, 0, 1, 1);
  EXPECT_TRUE(sphere_plane::test_static(ball<S>(7, 8, 3, 2), z1));   // touching from above
  EXPECT_TRUE(sphere_plane::test_static(ball<S>(7, 8, -1, 2), z1));  // touching from below
  EXPECT_TRUE(sphere_plane::test_static(ball<S>(0, 0, 1, 0), z1));   // a point on the plane
  EXPECT_FALSE(sphere_plane::test_static(ball<S>(7, 8, 3 + kGap, 2), z1));
  EXPECT_FALSE(sphere_plane::test_static(ball<S>(7, 8, -1 - kGap, 2), z1));
  EXPECT_FALSE(sphere_plane::test_static(z1, ball<S>(7, 8, -1 - kGap, 2)));  // swapped order
  EXPECT_TRUE(sphere_plane::test_static(z1, ball<S>(7, 8, -1, 2)));
  // The plane of the stored numbers: 3x + 4y = 25 is 5 away from the origin.
  EXPECT_TRUE(sphere_plane::test_static(ball<S>(0, 0, 0, 5), plane<S>(3, 4, 0, 25)));
  EXPECT_FALSE(sphere_plane::test_static(ball<S>(0, 0, 0, 5 - kGap), plane<S>(3, 4, 0, 25)));
}

TYPED_TEST(Gomez, SpherePlaneSweepFromEitherSide) {
  using S = TypeParam;
  const auto z1 = plane<S>(0, 0, 1, 1);
  // From above: s0 = 4, r = 1, falling 8: first 3/8, last 5/8 (Gomez's (d0 − r)/(d0 − d1)).
  auto r = sphere_plane::sweep(ball<S>(3, -2, 5, 1), vec<S>(4, 4, -8), z1);
  EXPECT_EQ(r.state, ContactState::first_contact);
  EXPECT_EQ(r.first, S(0.375));
  EXPECT_EQ(r.last, S(0.625));
  EXPECT_EQ(r.point, vec<S>(4.5, -0.5, 1));  // the centre (4.5, −0.5, 2) projected
  // From below, mirrored.
  r = sphere_plane::sweep(ball<S>(3, -2, -3, 1), vec<S>(0, 0, 8), z1);
  EXPECT_EQ(r.state, ContactState::first_contact);
  EXPECT_EQ(r.first, S(0.375));
  EXPECT_EQ(r.last, S(0.625));
  EXPECT_EQ(r.point, vec<S>(3, -2, 1));
  // Tunnelling: disjoint at u = 0 and at u = 1, in contact for u in [1/2, 5/8].
  r = sphere_plane::sweep(ball<S>(0, 0, 9, 1), vec<S>(0, 0, -16), plane<S>(0, 0, 1, 0));
  EXPECT_EQ(r.state, ContactState::first_contact);
  EXPECT_EQ(r.first, S(0.5));
  EXPECT_EQ(r.last, S(0.625));
  // Moving away, and moving parallel at a distance.
  EXPECT_EQ(sphere_plane::sweep(ball<S>(0, 0, 5, 1), vec<S>(0, 0, 8), z1).state,
            ContactState::separated_throughout);
  EXPECT_EQ(sphere_plane::sweep(ball<S>(0, 0, 2 + kGap, 1), vec<S>(5, 0, 0), z1).state,
            ContactState::separated_throughout);
}

TYPED_TEST(Gomez, SpherePlaneNonUnitNormalIsTheStoredPlane) {
  using S = TypeParam;
  // 3x + 4y = 0 (|n| = 5): the centre (6, 8, 0) is 10 away; r = 2.5; closing 20
  // per frame: first 7.5/20 = 3/8, last 12.5/20 = 5/8; contact at the origin.
  const auto r = sphere_plane::sweep(ball<S>(6, 8, 0, 2.5), vec<S>(-12, -16, 0), plane<S>(3, 4, 0, 0));
  EXPECT_EQ(r.state, ContactState::first_contact);
  EXPECT_EQ(r.first, S(0.375));
  EXPECT_EQ(r.last, S(0.625));
  EXPECT_EQ(r.point, vec<S>(0, 0, 0));
  // (2n, 2d) is the same plane, with the same answers.
  const auto scaled = sphere_plane::sweep(ball<S>(3, -2, 5, 1), vec<S>(4, 4, -8), plane<S>(0, 0, 2, 2));
  EXPECT_EQ(scaled.first, S(0.375));
  EXPECT_EQ(scaled.last, S(0.625));
  EXPECT_EQ(scaled.point, vec<S>(4.5, -0.5, 1));
}

TYPED_TEST(Gomez, SpherePlaneTouchingAtStartAndAtEnd) {
  using S = TypeParam;
  const auto z1 = plane<S>(0, 0, 1, 1);
  auto r = sphere_plane::sweep(ball<S>(0, 0, 2, 1), vec<S>(0, 0, 1), z1);  // leaving at once
  EXPECT_EQ(r.state, ContactState::overlapping_at_start);
  EXPECT_EQ(r.first, S(0));
  EXPECT_EQ(r.last, S(0));
  EXPECT_EQ(r.point, vec<S>(0, 0, 1));
  r = sphere_plane::sweep(ball<S>(0, 0, 2, 1), vec<S>(0, 0, -1), z1);  // sinking in: until u = 2
  EXPECT_EQ(r.state, ContactState::overlapping_at_start);
  EXPECT_EQ(r.last, S(1));
  r = sphere_plane::sweep(ball<S>(0, 0, 2, 1), vec<S>(0, 0, -8), z1);  // crossing: until z = 0, u = 1/4
  EXPECT_EQ(r.state, ContactState::overlapping_at_start);
  EXPECT_EQ(r.last, S(0.25));
  r = sphere_plane::sweep(ball<S>(0, 0, 2, 1), vec<S>(5, 0, 0), z1);  // sliding along, touching
  EXPECT_EQ(r.state, ContactState::overlapping_at_start);
  EXPECT_EQ(r.last, S(1));
  r = sphere_plane::sweep(ball<S>(0, 0, 2, 1), vec<S>(0, 0, 0), z1);  // still
  EXPECT_EQ(r.state, ContactState::overlapping_at_start);
  EXPECT_EQ(r.last, S(1));

  r = sphere_plane::sweep(ball<S>(0, 0, 6, 1), vec<S>(0, 0, -4), z1);  // touching exactly at u = 1
  EXPECT_EQ(r.state, ContactState::first_contact);
  EXPECT_EQ(r.first, S(1));
  EXPECT_EQ(r.last, S(1));
  EXPECT_EQ(sphere_plane::sweep(ball<S>(0, 0, 6 + kGap, 1), vec<S>(0, 0, -4), z1).state,
            ContactState::separated_throughout);
}

// ---------------------------------------------------------------------------
// AABB–AABB (Listings 3 and 4)

TYPED_TEST(Gomez, AabbStaticTouchingAndSeparatingAxis) {
  using S = TypeParam;
  const auto a = aabb<S>(vec<S>(0, 0, 0), vec<S>(1, 1, 1));
  EXPECT_TRUE(aabb_aabb::test_static(a, aabb<S>(vec<S>(1, 0, 0), vec<S>(2, 1, 1))).intersects);  // face
  EXPECT_TRUE(aabb_aabb::test_static(a, aabb<S>(vec<S>(1, 1, 1), vec<S>(2, 2, 2))).intersects);  // corner
  EXPECT_TRUE(aabb_aabb::test_static(a, aabb<S>(vec<S>(0.25, 0.25, 0.25), vec<S>(0.5, 0.5, 0.5))).intersects);
  const auto r = aabb_aabb::test_static(a, aabb<S>(vec<S>(0, 0, -2), vec<S>(1, 1, -kGap)));
  EXPECT_FALSE(r.intersects);
  EXPECT_EQ(r.axis, (SeparatingAxis{AxisKind::face_a, 2, 0}));
  EXPECT_EQ(r.direction, vec<S>(0, 0, 1));
}

TYPED_TEST(Gomez, AabbSweepPerAxisEntryAndExit) {
  using S = TypeParam;
  // A = [0,1]³ still; B moves (−4, 0, 4). x overlaps for u in [1/2, 1], y always,
  // z for u in [1/4, 3/4]: first = max of entries 1/2, last = min of exits 3/4.
  const auto a = aabb<S>(vec<S>(0, 0, 0), vec<S>(1, 1, 1));
  const auto b = aabb<S>(vec<S>(3, 0.5, -2), vec<S>(4, 1.5, -1));
  const Vec3<S> vb = vec<S>(-4, 0, 4);
  auto r = aabb_aabb::sweep(a, vec<S>(0, 0, 0), b, vb);
  EXPECT_EQ(r.state, ContactState::first_contact);
  EXPECT_EQ(r.first, S(0.5));
  EXPECT_EQ(r.last, S(0.75));
  // At u = 1/2, B = [1,2]×[0.5,1.5]×[0,1]; the intersection [1,1]×[0.5,1]×[0,1].
  EXPECT_EQ(r.point, vec<S>(1, 0.75, 0.5));
  // The same relative motion with both boxes moving: same times, point carried along.
  const Vec3<S> w = vec<S>(1, 2, -3);
  r = aabb_aabb::sweep(a, w, b, Vec3<S>(vb + w));
  EXPECT_EQ(r.first, S(0.5));
  EXPECT_EQ(r.last, S(0.75));
  EXPECT_EQ(r.point, vec<S>(1.5, 1.75, -1));
  // z is over (u ≤ 3/8) before x begins (u ≥ 1/2): u0 > u1, never together.
  EXPECT_EQ(aabb_aabb::sweep(a, vec<S>(0, 0, 0), aabb<S>(vec<S>(3, 0.5, -0.5), vec<S>(4, 1.5, -0.25)), vb).state,
            ContactState::separated_throughout);
}

TYPED_TEST(Gomez, AabbSweepStillAxisThatSeparatesSeparatesThroughout) {
  using S = TypeParam;
  // y is disjoint and nothing moves along y. Gomez's Listing 4 leaves that axis
  // at [0, 1] and reports the x crossing [1/4, 3/4] as a hit.
  const auto a = aabb<S>(vec<S>(0, 0, 0), vec<S>(1, 1, 1));
  const auto b = aabb<S>(vec<S>(2, 5, 0), vec<S>(3, 6, 1));
  EXPECT_EQ(aabb_aabb::sweep(a, vec<S>(0, 0, 0), b, vec<S>(-4, 0, 0)).state,
            ContactState::separated_throughout);
}

TYPED_TEST(Gomez, AabbSweepTouchingAtStartAtEndAndTunnelling) {
  using S = TypeParam;
  const auto a = aabb<S>(vec<S>(0, 0, 0), vec<S>(1, 1, 1));
  const Vec3<S> still = vec<S>(0, 0, 0);
  const auto touching = aabb<S>(vec<S>(1, 0, 0), vec<S>(2, 1, 1));
  auto r = aabb_aabb::sweep(a, still, touching, vec<S>(1, 0, 0));  // leaving at once
  EXPECT_EQ(r.state, ContactState::overlapping_at_start);
  EXPECT_EQ(r.first, S(0));
  EXPECT_EQ(r.last, S(0));
  EXPECT_EQ(r.point, vec<S>(1, 0.5, 0.5));
  r = aabb_aabb::sweep(a, still, touching, vec<S>(-1, 0, 0));  // pushing through: until u = 2
  EXPECT_EQ(r.state, ContactState::overlapping_at_start);
  EXPECT_EQ(r.last, S(1));
  r = aabb_aabb::sweep(a, still, touching, still);  // still
  EXPECT_EQ(r.state, ContactState::overlapping_at_start);
  EXPECT_EQ(r.last, S(1));

  r = aabb_aabb::sweep(a, still, aabb<S>(vec<S>(3, 0, 0), vec<S>(4, 1, 1)), vec<S>(-2, 0, 0));
  EXPECT_EQ(r.state, ContactState::first_contact);
  EXPECT_EQ(r.first, S(1));
  EXPECT_EQ(r.last, S(1));
  EXPECT_EQ(aabb_aabb::sweep(a, still, aabb<S>(vec<S>(3 + kGap, 0, 0), vec<S>(4, 1, 1)), vec<S>(-2, 0, 0)).state,
            ContactState::separated_throughout);

  // A small box flies through A within the frame: disjoint at u = 0 and u = 1.
  const auto small = aabb<S>(vec<S>(-3, 0.25, 0.25), vec<S>(-2.5, 0.5, 0.5));
  EXPECT_FALSE(aabb_aabb::test_static(a, small).intersects);
  r = aabb_aabb::sweep(a, still, small, vec<S>(8, 0, 0));
  EXPECT_EQ(r.state, ContactState::first_contact);
  EXPECT_EQ(r.first, S(0.3125));  // (0 − (−2.5))/8
  EXPECT_EQ(r.last, S(0.5));      // (1 − (−3))/8
}

// ---------------------------------------------------------------------------
// AABB–sphere after Arvo (Listing 5)

TYPED_TEST(Gomez, ArvoAtFaceEdgeAndCorner) {
  using S = TypeParam;
  const auto box = aabb<S>(vec<S>(-1, -2, -3), vec<S>(1, 2, 3));
  struct Probe {
    Vec3<S> center;
    double distance;  // exact distance from the centre to the box
  };
  const Probe probes[] = {
      {vec<S>(1 + 3, 0.5, -1), 3},         // face x = 1
      {vec<S>(0.25, -2 - 4, 3 + 3), 5},    // edge y = −2, z = 3: (4, 3)
      {vec<S>(-1 - 2, 2 + 3, 3 + 6), 7},   // corner: (2, 3, 6)
      {vec<S>(1 + 0.75, 2 + 1, 0), 1.25},  // edge x = 1, y = 2: (0.75, 1)
  };
  for (const Probe& p : probes) {
    EXPECT_TRUE(aabb_sphere::test_static(box, Sphere3<S>{p.center, S(p.distance)})) << p.distance;
    EXPECT_FALSE(aabb_sphere::test_static(box, Sphere3<S>{p.center, S(p.distance - kGap)})) << p.distance;
    EXPECT_TRUE(aabb_sphere::test_static(Sphere3<S>{p.center, S(p.distance)}, box)) << "swapped order";
  }
  EXPECT_TRUE(aabb_sphere::test_static(box, ball<S>(0.5, 0, 0, 0)));   // a point inside
  EXPECT_TRUE(aabb_sphere::test_static(box, ball<S>(1, 0.5, 3, 0)));   // a point on an edge
  EXPECT_FALSE(aabb_sphere::test_static(box, ball<S>(1 + kGap, 0, 0, 0)));
}

// ---------------------------------------------------------------------------
// OBB–segment (Listing 7)

/// A box rotated by 90° about z and translated: its axes are a signed
/// permutation, so mapping local coordinates to world is exact.
template <class S>
Obb3<S> quarter_turned_box() {
  Obb3<S> box;
  box.center = vec<S>(10, 20, 30);
  box.axes = {vec<S>(0, 1, 0), vec<S>(-1, 0, 0), vec<S>(0, 0, 1)};
  box.extents = {S(1), S(2), S(0.5)};
  return box;
}

template <class S>
Vec3<S> to_world(const Obb3<S>& box, double x, double y, double z) {
  return box.center + box.axes[0] * S(x) + box.axes[1] * S(y) + box.axes[2] * S(z);
}

template <class S>
Segment3<S> local_segment(const Obb3<S>& box, Vec3<double> p, Vec3<double> q) {
  return {to_world(box, p[0], p[1], p[2]), to_world(box, q[0], q[1], q[2])};
}

TYPED_TEST(Gomez, ObbSegmentNearAnEdgeOnlyTheCrossAxisSeparates) {
  using S = TypeParam;
  const auto box = quarter_turned_box<S>();
  // In the box's frame the box is [−1,1]×[−2,2]×[−1/2,1/2]. The segment runs on
  // the line x + y = 3 + g past the edge x = 1, y = 2; its projections on every
  // face axis overlap the box's, so only A2 × D can separate.
  for (double g : {0.0, kGap}) {
    const auto seg = local_segment(box, {4 + g, -1, 0}, {-1, 4 + g, 0});
    const auto r = obb_segment::test_static(box, seg);
    EXPECT_EQ(r.intersects, g == 0) << g;
    if (g != 0) {
      EXPECT_EQ(r.axis, (SeparatingAxis{AxisKind::edge_edge, 2, 0}));
      // Along the witness the segment lies beyond the box's extreme point, the edge.
      const Vec3<S> l = r.direction;
      EXPECT_EQ(l.dot(box.axes[2]), S(0));
      const S segment_side = l.dot(seg.p0 - box.center), edge_side = l.dot(to_world(box, 1, 2, 0) - box.center);
      EXPECT_GT(segment_side * edge_side, S(0));
      EXPECT_GT(std::abs(segment_side), std::abs(edge_side));
    }
  }
  // Through the edge region, crossing the box.
  EXPECT_TRUE(obb_segment::test_static(box, local_segment(box, {3, -1, 0.25}, {-1, 3, 0.25})).intersects);
}

TYPED_TEST(Gomez, ObbSegmentFacesEndpointsAndPoints) {
  using S = TypeParam;
  const auto box = quarter_turned_box<S>();
  EXPECT_TRUE(obb_segment::test_static(box, local_segment(box, {-3, 0.5, 0.25}, {3, 0.5, 0.25})).intersects);
  const auto above = obb_segment::test_static(box, local_segment(box, {-3, 0, 0.5 + kGap}, {3, 1, 0.5 + kGap}));
  EXPECT_FALSE(above.intersects);
  EXPECT_EQ(above.axis, (SeparatingAxis{AxisKind::face_a, 2, 0}));
  // An endpoint exactly at a corner, the rest outside.
  EXPECT_TRUE(obb_segment::test_static(box, local_segment(box, {1, 2, 0.5}, {5, 7, 9})).intersects);
  EXPECT_FALSE(obb_segment::test_static(box, local_segment(box, {1 + kGap, 2, 0.5}, {5, 7, 9})).intersects);
  // Degenerate segments: points inside, on a face, outside.
  EXPECT_TRUE(obb_segment::test_static(box, local_segment(box, {0.5, -1, 0}, {0.5, -1, 0})).intersects);
  EXPECT_TRUE(obb_segment::test_static(box, local_segment(box, {1, -1, 0}, {1, -1, 0})).intersects);
  const auto point_out = obb_segment::test_static(box, local_segment(box, {1 + kGap, -1, 0}, {1 + kGap, -1, 0}));
  EXPECT_FALSE(point_out.intersects);
  EXPECT_EQ(point_out.axis, (SeparatingAxis{AxisKind::face_a, 0, 0}));
}

// ---------------------------------------------------------------------------
// OBB → AABB

TYPED_TEST(Gomez, ObbToAabbOfQuarterTurnedBoxIsExact) {
  using S = TypeParam;
  const auto box = quarter_turned_box<S>();  // A0 = y, A1 = −x, A2 = z; extents 1, 2, 1/2
  const Aabb3<S> r = obb_to_aabb(box);
  EXPECT_EQ(r.min, vec<S>(8, 19, 29.5));
  EXPECT_EQ(r.max, vec<S>(12, 21, 30.5));
  Obb3<S> aligned;
  aligned.center = vec<S>(-0.25, 0, 1e3);
  aligned.extents = {S(0.125), S(0), S(3)};
  const Aabb3<S> s = obb_to_aabb(aligned);
  EXPECT_EQ(s.min, vec<S>(-0.375, 0, 997));
  EXPECT_EQ(s.max, vec<S>(-0.125, 0, 1003));
}

// ---------------------------------------------------------------------------
// Randomized cross-checks

using LD = long double;

/// Seed for the randomized tests: SEPAX_SEED from the environment, else `fallback`;
/// printed so that a failure can be replayed.
std::uint64_t test_seed(std::uint64_t fallback) {
  const char* env = std::getenv("SEPAX_SEED");
  const std::uint64_t seed = env ? std::strtoull(env, nullptr, 0) : fallback;
  std::printf("[ seed     ] %llu (replay: SEPAX_SEED=%llu core_tests --gtest_filter='Gomez*Random*')\n",
              (unsigned long long)seed, (unsigned long long)seed);
  return seed;
}

constexpr int kCases = 3000;
constexpr int kSamples = 256;   // u = j/256: exact in every scalar
constexpr double kBand = 16;    // judged only where |gap| > kBand·ε·scale (worst seen: 0.4)

template <class S>
struct Rng {
  std::mt19937_64 engine;
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(engine); }
  bool chance(double p) { return uniform(0, 1) < p; }
  S scalar(double lo, double hi) { return S(uniform(lo, hi)); }
  Vec3<S> point(double half) { return {scalar(-half, half), scalar(-half, half), scalar(-half, half)}; }
  Vec3<double> unit() {
    std::normal_distribution<double> n(0, 1);
    Vec3<double> v(n(engine), n(engine), n(engine));
    return v.normalized();
  }
};

template <class S>
Vec3<double> dbl(const Vec3<S>& v) {
  return v.template cast<double>();
}

/// The displacement of `from` relative to `to` that brings it to `to + offset` at u = t.
Vec3<double> aimed(const Vec3<double>& from, const Vec3<double>& to, const Vec3<double>& offset, double t) {
  return (to + offset - from) / t;
}

template <class S>
LD inf_norm(const Vec3<S>& v) {
  return std::max({std::fabs(LD(v[0])), std::fabs(LD(v[1])), std::fabs(LD(v[2]))});
}

template <class S>
Vec3<LD> ld(const Vec3<S>& v) {
  return v.template cast<LD>();
}

/// What a randomized cross-check saw, for its hit-rate assertions and its report.
struct Tally {
  std::array<int, 3> states{};  // by ContactState
  long judged = 0;              // samples outside the band
  long in_band = 0;             // samples inside it
  double worst = 0;             // largest |gap|/(ε·scale) of a sample on the wrong side
  double worst_time = 0;        // largest |gap|/(ε·scale) at a reported boundary time

  void print(const char* what) const {
    std::printf("[ %-8s ] overlapping %d, separated %d, first_contact %d; samples judged %ld, "
                "in band %ld; worst wrong side %.3g, worst |gap| at first/last %.3g eps*scale (band %g)\n",
                what, states[0], states[1], states[2], judged, in_band, worst, worst_time, kBand);
  }
  void expect_hit_rates() const {
    for (int s = 0; s < 3; ++s)
      EXPECT_GE(states[s], kCases / 20) << "state " << to_string(ContactState(s)) << " too rare to test";
    EXPECT_GT(judged, 50L * in_band) << "the band swallows too many samples";
  }
};

/// Checks a sweep against `gap(u)`, the exact-ish (long double) clearance of the
/// moving shapes at u: ≤ 0 iff they intersect. Outside the band every sample
/// must be inside [first, last] iff it intersects; the kernel's times must be
/// contact times; its state at u = 0 must match.
template <class S, class Gap>
void check_sweep(const SweepResult<S>& r, const Gap& gap, LD unit, Tally& tally, int case_index) {
  const LD band = LD(kBand) * unit;
  ++tally.states[int(r.state)];
  const bool hit = r.state != ContactState::separated_throughout;
  for (int j = 0; j <= kSamples; ++j) {
    const LD u = LD(j) / kSamples;
    const LD g = gap(u);
    const bool inside = hit && LD(r.first) <= u && u <= LD(r.last);
    if (inside != (g <= 0)) tally.worst = std::max(tally.worst, double(std::fabs(g) / unit));
    if (std::fabs(g) <= band) {
      ++tally.in_band;
      continue;
    }
    ++tally.judged;
    EXPECT_EQ(inside, g < 0) << "case " << case_index << " u = " << double(u) << " gap = " << double(g)
                             << " state " << to_string(r.state) << " [" << r.first << ", " << r.last << "]";
  }
  if (hit) {  // the kernel's times are contact times, and boundaries unless clipped to the frame
    const LD g_first = gap(LD(r.first)), g_last = gap(LD(r.last));
    EXPECT_LE(g_first, band) << "case " << case_index << ": first is not a contact time";
    EXPECT_LE(g_last, band) << "case " << case_index << ": last is not a contact time";
    if (r.state == ContactState::first_contact) {
      EXPECT_GE(g_first, -band) << "case " << case_index << ": contact began before first";
      tally.worst_time = std::max(tally.worst_time, double(std::fabs(g_first) / unit));
    }
    if (r.last < S(1)) {
      EXPECT_GE(g_last, -band) << "case " << case_index << ": contact goes on after last";
      tally.worst_time = std::max(tally.worst_time, double(std::fabs(g_last) / unit));
    }
  }
  const LD g0 = gap(0);
  if (g0 < -band) {
    EXPECT_EQ(r.state, ContactState::overlapping_at_start) << "case " << case_index;
  } else if (g0 > band) {
    EXPECT_NE(r.state, ContactState::overlapping_at_start) << "case " << case_index;
  }
}

TYPED_TEST(Gomez, RandomSphereSphereSweepAgreesWithSampling) {
  using S = TypeParam;
  Rng<S> rng{std::mt19937_64(test_seed(0x5e9a5001))};
  Tally tally;
  for (int n = 0; n < kCases; ++n) {
    const Sphere3<S> a{rng.point(8), rng.chance(0.1) ? S(0) : rng.scalar(0, 3)};
    Sphere3<S> b{rng.point(8), rng.chance(0.1) ? S(0) : rng.scalar(0, 3)};
    if (rng.chance(0.15)) {  // start near or in contact
      const double reach = 1.2 * (double(a.radius) + double(b.radius));
      b.center = (dbl(a.center) + rng.unit() * rng.uniform(0, reach)).template cast<S>();
    }
    const Vec3<S> va = rng.chance(0.2) ? Vec3<S>::Zero() : rng.point(8);
    Vec3<S> vb;
    if (rng.chance(0.1)) {
      vb = va;  // zero relative velocity
    } else if (rng.chance(0.6)) {  // aim B at A: centres within 1.5 R of each other at some time
      const double reach = 1.5 * (double(a.radius) + double(b.radius)) + 0.1;
      const Vec3<double> offset = rng.unit() * rng.uniform(0, reach);
      vb = (dbl(va) + aimed(dbl(b.center), dbl(a.center), offset, rng.uniform(0.05, 1.5))).template cast<S>();
    } else {
      vb = rng.point(16);
    }
    const auto r = sphere_sphere::sweep(a, va, b, vb);
    EXPECT_EQ(r.state == ContactState::overlapping_at_start, sphere_sphere::test_static(a, b)) << n;

    const LD unit = LD(std::numeric_limits<S>::epsilon()) *
                    std::max({inf_norm(a.center), inf_norm(b.center), inf_norm(va), inf_norm(vb),
                              LD(a.radius) + LD(b.radius), LD(1)});
    const auto gap = [&](LD u) {
      const Vec3<LD> d = (ld(b.center) + u * ld(vb)) - (ld(a.center) + u * ld(va));
      return std::sqrt(d.dot(d)) - (LD(a.radius) + LD(b.radius));
    };
    check_sweep(r, gap, unit, tally, n);
    if (r.state != ContactState::separated_throughout) {  // the point is on both balls
      const LD u = r.first;
      const Vec3<LD> p = ld(r.point);
      EXPECT_LE((p - ld(a.center) - u * ld(va)).norm() - LD(a.radius), kBand * unit) << n;
      EXPECT_LE((p - ld(b.center) - u * ld(vb)).norm() - LD(b.radius), kBand * unit) << n;
    }
  }
  tally.print("spheres");
  tally.expect_hit_rates();
}

TYPED_TEST(Gomez, RandomSpherePlaneSweepAgreesWithSampling) {
  using S = TypeParam;
  Rng<S> rng{std::mt19937_64(test_seed(0x5e9a5002))};
  Tally tally;
  for (int n = 0; n < kCases; ++n) {
    const Plane3<S> pl{rng.unit().template cast<S>(), rng.scalar(-4, 4)};
    const Sphere3<S> s{rng.point(8), rng.chance(0.1) ? S(0) : rng.scalar(0, 3)};
    Vec3<S> v;
    if (rng.chance(0.1)) {
      v = Vec3<S>::Zero();
    } else if (rng.chance(0.1)) {  // parallel to the plane (up to the normal's rounding)
      const Vec3<double> n = dbl(pl.normal);
      const Vec3<double> w = dbl(rng.point(8));
      v = (w - n * n.dot(w)).template cast<S>();
    } else {
      v = rng.point(16);
    }
    const auto r = sphere_plane::sweep(s, v, pl);
    EXPECT_EQ(r.state == ContactState::overlapping_at_start, sphere_plane::test_static(s, pl)) << n;

    const LD unit = LD(std::numeric_limits<S>::epsilon()) *
                    std::max({inf_norm(s.center), inf_norm(v), std::fabs(LD(pl.offset)), LD(s.radius), LD(1)});
    const Vec3<LD> nrm = ld(pl.normal);
    const LD len = std::sqrt(nrm.dot(nrm));
    const auto gap = [&](LD u) {
      return std::fabs(nrm.dot(ld(s.center) + u * ld(v)) - LD(pl.offset)) / len - LD(s.radius);
    };
    check_sweep(r, gap, unit, tally, n);
    if (r.state != ContactState::separated_throughout) {  // the point is on the plane and the ball
      const Vec3<LD> p = ld(r.point);
      EXPECT_LE(std::fabs(nrm.dot(p) - LD(pl.offset)) / len, kBand * unit) << n;
      EXPECT_LE((p - ld(s.center) - LD(r.first) * ld(v)).norm() - LD(s.radius), kBand * unit) << n;
    }
  }
  tally.print("plane");
  tally.expect_hit_rates();
}

template <class S>
Aabb3<S> random_aabb(Rng<S>& rng) {
  Aabb3<S> box;
  box.min = rng.point(8);
  for (int k = 0; k < 3; ++k) box.max[k] = rng.chance(0.05) ? box.min[k] : S(double(box.min[k]) + rng.uniform(0, 4));
  return box;
}

/// Chebyshev clearance of two boxes: the largest per-axis gap; ≤ 0 iff they intersect.
LD aabb_gap(const Vec3<LD>& amin, const Vec3<LD>& amax, const Vec3<LD>& bmin, const Vec3<LD>& bmax) {
  LD g = -std::numeric_limits<LD>::infinity();
  for (int k = 0; k < 3; ++k) g = std::max({g, amin[k] - bmax[k], bmin[k] - amax[k]});
  return g;
}

TYPED_TEST(Gomez, RandomAabbSweepAgreesWithSampling) {
  using S = TypeParam;
  Rng<S> rng{std::mt19937_64(test_seed(0x5e9a5003))};
  Tally tally;
  for (int n = 0; n < kCases; ++n) {
    const Aabb3<S> a = random_aabb(rng);
    Aabb3<S> b = random_aabb(rng);
    if (rng.chance(0.15)) {  // start near or in contact
      const Vec3<S> shift = (a.min - b.min + rng.point(2)).eval();
      b.min += shift;
      b.max += shift;
    }
    const Vec3<S> va = rng.chance(0.2) ? Vec3<S>::Zero() : rng.point(8);
    Vec3<S> vb;
    if (rng.chance(0.1)) {
      vb = va;
    } else if (rng.chance(0.6)) {  // aim B's corner at a point near A's
      const Vec3<double> offset = dbl(rng.point(3));
      vb = (dbl(va) + aimed(dbl(b.min), dbl(a.min), offset, rng.uniform(0.05, 1.5))).template cast<S>();
    } else {
      vb = rng.point(16);
    }
    if (rng.chance(0.1)) {  // a still axis: v_k = 0
      const int k = int(rng.engine() % 3);
      vb[k] = va[k];
    }
    const auto r = aabb_aabb::sweep(a, va, b, vb);
    EXPECT_EQ(r.state == ContactState::overlapping_at_start, aabb_aabb::test_static(a, b).intersects) << n;

    const LD unit = LD(std::numeric_limits<S>::epsilon()) *
                    std::max({inf_norm(a.min), inf_norm(a.max), inf_norm(b.min), inf_norm(b.max),
                              inf_norm(va), inf_norm(vb), LD(1)});
    const auto gap = [&](LD u) {
      return aabb_gap(ld(a.min) + u * ld(va), ld(a.max) + u * ld(va), ld(b.min) + u * ld(vb),
                      ld(b.max) + u * ld(vb));
    };
    check_sweep(r, gap, unit, tally, n);
    if (r.state != ContactState::separated_throughout) {  // the point is in both boxes
      const LD u = r.first;
      const Vec3<LD> p = ld(r.point);
      EXPECT_LE(aabb_gap(ld(a.min) + u * ld(va), ld(a.max) + u * ld(va), p, p), kBand * unit) << n;
      EXPECT_LE(aabb_gap(ld(b.min) + u * ld(vb), ld(b.max) + u * ld(vb), p, p), kBand * unit) << n;
    }
  }
  tally.print("aabbs");
  tally.expect_hit_rates();
}

template <class S>
Obb3<S> random_obb(Rng<S>& rng, double half) {
  Obb3<S> box;
  std::normal_distribution<double> nd(0, 1);
  Eigen::Quaterniond q(nd(rng.engine), nd(rng.engine), nd(rng.engine), nd(rng.engine));
  const Eigen::Matrix3d m = q.normalized().toRotationMatrix();
  for (int i = 0; i < 3; ++i) {
    box.axes[i] = m.col(i).cast<S>();
    box.extents[i] = rng.chance(0.05) ? S(0) : rng.scalar(0, 3);
  }
  box.center = rng.point(half);
  return box;
}

TYPED_TEST(Gomez, RandomObbSegmentAgreesWithDistanceSearch) {
  // Truth: in the coordinates y of the box's own parallelepiped (p = C + Σ y_i A_i,
  // solved in long double, no orthonormality assumed) the box is |y_i| ≤ a_i,
  // and gap = min over the segment of max_i (|y_i| − a_i), a convex function of
  // the segment parameter found by ternary search.
  using S = TypeParam;
  Rng<S> rng{std::mt19937_64(test_seed(0x5e9a5004))};
  Tally tally;
  long hits = 0;
  for (int n = 0; n < kCases; ++n) {
    const Obb3<S> box = random_obb(rng, 4);
    Segment3<S> s{rng.point(6), rng.point(6)};
    if (rng.chance(0.5)) {  // a short segment near the box
      s.p0 = box.center + rng.point(2);
      s.p1 = s.p0 + rng.point(3);
    }
    if (rng.chance(0.05)) s.p1 = s.p0;  // a point
    const auto r = obb_segment::test_static(box, s);
    hits += r.intersects;
    EXPECT_EQ(obb_segment::test_static(s, box).axis, r.axis) << "swapped order, case " << n;

    Eigen::Matrix<LD, 3, 3> m;
    for (int i = 0; i < 3; ++i) m.col(i) = ld(box.axes[i]);
    const Eigen::Matrix<LD, 3, 3> inv = m.inverse();
    const Vec3<LD> y0 = inv * (ld(s.p0) - ld(box.center)), y1 = inv * (ld(s.p1) - ld(box.center));
    const auto clearance = [&](LD t) {
      const Vec3<LD> y = y0 + t * (y1 - y0);
      LD g = -std::numeric_limits<LD>::infinity();
      for (int i = 0; i < 3; ++i) g = std::max(g, std::fabs(y[i]) - LD(box.extents[i]));
      return g;
    };
    LD lo = 0, hi = 1;
    for (int it = 0; it < 200; ++it) {
      const LD m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
      if (clearance(m1) < clearance(m2))
        hi = m2;
      else
        lo = m1;
    }
    const LD g = std::min({clearance(0), clearance(1), clearance((lo + hi) / 2)});

    const LD unit = LD(std::numeric_limits<S>::epsilon()) *
                    std::max({inf_norm(box.center), inf_norm(s.p0), inf_norm(s.p1), LD(3)});
    if (r.intersects != (g <= 0)) tally.worst = std::max(tally.worst, double(std::fabs(g) / unit));
    if (std::fabs(g) <= kBand * unit) {
      ++tally.in_band;
      continue;
    }
    ++tally.judged;
    EXPECT_EQ(r.intersects, g < 0) << "case " << n << " gap " << double(g);
  }
  std::printf("[ segment  ] intersecting %ld of %d; judged %ld, in band %ld; worst wrong side %.3g eps*scale\n",
              hits, kCases, tally.judged, tally.in_band, tally.worst);
  EXPECT_GE(hits, kCases / 5);
  EXPECT_LE(hits, kCases - kCases / 5);
  // A segment through a flat box (a zero extent) has clearance exactly 0: in the band.
  EXPECT_GT(tally.judged, 20L * tally.in_band);
}

TYPED_TEST(Gomez, RandomObbToAabbContainsEveryVertexAndIsTight) {
  using S = TypeParam;
  Rng<S> rng{std::mt19937_64(test_seed(0x5e9a5005))};
  double worst_slack = 0;  // max − extreme vertex, in ε·(|C_k| + E_k)
  for (int n = 0; n < kCases; ++n) {
    Obb3<S> box = random_obb(rng, 100);
    const Aabb3<S> r = obb_to_aabb(box);
    // The vertices by the box's own computation, in long double.
    const Obb3<LD> exact = box.template cast<LD>();
    Vec3<LD> lo = Vec3<LD>::Constant(std::numeric_limits<LD>::infinity()), hi = -lo;
    for (unsigned bits = 0; bits < 8; ++bits) {
      const Vec3<LD> v = exact.vertex(bits);
      for (int k = 0; k < 3; ++k) {
        EXPECT_LE(LD(r.min[k]), v[k]) << "case " << n << " vertex " << bits << " axis " << k;
        EXPECT_LE(v[k], LD(r.max[k])) << "case " << n << " vertex " << bits << " axis " << k;
        lo[k] = std::min(lo[k], v[k]);
        hi[k] = std::max(hi[k], v[k]);
      }
    }
    for (int k = 0; k < 3; ++k) {
      const LD scale = std::fabs(exact.center[k]) + (hi[k] - lo[k]) / 2;
      const LD eps = std::numeric_limits<S>::epsilon();
      const LD slack = std::max(LD(r.max[k]) - hi[k], lo[k] - LD(r.min[k])) / (eps * scale);
      worst_slack = std::max(worst_slack, double(slack));
      EXPECT_LE(slack, 8) << "case " << n << " axis " << k << ": not tight";
    }
  }
  std::printf("[ obb2aabb ] worst slack %.3g eps*(|C|+E) (the outward rounding adds 4)\n", worst_slack);
}

}  // namespace
}  // namespace sepax
