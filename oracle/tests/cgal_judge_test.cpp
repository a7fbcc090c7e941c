// Oracle 2 (cgal_judge.cpp): verdicts on pairs known by construction
// (cgal_test_cases.hpp), in both orders and under every vertex order of the
// triangles; then a seeded random agreement test with the exact distance
// (qp_distance.cpp), checked against bounds computed independently in double
// (sampled point pairs above, support-function gaps below), which also
// prints the cost per query of both oracles.
//
// Replay the random test with SEPAX_SEED=<seed> (printed at start).
#include "sepax/oracle/cgal_judge.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "cgal_test_cases.hpp"
#include "qp/qp_distance.hpp"

namespace sepax::oracle {
namespace {

using test::KnownCase;
using V = Vec3<double>;

class KnownVerdict : public ::testing::TestWithParam<KnownCase> {};
class KnownVerdictWithTriangles : public ::testing::TestWithParam<KnownCase> {};

TEST_P(KnownVerdict, MatchesConstructionInBothOrders) {
  const KnownCase& c = GetParam();
  EXPECT_EQ(cgal_intersects(c.pair), c.intersects);
  EXPECT_EQ(cgal_intersects(test::swapped(c.pair)), c.intersects);
}

// The degenerate-triangle routing must not depend on which stored vertex is
// the middle one or the repeated one.
TEST_P(KnownVerdictWithTriangles, IndependentOfTriangleVertexOrder) {
  const KnownCase& c = GetParam();
  std::array<int, 3> order{0, 1, 2};
  do {
    ShapePair p = c.pair;
    for (int k = 0; k < 3; ++k) p.tri_a.vertices[k] = c.pair.tri_a.vertices[order[k]];
    EXPECT_EQ(cgal_intersects(p), c.intersects)
        << "tri_a order " << order[0] << order[1] << order[2];
    if (c.pair.query == Query::tri_tri) {
      p = c.pair;
      for (int k = 0; k < 3; ++k) p.tri_b.vertices[k] = c.pair.tri_b.vertices[order[k]];
      EXPECT_EQ(cgal_intersects(p), c.intersects)
          << "tri_b order " << order[0] << order[1] << order[2];
    }
  } while (std::next_permutation(order.begin(), order.end()));
}

std::vector<KnownCase> cases_with_triangles() {
  std::vector<KnownCase> out;
  for (const KnownCase& c : test::known_cases())
    if (c.pair.query != Query::obb_obb) out.push_back(c);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Constructed, KnownVerdict, ::testing::ValuesIn(test::known_cases()),
                         [](const auto& info) { return info.param.name; });
INSTANTIATE_TEST_SUITE_P(Constructed, KnownVerdictWithTriangles,
                         ::testing::ValuesIn(cases_with_triangles()),
                         [](const auto& info) { return info.param.name; });

// ---------------------------------------------------------------------------
// Random pairs. Two families per query:
//  - continuous: random rotations (axes rounded, so not exactly orthonormal),
//    centers and sizes such that a quarter to a half of the pairs intersect; some boxes
//    flat;
//  - grid: every coordinate a multiple of 1/2 in a small range, axes either a
//    permuted frame or the non-unit (1,1,0)/(−1,1,0) pair: many exactly
//    touching, coplanar, collinear and repeated-vertex cases.

class PairSampler {
 public:
  explicit PairSampler(std::uint64_t seed) : rng_(seed) {}

  ShapePair sample(Query q, bool grid) {
    ShapePair p;
    p.query = q;
    // Center spread per query so that a quarter to a half intersect.
    spread_ = q == Query::obb_obb ? 1.0 : q == Query::tri_obb ? 0.7 : 0.3;
    switch (q) {
      case Query::obb_obb:
        p.obb_a = grid ? grid_box() : box();
        p.obb_b = grid ? grid_box() : box();
        break;
      case Query::tri_obb:
        p.tri_a = grid ? grid_triangle() : triangle();
        p.obb_b = grid ? grid_box() : box();
        break;
      case Query::tri_tri:
        p.tri_a = grid ? grid_triangle() : triangle();
        p.tri_b = grid ? grid_triangle() : triangle();
        break;
    }
    return p;
  }

  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng_);
  }

 private:
  V uniform_vec(double lo, double hi) {
    return V(uniform(lo, hi), uniform(lo, hi), uniform(lo, hi));
  }
  int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  double half_step(int lo, int hi) { return 0.5 * integer(lo, hi); }

  Obb3d box() {
    Obb3d b;
    b.center = uniform_vec(-spread_, spread_);
    // A random unit quaternion (normalized in double: the axes come out
    // orthonormal only to rounding, which the exact sets must tolerate).
    Eigen::Quaterniond r(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
    r.normalize();
    const Eigen::Matrix3d m = r.toRotationMatrix();
    for (int i = 0; i < 3; ++i) {
      b.axes[i] = m.col(i);
      b.extents[i] = integer(0, 9) == 0 ? 0.0 : uniform(0.1, 0.8);
    }
    return b;
  }

  Triangle3d triangle() {
    const V center = uniform_vec(-spread_, spread_);
    Triangle3d t;
    for (auto& v : t.vertices) v = center + uniform_vec(-0.8, 0.8);
    return t;
  }

  Obb3d grid_box() {
    Obb3d b;
    b.center = V(half_step(-3, 3), half_step(-3, 3), half_step(-3, 3));
    if (integer(0, 2) == 0) {  // square rotated 45° about z, axes of length √2
      b.axes = {V(1, 1, 0), V(-1, 1, 0), V(0, 0, 1)};
    } else {
      std::array<int, 3> perm{0, 1, 2};
      std::shuffle(perm.begin(), perm.end(), rng_);
      for (int i = 0; i < 3; ++i) b.axes[i] = V::Unit(perm[i]);
    }
    for (double& e : b.extents) e = half_step(0, 3);
    return b;
  }

  Triangle3d grid_triangle() {
    Triangle3d t;
    for (auto& v : t.vertices) v = V(half_step(-4, 4), half_step(-4, 4), half_step(-3, 3));
    if (integer(0, 3) == 0) t.vertices[2] = t.vertices[integer(0, 1)];  // repeated vertex
    if (integer(0, 3) == 0)
      t.vertices[1] = 2.0 * t.vertices[0] - t.vertices[2];  // collinear, exact
    return t;
  }

  std::mt19937_64 rng_;
  double spread_ = 1;
};

// --- independent double-precision bounds on the distance ---------------------

std::vector<V> directions_of(const ShapePair& p, bool a) {
  std::vector<V> d;
  const bool is_box = a ? p.query == Query::obb_obb : p.query != Query::tri_tri;
  if (is_box) {
    const Obb3d& b = a ? p.obb_a : p.obb_b;
    for (const V& axis : b.axes) d.push_back(axis);
  } else {
    const Triangle3d& t = a ? p.tri_a : p.tri_b;
    for (int i = 0; i < 3; ++i) d.push_back(t.vertices[(i + 1) % 3] - t.vertices[i]);
  }
  return d;
}

/// [min, max] of x·u over one set.
std::array<double, 2> projection(const ShapePair& p, bool a, const V& u) {
  const bool is_box = a ? p.query == Query::obb_obb : p.query != Query::tri_tri;
  if (is_box) {
    const Obb3d& b = a ? p.obb_a : p.obb_b;
    double r = 0;
    for (int i = 0; i < 3; ++i) r += b.extents[i] * std::abs(b.axes[i].dot(u));
    const double c = b.center.dot(u);
    return {c - r, c + r};
  }
  const Triangle3d& t = a ? p.tri_a : p.tri_b;
  const double x0 = t.vertices[0].dot(u), x1 = t.vertices[1].dot(u), x2 = t.vertices[2].dot(u);
  return {std::min({x0, x1, x2}), std::max({x0, x1, x2})};
}

/// Largest gap between the projections over the SAT-like candidate
/// directions (edges/axes of each set, their pairwise cross products, the
/// triangles' normals). Any direction's gap is a lower bound of the distance.
double largest_gap(const ShapePair& p) {
  const std::vector<V> da = directions_of(p, true), db = directions_of(p, false);
  std::vector<V> candidates(da);
  candidates.insert(candidates.end(), db.begin(), db.end());
  for (const V& x : da)
    for (const V& y : db) candidates.push_back(x.cross(y));
  for (const std::vector<V>* d : {&da, &db})
    for (const V& x : *d)
      for (const V& y : *d) candidates.push_back(x.cross(y));
  double best = -INFINITY;
  for (const V& u : candidates) {
    const double n = u.norm();
    if (n < 1e-9) continue;
    const auto pa = projection(p, true, u), pb = projection(p, false, u);
    best = std::max(best, std::max(pb[0] - pa[1], pa[0] - pb[1]) / n);
  }
  return best;
}

/// A point of one set from parameters in [0,1]^3 (boxes) or barycentric weights.
V point_of(const ShapePair& p, bool a, PairSampler& s) {
  const bool is_box = a ? p.query == Query::obb_obb : p.query != Query::tri_tri;
  if (is_box) {
    const Obb3d& b = a ? p.obb_a : p.obb_b;
    V x = b.center;
    for (int i = 0; i < 3; ++i) x += s.uniform(-1, 1) * b.extents[i] * b.axes[i];
    return x;
  }
  const Triangle3d& t = a ? p.tri_a : p.tri_b;
  double w0 = s.uniform(0, 1), w1 = s.uniform(0, 1);
  if (w0 + w1 > 1) w0 = 1 - w0, w1 = 1 - w1;
  return t.vertices[0] + w0 * (t.vertices[1] - t.vertices[0]) +
         w1 * (t.vertices[2] - t.vertices[0]);
}

/// Smallest distance between sampled points of the two sets (an upper bound).
double sampled_distance(const ShapePair& p, PairSampler& s) {
  double best = INFINITY;
  for (int k = 0; k < 256; ++k)
    best = std::min(best, (point_of(p, true, s) - point_of(p, false, s)).norm());
  return best;
}

std::uint64_t seed_from_environment() {
  const char* text = std::getenv("SEPAX_SEED");
  return text ? std::strtoull(text, nullptr, 10) : 20240611u;
}

/// True when a triangle of the pair is a segment or a point (decided in
/// double, which is exact for the grid family's small half-integers).
bool has_degenerate_triangle(const ShapePair& p) {
  auto degenerate = [](const Triangle3d& t) {
    return (t.vertices[1] - t.vertices[0]).cross(t.vertices[2] - t.vertices[0]).isZero(0);
  };
  switch (p.query) {
    case Query::obb_obb:
      return false;
    case Query::tri_obb:
      return degenerate(p.tri_a);
    case Query::tri_tri:
      return degenerate(p.tri_a) || degenerate(p.tri_b);
  }
  return false;
}

struct FamilyStats {
  int pairs = 0, intersecting = 0, degenerate = 0;
  double judge_seconds = 0, distance_seconds = 0;
};

class RandomAgreement : public ::testing::TestWithParam<Query> {};

TEST_P(RandomAgreement, JudgeAgreesWithExactDistanceAndDoubleBounds) {
  const Query query = GetParam();
  const std::uint64_t seed = seed_from_environment();
  std::printf(
      "[ seed     ] SEPAX_SEED=%llu (replay: SEPAX_SEED=%llu oracle_cgal_tests "
      "--gtest_filter='*RandomAgreement*')\n",
      static_cast<unsigned long long>(seed), static_cast<unsigned long long>(seed));
  PairSampler sampler(seed + static_cast<std::uint64_t>(query));
  constexpr int kPairsPerFamily = 200;
  constexpr double kSlack = 1e-9;  // double rounding in the bounds, unit-size shapes
  using Clock = std::chrono::steady_clock;

  for (const bool grid : {false, true}) {
    FamilyStats stats;
    for (int i = 0; i < kPairsPerFamily; ++i) {
      const ShapePair pair = sampler.sample(query, grid);
      const auto t0 = Clock::now();
      const bool intersects = cgal_intersects(pair);
      const auto t1 = Clock::now();
      const double distance = detail::separation_distance(pair);
      const auto t2 = Clock::now();
      stats.judge_seconds += std::chrono::duration<double>(t1 - t0).count();
      stats.distance_seconds += std::chrono::duration<double>(t2 - t1).count();
      ++stats.pairs;
      stats.intersecting += intersects;
      stats.degenerate += has_degenerate_triangle(pair);

      SCOPED_TRACE(::testing::Message()
                   << (grid ? "grid" : "continuous") << " pair #" << i << " seed " << seed);
      ASSERT_EQ(intersects, distance == 0) << "distance " << distance;
      const double gap = largest_gap(pair);
      EXPECT_GE(distance, gap - kSlack) << "a direction separates farther than the distance";
      if (!intersects) {
        EXPECT_LE(distance, sampled_distance(pair, sampler) + kSlack);
      }
    }
    // A random test that never hits one side tests nothing (STYLE.md, Jolt).
    EXPECT_GE(stats.intersecting, stats.pairs / 10) << "too few intersecting pairs";
    EXPECT_LE(stats.intersecting, stats.pairs * 9 / 10) << "too few separated pairs";
    if (grid && query != Query::obb_obb) {
      EXPECT_GE(stats.degenerate, stats.pairs / 5) << "too few segment or point triangles";
    }
    std::printf(
        "[ cost     ] %s %-10s n=%d intersecting=%d degenerate=%d  cgal_intersects %.1f us  "
        "separation_distance %.1f us\n",
        std::string(to_string(query)).c_str(), grid ? "grid" : "continuous", stats.pairs,
        stats.intersecting, stats.degenerate, 1e6 * stats.judge_seconds / stats.pairs,
        1e6 * stats.distance_seconds / stats.pairs);
  }
}

INSTANTIATE_TEST_SUITE_P(Queries, RandomAgreement,
                         ::testing::Values(Query::obb_obb, Query::tri_obb, Query::tri_tri),
                         [](const auto& info) { return std::string(to_string(info.param)); });

}  // namespace
}  // namespace sepax::oracle
