// The batch triangle–triangle kernel (vectorised fast path, vectorised full
// path for the lanes it flags, scalar fallback for double without FMA): its
// verdicts, and the full path's on its own, are tri_tri::test_static's on
// every pair, pairwise and one against many, on random pairs that include the parallel-edge, near-coplanar
// and near-touching pairs that send lanes to the fallback or sit on the
// rounding boundary; its fast path sums in Eigen's order; and the
// configurations whose answer is known by construction come out right, on the
// path expected. (Its verdicts against the exact oracle on every generator
// family are checked by the property suites like every registered kernel.)
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "sepax/core/static/tri_tri.hpp"
#include "sepax/core/static/tri_tri_batch.hpp"
#include "sepax/core/static/tri_tri_batch_full.hpp"

namespace sepax {
namespace {

template <class S>
class TriTriBatch : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(TriTriBatch, Scalars);

template <class S>
Triangle3<S> to(const Triangle3d& t) {
  return t.template cast<S>();
}

// The fast path's sums are bit for bit Eigen's dot() and squaredNorm() in this
// build (the scalar kernel's), or the verdicts below could differ at the
// rounding boundary.
TYPED_TEST(TriTriBatch, FastPathSumsInEigensOrder) {
  using S = TypeParam;
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> coord(-1, 1);
  std::size_t dot_differs = 0, norm_differs = 0, orders_differ = 0;
  for (int k = 0; k < 100000; ++k) {
    const S a[3] = {S(coord(rng)), S(coord(rng)), S(coord(rng))};
    const S b[3] = {S(coord(rng)), S(coord(rng)), S(coord(rng))};
    const Vec3<S> va(a[0], a[1], a[2]), vb(b[0], b[1], b[2]);
    dot_differs += tri_tri::detail::dot3(a, b) != va.dot(vb);
    norm_differs += tri_tri::detail::norm2(a) != va.squaredNorm();
    // The two orders do differ on such data, so the check above can fail.
    orders_differ += (a[0] * b[0] + a[1] * b[1]) + a[2] * b[2] != a[0] * b[0] + (a[1] * b[1] + a[2] * b[2]);
  }
  EXPECT_EQ(dot_differs, 0u);
  EXPECT_EQ(norm_differs, 0u);
  EXPECT_GT(orders_differ, 1000u);
}

TYPED_TEST(TriTriBatch, VerdictsAreTheScalarKernelsPairwiseAndOneAgainstMany) {
  using S = TypeParam;
  std::mt19937_64 rng(20261124);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> unit(0, 1), position(-1.5, 1.5), size(0.3, 2);
  const auto direction = [&] {
    Vec3<double> d(normal(rng), normal(rng), normal(rng));
    return d.normalized();
  };
  const auto random_triangle = [&] {
    const Vec3<double> c(position(rng), position(rng), position(rng));
    const double s = size(rng);
    return Triangle3d{{c + s * direction(), c + s * direction(), c + s * direction()}};
  };
  // 1999 pairs: not a multiple of any vector width or of the 256-pair block,
  // so the loops' remainders run too. Four kinds, in turn:
  //  0 independent random triangles;
  //  1 B has an edge parallel to one of A's (cancelled E × F: fallback unless a
  //    clean axis separates);
  //  2 B in A's plane, or off it by 1e-7 or 1e-4 of the size (planes not at a
  //    clear angle: fallback unless a clean axis separates);
  //  3 B has a vertex on A (rounded): near-touching, decided at the rounding
  //    boundary, where a different order of operations would show.
  constexpr std::size_t kPairs = 1999;
  std::vector<Triangle3<S>> a_list, b_list;
  for (std::size_t k = 0; k < kPairs; ++k) {
    const Triangle3d a = random_triangle();
    const auto& u = a.vertices;
    const Vec3<double> n = (u[1] - u[0]).cross(u[2] - u[0]).normalized();
    const double extent = (u[1] - u[0]).norm() + (u[2] - u[0]).norm();
    const auto in_plane = [&](double lo, double hi) {
      std::uniform_real_distribution<double> w(lo, hi);
      return Vec3<double>(u[0] + w(rng) * (u[1] - u[0]) + w(rng) * (u[2] - u[0]));
    };
    Triangle3d b = random_triangle();
    switch (k % 4) {
      case 1: {
        const int i = int(k / 4 % 3);
        const Vec3<double> edge = u[(i + 1) % 3] - u[i];
        const Vec3<double> start = u[i] + 0.6 * extent * (position(rng) * direction());
        b.vertices[0] = start;
        b.vertices[1] = start + (unit(rng) < 0.5 ? -1.0 : 0.7) * edge;
        break;
      }
      case 2: {
        static constexpr double kLift[3] = {0, 1e-7, 1e-4};
        const double lift = kLift[k / 4 % 3] * extent;
        for (auto& v : b.vertices) v = in_plane(-1, 1.5) + lift * (unit(rng) - 0.5) * n;
        break;
      }
      case 3: {
        const double side = unit(rng) < 0.5 ? 1 : -1;
        b.vertices[0] = in_plane(0, 0.5);
        for (int j = 1; j < 3; ++j)
          b.vertices[j] = b.vertices[0] + extent * (side * (0.2 + unit(rng)) * n + 0.5 * direction());
        break;
      }
      default:
        break;
    }
    a_list.push_back(to<S>(a));
    b_list.push_back(to<S>(b));
  }

  tri_tri::TriangleBatch<S> as, bs;
  as.reserve(kPairs);
  bs.reserve(kPairs);
  for (std::size_t k = 0; k < kPairs; ++k) {
    as.push_back(a_list[k]);
    bs.push_back(b_list[k]);
  }
  ASSERT_EQ(as.size(), kPairs);
  std::vector<std::uint8_t> pairwise(kPairs, 7), against(kPairs, 7), baseline(kPairs, 7);
  tri_tri::test_static_batch(as, bs, pairwise);
  // The x86-64 baseline copy too, which a machine with AVX2 and FMA never
  // chooses (narrower vectors; double's cancelled pairs go to the scalar).
  tri_tri::detail::test_static_batch_baseline(as, bs, baseline);
  std::size_t hits = 0, fast = 0, fallback = 0, fast_by_kind[4] = {}, fallback_by_kind[4] = {};
  std::size_t full_without_accurate_flagged = 0;
  for (std::size_t k = 0; k < kPairs; ++k) {
    const bool scalar = tri_tri::test_static(a_list[k], b_list[k]).intersects;
    ASSERT_EQ(pairwise[k], scalar ? 1 : 0) << "pair " << k << " (kind " << k % 4 << ")";
    ASSERT_EQ(baseline[k], scalar ? 1 : 0) << "baseline copy, pair " << k << " (kind " << k % 4 << ")";
    ASSERT_EQ(tri_tri::test_static_batch_one(a_list[k], b_list[k]), scalar) << "pair " << k;
    hits += scalar;
    // The full path (what flagged lanes run) is the scalar kernel on every
    // pair, not only on the flagged ones; with the accurate products in-lane
    // it never needs the scalar kernel itself.
    const auto la = tri_tri::detail::lane(a_list[k]), lb = tri_tri::detail::lane(b_list[k]);
    const tri_tri::detail::LaneVerdict full = tri_tri::detail::full_lane_verdict<true>(la, lb);
    ASSERT_FALSE(full.needs_scalar) << "pair " << k;
    ASSERT_EQ(full.intersects, scalar) << "full path, pair " << k << " (kind " << k % 4 << ")";
    const tri_tri::detail::LaneVerdict plain = tri_tri::detail::full_lane_verdict<false>(la, lb);
    if (!plain.needs_scalar) {
      ASSERT_EQ(plain.intersects, scalar) << "full path without accurate products, pair " << k;
    }
    full_without_accurate_flagged += plain.needs_scalar;
    const bool flagged =
        tri_tri::detail::lane_verdict(tri_tri::detail::lane(a_list[k]), tri_tri::detail::lane(b_list[k]))
            .needs_scalar;
    (flagged ? fallback : fast) += 1;
    // Not `(flagged ? a : b)[i] += 1`: GCC 12 with -O1 -fsanitize=address,undefined
    // miscounts that form (a minimal repro gives wrong counts).
    if (flagged)
      fallback_by_kind[k % 4] += 1;
    else
      fast_by_kind[k % 4] += 1;
  }
  // Both verdicts occur, or the comparison tests little; both paths run.
  EXPECT_GT(hits, kPairs / 10);
  EXPECT_LT(hits, kPairs * 9 / 10);
  EXPECT_GT(fast, kPairs / 4);
  EXPECT_GT(fallback, kPairs / 20);
  // Independent random triangles are almost never flagged; the parallel-edge
  // and coplanar kinds are, whenever no clean axis separates them.
  EXPECT_LT(fallback_by_kind[0], fast_by_kind[0] / 10);
  EXPECT_GT(fallback_by_kind[1], 20u);
  EXPECT_GT(fallback_by_kind[2], 100u);
  // Without in-lane accurate products the parallel-edge pairs are flagged.
  EXPECT_GT(full_without_accurate_flagged, 20u);
  std::printf("[          ] %zu pairs: %zu intersect, %zu fast-path lanes, %zu flagged lanes (full path) "
              "(by kind: %zu/%zu %zu/%zu %zu/%zu %zu/%zu)\n",
              kPairs, hits, fast, fallback, fast_by_kind[0], fallback_by_kind[0], fast_by_kind[1],
              fallback_by_kind[1], fast_by_kind[2], fallback_by_kind[2], fast_by_kind[3], fallback_by_kind[3]);

  // One against many: every A of a few kinds against all of b.
  for (std::size_t which : {std::size_t(3), std::size_t(6), std::size_t(9), std::size_t(500)}) {
    std::fill(against.begin(), against.end(), std::uint8_t(7));
    tri_tri::test_static_batch(a_list[which], bs, against);
    for (std::size_t k = 0; k < kPairs; ++k)
      ASSERT_EQ(against[k], tri_tri::test_static(a_list[which], b_list[k]).intersects ? 1 : 0)
          << "a " << which << ", pair " << k;
  }
  // And the parallel and coplanar cases one against many: copies of A moved
  // within its plane by small multiples of its edges (so every edge of a copy
  // is parallel to one of A's, up to rounding).
  tri_tri::TriangleBatch<S> moved;
  std::vector<Triangle3<S>> moved_list;
  const Triangle3<S>& a = a_list[6];
  for (int k = 0; k < 37; ++k) {
    Triangle3<S> t = a;
    for (auto& v : t.vertices) v += S(0.125 * (k % 6 - 2)) * (a.vertices[1] - a.vertices[0]) +
                                    S(0.125 * (k / 6 - 2)) * (a.vertices[2] - a.vertices[0]);
    moved_list.push_back(t);
    moved.push_back(t);
  }
  std::vector<std::uint8_t> moved_out(moved.size(), 7);
  tri_tri::test_static_batch(a, moved, moved_out);
  std::size_t moved_hits = 0;
  for (std::size_t k = 0; k < moved_list.size(); ++k) {
    const bool scalar = tri_tri::test_static(a, moved_list[k]).intersects;
    ASSERT_EQ(moved_out[k], scalar ? 1 : 0) << "moved copy " << k;
    moved_hits += scalar;
  }
  EXPECT_GT(moved_hits, 0u);
  EXPECT_LT(moved_hits, moved_list.size());
}

// Known answers by construction, each through every entry point, with the
// path (fast or fallback) each must take.
TYPED_TEST(TriTriBatch, KnownAnswers) {
  using S = TypeParam;
  const Eigen::Matrix3d frame =
      Eigen::AngleAxisd(0.7, Vec3<double>(1, 2, 3).normalized()).toRotationMatrix();
  const Vec3<double> shift(0.1, -0.2, 0.3);
  const auto placed = [&](Triangle3d t) {
    for (auto& v : t.vertices) v = frame * v + shift;
    return t;
  };
  struct Known {
    std::string what;
    Triangle3d a, b;
    bool intersects;
    bool needs_scalar;
  };
  std::vector<Known> cases;
  {
    const Triangle3d a = placed({{Vec3<double>(0, 0, 0), Vec3<double>(1.5, 0.2, 0), Vec3<double>(0.3, 1.2, 0)}});
    cases.push_back({"identical", a, a, true, true});
    // Translated by twice its size along its normal: N separates (clean), so
    // the fast path decides although the planes are parallel.
    const auto& u = a.vertices;
    const Vec3<double> n = (u[1] - u[0]).cross(u[2] - u[0]).normalized();
    const double size = std::max({(u[1] - u[0]).norm(), (u[2] - u[1]).norm(), (u[0] - u[2]).norm()});
    Triangle3d lifted = a;
    for (auto& v : lifted.vertices) v += 2 * size * n;
    cases.push_back({"translated along the normal", a, lifted, false, false});
  }
  {
    // A in z = 0; B in x = 0.5, through A's interior, and A's edge y = 0
    // through B's interior (interlocked, like two links of a chain). Moved to
    // x = 3.5 it is beyond A.
    const Triangle3d a = placed({{Vec3<double>(0, 0, 0), Vec3<double>(2, 0, 0), Vec3<double>(0, 2, 0)}});
    const Triangle3d b =
        placed({{Vec3<double>(0.5, 0.5, -1), Vec3<double>(0.5, 0.5, 1), Vec3<double>(0.5, -1, 0)}});
    const Triangle3d far =
        placed({{Vec3<double>(3.5, 0.5, -1), Vec3<double>(3.5, 0.5, 1), Vec3<double>(3.5, -1, 0)}});
    cases.push_back({"interlocked", a, b, true, false});
    cases.push_back({"interlocked, moved apart", a, far, false, false});
  }
  {
    // Coplanar (z = 0 exactly, so every stage-1 axis projects both onto one
    // point or along the plane): only Table 6's in-plane axes separate them,
    // which the fallback (the scalar kernel) has.
    const Triangle3d a{{Vec3<double>(0.1, 0.2, 0), Vec3<double>(1.3, -0.1, 0), Vec3<double>(0.4, 1.1, 0)}};
    Triangle3d apart = a, overlapping = a;
    for (auto& v : apart.vertices) v += Vec3<double>(1.5, 0.75, 0);
    for (auto& v : overlapping.vertices) v += Vec3<double>(0.25, 0.125, 0);
    cases.push_back({"coplanar, apart", a, apart, false, true});
    cases.push_back({"coplanar, overlapping", a, overlapping, true, true});
  }
  {
    // A collinear triangle (a segment along z) whose end touches A's interior,
    // and the same lifted by 0.25 (then N, clean, separates).
    const Triangle3d a{{Vec3<double>(0, 0, 0), Vec3<double>(2, 0, 0), Vec3<double>(0, 2, 0)}};
    const Triangle3d touching{{Vec3<double>(0.5, 0.5, 0), Vec3<double>(0.5, 0.5, 1), Vec3<double>(0.5, 0.5, 2)}};
    Triangle3d lifted = touching;
    for (auto& v : lifted.vertices) v[2] += 0.25;
    cases.push_back({"collinear, touching the interior", a, touching, true, true});
    cases.push_back({"collinear, lifted", a, lifted, false, false});
  }

  tri_tri::TriangleBatch<S> as, bs;
  for (const Known& c : cases) {
    as.push_back(to<S>(c.a));
    bs.push_back(to<S>(c.b));
  }
  std::vector<std::uint8_t> out(cases.size(), 7);
  tri_tri::test_static_batch(as, bs, out);
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const Known& c = cases[k];
    const Triangle3<S> a = to<S>(c.a), b = to<S>(c.b);
    EXPECT_EQ(out[k], c.intersects ? 1 : 0) << c.what << " (pairwise)";
    EXPECT_EQ(tri_tri::test_static_batch_one(a, b), c.intersects) << c.what << " (one pair)";
    tri_tri::TriangleBatch<S> one;
    one.push_back(b);
    std::uint8_t hit = 7;
    tri_tri::test_static_batch(a, one, std::span<std::uint8_t>(&hit, 1));
    EXPECT_EQ(hit, c.intersects ? 1 : 0) << c.what << " (one against many)";
    EXPECT_EQ(tri_tri::detail::lane_verdict(tri_tri::detail::lane(a), tri_tri::detail::lane(b)).needs_scalar,
              c.needs_scalar)
        << c.what << " (path)";
  }
}

}  // namespace
}  // namespace sepax
