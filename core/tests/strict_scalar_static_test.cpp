// The static kernels instantiated over the strict scalar (strict_scalar.hpp):
// a bare `0.5` or an int silently promoted to double inside a kernel fails to
// compile here. On pairs far from touching their verdicts and axes equal the
// double kernels'.
#include <gtest/gtest.h>

#include <cmath>

#include "sepax/core/static/obb_obb.hpp"
#include "sepax/core/static/obb_obb_batch.hpp"
#include "sepax/core/static/tri_obb.hpp"
#include "sepax/core/static/tri_tri.hpp"
#include "sepax/core/static/tri_tri_batch.hpp"
#include "sepax/core/static/tri_tri_batch_full.hpp"
#include "strict_scalar.hpp"

namespace sepax {
namespace {

using testing::dbl;
using testing::Strict;
using testing::strict;

Obb3d box(double angle, Vec3<double> center) {
  Obb3d b;
  const Eigen::Matrix3d r = Eigen::AngleAxisd(angle, Vec3<double>(1, 2, 3).normalized()).toRotationMatrix();
  for (int i = 0; i < 3; ++i) b.axes[i] = r.col(i);
  b.center = center;
  b.extents = {1, 0.5, 2};
  return b;
}

TEST(StrictScalar, KernelsCompileAndAgreeWithDouble) {
  int separated = 0;
  for (double offset : {0.0, 1.0, 2.0, 2.5, 3.0, 4.5}) {
    const Obb3d a = box(0.3, {0, 0, 0});
    const Obb3d b = box(1.1, {offset, offset / 2, 0.25});
    const Triangle3d ta{{Vec3<double>(offset, 0, 0), Vec3<double>(0, offset, 1), Vec3<double>(1, 1, offset)}};
    const Triangle3d tb{{Vec3<double>(0, 0, 0), Vec3<double>(2, 0, 1), Vec3<double>(1, 2, 1)}};

    const auto d1 = obb_obb::test_static(a, b);
    const auto s1 = obb_obb::test_static(strict(a), strict(b));
    EXPECT_EQ(d1.intersects, s1.intersects);
    EXPECT_EQ(d1.axis, s1.axis);
    EXPECT_NEAR(d1.direction[0], s1.direction[0].value(), 1e-12);
    separated += !d1.intersects;
    EXPECT_EQ(b.vertex(5), dbl(strict(b).vertex(5)));  // elementwise: no summation order

    // The batch form's formulas, one pair at a time over the strict scalar.
    EXPECT_EQ(obb_obb::test_static_batch_one(a, b), obb_obb::test_static_batch_one(strict(a), strict(b)));

    const auto d2 = obb_obb::test_static_eps(a, b);
    const auto s2 = obb_obb::test_static_eps(strict(a), strict(b), Strict(1e-6));
    EXPECT_EQ(d2.intersects, s2.intersects);
    EXPECT_EQ(d2.axis, s2.axis);

    const auto d3 = tri_obb::test_static(ta, b);
    const auto s3 = tri_obb::test_static(strict(ta), strict(b));
    EXPECT_EQ(d3.intersects, s3.intersects);
    EXPECT_EQ(d3.axis, s3.axis);
    // The swapped order forwards.
    EXPECT_EQ(d3.axis, tri_obb::test_static(strict(b), strict(ta)).axis);

    const auto d4 = tri_tri::test_static(ta, tb);
    const auto s4 = tri_tri::test_static(strict(ta), strict(tb));
    EXPECT_EQ(d4.intersects, s4.intersects);
    EXPECT_EQ(d4.axis, s4.axis);
    EXPECT_EQ(tri_tri::test_static_batch_one(ta, tb), tri_tri::test_static_batch_one(strict(ta), strict(tb)));
  }
  EXPECT_GE(separated, 2);  // both verdicts occur
  EXPECT_LE(separated, 4);
}

// The batch kernels' structure-of-arrays containers and their lane readers,
// and the triangle batch's full path (the scalar kernel without a branch) in
// its one-pair form. Its accurate-products variant (kAccurate = true) and the
// SIMD loops exist for float and double only: they widen float lanes to double
// vectors and need a correctly rounded FMA per double lane.
TEST(StrictScalar, BatchLanesCompileAndAgreeWithDouble) {
  const Triangle3d tb{{Vec3<double>(0, 0, 0), Vec3<double>(2, 0, 1), Vec3<double>(1, 2, 1)}};
  int intersecting = 0;
  for (double offset : {0.0, 1.0, 2.0, 3.0, 4.5}) {
    const Obb3d a = box(0.3, {0, 0, 0});
    const Obb3d b = box(1.1, {offset, offset / 2, 0.25});
    obb_obb::ObbBatch<Strict> boxes;
    boxes.reserve(1);
    boxes.push_back(strict(b));
    const obb_obb::detail::BatchView<Strict> box_view(boxes);
    EXPECT_EQ(obb_obb::test_static(a, b).intersects,
              obb_obb::detail::lane_intersects(obb_obb::detail::lane(strict(a)),
                                               obb_obb::detail::lane(box_view, 0)));

    const Triangle3d ta{{Vec3<double>(offset, 0, 0), Vec3<double>(0, offset, 1), Vec3<double>(1, 1, offset)}};
    tri_tri::TriangleBatch<Strict> triangles;
    triangles.reserve(1);
    triangles.push_back(strict(ta));
    const tri_tri::detail::TriBatchView<Strict> tri_view(triangles);
    const auto la = tri_tri::detail::lane(tri_view, 0), lb = tri_tri::detail::lane(strict(tb));
    const bool expected = tri_tri::test_static(ta, tb).intersects;
    intersecting += expected;
    EXPECT_EQ(tri_tri::detail::triangle(la).vertices[2][2].value(), offset);
    const tri_tri::detail::LaneVerdict fast = tri_tri::detail::lane_verdict(la, lb);
    EXPECT_FALSE(fast.needs_scalar);  // clearly non-degenerate pairs
    EXPECT_EQ(fast.intersects, expected);
    const tri_tri::detail::LaneVerdict full = tri_tri::detail::full_lane_verdict<false>(la, lb);
    EXPECT_FALSE(full.needs_scalar);
    EXPECT_EQ(full.intersects, expected);
  }
  EXPECT_GE(intersecting, 1);
  EXPECT_LE(intersecting, 4);
}

}  // namespace
}  // namespace sepax
