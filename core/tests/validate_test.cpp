// validate(): every kind of bad input yields the field, the value and a reason.
#include "sepax/core/shapes/validate.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace sepax {
namespace {

Obb3d unit_box() {
  Obb3d b;
  b.extents = {1, 2, 3};
  return b;
}

TEST(Validate, AcceptsUnitBoxFlatBoxAndDegenerateTriangle) {
  EXPECT_FALSE(validate(unit_box(), "a", 1e-9));
  Obb3d flat = unit_box();
  flat.extents = {1, 0, 0};
  EXPECT_FALSE(validate(flat, "a", 1e-9));
  Triangle3d point;  // three equal vertices: a point, valid
  EXPECT_FALSE(validate(point, "t"));
}

TEST(Validate, RejectsNanCenterNamingTheComponent) {
  Obb3d b = unit_box();
  b.center[1] = std::numeric_limits<double>::quiet_NaN();
  auto err = validate(b, "a", 1e-9);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, "a.center[1]");
  EXPECT_EQ(err->value, "nan");
}

TEST(Validate, RejectsInfiniteAxisComponent) {
  Obb3d b = unit_box();
  b.axes[2][0] = -std::numeric_limits<double>::infinity();
  auto err = validate(b, "b", 1e-9);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, "b.axes[2][0]");
  EXPECT_EQ(err->value, "-inf");
}

TEST(Validate, RejectsNegativeExtent) {
  Obb3d b = unit_box();
  b.extents[2] = -0.5;
  auto err = validate(b, "b", 1e-9);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, "b.extents[2]");
  EXPECT_EQ(err->value, "-0.5");
  EXPECT_NE(err->reason.find(">= 0"), std::string::npos);
}

TEST(Validate, RejectsNonUnitAxisBeyondToleranceOnly) {
  Obb3d b = unit_box();
  b.axes[1] = {0, 1 + 1e-6, 0};
  EXPECT_FALSE(validate(b, "b", 1e-5));  // within float tolerance
  auto err = validate(b, "b", 1e-9);       // beyond double tolerance
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, "b.axes[1]");
  EXPECT_NE(err->reason.find("unit"), std::string::npos);
}

TEST(Validate, RejectsNonOrthogonalAxes) {
  Obb3d b = unit_box();
  b.axes[1] = Vec3<double>(0.1, 1, 0).normalized();
  auto err = validate(b, "a", 1e-5);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, "a.axes");
  EXPECT_NE(err->reason.find("not orthogonal"), std::string::npos);
}

TEST(Validate, RejectsLeftHandedFrame) {
  Obb3d b = unit_box();
  b.axes[2] = {0, 0, -1};
  auto err = validate(b, "a", 1e-9);
  ASSERT_TRUE(err);
  EXPECT_NE(err->reason.find("right-handed"), std::string::npos);
}

TEST(Validate, RejectsNanTriangleVertex) {
  Triangle3d t;
  t.vertices[2][2] = std::nan("");
  auto err = validate(t, "a");
  ASSERT_TRUE(err);
  EXPECT_EQ(err->field, "a.vertices[2][2]");
}

TEST(Validate, FloatOverloadUsesFloatTolerance) {
  Obb3f b;
  b.extents = {1, 1, 1};
  b.axes[0] = {1.000001f, 0, 0};  // 2e-6 off: fine for float, not for double
  EXPECT_FALSE(validate(b));
  EXPECT_TRUE(validate(b.cast<double>(), "box", scalar_traits<double>::axis_tolerance));
}

}  // namespace
}  // namespace sepax
