// The exact distance (qp_distance.cpp) on pairs whose distance is known by
// construction (cgal_test_cases.hpp). Every expected value is the correctly
// rounded square root of an exactly representable squared distance, so the
// comparison is equality.
#include "qp/qp_distance.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "cgal_test_cases.hpp"

namespace sepax::oracle {
namespace {

using test::KnownCase;

class KnownDistance : public ::testing::TestWithParam<KnownCase> {};

TEST_P(KnownDistance, EqualsConstructedDistanceInBothOrders) {
  const KnownCase& c = GetParam();
  const double expected = std::sqrt(c.distance_squared);
  EXPECT_EQ(detail::separation_distance(c.pair), expected);
  EXPECT_EQ(detail::separation_distance(test::swapped(c.pair)), expected);
}

INSTANTIATE_TEST_SUITE_P(Constructed, KnownDistance, ::testing::ValuesIn(test::known_cases()),
                         [](const auto& info) { return info.param.name; });

/// True when a + b is exact in double (2Sum error term, Knuth).
bool sum_is_exact(double a, double b) {
  const double s = a + b;
  const double bb = s - a;
  return (a - (s - bb)) + (b - bb) == 0;
}

// Translating both sets by an exactly representable shift must not change the
// distance at all; scaling by 2^-3 scales it exactly. Cases whose coordinates
// would lose bits in the shift (the rounded √½, 2^-40 offsets) are skipped.
TEST(SeparationDistance, ExactUnderExactTranslationAndDyadicScaling) {
  const Vec3<double> shift(64, -32, 16);
  int translated = 0;
  for (const KnownCase& c : test::known_cases()) {
    SCOPED_TRACE(c.name);
    ShapePair moved = c.pair, scaled = c.pair;
    bool exact = true;
    auto move = [&](Vec3<double>& p) {
      for (int k = 0; k < 3; ++k) exact = exact && sum_is_exact(p[k], shift[k]);
      p += shift;
    };
    for (Triangle3d* t : {&moved.tri_a, &moved.tri_b})
      for (auto& v : t->vertices) move(v);
    for (Obb3d* b : {&moved.obb_a, &moved.obb_b}) move(b->center);
    for (Triangle3d* t : {&scaled.tri_a, &scaled.tri_b})
      for (auto& v : t->vertices) v *= 0.125;
    for (Obb3d* b : {&scaled.obb_a, &scaled.obb_b}) {
      b->center *= 0.125;
      for (double& e : b->extents) e *= 0.125;
    }
    const double d = std::sqrt(c.distance_squared);
    if (exact) {
      ++translated;
      EXPECT_EQ(detail::separation_distance(moved), d);
    }
    EXPECT_EQ(detail::separation_distance(scaled), 0.125 * d);
  }
  EXPECT_GE(translated, 40) << "too few cases could be translated exactly";
}

// A distance far below double's resolution of the coordinates must still be
// positive: the program is solved in exact arithmetic, not in doubles.
TEST(SeparationDistance, ResolvesOneUlpGapAtCoordinateOne) {
  const double above_one = std::nextafter(1.0, 2.0);  // 1 + 2^-52
  const ShapePair pair =
      test::obb_obb(test::aabb(Vec3<double>::Zero(), Vec3<double>(0.5, 0.5, 0.5)),
                    test::aabb(Vec3<double>(above_one, 0, 0), Vec3<double>(0.5, 0.5, 0.5)));
  EXPECT_EQ(detail::separation_distance(pair), std::ldexp(1.0, -52));
}

}  // namespace
}  // namespace sepax::oracle
