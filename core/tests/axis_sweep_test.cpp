// AxisSweep's runner-up axes (axis_sweep.hpp): the axes whose entry time is
// within rounding of the last separating axis's, offered to the contact point
// when the last axis's features do not meet.
#include <gtest/gtest.h>

#include <vector>

#include "sepax/core/moving/axis_sweep.hpp"

namespace sepax::detail {
namespace {

/// An axis (direction (1, k, 0)) along which b, moving at w = 1 toward a's
/// [−1, 1], enters at time `enter`: b_hi = −1 − enter (enter = (a_lo − b_hi)/w),
/// and b is long, so that it stays overlapping to the end. b comes from below,
/// so the normal from a toward b is −direction.
void add_entry(AxisSweep<double>& sweep, int k, double enter, double noise) {
  const Vec3<double> dir(1.0, double(k), 0.0);
  const double b_hi = -1 - enter;
  sweep.add({AxisKind::face_a, std::uint8_t(k % 3), 0}, dir, -1, 1, b_hi - 1000, b_hi, 1.0, noise, 0.0);
}

TEST(AxisSweep, RunnersUpAreTheOtherAxesEnteringWithinRoundingOfTheLast) {
  AxisSweep<double> sweep(100.0);
  // Entries 1, 2, …, 10 (noise 1e-12): the last is 10, and nothing else is within rounding.
  for (int k = 1; k <= 10; ++k) add_entry(sweep, k, double(k), 1e-12);
  std::vector<Vec3<double>> runners;
  sweep.for_each_runner_up([&](const Vec3<double>& n) { runners.push_back(n); });
  EXPECT_TRUE(runners.empty());
  // Two more entering within 1e-13 of the last: both offered, latest first.
  add_entry(sweep, 11, 10.0 - 1e-13, 1e-12);
  add_entry(sweep, 12, 10.0 - 2e-13, 1e-12);
  sweep.for_each_runner_up([&](const Vec3<double>& n) { runners.push_back(n); });
  ASSERT_GE(runners.size(), 2u);
  EXPECT_EQ(runners[0][1], -11.0);
  EXPECT_EQ(runners[1][1], -12.0);
  for (const Vec3<double>& n : runners) EXPECT_NE(n, Vec3<double>::Zero()) << "an unset entry was offered";
}

TEST(AxisSweep, OnlyTheLatestEightAreKeptWhateverTheOrder) {
  AxisSweep<double> sweep(100.0);
  // Latest first, then many earlier ones: none of the earlier may push out a later one.
  add_entry(sweep, 1, 50.0, 1e-12);
  add_entry(sweep, 2, 50.0 - 1e-13, 1e-12);
  for (int k = 3; k <= 30; ++k) add_entry(sweep, k, 50.0 - double(k), 1e-12);
  std::vector<Vec3<double>> runners;
  sweep.for_each_runner_up([&](const Vec3<double>& n) { runners.push_back(n); });
  ASSERT_EQ(runners.size(), 1u);
  EXPECT_EQ(runners[0][1], -2.0);
}

}  // namespace
}  // namespace sepax::detail
