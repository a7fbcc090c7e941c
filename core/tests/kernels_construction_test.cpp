// Static kernels on configurations whose answer is known by construction
// (exact dyadic coordinates, so the truth does not depend on rounding). The
// randomized comparison with the exact oracles lives in properties/.
#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "sepax/core/static/obb_obb.hpp"
#include "sepax/core/static/tri_obb.hpp"
#include "sepax/core/static/tri_tri.hpp"

namespace sepax {
namespace {

template <class S>
class StaticKernels : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(StaticKernels, Scalars);

template <class S>
Obb3<S> cube(S cx, S cy, S cz, S half = S(1)) {
  Obb3<S> b;
  b.center = {cx, cy, cz};
  b.extents = {half, half, half};
  return b;
}

template <class S>
Obb3<S> rotated(Obb3<S> b, double angle, Vec3<double> axis) {
  const Eigen::Matrix3d r = Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
  for (int i = 0; i < 3; ++i) b.axes[i] = r.col(i).cast<S>();
  return b;
}

template <class S>
Triangle3<S> tri(Vec3<S> p, Vec3<S> q, Vec3<S> r) {
  return {{p, q, r}};
}

constexpr double kGap = 0x1p-10;  // exact in float and double

TYPED_TEST(StaticKernels, ObbFaceSeparationAndExactTouching) {
  using S = TypeParam;
  const auto a = cube<S>(0, 0, 0);
  for (auto test : {&obb_obb::test_static<S>, +[](const Obb3<S>& x, const Obb3<S>& y) {
                      return obb_obb::test_static_eps(x, y, S(0));
                    }}) {
    EXPECT_TRUE(test(a, cube<S>(2, 0, 0)).intersects) << "face-face touching is intersecting";
    EXPECT_TRUE(test(a, cube<S>(2, 2, 2)).intersects) << "vertex-vertex touching";
    const auto r = test(a, cube<S>(S(2 + kGap), 0, 0));
    EXPECT_FALSE(r.intersects);
    EXPECT_EQ(r.axis, (SeparatingAxis{AxisKind::face_a, 0, 0}));
    const auto rb = test(a, cube<S>(0, 0, S(-2 - kGap)));
    EXPECT_FALSE(rb.intersects);
    EXPECT_EQ(rb.axis.kind, AxisKind::face_a);
    EXPECT_EQ(rb.axis.i, 2);
  }
}

TYPED_TEST(StaticKernels, ObbNearlyParallelBoxesOverlappingByFortyPercent) {
  // B = A rotated by a tiny angle and shifted by 1.2 along x and y: the boxes
  // overlap by 0.8 of their unit half-size, whatever the angle. The textbook
  // Table 1 cofactors break here; the consistent-axis kernel must not.
  using S = TypeParam;
  const auto a = cube<S>(0, 0, 0);
  for (double angle : {0.0, 1e-12, 1e-9, 1e-7, 3e-6, 1e-4, 1e-2}) {
    for (Vec3<double> axis : {Vec3<double>(1, 1, 1), Vec3<double>(0.3, -1, 0.2),
                              Vec3<double>(0, 0, 1)}) {
      const auto b = rotated(cube<S>(S(1.2), S(1.2), 0), angle, axis);
      EXPECT_TRUE(obb_obb::test_static(a, b).intersects) << "angle " << angle;
      EXPECT_TRUE(obb_obb::test_static_eps(a, b).intersects) << "angle " << angle;
      const auto far = rotated(cube<S>(S(2.5), S(0.5), 0), angle, axis);
      EXPECT_FALSE(obb_obb::test_static(a, far).intersects) << "angle " << angle;
    }
  }
}

TYPED_TEST(StaticKernels, ObbEdgeEdgeAxisDecides) {
  // A's vertical edge {x = 1, y = 1} faces B's edge along B0 = (1,−1,0)/√2; B's
  // other axes are n ± z turned by 45° in the (n, z) plane, n = (1,1,0)/√2. No
  // face of A (B's x-extent reaches back past x = 1) or of B (A's support along
  // B1 is 1 + 1/√2) separates; only A2 × B0 ∥ n does, with margin m.
  using S = TypeParam;
  const auto a = cube<S>(0, 0, 0);
  const double h = std::sqrt(0.5);
  const Vec3<double> n(h, h, 0), z(0, 0, 1);
  const std::array<Vec3<double>, 3> axes{Vec3<double>(h, -h, 0), (n + z) * h, (z - n) * h};
  const auto place = [&](double margin) {
    Obb3<S> b = cube<S>(0, 0, 0);
    for (int i = 0; i < 3; ++i) b.axes[i] = axes[i].cast<S>();
    // A's support along n is √2, B's is √2 too.
    b.center = (n * (2 * std::sqrt(2.0) + margin)).cast<S>();
    return b;
  };
  const auto sep = obb_obb::test_static(a, place(0.05));
  EXPECT_FALSE(sep.intersects);
  EXPECT_EQ(sep.axis, (SeparatingAxis{AxisKind::edge_edge, 2, 0}));
  EXPECT_FALSE(obb_obb::test_static_eps(a, place(0.05)).intersects);
  EXPECT_TRUE(obb_obb::test_static(a, place(-0.05)).intersects);
  EXPECT_TRUE(obb_obb::test_static_eps(a, place(-0.05)).intersects);
}

TYPED_TEST(StaticKernels, TriangleObbByNormalFaceAndEdge) {
  using S = TypeParam;
  const auto box = cube<S>(0, 0, 0);
  const S g = S(kGap);
  // Plane x + y + z = 3 (+ g) touches (misses) the corner (1, 1, 1): normal decides.
  const auto diag = [&](S off) {
    return tri<S>({3 + off, 0, 0}, {0, 3 + off, 0}, {0, 0, 3 + off});
  };
  EXPECT_TRUE(tri_obb::test_static(diag(0), box).intersects);
  const auto rn = tri_obb::test_static(diag(g), box);
  EXPECT_FALSE(rn.intersects);
  EXPECT_EQ(rn.axis.kind, AxisKind::normal_a);
  // Above the top face: the normal (tested first, ∥ B2) decides; a tilted
  // triangle above the face is separated by the face B2 itself.
  const auto above = tri_obb::test_static(tri<S>({0, 0, 1 + g}, {5, 0, 1 + g}, {0, 5, 1 + g}), box);
  EXPECT_FALSE(above.intersects);
  EXPECT_EQ(above.axis.kind, AxisKind::normal_a);
  const auto tilted = tri_obb::test_static(tri<S>({0, 0, 1 + g}, {5, 0, 3}, {0, 5, 2}), box);
  EXPECT_FALSE(tilted.intersects);
  EXPECT_EQ(tilted.axis, (SeparatingAxis{AxisKind::face_b, 0, 2}));
  EXPECT_TRUE(tri_obb::test_static(tri<S>({0, 0, 1}, {5, 0, 1}, {0, 5, 1}), box).intersects);
  // Swapped argument order forwards.
  EXPECT_FALSE(tri_obb::test_static(box, diag(g)).intersects);
}

TYPED_TEST(StaticKernels, DegenerateTriangleAgainstBox) {
  using S = TypeParam;
  const auto box = cube<S>(0, 0, 0);
  const S g = S(kGap);
  // A segment (repeated vertex) on the line x + y = 2 + g, z = 0, passing the
  // vertical edge {x = 1, y = 1}: only E × B2 separates it.
  const auto seg = [&](S off) {
    return tri<S>({-4, 6 + off, 0}, {6 + off, -4, 0}, {6 + off, -4, 0});
  };
  const auto r = tri_obb::test_static(seg(g), box);
  EXPECT_FALSE(r.intersects);
  EXPECT_EQ(r.axis.kind, AxisKind::edge_edge);
  EXPECT_EQ(r.axis.j, 2);
  EXPECT_TRUE(tri_obb::test_static(seg(0), box).intersects) << "touches the edge";
  // A point triangle inside, on the surface, and just outside.
  const auto point = [](S x) { return tri<S>({x, 0, 0}, {x, 0, 0}, {x, 0, 0}); };
  EXPECT_TRUE(tri_obb::test_static(point(S(0.5)), box).intersects);
  EXPECT_TRUE(tri_obb::test_static(point(S(1)), box).intersects);
  EXPECT_FALSE(tri_obb::test_static(point(S(1) + g), box).intersects);
}

TYPED_TEST(StaticKernels, CoplanarTrianglesTouchAtAVertexOrSeparateInPlane) {
  using S = TypeParam;
  const S g = S(kGap);
  const auto a = tri<S>({0, 0, 0}, {1, 0, 0}, {0, 1, 0});
  const auto b = [&](S off) {
    const S h = S(0.5) + off;
    return tri<S>({h, h, 0}, {2, h, 0}, {h, 2, 0});
  };
  EXPECT_TRUE(tri_tri::test_static(a, b(0)).intersects) << "corner on the hypotenuse";
  const auto r = tri_tri::test_static(a, b(g));
  EXPECT_FALSE(r.intersects);
  EXPECT_TRUE(r.axis.kind == AxisKind::inplane_a || r.axis.kind == AxisKind::inplane_b)
      << "only in-plane axes separate coplanar triangles";
  // Parallel planes: the normal decides.
  const auto lifted = tri<S>({0, 0, g}, {1, 0, g}, {0, 1, g});
  const auto rn = tri_tri::test_static(a, lifted);
  EXPECT_FALSE(rn.intersects);
  EXPECT_TRUE(rn.axis.kind == AxisKind::normal_a || rn.axis.kind == AxisKind::normal_b);
}

TYPED_TEST(StaticKernels, CrossingAndPiercingTriangles) {
  using S = TypeParam;
  const auto a = tri<S>({-1, -1, 0}, {3, -1, 0}, {-1, 3, 0});
  EXPECT_TRUE(tri_tri::test_static(a, tri<S>({0, 0, -1}, {0, 0, 1}, {1, 0, 1})).intersects);
  EXPECT_FALSE(tri_tri::test_static(a, tri<S>({0, 0, 1}, {0, 0, 2}, {1, 0, 2})).intersects);
  // Vertex of b exactly on a's interior.
  EXPECT_TRUE(tri_tri::test_static(a, tri<S>({0, 0, 0}, {0, 0, 1}, {1, 0, 1})).intersects);
}

TYPED_TEST(StaticKernels, SegmentsAndPointsAsTriangles) {
  using S = TypeParam;
  const S g = S(kGap);
  const auto seg = [](Vec3<S> p, Vec3<S> q) { return tri<S>(p, q, q); };
  const auto pt = [](Vec3<S> p) { return tri<S>(p, p, p); };
  // Coplanar crossing segments, and the same with one pulled back: lines still cross.
  EXPECT_TRUE(tri_tri::test_static(seg({0, 0, 0}, {2, 2, 0}), seg({0, 2, 0}, {2, 0, 0})).intersects);
  EXPECT_FALSE(tri_tri::test_static(seg({0, 0, 0}, {2, 2, 0}), seg({0, 2, 0}, {1 - g, 1 + g, 0})).intersects);
  // Collinear segments with a gap, and touching end to end.
  EXPECT_FALSE(tri_tri::test_static(seg({0, 0, 0}, {1, 1, 1}), seg({1 + g, 1 + g, 1 + g}, {3, 3, 3})).intersects);
  EXPECT_TRUE(tri_tri::test_static(seg({0, 0, 0}, {1, 1, 1}), seg({1, 1, 1}, {3, 3, 3})).intersects);
  // Parallel segments offset sideways.
  EXPECT_FALSE(tri_tri::test_static(seg({0, 0, 0}, {4, 0, 0}), seg({1, g, 0}, {3, g, 0})).intersects);
  // Points.
  EXPECT_TRUE(tri_tri::test_static(pt({1, 2, 3}), pt({1, 2, 3})).intersects);
  EXPECT_FALSE(tri_tri::test_static(pt({1, 2, 3}), pt({1, 2, 3 + g})).intersects);
  EXPECT_TRUE(tri_tri::test_static(pt({1, 1, 0}), seg({0, 0, 0}, {2, 2, 0})).intersects);
  EXPECT_FALSE(tri_tri::test_static(pt({1, 1 + g, 0}), seg({0, 0, 0}, {2, 2, 0})).intersects);
  // A point inside a triangle, and a segment lying in a triangle's plane beside it.
  const auto t = tri<S>({0, 0, 0}, {4, 0, 0}, {0, 4, 0});
  EXPECT_TRUE(tri_tri::test_static(pt({1, 1, 0}), t).intersects);
  EXPECT_FALSE(tri_tri::test_static(seg({3, 1 + g, 0}, {1 + g, 3, 0}), t).intersects);
  EXPECT_TRUE(tri_tri::test_static(seg({3, 1, 0}, {1, 3, 0}), t).intersects);
}

}  // namespace
}  // namespace sepax
