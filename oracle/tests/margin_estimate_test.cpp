// The margin estimate used to bin cases in reports (margin_estimate.hpp):
// against the exact margin (margin.hpp) on random pairs of every query —
// equal, up to rounding, for overlapping pairs (the penetration depth), never
// above it for separated ones — and on cases known by hand.
#include "sepax/oracle/margin_estimate.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include <Eigen/Geometry>

#include "sat_test_shapes.hpp"
#include "sepax/oracle/exact_sat.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::oracle {
namespace {

using namespace test;

TEST(MarginEstimate, KnownCases) {
  const Obb3d cube = box({0, 0, 0}, {1, 1, 1});
  const double size = 2 * std::sqrt(3.0);
  // Overlap 0.25 along x: depth 0.25. Apart by 0.5 along x: distance 0.5.
  EXPECT_NEAR(estimated_margin(obb_obb(cube, box({1.75, 0, 0}, {1, 1, 1})), true), -0.25 / size, 1e-15);
  EXPECT_NEAR(estimated_margin(obb_obb(cube, box({2.5, 0, 0}, {1, 1, 1})), false), 0.5 / size, 1e-15);
  // Touching faces: 0, whatever the sign asked for.
  EXPECT_EQ(estimated_margin(obb_obb(cube, box({2, 0, 0}, {1, 1, 1})), true), 0.0);
}

TEST(MarginEstimate, DepthEqualsExactAndDistanceNeverExceedsIt) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> position(-1.5, 1.5), extent(0.2, 1.2);
  const auto rotation = [&] {
    Eigen::Quaterniond q(normal(rng), normal(rng), normal(rng), normal(rng));
    q.normalize();
    return q.toRotationMatrix();
  };
  const auto random_box = [&] {
    Obb3d b;
    const Eigen::Matrix3d r = rotation();
    for (int i = 0; i < 3; ++i) b.axes[i] = r.col(i), b.extents[i] = extent(rng);
    b.center = {position(rng), position(rng), position(rng)};
    return b;
  };
  const auto random_tri = [&] {
    return tri({position(rng), position(rng), position(rng)}, {position(rng), position(rng), position(rng)},
               {position(rng), position(rng), position(rng)});
  };
  int overlapping = 0, separated = 0, equal_distance = 0;
  for (int k = 0; k < 300; ++k) {
    ShapePair p;
    switch (k % 3) {
      case 0: p = obb_obb(random_box(), random_box()); break;
      case 1: p = tri_obb(random_tri(), random_box()); break;
      default: p = tri_tri(random_tri(), random_tri()); break;
    }
    const bool hit = sat_filtered(p).intersects;
    const double exact = relative_margin(p, hit);
    const double estimate = estimated_margin(p, hit);
    if (hit) {
      ++overlapping;
      EXPECT_NEAR(estimate, exact, 1e-12 + 1e-9 * std::abs(exact)) << "case " << k;
    } else {
      ++separated;
      EXPECT_GT(estimate, 0.0) << "case " << k;
      EXPECT_LE(estimate, exact * (1 + 1e-9)) << "case " << k;
      equal_distance += std::abs(estimate - exact) <= 1e-9 * exact;
    }
  }
  // Both kinds occur; face–vertex closest features make some estimates exact.
  EXPECT_GT(overlapping, 30);
  EXPECT_GT(separated, 30);
  EXPECT_GT(equal_distance, 0);
}

}  // namespace
}  // namespace sepax::oracle
