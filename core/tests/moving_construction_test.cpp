// Moving kernels on configurations whose answer is known by construction
// (exact dyadic numbers). The randomized comparison with the exact time-of-
// contact oracle lives in properties/.
#include <gtest/gtest.h>

#include "sepax/core/moving/obb_obb_moving.hpp"

namespace sepax {
namespace {

template <class S>
class MovingKernels : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(MovingKernels, Scalars);

template <class S>
Obb3<S> box(S cx, S cy, S cz, S ex = S(1), S ey = S(1), S ez = S(1)) {
  Obb3<S> b;
  b.center = {cx, cy, cz};
  b.extents = {ex, ey, ez};
  return b;
}

template <class S>
LinearMotion<S> motion_b(S vx, S vy, S vz, S T) {
  return {Vec3<S>::Zero(), Vec3<S>(vx, vy, vz), T};
}

TYPED_TEST(MovingKernels, HeadOnApproachTouchesAtTheExactTime) {
  using S = TypeParam;
  const auto a = box<S>(0, 0, 0), b = box<S>(3, 0, 0);
  // Gap 1 closed at speed 1: contact at t = 1, on a's face x = 1.
  const auto r = obb_obb::find_first_contact(a, b, motion_b<S>(-1, 0, 0, 2));
  ASSERT_EQ(r.state, ContactState::first_contact);
  EXPECT_EQ(r.time, S(1));
  EXPECT_EQ(r.axis, (SeparatingAxis{AxisKind::face_a, 0, 0}));
  EXPECT_EQ(r.point[0], S(1));
  EXPECT_LE(std::abs(r.point[1]), S(1));
  EXPECT_LE(std::abs(r.point[2]), S(1));
  EXPECT_TRUE(obb_obb::test_moving(a, b, motion_b<S>(-1, 0, 0, 2)).intersects);
  // Contact exactly at t = T, and just after it.
  EXPECT_EQ(obb_obb::find_first_contact(a, b, motion_b<S>(-1, 0, 0, 1)).state,
            ContactState::first_contact);
  EXPECT_TRUE(obb_obb::test_moving(a, b, motion_b<S>(-1, 0, 0, 1)).intersects);
  EXPECT_EQ(obb_obb::find_first_contact(a, b, motion_b<S>(-1, 0, 0, S(0.5))).state,
            ContactState::separated_throughout);
  EXPECT_FALSE(obb_obb::test_moving(a, b, motion_b<S>(-1, 0, 0, S(0.5))).intersects);
  // The same motion given to a instead (only W matters).
  const LinearMotion<S> mover_a{Vec3<S>(1, 0, 0), Vec3<S>::Zero(), S(2)};
  EXPECT_EQ(obb_obb::find_first_contact(a, b, mover_a).time, S(1));
}

TYPED_TEST(MovingKernels, TouchingAtStartZeroVelocityAndZeroDuration) {
  using S = TypeParam;
  const auto a = box<S>(0, 0, 0);
  EXPECT_EQ(obb_obb::find_first_contact(a, box<S>(2, 0, 0), motion_b<S>(1, 0, 0, 1)).state,
            ContactState::overlapping_at_start);
  EXPECT_EQ(obb_obb::find_first_contact(a, box<S>(3, 0, 0), motion_b<S>(0, 0, 0, 1)).state,
            ContactState::separated_throughout);
  EXPECT_FALSE(obb_obb::test_moving(a, box<S>(3, 0, 0), motion_b<S>(0, 0, 0, 1)).intersects);
  EXPECT_EQ(obb_obb::find_first_contact(a, box<S>(3, 0, 0), motion_b<S>(-5, 0, 0, 0)).state,
            ContactState::separated_throughout);
  EXPECT_TRUE(obb_obb::test_moving(a, box<S>(S(1.5), 0, 0), motion_b<S>(0, 0, 0, 0)).intersects);
}

TYPED_TEST(MovingKernels, ThinBoxPassingThroughIsCaught) {
  // b is 0.125 thick and crosses a entirely within [0, 1]: both endpoints are
  // separated along x on opposite sides.
  using S = TypeParam;
  const auto a = box<S>(0, 0, 0), b = box<S>(3, 0, 0, S(0.125));
  const auto m = motion_b<S>(-8, 0, 0, 1);
  EXPECT_TRUE(obb_obb::test_moving(a, b, m).intersects);
  const auto r = obb_obb::find_first_contact(a, b, m);
  ASSERT_EQ(r.state, ContactState::first_contact);
  EXPECT_EQ(r.time, S(1.875) / S(8));
}

TYPED_TEST(MovingKernels, DiagonalMissOnlyAMotionAxisSeparates) {
  // b slides along y = x + 4.5 (z = 0) from (3, 7.5) to (−3, 1.5): it crosses
  // a's x and y slabs, so no static axis separates the sweep; W × A2 does.
  using S = TypeParam;
  const auto a = box<S>(0, 0, 0), b = box<S>(3, S(7.5), 0);
  const auto m = motion_b<S>(-6, -6, 0, 1);
  const auto r = obb_obb::test_moving(a, b, m);
  EXPECT_FALSE(r.intersects);
  EXPECT_EQ(r.axis.kind, AxisKind::motion_a);
  EXPECT_EQ(obb_obb::find_first_contact(a, b, m).state, ContactState::separated_throughout);
  // Shifted to y = x + 3.5 it hits.
  const auto hit = box<S>(3, S(6.5), 0);
  EXPECT_TRUE(obb_obb::test_moving(a, hit, m).intersects);
  EXPECT_EQ(obb_obb::find_first_contact(a, hit, m).state, ContactState::first_contact);
}

}  // namespace
}  // namespace sepax
