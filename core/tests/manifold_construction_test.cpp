// OBB–OBB manifolds on hand-built boxes whose contact is known on paper
// (Gaul, "Manifold Generation"): every expected value below is worked out by
// hand from the boxes' numbers, not taken from the kernel.
#include <algorithm>
#include <type_traits>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "sepax/core/static/obb_obb_manifold.hpp"

namespace sepax::obb_obb {
namespace {

template <class S>
Obb3<S> box(Vec3<S> c, S ex, S ey, S ez) {
  Obb3<S> b;
  b.center = c;
  b.extents = {ex, ey, ez};
  return b;
}

/// How close a hand-worked point must be: the kernel moves its clipping
/// planes out by 2u·(size + |D|) (≈ 1e-6 for these float boxes) so that
/// touching boxes keep their contact points; double's rounding is far below 1e-12.
template <class S>
constexpr double point_tol = std::is_same_v<S, float> ? 4e-6 : 1e-12;

/// Is p among the manifold's points (within tol)?
template <class S>
bool has_point(const Manifold<S>& m, const Vec3<S>& p, double tol) {
  for (int k = 0; k < m.count; ++k)
    if ((m.points[k] - p).norm() <= tol) return true;
  return false;
}

template <class S>
class ManifoldTest : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(ManifoldTest, Scalars);

TYPED_TEST(ManifoldTest, SeparatedBoxesHaveNoContact) {
  using S = TypeParam;
  const auto a = box<S>({0, 0, 0}, 1, 1, 1);
  const auto b = box<S>({2.5, 0, 0}, 1, 1, 1);  // a gap of 0.5 along x
  const Manifold<S> m = find_manifold(a, b);
  EXPECT_FALSE(m.contact);
  EXPECT_EQ(m.count, 0);
}

TYPED_TEST(ManifoldTest, StackedBoxesGiveTheFourCornersOfTheSmallerFace) {
  using S = TypeParam;
  // B (half-widths 0.5, 0.5, 1, center z = 1.75) reaches down to z = 0.75:
  // 0.25 deep into A's top face z = 1.
  const auto a = box<S>({0, 0, 0}, 2, 2, 1);
  const auto b = box<S>({0.5, -0.5, 1.75}, 0.5, 0.5, 1);
  const Manifold<S> m = find_manifold(a, b);
  ASSERT_TRUE(m.contact);
  EXPECT_NEAR(m.depth, 0.25, 1e-6);
  EXPECT_NEAR(m.normal.z(), 1.0, 1e-6);
  ASSERT_EQ(m.count, 4);
  // The incident face is B's bottom face, z = 0.75, x in [0, 1], y in [−1, 0].
  for (const Vec3<S>& p : {Vec3<S>(0, -1, 0.75), Vec3<S>(1, -1, 0.75), Vec3<S>(0, 0, 0.75), Vec3<S>(1, 0, 0.75)})
    EXPECT_TRUE(has_point(m, p, point_tol<S>)) << p.transpose();
}

TYPED_TEST(ManifoldTest, OverhangingFaceIsClippedToTheReferenceFace) {
  using S = TypeParam;
  // B's bottom face (x in [1.5, 2.5]) overhangs A's top face (x ≤ 2): clipped at x = 2.
  const auto a = box<S>({0, 0, 0}, 2, 2, 1);
  const auto b = box<S>({2, 0, 1.4}, 0.5, 0.5, 0.5);
  const Manifold<S> m = find_manifold(a, b);
  ASSERT_TRUE(m.contact);
  EXPECT_NEAR(m.depth, 0.1, 1e-6);
  EXPECT_EQ(m.axis.kind, AxisKind::face_a);
  ASSERT_EQ(m.count, 4);
  for (const Vec3<S>& p : {Vec3<S>(1.5, -0.5, 0.9), Vec3<S>(2, -0.5, 0.9), Vec3<S>(1.5, 0.5, 0.9), Vec3<S>(2, 0.5, 0.9)})
    EXPECT_TRUE(has_point(m, p, point_tol<S>)) << p.transpose();
}

TYPED_TEST(ManifoldTest, RotatedSquareOnAFaceGivesAnOctagon) {
  using S = TypeParam;
  // B: a 2×2 square face rotated 45° about z, resting 0.1 deep on A's top
  // face of half-width 1.2: the square (corners at distance √2 ≈ 1.414 from
  // the axis) is cut by |x| ≤ 1.2 and |y| ≤ 1.2 into an octagon.
  const auto a = box<S>({0, 0, 0}, S(1.2), S(1.2), 1);
  Obb3<S> b = box<S>({0, 0, 1.9}, 1, 1, 1);
  const S h = S(std::sqrt(0.5));
  b.axes = {Vec3<S>(h, h, 0), Vec3<S>(-h, h, 0), Vec3<S>(0, 0, 1)};
  const Manifold<S> m = find_manifold(a, b);
  ASSERT_TRUE(m.contact);
  EXPECT_NEAR(m.depth, 0.1, 1e-5);
  ASSERT_EQ(m.count, 8);
  // Each side x = ±1.2 meets the square's edges |x| + |y| = √2 at |y| = √2 − 1.2.
  const S y = S(std::sqrt(2.0) - 1.2);
  for (const Vec3<S>& p : {Vec3<S>(1.2, y, 0.9), Vec3<S>(1.2, -y, 0.9), Vec3<S>(-1.2, y, 0.9), Vec3<S>(y, 1.2, 0.9)})
    EXPECT_TRUE(has_point(m, p, 1e-5)) << p.transpose();
}

TYPED_TEST(ManifoldTest, TouchingFacesAreAContactOfDepthZero) {
  using S = TypeParam;
  const auto a = box<S>({0, 0, 0}, 1, 1, 1);
  const auto b = box<S>({2, 0, 0}, 1, 1, 1);
  const Manifold<S> m = find_manifold(a, b);
  ASSERT_TRUE(m.contact);
  EXPECT_EQ(m.depth, S(0));
  EXPECT_EQ(m.normal, Vec3<S>(1, 0, 0));
  EXPECT_EQ(m.count, 4);
  for (int k = 0; k < m.count; ++k) EXPECT_EQ(m.points[k].x(), S(1));
}

TYPED_TEST(ManifoldTest, CrossedEdgesGiveOneMidpoint) {
  using S = TypeParam;
  // A's top edge along x (y = 0 after rotating A 45° about x) and B's bottom
  // edge along y (after rotating B 45° about y) cross: A's edge at
  // z = √2 (height of a unit-half-width box on its edge), B's at
  // z = 2.8 − √2; depth √2 − (2.8 − √2) = 2√2 − 2.8 ≈ 0.0284 along z.
  Obb3<S> a = box<S>({0, 0, 0}, 1, 1, 1);
  const S h = S(std::sqrt(0.5));
  a.axes = {Vec3<S>(1, 0, 0), Vec3<S>(0, h, h), Vec3<S>(0, -h, h)};
  Obb3<S> b = box<S>({0, 0, S(2.8)}, 1, 1, 1);
  b.axes = {Vec3<S>(h, 0, -h), Vec3<S>(0, 1, 0), Vec3<S>(h, 0, h)};
  const Manifold<S> m = find_manifold(a, b);
  ASSERT_TRUE(m.contact);
  EXPECT_EQ(m.axis.kind, AxisKind::edge_edge);
  const double depth = 2 * std::sqrt(2.0) - 2.8;
  EXPECT_NEAR(m.depth, depth, 1e-5);
  EXPECT_NEAR(std::abs(m.normal.z()), 1.0, 1e-5);
  EXPECT_GT(m.normal.z(), 0);  // from A (below) towards B
  ASSERT_EQ(m.count, 1);
  EXPECT_NEAR(m.points[0].x(), 0, 1e-5);
  EXPECT_NEAR(m.points[0].y(), 0, 1e-5);
  EXPECT_NEAR(m.points[0].z(), 1.4, 1e-5);  // halfway between √2 and 2.8 − √2
}

TYPED_TEST(ManifoldTest, ParallelFacesTieToAsFaceAsTheReference) {
  using S = TypeParam;
  // The stacked case with the roles swapped: A's bottom face and B's top face
  // penetrate equally (0.25); Table 1's order makes A's face the reference, so
  // the points lie on B's top face z = 1, inside A's x in [0, 1], y in [−1, 0].
  const auto a = box<S>({0.5, -0.5, 1.75}, 0.5, 0.5, 1);
  const auto b = box<S>({0, 0, 0}, 2, 2, 1);
  const Manifold<S> m = find_manifold(a, b);
  ASSERT_TRUE(m.contact);
  EXPECT_EQ(m.axis.kind, AxisKind::face_a);
  EXPECT_NEAR(m.depth, 0.25, 1e-6);
  EXPECT_NEAR(m.normal.z(), -1.0, 1e-6);  // from A (above) towards B
  ASSERT_EQ(m.count, 4);
  for (const Vec3<S>& p : {Vec3<S>(0, -1, 1), Vec3<S>(1, -1, 1), Vec3<S>(0, 0, 1), Vec3<S>(1, 0, 1)})
    EXPECT_TRUE(has_point(m, p, point_tol<S>)) << p.transpose();
}

TYPED_TEST(ManifoldTest, TiltedBoxOnBsFaceGivesItsLowestEdge) {
  using S = TypeParam;
  // A (half-width 0.5) tilted 30° about x, center z = 1.6, above B's top face
  // z = 1: its lowest edge −½A1 − ½A2 lies at y = −½cos30° + ½sin30° ≈ −0.183,
  // z = 1.6 − ½sin30° − ½cos30° ≈ 0.917, x = ±0.5: depth 1 − 0.917 ≈ 0.083.
  Obb3<S> a = box<S>({0, 0, S(1.6)}, S(0.5), S(0.5), S(0.5));
  const double c = std::cos(M_PI / 6), s = std::sin(M_PI / 6);
  a.axes = {Vec3<S>(1, 0, 0), Vec3<S>(0, S(c), S(s)), Vec3<S>(0, S(-s), S(c))};
  const auto b = box<S>({0, 0, 0}, 2, 2, 1);
  const Manifold<S> m = find_manifold(a, b);
  ASSERT_TRUE(m.contact);
  EXPECT_EQ(m.axis.kind, AxisKind::face_b);
  const double low_y = -0.5 * c + 0.5 * s, low_z = 1.6 - 0.5 * s - 0.5 * c;
  EXPECT_NEAR(m.depth, 1 - low_z, 1e-6);
  EXPECT_NEAR(m.normal.z(), -1.0, 1e-6);
  ASSERT_EQ(m.count, 2);
  for (const Vec3<S>& p : {Vec3<S>(S(-0.5), S(low_y), S(low_z)), Vec3<S>(S(0.5), S(low_y), S(low_z))})
    EXPECT_TRUE(has_point(m, p, point_tol<S>)) << p.transpose();
}

}  // namespace
}  // namespace sepax::obb_obb
