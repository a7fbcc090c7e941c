// General motion (Eberly §5): the reference rotation in 256-bit MPFR
// (exact_rotation.hpp) checked on its own — composition, orthonormality, a
// quarter turn. The integrators' drift against it is measured by the harness
// (harness/tests/integrator_drift_test.cpp).
#include "sepax/oracle/exact_rotation.hpp"

#include <gtest/gtest.h>

namespace sepax::oracle {
namespace {

TEST(RotationExact, QuarterTurnCompositionAndOrthonormality) {
  const double quarter = 1.5707963267948966;  // π/2 rounded
  const Eigen::Matrix3d r = rotation_exact({0, 0, quarter}, 1);
  EXPECT_NEAR(r(0, 1), -1, 1e-16);  // x̂ → ŷ: column 0 is (0, 1, 0)
  EXPECT_NEAR(r(1, 0), 1, 1e-16);
  EXPECT_NEAR(r(2, 2), 1, 0);
  const Eigen::Vector3d w(0.3, -1.1, 2.0);
  const Eigen::Matrix3d a = rotation_exact(w, 0.25), b = rotation_exact(w, 0.5), c = rotation_exact(w, 0.75);
  EXPECT_LT((a * b - c).cwiseAbs().maxCoeff(), 4e-16);
  EXPECT_LT((c.transpose() * c - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff(), 4e-16);
  EXPECT_EQ(rotation_exact(w, 0), Eigen::Matrix3d::Identity());
}

}  // namespace
}  // namespace sepax::oracle
