// The exact containment checker on boxes and points known by construction:
// dyadic numbers so every corner and face point is exactly representable.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "sepax/oracle/box_containment.hpp"

namespace {

using sepax::Obb3d;
using sepax::Vec3;
using sepax::oracle::box_contains_exactly;
using V = Vec3<double>;

double up(double x) { return std::nextafter(x, std::numeric_limits<double>::infinity()); }
double down(double x) { return std::nextafter(x, -std::numeric_limits<double>::infinity()); }

std::optional<std::size_t> check(const Obb3d& b, const std::vector<V>& pts) { return box_contains_exactly(b, pts); }

Obb3d axis_box() {
  Obb3d b;
  b.center = V(1, 2, 3);
  b.extents = {1, 2, 3};
  return b;
}

TEST(BoxContainment, FacesAndCornersAreInsideOneUlpOutIsNot) {
  const Obb3d b = axis_box();
  EXPECT_EQ(check(b, {V(2, 2, 3), V(0, 2, 3), V(1, 4, 3), V(1, 2, 0)}), std::nullopt);  // faces
  for (unsigned bits = 0; bits < 8; ++bits) EXPECT_EQ(check(b, {b.vertex(bits)}), std::nullopt) << bits;
  EXPECT_EQ(check(b, {V(1, 2, 3), V(up(2), 2, 3)}), std::optional<std::size_t>(1));
  EXPECT_EQ(check(b, {V(down(0), 2, 3)}), std::optional<std::size_t>(0));
  EXPECT_EQ(check(b, {V(2, 4, 6), V(2, 4, up(6))}), std::optional<std::size_t>(1));
  EXPECT_EQ(check(b, {V(2, 4, 6), V(2, down(0), 6), V(0, 0, 0)}), std::optional<std::size_t>(1));
}

// Axes not orthonormal (as float axes never are exactly): A0 = (1, 2^-20, 0).
// Coordinates solve [A]·y = p − C: y0 = dx, y1 = dy − 2^-20·dx, y2 = dz. A
// checker that projected on Ai (assuming orthonormal axes) would get y1 wrong.
TEST(BoxContainment, ParallelepipedSemanticsWithNonOrthonormalAxes) {
  Obb3d b;
  b.center = V(0.5, -0.25, 8);
  b.axes = {V(1, 0x1p-20, 0), V(0, 1, 0), V(0, 0, 1)};
  b.extents = {2, 1, 0.5};
  // Corner y = (+1, +1, +1)·a: p = C + 2·A0 + 1·A1 + 0.5·A2, exact in double.
  const V corner = b.center + 2 * b.axes[0] + 1 * b.axes[1] + 0.5 * b.axes[2];
  EXPECT_EQ(check(b, {corner}), std::nullopt);
  EXPECT_EQ(check(b, {V(up(corner[0]), corner[1], corner[2])}), std::optional<std::size_t>(0));
  EXPECT_EQ(check(b, {V(corner[0], up(corner[1]), corner[2])}), std::optional<std::size_t>(0));
  // C + (0, 1 + 2^-20, 0): y1 = 1 + 2^-20 > 1, outside.
  EXPECT_EQ(check(b, {b.center + V(0, 1 + 0x1p-20, 0)}), std::optional<std::size_t>(0));
  // And C + (2, 1 + 2^-19, 0): y1 = 1 + 2^-19 − 2^-19 = 1: on the face, inside; an
  // orthonormal-projection checker (A1·d = 1 + 2^-19 > 1) would call it outside.
  EXPECT_EQ(check(b, {b.center + V(2, 1 + 0x1p-19, 0)}), std::nullopt);
}

TEST(BoxContainment, FlatBoxContainsItsPlaneOnly) {
  Obb3d b = axis_box();
  b.extents = {1, 2, 0};
  EXPECT_EQ(check(b, {V(2, 4, 3), V(0.5, 1, 3)}), std::nullopt);
  EXPECT_EQ(check(b, {V(0.5, 1, up(3))}), std::optional<std::size_t>(0));
  b.extents = {0, 0, 0};
  EXPECT_EQ(check(b, {V(1, 2, 3)}), std::nullopt);
  EXPECT_EQ(check(b, {V(1, 2, 3), V(1, up(2), 3)}), std::optional<std::size_t>(1));
}

TEST(BoxContainment, TrianglesReportTheFirstTriangleWithAVertexOutside) {
  const Obb3d b = axis_box();
  const std::vector<sepax::Triangle3d> tris{{{V(0, 0, 0), V(2, 4, 6), V(1, 2, 3)}},
                                            {{V(1, 2, 3), V(1, 2, up(6)), V(1, 2, 3)}}};
  EXPECT_EQ(box_contains_exactly(b, std::span<const sepax::Triangle3d>(tris)), std::optional<std::size_t>(1));
}

TEST(BoxContainment, RejectsInvalidBoxesAndPoints) {
  Obb3d b = axis_box();
  b.axes[2] = V(1, 1, 0);  // A2 = A0 + A1: det = 0
  EXPECT_THROW(check(b, {V(0, 0, 0)}), std::invalid_argument);
  b = axis_box();
  b.extents[1] = -1;
  EXPECT_THROW(check(b, {V(0, 0, 0)}), std::invalid_argument);
  b = axis_box();
  EXPECT_THROW(check(b, {V(0, std::nan(""), 0)}), std::invalid_argument);
  b.center[0] = std::numeric_limits<double>::infinity();
  EXPECT_THROW(check(b, {V(0, 0, 0)}), std::invalid_argument);
}

// Random rotated boxes: points at |x| ≤ 0.999 are inside, points with one
// |x| = 1.001 outside (margins far above double rounding).
TEST(BoxContainment, RandomRotatedBoxes) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int rep = 0; rep < 200; ++rep) {
    const Eigen::Matrix3d r = Eigen::Quaterniond(u(rng), u(rng), u(rng), u(rng)).normalized().toRotationMatrix();
    Obb3d b;
    b.center = V(u(rng), u(rng), u(rng)) * 100;
    for (int i = 0; i < 3; ++i) b.axes[i] = r.col(i), b.extents[i] = 1 + 10 * std::abs(u(rng));
    std::vector<V> inside;
    for (int k = 0; k < 20; ++k) {
      V p = b.center;
      for (int i = 0; i < 3; ++i) p += 0.999 * u(rng) * b.extents[i] * b.axes[i];
      inside.push_back(p);
    }
    EXPECT_EQ(check(b, inside), std::nullopt);
    const int i = rep % 3;
    V out = b.center + (rep % 2 ? 1.001 : -1.001) * b.extents[i] * b.axes[i];
    inside.push_back(out);
    EXPECT_EQ(check(b, inside), std::optional<std::size_t>(20));
  }
}

}  // namespace
