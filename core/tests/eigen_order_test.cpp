// eigen_dot replaces Eigen's dot() in the scalar OBB kernel for speed (no
// packet load of a vector just written element by element); it must round
// exactly as Eigen's does, or the kernel's verdicts at the rounding boundary
// would change with it. (The triangle batch kernel's lane sums, built on the
// same eigen_sum3, are checked in tri_tri_batch_test.)
#include <gtest/gtest.h>

#include <random>

#include "sepax/core/numeric/eigen_order.hpp"

namespace sepax {
namespace {

template <class S>
class EigenOrder : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(EigenOrder, Scalars);

TYPED_TEST(EigenOrder, RoundsAsEigensDot) {
  using S = TypeParam;
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> coord(-1, 1);
  std::size_t differs = 0, orders_differ = 0;
  for (int k = 0; k < 100000; ++k) {
    const Vec3<S> u(S(coord(rng)), S(coord(rng)), S(coord(rng)));
    const Vec3<S> v(S(coord(rng)), S(coord(rng)), S(coord(rng)));
    differs += eigen_dot(u, v) != u.dot(v);
    // The two summation orders do differ on such data, so the check can fail.
    const S x0 = u[0] * v[0], x1 = u[1] * v[1], x2 = u[2] * v[2];
    orders_differ += (x0 + x1) + x2 != x0 + (x1 + x2);
  }
  EXPECT_EQ(differs, 0u);
  EXPECT_GT(orders_differ, 1000u);
}

}  // namespace
}  // namespace sepax
