// FCL's sphere tests (peers/sphere_peers.hpp) against the exact answers of
// oracle/exact_gomez.hpp on the sphere families: exact wherever the answer is
// clear by 1e-9 of the size; at exact contact (the touching family) FCL's
// square root decides, which is counted and printed, not judged.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "sepax/generators/gomez.hpp"
#include "sepax/oracle/exact_gomez.hpp"
#include "sepax/peers/sphere_peers.hpp"

namespace sepax::peers {
namespace {

TEST(FclSpheres, ExactWhereverTheAnswerIsClear) {
  std::uint64_t seed = 32;
  if (const char* s = std::getenv("SEPAX_SEED")) seed = std::strtoull(s, nullptr, 10);
  gen::SeededSource src(seed);
  int clear = 0, meet = 0, touching = 0, touching_called_meeting = 0;
  for (gen::SphereFamily family : gen::sphere_families())
    for (int i = 0; i < 2000; ++i) {
      const gen::SpherePair p = gen::generate_sphere_pair(family, ScalarKind::float64, src);
      const bool exact = oracle::sphere_sphere_gap_sign(p.a, {0, 0, 0}, p.b, {0, 0, 0}, 0) <= 0;
      const bool fcl = fcl_sphere_sphere(p.a, p.b);
      const double gap = (p.b.center - p.a.center).norm() - (p.a.radius + p.b.radius);
      const double size = p.a.radius + p.b.radius + (p.b.center - p.a.center).norm();
      if (std::abs(gap) > 1e-9 * size) {
        ++clear;
        meet += exact;
        ASSERT_EQ(fcl, exact) << gen::to_string(family) << " case " << i << " (SEPAX_SEED=" << seed << ")";
      } else if (oracle::sphere_sphere_gap_sign(p.a, {0, 0, 0}, p.b, {0, 0, 0}, 0) == 0) {
        ++touching;
        touching_called_meeting += fcl;
      }
    }
  std::printf("fcl spheres: %d clear (%d meeting), %d exactly touching, of which FCL called %d meeting\n", clear, meet,
              touching, touching_called_meeting);
  EXPECT_GT(clear, 3000);
  EXPECT_GT(meet, 300);  // random pairs meet about one time in ten
  EXPECT_GT(clear - meet, 500);
  EXPECT_GT(touching, 1000);
}

TEST(FclSpheres, AabbSphereExactWhereverClear) {
  std::uint64_t seed = 33;
  gen::SeededSource src(seed);
  const Aabb3<double> box{{-1, -0.5, -2}, {1, 0.5, 0.25}};
  int clear = 0, meet = 0;
  for (int i = 0; i < 4000; ++i) {
    const Sphere3<double> s{{src.uniform(-3, 3), src.uniform(-3, 3), src.uniform(-3, 3)}, src.uniform(0, 1.5)};
    const bool exact = oracle::aabb_sphere_exact(box, s);
    // Distance from the centre to the box, in double: clear when 1e-9 away from r.
    double d2 = 0;
    for (int k = 0; k < 3; ++k) {
      const double g = std::max({box.min[k] - s.center[k], 0.0, s.center[k] - box.max[k]});
      d2 += g * g;
    }
    if (std::abs(std::sqrt(d2) - s.radius) < 1e-9) continue;
    ++clear;
    meet += exact;
    ASSERT_EQ(fcl_aabb_sphere(box, s), exact) << "case " << i << " (seed " << seed << ")";
  }
  EXPECT_GT(clear, 3900);
  EXPECT_GT(meet, 500);
  EXPECT_GT(clear - meet, 500);
}

}  // namespace
}  // namespace sepax::peers
