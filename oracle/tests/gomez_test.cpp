// The exact answers for Gomez's tests and sweeps (exact_gomez.hpp): hand
// cases with rational roots; on random sweeps the exact first times checked by
// exact signs of the squared gap at their neighbouring doubles (independent of
// the root formula), the AABB sweep by the exact static overlap at sampled
// times; Gomez's kernels (core/simple/) against them.
#include "sepax/oracle/exact_gomez.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include <boost/multiprecision/gmp.hpp>

#include "sepax/core/simple/aabb_aabb.hpp"
#include "sepax/core/simple/aabb_sphere.hpp"
#include "sepax/core/simple/obb_segment.hpp"
#include "sepax/core/simple/obb_to_aabb.hpp"
#include "sepax/core/simple/sphere_plane.hpp"
#include "sepax/core/shapes/validate_simple.hpp"
#include "sepax/core/simple/sphere_sphere.hpp"
#include "sepax/generators/gomez.hpp"
#include "sepax/oracle/margin.hpp"
#include "sepax/core/shapes/validate.hpp"
#include "sat_test_shapes.hpp"  // test_seed

namespace sepax::oracle {
namespace {

TEST(SphereSweepExact, RationalRoots) {
  // B at x = 5 moving by −4: f(u) = 16u² − 40u + 21, roots 3/4 and 7/4.
  const Sphere3<double> a{{0, 0, 0}, 1}, b{{5, 0, 0}, 1};
  const ExactSweep s = sphere_sphere_sweep_exact(a, {0, 0, 0}, b, {-4, 0, 0});
  EXPECT_EQ(s.state, ContactState::first_contact);
  EXPECT_EQ(s.first, 0.75);
  EXPECT_EQ(s.last, 1.0);
  EXPECT_EQ(sphere_sphere_gap_sign(a, {0, 0, 0}, b, {-4, 0, 0}, 0.75), 0);
  // Stopping short (by −2: gap 1 left), starting inside, grazing exactly (closest approach 2 = R).
  EXPECT_EQ(sphere_sphere_sweep_exact(a, {0, 0, 0}, b, {-2, 0, 0}).state, ContactState::separated_throughout);
  EXPECT_EQ(sphere_sphere_sweep_exact(a, {0, 0, 0}, Sphere3<double>{{1, 0, 0}, 1}, {9, 0, 0}).state,
            ContactState::overlapping_at_start);
  const ExactSweep graze = sphere_sphere_sweep_exact(a, {0, 0, 0}, Sphere3<double>{{4, 2, 0}, 1}, {-8, 0, 0});
  EXPECT_EQ(graze.state, ContactState::first_contact);
  EXPECT_EQ(graze.first, 0.5);
  EXPECT_EQ(graze.last, 0.5);
  EXPECT_EQ(sphere_sphere_sweep_exact(a, {0, 0, 0}, Sphere3<double>{{4, 2.0000001, 0}, 1}, {-8, 0, 0}).state,
            ContactState::separated_throughout);
}

struct Sweep {
  Sphere3<double> a, b;
  Vec3<double> da, db;
};

Sweep random_sweep(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(-1, 1), r(0, 1.5);
  Sweep s;
  s.a = {{u(rng), u(rng), u(rng)}, r(rng)};
  s.b = {{4 * u(rng), 4 * u(rng), 4 * u(rng)}, r(rng)};
  // B heads roughly at A, so that most sweeps meet somewhere in the frame.
  s.da = {u(rng), u(rng), u(rng)};
  s.db = (s.a.center - s.b.center) * (1.5 * (u(rng) + 1)) + Vec3<double>(u(rng), u(rng), u(rng));
  return s;
}

/// The exact sweep `e` against exact signs of its gap: never touching at 65
/// sampled times when separated throughout; touching at 0 when overlapping at
/// start; else apart at 0 and, for a simple root rounded to nearest, apart one
/// double before the first time and overlapping one double after it (when the
/// contact lasts longer than a few ulps). Returns whether that last check ran.
template <class Sign>
bool check_against_signs(const ExactSweep& e, Sign sign) {
  if (e.state == ContactState::separated_throughout) {
    for (int k = 0; k <= 32; ++k) EXPECT_EQ(sign(k / 32.0), 1) << k;
    return false;
  }
  if (e.state == ContactState::overlapping_at_start) {
    EXPECT_LE(sign(0), 0);
    return false;
  }
  EXPECT_EQ(sign(0), 1);
  if (!(e.first > 0 && e.last - e.first > 8 * std::numeric_limits<double>::epsilon())) return false;
  EXPECT_EQ(sign(std::nextafter(e.first, 0.0)), 1);
  EXPECT_EQ(sign(std::nextafter(e.first, 2.0)), -1);
  return true;
}

TEST(SphereSweepExact, SignedDistancesAlongTheSweep) {
  // Head on: centres 4 apart closing at 8, radii 1/2 each: the distance
  // between the balls is 3 − 8u until the centres pass at u = 1/2.
  const Sphere3<double> a{{0, 0, 0}, 0.5}, b{{4, 0, 0}, 0.5};
  const Vec3<double> da(2, 0, 0), db(-6, 0, 0);
  EXPECT_EQ(sphere_sphere_gap_at(a, da, b, db, 0), 3.0);
  EXPECT_EQ(sphere_sphere_gap_at(a, da, b, db, 0.375), 0.0);  // touching: exactly 0
  EXPECT_EQ(sphere_sphere_gap_at(a, da, b, db, 0.25), 1.0);
  EXPECT_EQ(sphere_sphere_gap_at(a, da, b, db, 0.5), -1.0);    // concentric
  EXPECT_EQ(sphere_sphere_min_gap(a, da, b, db), -1.0);        // at u = 1/2
  // Passing by at a closest distance of 5 between the centres (minimiser u = 1/4).
  const Sphere3<double> c{{-1, 5, 0}, 1};
  EXPECT_DOUBLE_EQ(sphere_sphere_min_gap(a, Vec3<double>::Zero(), c, Vec3<double>(4, 0, 0)), 5.0 - 1.5);
  // Moving apart: the least distance is at the start.
  EXPECT_EQ(sphere_sphere_min_gap(a, Vec3<double>::Zero(), b, Vec3<double>(1, 0, 0)), 3.0);
}

TEST(AabbSphereExact, GapsAndTheTouchingFamily) {
  const Aabb3<double> box{{0, 0, 0}, {2, 2, 2}};
  EXPECT_EQ(aabb_sphere_gap(box, Sphere3<double>{{5, 1, 1}, 1}), 2.0);   // across a face
  EXPECT_EQ(aabb_sphere_gap(box, Sphere3<double>{{5, 6, 1}, 5}), 0.0);   // an edge, 3-4-5: touching
  EXPECT_DOUBLE_EQ(aabb_sphere_gap(box, Sphere3<double>{{4, 5, 8}, 5}), 2.0);  // a corner, (2,3,6): 7 − 5
  EXPECT_EQ(aabb_sphere_gap(box, Sphere3<double>{{1, 1, 1}, 0.5}), -0.5);  // centre inside: −r
  const std::uint64_t seed = test::test_seed(31);
  for (ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64})
    for (gen::SphereFamily family : gen::box_sphere_families()) {
      gen::SeededSource src(seed);
      int meets = 0;
      const int n = 1000;
      for (int i = 0; i < n; ++i) {
        const gen::BoxSpherePair p = gen::generate_box_sphere(family, scalar, src);
        SCOPED_TRACE(testing::Message() << gen::to_string(family) << " case " << i << " (SEPAX_SEED=" << seed << ")");
        for (int k = 0; k < 3; ++k) ASSERT_LE(p.box.min[k], p.box.max[k]);
        ASSERT_GE(p.sphere.radius, 0);
        if (scalar == ScalarKind::float32) {
          for (double x : {p.box.min[0], p.box.max[1], p.sphere.center[2], p.sphere.radius}) {
            ASSERT_EQ(double(float(x)), x);
          }
        }
        const bool exact = aabb_sphere_exact(p.box, p.sphere);
        meets += exact;
        // The gap's sign is the exact answer's.
        ASSERT_EQ(aabb_sphere_gap(p.box, p.sphere) <= 0, exact);
        if (family == gen::SphereFamily::touching) {
          ASSERT_TRUE(exact);
          ASSERT_EQ(aabb_sphere_gap(p.box, p.sphere), 0.0);  // touching exactly, not overlapping
        }
      }
      if (family != gen::SphereFamily::touching) {
        EXPECT_GT(meets, n / 10) << gen::to_string(family);
        EXPECT_LT(meets, n - n / 10) << gen::to_string(family);
      }
    }
}

TEST(SphereSweepExact, RootsBracketedByExactSigns) {
  const std::uint64_t seed = test::test_seed(41);
  std::mt19937_64 rng(seed);
  int firsts = 0, checked = 0;
  for (int i = 0; i < 3000; ++i) {
    const Sweep s = random_sweep(rng);
    SCOPED_TRACE(testing::Message() << "case " << i << " (SEPAX_SEED=" << seed << ")");
    const ExactSweep e = sphere_sphere_sweep_exact(s.a, s.da, s.b, s.db);
    const auto sign = [&](double u) { return sphere_sphere_gap_sign(s.a, s.da, s.b, s.db, u); };
    firsts += e.state == ContactState::first_contact;
    checked += check_against_signs(e, sign);
    if (HasFailure()) return;
  }
  EXPECT_GT(firsts, 500);
  EXPECT_GT(checked, 500);
}

TEST(SphereSweepExact, GomezKernelAgreesAwayFromGrazing) {
  const std::uint64_t seed = test::test_seed(42);
  std::mt19937_64 rng(seed);
  int states_off = 0, firsts = 0;
  for (int i = 0; i < 3000; ++i) {
    const Sweep s = random_sweep(rng);
    SCOPED_TRACE(testing::Message() << "case " << i << " (SEPAX_SEED=" << seed << ")");
    const ExactSweep e = sphere_sphere_sweep_exact(s.a, s.da, s.b, s.db);
    const SweepResult<double> k = sphere_sphere::sweep(s.a, s.da, s.b, s.db);
    if (k.state != e.state) {
      ++states_off;
      continue;
    }
    if (e.state != ContactState::first_contact) continue;
    ++firsts;
    // Well-conditioned contacts (lasting 1e-6 of the frame or more): times to 1e-9.
    if (e.last - e.first > 1e-6) { EXPECT_NEAR(k.first, e.first, 1e-9); }
  }
  EXPECT_LE(states_off, 3) << "random sweeps are almost never within rounding of grazing or touching";
  EXPECT_GT(firsts, 500);
}

TEST(SpherePlaneExact, HandCasesAndTheScaledPlane) {
  const Sphere3<double> s{{0, 0, 5}, 1};
  // |5 − 8u| ≤ 1 for u in [1/2, 3/4]; the plane 2z = 0 is the same plane.
  for (const Plane3<double>& plane : {Plane3<double>{{0, 0, 1}, 0}, Plane3<double>{{0, 0, 2}, 0}}) {
    const ExactSweep e = sphere_plane_sweep_exact(s, {0, 0, -8}, plane);
    EXPECT_EQ(e.state, ContactState::first_contact);
    EXPECT_EQ(e.first, 0.5);
    EXPECT_EQ(e.last, 0.75);
    const SweepResult<double> k = sphere_plane::sweep(s, {0, 0, -8}, plane);
    EXPECT_EQ(k.state, ContactState::first_contact);
    EXPECT_EQ(k.first, 0.5);
  }
  EXPECT_EQ(sphere_plane_sweep_exact(s, {0, 0, -3.5}, Plane3<double>{{0, 0, 1}, 0}).state,
            ContactState::separated_throughout);
  EXPECT_EQ(sphere_plane_sweep_exact(s, {0, 0, -4}, Plane3<double>{{0, 0, 1}, 0}).state,
            ContactState::first_contact);  // touches at u = 1 exactly
  EXPECT_EQ(sphere_plane_sweep_exact(s, {0, 0, 0}, Plane3<double>{{0, 0, 1}, 4}).state,
            ContactState::overlapping_at_start);
}

TEST(SpherePlaneExact, RootsBracketedAndKernelAgrees) {
  const std::uint64_t seed = test::test_seed(43);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  int firsts = 0, states_off = 0;
  for (int i = 0; i < 3000; ++i) {
    const Vec3<double> n = Vec3<double>(u(rng), u(rng), u(rng)).normalized();
    const Plane3<double> plane{n, u(rng)};
    const Sphere3<double> s{{3 * u(rng), 3 * u(rng), 3 * u(rng)}, 0.5 * (u(rng) + 1)};
    const Vec3<double> d = -4 * u(rng) * n + Vec3<double>(u(rng), u(rng), u(rng));
    SCOPED_TRACE(testing::Message() << "case " << i << " (SEPAX_SEED=" << seed << ")");
    const ExactSweep e = sphere_plane_sweep_exact(s, d, plane);
    const auto sign = [&](double t) { return sphere_plane_gap_sign(s, d, plane, t); };
    firsts += e.state == ContactState::first_contact;
    check_against_signs(e, sign);
    if (HasFailure()) return;
    const SweepResult<double> k = sphere_plane::sweep(s, d, plane);
    if (k.state != e.state) {
      ++states_off;
      continue;
    }
    if (e.state == ContactState::first_contact && e.last - e.first > 1e-6) { EXPECT_NEAR(k.first, e.first, 1e-9); }
  }
  EXPECT_GT(firsts, 500);
  EXPECT_LE(states_off, 3);
}

TEST(AabbSweepExact, WindowsCheckedByStaticOverlapAtSampledTimes) {
  const std::uint64_t seed = test::test_seed(44);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  const auto box = [&](double scale) {
    const Vec3<double> c(scale * u(rng), scale * u(rng), scale * u(rng));
    const Vec3<double> e(0.5 * (u(rng) + 1), 0.5 * (u(rng) + 1), 0.5 * (u(rng) + 1));
    return Aabb3<double>{c - e, c + e};
  };
  // At a sampled time, exactly: do A + t·da and B + t·db overlap? (Boost rationals.)
  using Q = boost::multiprecision::mpq_rational;
  const auto overlap_at = [](const Aabb3<double>& a, const Vec3<double>& da, const Aabb3<double>& b,
                             const Vec3<double>& db, const Q& t) {
    for (int k = 0; k < 3; ++k)
      if (Q(a.min[k]) + t * Q(da[k]) > Q(b.max[k]) + t * Q(db[k]) ||
          Q(b.min[k]) + t * Q(db[k]) > Q(a.max[k]) + t * Q(da[k]))
        return false;
    return true;
  };
  int firsts = 0, states_off = 0;
  for (int i = 0; i < 2000; ++i) {
    const Aabb3<double> a = box(1), b = box(4);
    const Vec3<double> da(u(rng), u(rng), u(rng));
    const Vec3<double> db = 1.5 * (u(rng) + 1) * (0.5 * (a.min + a.max) - 0.5 * (b.min + b.max)) + Vec3<double>(u(rng), u(rng), u(rng));
    SCOPED_TRACE(testing::Message() << "case " << i << " (SEPAX_SEED=" << seed << ")");
    const ExactSweep e = aabb_aabb_sweep_exact(a, da, b, db);
    firsts += e.state == ContactState::first_contact;
    for (int s = 0; s <= 64; ++s) {
      const double t = s / 64.0;
      const bool inside = e.state != ContactState::separated_throughout && e.first < t && t < e.last;
      const bool outside = e.state == ContactState::separated_throughout || t < e.first || t > e.last;
      if (inside) { ASSERT_TRUE(overlap_at(a, da, b, db, Q(t))) << t; }
      if (outside) { ASSERT_FALSE(overlap_at(a, da, b, db, Q(t))) << t; }
    }
    const SweepResult<double> k = aabb_aabb::sweep(a, da, b, db);
    if (k.state != e.state) {
      ++states_off;
      continue;
    }
    if (e.state == ContactState::first_contact) { EXPECT_NEAR(k.first, e.first, 1e-12); }
  }
  EXPECT_GT(firsts, 400);
  EXPECT_LE(states_off, 3);
}

TEST(AabbSphereExact, ArvoAgrees) {
  const Aabb3<double> unit{{-1, -1, -1}, {1, 1, 1}};
  EXPECT_TRUE(aabb_sphere_exact(unit, {{2, 0, 0}, 1}));   // touching a face
  EXPECT_FALSE(aabb_sphere_exact(unit, {{2, 2, 0}, 1}));  // √2 from an edge, radius 1
  EXPECT_TRUE(aabb_sphere_exact(unit, {{2, 2, 2}, std::sqrt(3.0) + 1e-9}));
  EXPECT_FALSE(aabb_sphere_exact(unit, {{2, 2, 2}, 1.7}));  // √3 ≈ 1.732 from the corner
  EXPECT_TRUE(aabb_sphere_exact(unit, {{0, 0, 0}, 0}));    // a point inside
  const std::uint64_t seed = test::test_seed(45);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  int meet = 0, off = 0;
  for (int i = 0; i < 5000; ++i) {
    const Sphere3<double> s{{3 * u(rng), 3 * u(rng), 3 * u(rng)}, u(rng) + 1};
    const bool exact = aabb_sphere_exact(unit, s);
    meet += exact;
    off += aabb_sphere::test_static(unit, s) != exact;
  }
  EXPECT_GT(meet, 1000);
  EXPECT_LT(meet, 4000);
  EXPECT_LE(off, 2);
}

Obb3<double> random_box(std::mt19937_64& rng, double spread) {
  std::uniform_real_distribution<double> u(-1, 1);
  const Eigen::Quaterniond q = Eigen::Quaterniond(u(rng), u(rng), u(rng), u(rng)).normalized();
  const Eigen::Matrix3d r = q.toRotationMatrix();
  Obb3<double> b;
  b.center = {spread * u(rng), spread * u(rng), spread * u(rng)};
  for (int i = 0; i < 3; ++i) {
    b.axes[i] = r.col(i);
    b.extents[i] = 0.5 * (u(rng) + 1);
  }
  return b;
}

TEST(ObbSegmentExact, HandCasesAndGomezKernel) {
  Obb3<double> unit;
  unit.extents = {1, 1, 1};
  EXPECT_TRUE(obb_segment_exact(unit, {{2, 0, 0}, {1, 0, 0}}));     // ends on a face
  EXPECT_FALSE(obb_segment_exact(unit, {{2, 0, 0}, {1.5, 0, 0}}));
  EXPECT_TRUE(obb_segment_exact(unit, {{-3, 1, 1}, {3, 1, 1}}));     // along an edge
  EXPECT_FALSE(obb_segment_exact(unit, {{0, 3, 0}, {3, 0, 0.0}}));   // passes the edge x = y = 1 at distance √2/2·1
  EXPECT_TRUE(obb_segment_exact(unit, {{0, 2, 0}, {2, 0, 0}}));      // through the edge's point (1, 1, 0)
  EXPECT_TRUE(obb_segment_exact(unit, {{0.5, 0, 0}, {0.5, 0, 0}}));  // a point inside
  const std::uint64_t seed = test::test_seed(46);
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  int meet = 0, off = 0;
  for (int i = 0; i < 3000; ++i) {
    const Obb3<double> box = random_box(rng, 1);
    const Segment3<double> s{{2 * u(rng), 2 * u(rng), 2 * u(rng)}, {2 * u(rng), 2 * u(rng), 2 * u(rng)}};
    const bool exact = obb_segment_exact(box, s);
    meet += exact;
    off += obb_segment::test_static(box, s).intersects != exact;
  }
  EXPECT_GT(meet, 300);
  EXPECT_LT(meet, 2700);
  EXPECT_LE(off, 2);
}

TEST(SegmentFamilies, TouchingIsExactParallelIsNearAndHitRatesMeanSomething) {
  const std::uint64_t seed = test::test_seed(52);
  for (ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64})
    for (gen::SegmentFamily family : gen::segment_families()) {
      gen::SeededSource src(seed);
      int meet = 0, near = 0;
      const int n = 600;
      for (int i = 0; i < n; ++i) {
        SCOPED_TRACE(testing::Message() << gen::to_string(family) << " " << to_string(scalar) << " case " << i
                                        << " (SEPAX_SEED=" << seed << ")");
        const gen::BoxSegmentPair p = gen::generate_box_segment(family, scalar, src);
        ASSERT_FALSE(validate(p.box, "box", axis_tolerance(scalar)).has_value());
        for (const Vec3<double>& v : {p.box.center, p.segment.p0, p.segment.p1})
          for (double x : v)
            if (scalar == ScalarKind::float32) { ASSERT_EQ(double(float(x)), x); }
        if (family == gen::SegmentFamily::point) { ASSERT_EQ(p.segment.p0, p.segment.p1); }
        ShapePair pair;
        pair.query = Query::tri_obb;
        pair.tri_a.vertices = {p.segment.p0, p.segment.p1, p.segment.p1};
        pair.obb_b = p.box;
        const bool exact = obb_segment_exact(p.box, p.segment);
        meet += exact;
        if (family == gen::SegmentFamily::touching) {  // on the surface, not inside
          ASSERT_TRUE(exact);
          ASSERT_EQ(relative_margin(pair, true), 0);
        }
        if (family == gen::SegmentFamily::parallel) near += std::abs(relative_margin(pair, exact)) < 1e-6;
      }
      if (family != gen::SegmentFamily::touching) {
        EXPECT_GT(meet, n / 5) << gen::to_string(family);
        EXPECT_LT(meet, n - n / 5) << gen::to_string(family);
      }
      if (family == gen::SegmentFamily::parallel) { EXPECT_GT(near, n / 5); }
    }
}

TEST(ObbToAabbExact, ContainsTheBoxAndIsTightWithinRounding) {
  const std::uint64_t seed = test::test_seed(47);
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 3000; ++i) {
    const Obb3<double> box = random_box(rng, i % 2 ? 1 : 1e6);
    SCOPED_TRACE(testing::Message() << "case " << i << " (SEPAX_SEED=" << seed << ")");
    const Aabb3<double> a = obb_to_aabb(box);
    ASSERT_TRUE(aabb_contains_obb_exact(a, box));
    // Outward rounding: a few ulps of the box's size, no more.
    ASSERT_LE(aabb_excess(a, box), 16 * std::numeric_limits<double>::epsilon());
  }
  // A box the AABB misses by one ulp is caught.
  Obb3<double> unit;
  unit.extents = {1, 1, 1};
  const Aabb3<double> tight{{-1, -1, -1}, {1, 1, 1}}, short_by_one{{-1, -1, -1}, {1, 1, std::nextafter(1.0, 0.0)}};
  EXPECT_TRUE(aabb_contains_obb_exact(tight, unit));
  EXPECT_EQ(aabb_excess(tight, unit), 0.0);
  EXPECT_FALSE(aabb_contains_obb_exact(short_by_one, unit));
}

TEST(SphereFamilies, TouchingAndGrazingAreExactAndHitRatesMeanSomething) {
  const std::uint64_t seed = test::test_seed(48);
  for (ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64})
    for (gen::SphereFamily family : gen::sphere_families()) {
      gen::SeededSource src(seed);
      int meet = 0, firsts = 0;
      const int n = 1000;
      for (int i = 0; i < n; ++i) {
        SCOPED_TRACE(testing::Message() << gen::to_string(family) << " case " << i << " (SEPAX_SEED=" << seed << ")");
        const gen::SpherePair p = gen::generate_sphere_pair(family, scalar, src);
        for (const Sphere3<double>* s : {&p.a, &p.b}) {
          ASSERT_GE(s->radius, 0);
          for (double x : {s->center[0], s->center[1], s->center[2], s->radius}) {
            ASSERT_TRUE(std::isfinite(x));
            if (scalar == ScalarKind::float32) { ASSERT_EQ(double(float(x)), x); }
          }
        }
        const bool touch_exactly = sphere_sphere_gap_sign(p.a, {0, 0, 0}, p.b, {0, 0, 0}, 0) == 0;
        meet += sphere_sphere_gap_sign(p.a, {0, 0, 0}, p.b, {0, 0, 0}, 0) <= 0;
        if (family == gen::SphereFamily::touching || family == gen::SphereFamily::grazing) { ASSERT_TRUE(touch_exactly); }
        const gen::SphereSweepCase c = gen::generate_sphere_sweep(family, scalar, src);
        const ExactSweep e = sphere_sphere_sweep_exact(c.a, c.da, c.b, c.db);
        firsts += e.state == ContactState::first_contact;
        if (c.contact_time >= 0) {
          // First contact at exactly the constructed time; grazing: only then.
          ASSERT_EQ(e.state, ContactState::first_contact);
          ASSERT_EQ(e.first, c.contact_time);
          ASSERT_EQ(sphere_sphere_gap_sign(c.a, c.da, c.b, c.db, c.contact_time), 0);
          if (family == gen::SphereFamily::grazing) { ASSERT_EQ(e.last, c.contact_time); }
        }
      }
      if (family == gen::SphereFamily::random || family == gen::SphereFamily::scale) {
        EXPECT_GT(meet, n / 20) << gen::to_string(family);
        EXPECT_LT(meet, n - n / 20) << gen::to_string(family);
        EXPECT_GT(firsts, n / 10) << gen::to_string(family);
      }
    }
}

TEST(SpherePlaneFamilies, ValidExactAndHitRatesMeanSomething) {
  const std::uint64_t seed = test::test_seed(49);
  for (ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64})
    for (gen::SphereFamily family : gen::sphere_plane_families()) {
      gen::SeededSource src(seed);
      int meet = 0, firsts = 0;
      const int n = 1000;
      for (int i = 0; i < n; ++i) {
        SCOPED_TRACE(testing::Message() << gen::to_string(family) << " case " << i << " (SEPAX_SEED=" << seed << ")");
        const gen::SpherePlaneCase p = gen::generate_sphere_plane(family, scalar, src, false);
        const double tolerance = scalar == ScalarKind::float32 ? 1e-5 : 1e-9;
        ASSERT_FALSE(validate(p.plane, "plane", tolerance));
        ASSERT_GE(p.sphere.radius, 0);
        for (double x : {p.sphere.center[0], p.sphere.center[1], p.sphere.center[2], p.sphere.radius, p.plane.offset,
                         p.plane.normal[0], p.plane.normal[1], p.plane.normal[2]}) {
          ASSERT_TRUE(std::isfinite(x));
          if (scalar == ScalarKind::float32) { ASSERT_EQ(double(float(x)), x); }
        }
        const int sign = sphere_plane_gap_sign(p.sphere, {0, 0, 0}, p.plane, 0);
        meet += sign <= 0;
        if (family == gen::SphereFamily::touching || family == gen::SphereFamily::grazing) { ASSERT_EQ(sign, 0); }
        const gen::SpherePlaneCase c = gen::generate_sphere_plane(family, scalar, src, true);
        const ExactSweep e = sphere_plane_sweep_exact(c.sphere, c.displacement, c.plane);
        firsts += e.state == ContactState::first_contact;
        if (c.contact_time > 0) {  // first contact at exactly the constructed time
          ASSERT_EQ(e.state, ContactState::first_contact);
          ASSERT_EQ(e.first, c.contact_time);
          ASSERT_EQ(sphere_plane_gap_sign(c.sphere, c.displacement, c.plane, c.contact_time), 0);
        } else if (c.contact_time == 0) {  // sliding along the plane, touching it all the frame
          ASSERT_EQ(e.state, ContactState::overlapping_at_start);
          ASSERT_EQ(sphere_plane_gap_sign(c.sphere, c.displacement, c.plane, 0), 0);
          ASSERT_EQ(sphere_plane_gap_sign(c.sphere, c.displacement, c.plane, 1), 0);
        }
      }
      if (family == gen::SphereFamily::random || family == gen::SphereFamily::scale) {
        EXPECT_GT(meet, n / 20) << gen::to_string(family);
        EXPECT_LT(meet, n - n / 20) << gen::to_string(family);
        EXPECT_GT(firsts, n / 10) << gen::to_string(family);
      }
    }
}

TEST(AabbFamilies, TouchingAndGrazingAreExactAndHitRatesMeanSomething) {
  const std::uint64_t seed = test::test_seed(50);
  for (ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64})
    for (gen::SphereFamily family : gen::aabb_families()) {
      gen::SeededSource src(seed);
      int meet = 0, firsts = 0;
      const int n = 1000;
      for (int i = 0; i < n; ++i) {
        SCOPED_TRACE(testing::Message() << gen::to_string(family) << " case " << i << " (SEPAX_SEED=" << seed << ")");
        const gen::AabbPairCase p = gen::generate_aabb_pair(family, scalar, src, false);
        for (const Aabb3<double>* b : {&p.a, &p.b})
          for (int k = 0; k < 3; ++k) {
            ASSERT_LE(b->min[k], b->max[k]);
            for (double x : {b->min[k], b->max[k]})
              if (scalar == ScalarKind::float32) { ASSERT_EQ(double(float(x)), x); }
          }
        const Vec3<double> zero = Vec3<double>::Zero();
        const double gap = aabb_aabb_gap_at(p.a, zero, p.b, zero, 0);
        meet += gap <= 0;
        if (family == gen::SphereFamily::touching || family == gen::SphereFamily::grazing) { ASSERT_EQ(gap, 0); }
        const gen::AabbPairCase c = gen::generate_aabb_pair(family, scalar, src, true);
        const ExactSweep e = aabb_aabb_sweep_exact(c.a, c.da, c.b, c.db);
        firsts += e.state == ContactState::first_contact;
        if (c.contact_time > 0) {  // first contact at exactly the constructed time, touching then
          ASSERT_EQ(e.state, ContactState::first_contact);
          ASSERT_EQ(e.first, c.contact_time);
          ASSERT_EQ(aabb_aabb_gap_at(c.a, c.da, c.b, c.db, c.contact_time), 0);
        } else if (c.contact_time == 0) {  // sliding along a face from a touching start
          ASSERT_EQ(e.state, ContactState::overlapping_at_start);
          ASSERT_EQ(aabb_aabb_gap_at(c.a, c.da, c.b, c.db, 0), 0);
        }
      }
      if (family == gen::SphereFamily::random || family == gen::SphereFamily::scale) {
        EXPECT_GT(meet, n / 20) << gen::to_string(family);
        EXPECT_LT(meet, n - n / 20) << gen::to_string(family);
        EXPECT_GT(firsts, n / 10) << gen::to_string(family);
      }
    }
}

TEST(AabbSweepExact, SeparationAlongTheSweep) {
  // Unit boxes 3 apart on x, B moving by −4 on x: apart by 3 at u = 0,
  // touching at u = 3/4, overlapping by 1 at u = 1.
  const Aabb3<double> a{{0, 0, 0}, {1, 1, 1}}, b{{4, 0, 0}, {5, 1, 1}};
  const Vec3<double> zero = Vec3<double>::Zero(), v(-4, 0, 0);
  EXPECT_EQ(aabb_aabb_gap_at(a, zero, b, v, 0), 3);
  EXPECT_EQ(aabb_aabb_gap_at(a, zero, b, v, 0.75), 0);
  EXPECT_EQ(aabb_aabb_gap_at(a, zero, b, v, 1), -1);
  EXPECT_EQ(aabb_aabb_min_gap(a, zero, b, v), -1);
  // Passing beside A at a height of 2 on y: least separation 1, at every u where x overlaps.
  const Aabb3<double> c{{4, 2, 0}, {5, 3, 1}};
  EXPECT_EQ(aabb_aabb_min_gap(a, zero, c, Vec3<double>(-8, 0, 0)), 1);
}

TEST(SpherePlaneExact, DistancesAlongTheSweep) {
  // A unit ball at height 5 above z = 0 moving down by 8: 4 apart at u = 0,
  // touching at u = 1/2, least distance −1 (centre in the plane) at u = 5/8.
  const Sphere3<double> s{{0, 0, 5}, 1};
  const Plane3<double> plane{{0, 0, 1}, 0};
  EXPECT_DOUBLE_EQ(sphere_plane_gap_at(s, {0, 0, -8}, plane, 0), 4);
  EXPECT_EQ(sphere_plane_gap_at(s, {0, 0, -8}, plane, 0.5), 0);
  EXPECT_DOUBLE_EQ(sphere_plane_min_gap(s, {0, 0, -8}, plane), -1);
  EXPECT_DOUBLE_EQ(sphere_plane_min_gap(s, {0, 0, 1}, plane), 4);  // moving away: least at u = 0
}

}  // namespace
}  // namespace sepax::oracle
