// The exact sphere–sphere sweep (exact_sphere_sweep.hpp): a hand case with
// rational roots; on random sweeps the exact first and last times checked by
// exact signs of the squared gap at their neighbouring doubles (independent of
// the root formula); Gomez's sweep kernel (core/simple/sphere_sphere.hpp)
// against it.
#include "sepax/oracle/exact_sphere_sweep.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "sepax/core/simple/sphere_sphere.hpp"
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

TEST(SphereSweepExact, RootsBracketedByExactSigns) {
  const std::uint64_t seed = test::test_seed(41);
  std::mt19937_64 rng(seed);
  int firsts = 0, checked = 0;
  for (int i = 0; i < 3000; ++i) {
    const Sweep s = random_sweep(rng);
    SCOPED_TRACE(testing::Message() << "case " << i << " (SEPAX_SEED=" << seed << ")");
    const ExactSweep e = sphere_sphere_sweep_exact(s.a, s.da, s.b, s.db);
    const auto sign = [&](double u) { return sphere_sphere_gap_sign(s.a, s.da, s.b, s.db, u); };
    if (e.state == ContactState::separated_throughout) {
      for (int k = 0; k <= 32; ++k) ASSERT_EQ(sign(k / 32.0), 1) << k;
      continue;
    }
    if (e.state == ContactState::overlapping_at_start) {
      ASSERT_LE(sign(0), 0);
      continue;
    }
    ++firsts;
    ASSERT_EQ(sign(0), 1);
    // A simple root rounded to nearest: apart one double before it, overlapping
    // one double after it (when the contact lasts longer than a few ulps).
    if (e.first > 0 && e.last - e.first > 8 * std::numeric_limits<double>::epsilon()) {
      ++checked;
      ASSERT_EQ(sign(std::nextafter(e.first, 0.0)), 1);
      ASSERT_EQ(sign(std::nextafter(e.first, 2.0)), -1);
    }
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
    if (e.last - e.first > 1e-6) EXPECT_NEAR(k.first, e.first, 1e-9);
  }
  EXPECT_LE(states_off, 3) << "random sweeps are almost never within rounding of grazing or touching";
  EXPECT_GT(firsts, 500);
}

}  // namespace
}  // namespace sepax::oracle
