// The 2D rectangles (core/planar/rect_rect.hpp, oracle/exact_rect2.hpp):
// the exact oracle against an independent exact check built on corners and
// orientation predicates (closed segment intersection and point-in-polygon,
// no axis at all), the kernels against the oracle, and the exact first time of
// contact checked by moving the corners in rationals to t* and just before it.
#include "sepax/oracle/exact_rect2.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include <boost/multiprecision/gmp.hpp>

#include "sepax/core/planar/rect_rect.hpp"
#include "sepax/generators/planar.hpp"
#include "sat_test_shapes.hpp"  // test_seed

namespace sepax::oracle {
namespace {

using Exact = boost::multiprecision::mpq_rational;
using P = std::array<Exact, 2>;

Exact orient(const P& a, const P& b, const P& c) {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}
int sign(const Exact& x) { return x > 0 ? 1 : x < 0 ? -1 : 0; }

bool on_segment(const P& a, const P& b, const P& x) {  // x collinear with a, b
  return std::min(a[0], b[0]) <= x[0] && x[0] <= std::max(a[0], b[0]) && std::min(a[1], b[1]) <= x[1] &&
         x[1] <= std::max(a[1], b[1]);
}

/// Closed segments ab and cd meet (points included: a == b is a point).
bool segments_meet(const P& a, const P& b, const P& c, const P& d) {
  const int o1 = sign(orient(a, b, c)), o2 = sign(orient(a, b, d)), o3 = sign(orient(c, d, a)),
            o4 = sign(orient(c, d, b));
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return (o1 == 0 && on_segment(a, b, c)) || (o2 == 0 && on_segment(a, b, d)) ||
         (o3 == 0 && on_segment(c, d, a)) || (o4 == 0 && on_segment(c, d, b));
}

/// Corners in order around the parallelogram, moved by t·v.
std::array<P, 4> corners(const Rect2<double>& r, const Exact& t = 0, const Vec2<double>& v = Vec2<double>::Zero()) {
  std::array<P, 4> out;
  const unsigned order[4] = {0b00, 0b01, 0b11, 0b10};
  for (int k = 0; k < 4; ++k)
    for (int c = 0; c < 2; ++c) {
      Exact x = Exact(r.center[c]) + t * Exact(v[c]);
      for (int i = 0; i < 2; ++i) {
        const Exact e = Exact(r.extents[i]) * Exact(r.axes[i][c]);
        x += (order[k] >> i) & 1u ? e : Exact(-e);
      }
      out[k][c] = x;
    }
  return out;
}

/// x inside or on the convex polygon q of positive area (corners in order).
bool inside(const std::array<P, 4>& q, const P& x) {
  int pos = 0, neg = 0;
  for (int k = 0; k < 4; ++k) {
    const int s = sign(orient(q[k], q[(k + 1) % 4], x));
    pos += s > 0, neg += s < 0;
  }
  return pos == 0 || neg == 0;
}

bool positive_area(const std::array<P, 4>& q) { return orient(q[0], q[1], q[2]) != 0; }

/// Independent exact answer: an edge of one meets an edge of the other, or a
/// corner of one lies in the other.
bool polygons_meet(const std::array<P, 4>& p, const std::array<P, 4>& q) {
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      if (segments_meet(p[i], p[(i + 1) % 4], q[j], q[(j + 1) % 4])) return true;
  return (positive_area(q) && inside(q, p[0])) || (positive_area(p) && inside(p, q[0]));
}

/// Distance between the closed polygons of two disjoint rectangles, in long
/// double from their corners: the least over corner-to-edge distances.
double polygon_distance(const Rect2<double>& a, const Rect2<double>& b) {
  using L = long double;
  auto corner = [](const Rect2<double>& r, int k) {
    const unsigned order[4] = {0b00, 0b01, 0b11, 0b10};
    std::array<L, 2> x{r.center[0], r.center[1]};
    for (int i = 0; i < 2; ++i)
      for (int c = 0; c < 2; ++c) x[c] += ((order[k] >> i) & 1u ? L(1) : L(-1)) * L(r.extents[i]) * L(r.axes[i][c]);
    return x;
  };
  auto point_segment = [](std::array<L, 2> p, std::array<L, 2> s, std::array<L, 2> e) {
    const L dx = e[0] - s[0], dy = e[1] - s[1], len2 = dx * dx + dy * dy;
    L t = len2 > 0 ? ((p[0] - s[0]) * dx + (p[1] - s[1]) * dy) / len2 : 0;
    t = std::clamp(t, L(0), L(1));
    return std::hypot(p[0] - s[0] - t * dx, p[1] - s[1] - t * dy);
  };
  L best = std::numeric_limits<L>::infinity();
  for (const auto& [p, q] : {std::pair{&a, &b}, std::pair{&b, &a}})
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) best = std::min(best, point_segment(corner(*p, i), corner(*q, j), corner(*q, (j + 1) % 4)));
  return double(best);
}

Rect2<double> rect(double cx, double cy, double angle, double e0, double e1) {
  Rect2<double> r;
  r.center = {cx, cy};
  r.axes[0] = {std::cos(angle), std::sin(angle)};
  r.axes[1] = {-std::sin(angle), std::cos(angle)};
  r.extents = {e0, e1};
  return r;
}

TEST(RectRect, HandCases) {
  const Rect2<double> unit = rect(0, 0, 0, 1, 1);
  EXPECT_TRUE(rect_rect_exact(unit, rect(2, 0, 0, 1, 1)));    // touching along x = 1
  EXPECT_FALSE(rect_rect_exact(unit, rect(2.5, 0, 0, 1, 1)));  // gap 1/2
  EXPECT_TRUE(rect_rect_exact(unit, rect(2, 2, 0, 1, 1)));    // corner to corner
  EXPECT_TRUE(rect_rect_exact(unit, rect(0, 0, 0, 0, 0)));    // a point inside
  EXPECT_TRUE(rect_rect_exact(unit, rect(1, 0, 0, 0, 3)));    // a segment on the edge
  EXPECT_FALSE(rect_rect_exact(rect(0, 0, 0, 1, 0), rect(0, 0.5, 0, 1, 0)));  // parallel segments
  for (const auto& [a, b] : {std::pair{unit, rect(2, 0, 0, 1, 1)}, std::pair{unit, rect(2.5, 0, 0, 1, 1)}}) {
    EXPECT_EQ(rect_rect::test_static(a, b).intersects, rect_rect_exact(a, b));
    EXPECT_EQ(rect_rect::test_static(a.cast<float>(), b.cast<float>()).intersects, rect_rect_exact(a, b));
  }
  // b slides in from x = 5 at speed 1: touches at t = 2 (gap 2).
  const LinearMotion2<double> m{{0, 0}, {-1, 0}, 4};
  const ExactRectContact c = rect_rect_first_contact(unit, rect(4, 0, 0, 1, 1), m);
  EXPECT_EQ(c.state, ContactState::first_contact);
  EXPECT_EQ(c.time_exact, "2");
  EXPECT_EQ(rect_rect_first_contact(unit, rect(4, 0, 0, 1, 1), {{0, 0}, {-1, 0}, 1.5}).state,
            ContactState::separated_throughout);
  EXPECT_EQ(rect_rect_first_contact(unit, rect(4, 3, 0, 1, 1), m).state, ContactState::separated_throughout);
  EXPECT_EQ(rect_rect_first_contact(unit, rect(1, 0, 0, 1, 1), m).state, ContactState::overlapping_at_start);
  const auto k = rect_rect::find_first_contact(unit, rect(4, 0, 0, 1, 1), m);
  EXPECT_EQ(k.state, ContactState::first_contact);
  EXPECT_EQ(k.time, 2.0);
}

TEST(RectRect, MarginHandCases) {
  const Rect2<double> unit = rect(0, 0, 0, 1, 1);
  const double l = 2 * std::sqrt(2.0);  // the larger diagonal
  EXPECT_EQ(rect_reference_length(unit, rect(0, 0, 0, 0, 0)), l);
  EXPECT_EQ(rect_reference_length(rect(0, 0, 0, 0, 0), rect(1, 1, 0, 0, 0)), 1.0);  // two points
  EXPECT_EQ(rect_rect_margin(unit, rect(2, 0, 0, 1, 1)), 0.0);          // touching
  EXPECT_DOUBLE_EQ(rect_rect_margin(unit, rect(2.5, 0, 0, 1, 1)), 0.5 / l);  // gap 1/2 along x
  EXPECT_DOUBLE_EQ(rect_rect_margin(unit, rect(1, 0.5, 0, 1, 1)), -1.0 / l);  // overlaps 1 in x, 1.5 in y
  EXPECT_DOUBLE_EQ(rect_rect_margin(unit, rect(3, 4, 0, 1, 1)), 2.0 / l);    // the larger of the gaps 1 and 2
  // Bands: 64·u·M over ℓ for exact frames, larger in float.
  const double band_d = rect_boundary_tolerance(unit, rect(2, 0, 0, 1, 1), ScalarKind::float64);
  EXPECT_DOUBLE_EQ(band_d, 64 * 0x1p-53 * (2 + 2 * l) / l);
  EXPECT_GT(rect_boundary_tolerance(unit, rect(2, 0, 0, 1, 1), ScalarKind::float32), band_d * 1e8);
}

struct RandomPairs {
  std::mt19937_64 rng;
  explicit RandomPairs(std::uint64_t seed) : rng(seed) {}
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
  Rect2<double> next(int i) {
    // Every fourth a degenerate (zero extent), every third axis-aligned (parallel edges).
    const double angle = i % 3 == 0 ? 0 : uniform(0, 6.3);
    return rect(uniform(-2, 2), uniform(-2, 2), angle, i % 4 == 0 ? 0 : uniform(0, 1.5), uniform(0, 1.5));
  }
};

TEST(RectRect, OracleAgreesWithCornersAndKernelsAgreeWithOracle) {
  const std::uint64_t seed = test::test_seed(21);
  RandomPairs g(seed);
  int meet = 0, apart = 0, kernel_off = 0;
  for (int i = 0; i < 4000; ++i) {
    const Rect2<double> a = g.next(i), b = g.next(i + 1);
    SCOPED_TRACE(testing::Message() << "case " << i << " (SEPAX_SEED=" << seed << ")");
    const bool exact = rect_rect_exact(a, b);
    ASSERT_EQ(exact, polygons_meet(corners(a), corners(b)));
    (exact ? meet : apart)++;
    // The double kernel rounds; where it disagrees the exact gap must be tiny.
    if (rect_rect::test_static(a, b).intersects != exact) ++kernel_off;
    // The margin's sign is the verdict's; when apart it is a lower bound on the
    // distance between the corners' polygons, within √2 of it (rectangles:
    // the Minkowski difference's normals are at most 90° apart).
    const double margin = rect_rect_margin(a, b);
    ASSERT_EQ(margin <= 0, exact) << margin;
    if (!exact) {
      const double d = polygon_distance(a, b) / rect_reference_length(a, b);
      ASSERT_LE(margin, d * (1 + 1e-12) + 1e-15);
      ASSERT_GE(margin * std::sqrt(2.0) * (1 + 1e-12) + 1e-15, d);
    }
  }
  // Both answers occur often enough for the agreement to mean something.
  EXPECT_GT(meet, 800);
  EXPECT_GT(apart, 800);
  EXPECT_LE(kernel_off, 2) << "random pairs are almost never within rounding of touching";
}

TEST(RectRect, ExactFirstContactIsWhenTheCornersFirstMeet) {
  const std::uint64_t seed = test::test_seed(22);
  RandomPairs g(seed);
  int firsts = 0;
  for (int i = 0; i < 1500; ++i) {
    const Rect2<double> a = g.next(i), b = g.next(i + 2);
    const LinearMotion2<double> m{{g.uniform(-2, 2), g.uniform(-2, 2)}, {g.uniform(-2, 2), g.uniform(-2, 2)},
                                  g.uniform(0, 3)};
    SCOPED_TRACE(testing::Message() << "case " << i << " (SEPAX_SEED=" << seed << ")");
    const ExactRectContact c = rect_rect_first_contact(a, b, m);
    const auto at = [&](const Exact& t) {
      return polygons_meet(corners(a, t, m.velocity_a), corners(b, t, m.velocity_b));
    };
    const Exact T(m.duration);
    if (c.state == ContactState::separated_throughout) {
      // Sampled: never meeting at 0, T and 64 times between.
      for (int s = 0; s <= 64; ++s) ASSERT_FALSE(at(T * s / 64)) << s;
      continue;
    }
    const Exact t(c.time_exact);
    ASSERT_TRUE(at(t));
    if (c.state == ContactState::overlapping_at_start) {
      ASSERT_EQ(t, 0);
      continue;
    }
    ++firsts;
    ASSERT_FALSE(at(0));
    ASSERT_FALSE(at(t * (1 - Exact(1, 1 << 20))));  // just before t*
    const auto k = rect_rect::find_first_contact(a, b, m);
    EXPECT_EQ(k.state, ContactState::first_contact);
    EXPECT_NEAR(k.time, c.time, 1e-12 * (1 + m.duration));
  }
  EXPECT_GT(firsts, 100);
}

/// Touching exactly: along one edge normal the corners' projections of A and
/// B meet in a single value (and the closed sets share it).
bool touching_exactly(const Rect2<double>& a, const Rect2<double>& b) {
  const auto pa = corners(a), pb = corners(b);
  for (const Rect2<double>* r : {&a, &b})
    for (int i = 0; i < 2; ++i) {
      const P n{Exact(-r->axes[i][1]), Exact(r->axes[i][0])};
      Exact amin, amax, bmin, bmax;
      for (int k = 0; k < 4; ++k) {
        const Exact x = n[0] * pa[k][0] + n[1] * pa[k][1], y = n[0] * pb[k][0] + n[1] * pb[k][1];
        if (k == 0 || x < amin) amin = x;
        if (k == 0 || x > amax) amax = x;
        if (k == 0 || y < bmin) bmin = y;
        if (k == 0 || y > bmax) bmax = y;
      }
      if (amax == bmin || bmax == amin) return true;
    }
  return false;
}

TEST(RectFamilies, ValidRepresentableAndTouchingExactly) {
  const std::uint64_t seed = test::test_seed(23);
  for (ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64})
    for (gen::Family family : gen::planar_families()) {
      gen::SeededSource src(seed);
      int meet = 0;
      const int n = 600;
      for (int i = 0; i < n; ++i) {
        const gen::RectPair p = gen::generate_rect_pair(family, scalar, src);
        SCOPED_TRACE(testing::Message() << gen::to_string(family) << (scalar == ScalarKind::float32 ? " float" : " double")
                                        << " case " << i << " (SEPAX_SEED=" << seed << ")");
        for (const Rect2<double>* r : {&p.a, &p.b}) {
          for (double x : {r->center[0], r->center[1], r->axes[0][0], r->axes[0][1], r->extents[0], r->extents[1]}) {
            ASSERT_TRUE(std::isfinite(x));
            if (scalar == ScalarKind::float32) {
              ASSERT_EQ(double(float(x)), x);
            }
          }
          ASSERT_GE(r->extents[0], 0);
          ASSERT_GE(r->extents[1], 0);
          ASSERT_EQ(r->axes[1][0], -r->axes[0][1]);  // A1 = perp(A0): orthogonal exactly
          ASSERT_EQ(r->axes[1][1], r->axes[0][0]);
          ASSERT_NEAR(r->axes[0].squaredNorm(), 1.0, axis_tolerance(scalar));
        }
        const bool exact = rect_rect_exact(p.a, p.b);
        ASSERT_EQ(exact, polygons_meet(corners(p.a), corners(p.b)));
        meet += exact;
        if (family == gen::Family::touching) {
          ASSERT_TRUE(exact);
          ASSERT_TRUE(touching_exactly(p.a, p.b));
        }
      }
      // Each family makes both answers (touching: only "meet"), or its checks test nothing.
      if (family == gen::Family::touching) continue;
      EXPECT_GT(meet, n / 20) << gen::to_string(family);
      EXPECT_LT(meet, n - n / 20) << gen::to_string(family);
    }
  gen::SeededSource src(seed);
  EXPECT_THROW(gen::generate_rect_pair(gen::Family::coplanar, ScalarKind::float64, src), std::invalid_argument);
}

TEST(RectMotionFamilies, TouchingFirstTouchesAtTheConstructedTimeExactly) {
  const std::uint64_t seed = test::test_seed(29);
  for (ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64})
    for (gen::Family family : gen::planar_motion_families()) {
      gen::SeededSource src(seed);
      int first_contacts = 0;
      const int n = 400;
      for (int i = 0; i < n; ++i) {
        const gen::RectMotionCase m = gen::generate_rect_motion(family, scalar, src);
        SCOPED_TRACE(testing::Message() << gen::to_string(family) << (scalar == ScalarKind::float32 ? " float" : " double")
                                        << " case " << i << " (SEPAX_SEED=" << seed << ")");
        if (scalar == ScalarKind::float32) {
          for (double x : {m.a.center[0], m.a.center[1], m.b.center[0], m.b.center[1], m.motion.velocity_a[0],
                           m.motion.velocity_a[1], m.motion.velocity_b[0], m.motion.velocity_b[1]}) {
            ASSERT_EQ(double(float(x)), x);
          }
        }
        const ExactRectContact e = rect_rect_first_contact(m.a, m.b, m.motion);
        first_contacts += e.state == ContactState::first_contact;
        if (family == gen::Family::touching) {
          ASSERT_EQ(e.state, ContactState::first_contact);
          ASSERT_EQ(e.time, m.contact_time);  // j/8: exact in double, so equal as rounded
          // Independently: at t* the corners' polygons meet, a 2^-20 of the frame before they do not.
          const Exact t = Exact(m.contact_time);
          ASSERT_TRUE(polygons_meet(corners(m.a, t, m.motion.velocity_a), corners(m.b, t, m.motion.velocity_b)));
          const Exact before = t - Exact(1) / Exact(1 << 20);
          ASSERT_FALSE(polygons_meet(corners(m.a, before, m.motion.velocity_a),
                                     corners(m.b, before, m.motion.velocity_b)));
        }
      }
      // Every family makes first contacts often enough for their times to be judged.
      EXPECT_GT(first_contacts, n / 5) << gen::to_string(family);
    }
}

}  // namespace
}  // namespace sepax::oracle
