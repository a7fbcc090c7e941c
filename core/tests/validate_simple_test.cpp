// validate() for spheres, AABBs, planes and segments: every kind of bad input
// yields the field, the value and a reason; valid degenerate shapes pass.
#include "sepax/core/shapes/validate_simple.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace sepax {
namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(ValidateSimple, AcceptsPointSphereFlatBoxFloatPlaneAndPointSegment) {
  EXPECT_FALSE(validate(Sphere3d{{1, 2, 3}, 0}, "s"));
  EXPECT_FALSE(validate(Aabb3d{{0, 1, 2}, {0, 5, 2}}, "b"));  // zero width on x and z
  // A float normal is unit only within rounding; the float tolerance accepts it.
  const Vec3<float> n = Vec3<double>(1, 2, 3).normalized().cast<float>();
  EXPECT_FALSE(validate(Plane3f{n, 0.5f}));
  EXPECT_FALSE(validate(Segment3d{{1, 1, 1}, {1, 1, 1}}, "seg"));
}

TEST(ValidateSimple, SphereNegativeRadiusAndNanCenter) {
  auto err = validate(Sphere3d{{0, 0, 0}, -0.5}, "a");
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, "a.radius");
  EXPECT_EQ(err->value, "-0.5");
  EXPECT_NE(err->reason.find(">= 0"), std::string::npos);

  err = validate(Sphere3d{{0, kNan, 0}, 1}, "a");
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, "a.center[1]");
  EXPECT_EQ(err->value, "nan");

  err = validate(Sphere3d{{0, 0, 0}, kInf}, "a");
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, "a.radius");
}

TEST(ValidateSimple, AabbEmptyOnOneAxisNamesBothBounds) {
  auto err = validate(Aabb3d{{0, 3, 0}, {1, 2, 1}}, "b");
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, "b.min[1]");
  EXPECT_EQ(err->value, "3");
  EXPECT_NE(err->reason.find("b.max[1] = 2"), std::string::npos) << err->message();

  err = validate(Aabb3d{{0, 0, 0}, {1, 1, -kInf}}, "b");
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, "b.max[2]");
  EXPECT_EQ(err->value, "-inf");
}

TEST(ValidateSimple, PlaneNormalNotUnitOrNotFinite) {
  auto err = validate(Plane3d{{0, 0, 2}, 1}, "p", 1e-9);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, "p.normal");
  EXPECT_EQ(err->value, "[0, 0, 2]");
  EXPECT_NE(err->reason.find("not unit"), std::string::npos);

  err = validate(Plane3d{{0, 0, 0}, 1}, "p", 1e-9);  // a zero normal is not a plane
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, "p.normal");

  err = validate(Plane3d{{0, 0, 1}, kNan}, "p", 1e-9);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, "p.offset");

  // Float-accurate normal handed to the double overload: rejected by the double tolerance.
  const Vec3<double> n = Vec3<double>(1, 2, 3).normalized().cast<float>().cast<double>();
  EXPECT_TRUE(validate(Plane3d{n, 0}));
}

TEST(ValidateSimple, SegmentInfiniteEndpoint) {
  auto err = validate(Segment3d{{0, 0, 0}, {kInf, 0, 0}}, "s");
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, "s.p1[0]");
  EXPECT_EQ(err->value, "inf");
}

}  // namespace
}  // namespace sepax
