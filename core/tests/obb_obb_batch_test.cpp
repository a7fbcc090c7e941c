// The batch OBB–OBB kernel (SIMD note): the vectorised loops agree with the
// same formulas run one pair at a time, one-against-many agrees with
// pairwise, and the configurations whose answer is known by construction —
// including the nearly parallel boxes that defeat Table 1's cofactor form —
// come out right. (Its verdicts against the exact oracle on every generator
// family are checked by the property suites like every registered kernel.)
#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <cstdint>
#include <random>
#include <vector>

#include "sepax/core/static/obb_obb_batch.hpp"

namespace sepax {
namespace {

template <class S>
Obb3<S> rotated_box(const Eigen::Matrix3d& r, const Vec3<double>& center, std::array<double, 3> extents) {
  Obb3d b;
  for (int i = 0; i < 3; ++i) b.axes[i] = r.col(i);
  b.center = center;
  b.extents = extents;
  return b.template cast<S>();
}

template <class S>
class ObbBatch : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(ObbBatch, Scalars);

TYPED_TEST(ObbBatch, LoopsAgreeWithOnePairAtATimeAndOneAgainstManyWithPairwise) {
  using S = TypeParam;
  std::mt19937_64 rng(20261123);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> position(-2, 2), extent(0.1, 1.5);
  const auto random_box = [&] {
    Eigen::Quaterniond q(normal(rng), normal(rng), normal(rng), normal(rng));
    q.normalize();
    return rotated_box<S>(q.toRotationMatrix(), {position(rng), position(rng), position(rng)},
                          {extent(rng), extent(rng), extent(rng)});
  };
  // 1000 pairs: not a multiple of any vector width or of the 256-pair block,
  // so the loops' remainders run too.
  constexpr std::size_t kPairs = 1000;
  obb_obb::ObbBatch<S> as, bs;
  std::vector<Obb3<S>> a_list, b_list;
  for (std::size_t k = 0; k < kPairs; ++k) {
    a_list.push_back(random_box());
    b_list.push_back(random_box());
    as.push_back(a_list.back());
    bs.push_back(b_list.back());
  }
  std::vector<std::uint8_t> pairwise(kPairs, 7), against(kPairs, 7), baseline(kPairs, 7);
  obb_obb::test_static_batch(as, bs, pairwise);
  // The x86-64 baseline copy too, which a machine with AVX2 never chooses.
  obb_obb::detail::test_static_batch_baseline(as, bs, baseline);
  std::size_t hits = 0;
  for (std::size_t k = 0; k < kPairs; ++k) {
    const bool one = obb_obb::test_static_batch_one(a_list[k], b_list[k]);
    ASSERT_EQ(pairwise[k], one ? 1 : 0) << "pair " << k;
    ASSERT_EQ(baseline[k], one ? 1 : 0) << "baseline copy, pair " << k;
    hits += one;
  }
  // Both outcomes occur, or the comparison tests little.
  EXPECT_GT(hits, kPairs / 10);
  EXPECT_LT(hits, kPairs * 9 / 10);
  obb_obb::test_static_batch(a_list[3], bs, against);
  for (std::size_t k = 0; k < kPairs; ++k)
    ASSERT_EQ(against[k], obb_obb::test_static_batch_one(a_list[3], b_list[k]) ? 1 : 0) << "pair " << k;
}

TYPED_TEST(ObbBatch, KnownAnswersIncludingNearlyParallelOverlaps) {
  using S = TypeParam;
  const Eigen::Matrix3d frame =
      Eigen::AngleAxisd(0.7, Vec3<double>(1, 2, 3).normalized()).toRotationMatrix();
  const Vec3<double> a0 = frame.col(0);
  struct Known {
    double angle;    ///< B = A rotated by this about a fixed skew axis
    double offset;   ///< B's centre along A_0, in units of a_0 = 1
    bool intersects;
  };
  // Extents (1, 0.5, 0.25) for both. Offset 1.2: B spans [0.2, 2.2] along
  // A_0 against A's [−1, 1], an overlap of 40 % of its length; 0.5 overlaps
  // more. 2.5 and 4 separate by ≥ 0.5 along A_0. B's tilt moves its faces by
  // less than 2e-3, far from changing any of these answers.
  const std::vector<Known> cases{{0, 1.2, true},     {1e-9, 1.2, true}, {1e-7, 1.2, true},
                                 {1e-5, 0.5, true},  {1e-3, 1.2, true}, {0, 2.5, false},
                                 {1e-8, 2.5, false}, {1e-4, 4, false},  {1e-3, 2.5, false}};
  const Vec3<double> tilt_axis = Vec3<double>(0.3, -0.5, 0.8).normalized();
  obb_obb::ObbBatch<S> bs;
  const Obb3<S> a = rotated_box<S>(frame, {0.1, -0.2, 0.3}, {1, 0.5, 0.25});
  for (const Known& c : cases) {
    const Eigen::Matrix3d r = Eigen::AngleAxisd(c.angle, tilt_axis).toRotationMatrix() * frame;
    bs.push_back(rotated_box<S>(r, Vec3<double>(0.1, -0.2, 0.3) + c.offset * a0, {1, 0.5, 0.25}));
  }
  std::vector<std::uint8_t> out(cases.size());
  obb_obb::test_static_batch(a, bs, out);
  for (std::size_t k = 0; k < cases.size(); ++k)
    EXPECT_EQ(out[k] != 0, cases[k].intersects)
        << "angle " << cases[k].angle << ", offset " << cases[k].offset;
}

}  // namespace
}  // namespace sepax
