// The judge's allowance for a deliberately biased kernel comes from the
// kernel's method (oracle::method_bias), never from the kernel: a claim wider
// than the method opens is refused.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "sepax/oracle/classify.hpp"

namespace sepax::oracle {
namespace {

TEST(KernelBias, AnExactKernelGetsNoAllowance) {
  EXPECT_EQ(method_bias({}), 0);
  EXPECT_EQ(granted_bias({}), 0);
}

TEST(KernelBias, GottschalksEpsilonOpensItsSquareRoot) {
  // ε = 1e-6 on |R_ij|: ε·size/θ on an edge axis, at most √ε·size (classify.hpp).
  const KernelBias gottschalk{BiasMethod::epsilon_on_rotation, 1e-6, std::nullopt};
  EXPECT_DOUBLE_EQ(method_bias(gottschalk), 1e-3);
  EXPECT_DOUBLE_EQ(granted_bias(gottschalk), 1e-3);
  const KernelBias moller{BiasMethod::epsilon_on_plane_distances, 1e-6, std::nullopt};
  EXPECT_DOUBLE_EQ(granted_bias(moller), 1e-3);
}

TEST(KernelBias, ANarrowerClaimIsTakenAtItsWord) {
  EXPECT_EQ(granted_bias({BiasMethod::epsilon_on_rotation, 1e-6, 1e-4}), 1e-4);
  EXPECT_EQ(granted_bias({BiasMethod::epsilon_on_rotation, 1e-6, 1e-3}), std::sqrt(1e-6));
}

TEST(KernelBias, AClaimWiderThanTheMethodsIsRefused) {
  try {
    granted_bias({BiasMethod::epsilon_on_rotation, 1e-6, 0.05});
    FAIL() << "a claim of 0.05 with epsilon 1e-6 (band 1e-3) was granted";
  } catch (const BiasRefused& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("0.05"), std::string::npos) << what;
    EXPECT_NE(what.find("0.001"), std::string::npos) << what;
  }
  // An exact method opens nothing: any claim is wider.
  EXPECT_THROW(granted_bias({BiasMethod::none, 0, 1e-9}), BiasRefused);
}

TEST(KernelBias, MalformedDeclarationsAreRefused) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(granted_bias({BiasMethod::none, 1e-6, std::nullopt}), BiasRefused);
  EXPECT_THROW(granted_bias({BiasMethod::epsilon_on_rotation, -1e-6, std::nullopt}), BiasRefused);
  EXPECT_THROW(granted_bias({BiasMethod::epsilon_on_rotation, nan, std::nullopt}), BiasRefused);
  EXPECT_THROW(granted_bias({BiasMethod::epsilon_on_rotation, 1e-6, nan}), BiasRefused);
  EXPECT_THROW(granted_bias({BiasMethod::epsilon_on_rotation, 1e-6, -1e-4}), BiasRefused);
}

TEST(KernelBias, ClassificationUsesTheGrantedAllowanceOnTheTouchingSideOnly) {
  const double granted = granted_bias({BiasMethod::epsilon_on_rotation, 1e-6, std::nullopt});
  // Reported touching for a pair 5e-4 apart: within the bias.
  EXPECT_EQ(classify(true, false, 5e-4, 1e-7, granted), Class::boundary);
  // 5e-3 apart: beyond it.
  EXPECT_EQ(classify(true, false, 5e-3, 1e-7, granted), Class::gross);
  // Reported separated for a pair overlapping by 5e-4: the bias never helps.
  EXPECT_EQ(classify(false, true, -5e-4, 1e-7, granted), Class::gross);
}

}  // namespace
}  // namespace sepax::oracle
