// The certified OBB–OBB and triangle–OBB tests' exact gaps: their integer
// paths (512-bit integers, lengths and axes each scaled by their own power
// of two; for OBB–OBB then GMP integers of any size) give the signs the GMP
// rationals give, on every axis of random and of exactly touching pairs.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "sepax/core/static/obb_obb_certified.hpp"
#include "sepax/core/static/tri_obb_certified.hpp"

namespace sepax {
namespace {

Obb3d random_box(std::mt19937_64& rng, bool float_like) {
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> unit(-2, 2), size(0.1, 2);
  Eigen::Quaterniond q(normal(rng), normal(rng), normal(rng), normal(rng));
  q.normalize();
  const Eigen::Matrix3d r = q.toRotationMatrix();
  Obb3d box;
  for (int i = 0; i < 3; ++i) {
    box.axes[i] = r.col(i);
    box.center[i] = unit(rng);
    box.extents[i] = size(rng);
  }
  if (float_like) {
    for (int i = 0; i < 3; ++i) {
      box.axes[i] = box.axes[i].cast<float>().cast<double>();
      box.center[i] = double(float(box.center[i]));
      box.extents[i] = double(float(box.extents[i]));
    }
  }
  return box;
}

/// Counts of the signs met, and the check that each kind was met (hit rates).
struct SignTally {
  int zeros = 0, positive = 0, negative = 0;
  void count(int sign) {
    zeros += sign == 0;
    positive += sign > 0;
    negative += sign < 0;
  }
  void expect_every_sign() const {
    EXPECT_GT(zeros, 50);
    EXPECT_GT(positive, 100);
    EXPECT_GT(negative, 100);
  }
};

std::vector<SeparatingAxis> every_axis() {
  std::vector<SeparatingAxis> out;
  for (std::uint8_t i = 0; i < 3; ++i) {
    out.push_back({AxisKind::face_a, i, 0});
    out.push_back({AxisKind::face_b, 0, i});
    for (std::uint8_t j = 0; j < 3; ++j) out.push_back({AxisKind::edge_edge, i, j});
  }
  return out;
}

TEST(ObbExactGap, IntegersAgreeWithRationals) {
  std::mt19937_64 rng(26);
  SignTally tally;
  for (int n = 0; n < 600; ++n) {
    Obb3d a = random_box(rng, n % 2 == 0), b = random_box(rng, n % 2 == 0);
    if (n % 3 == 0) {
      // Exactly touching: axis-aligned boxes of dyadic sizes, face to face.
      a = Obb3d{};
      b = Obb3d{};
      a.extents = {0.5, 0.25, 1.0};
      b.extents = {0.75, 0.5, 0.125};
      b.center = {1.25, double(n % 5) / 8, -0.5};
    }
    for (const SeparatingAxis& axis : every_axis()) {
      const int sign = obb_obb::exact_gap_sign(a, b, axis);
      ASSERT_EQ(sign, obb_obb::detail::rational_gap_sign_for_tests(a, b, axis)) << "pair " << n;
      tally.count(sign);
    }
  }
  tally.expect_every_sign();
}

// The last stage, GMP integers over each set's least exponent, on pairs the
// 512-bit integers decline: numbers of every exponent, subnormal ones
// included, and exactly touching pairs scaled far from 1 (their gaps 0).
TEST(ObbExactGap, BigIntegersAgreeWithRationals) {
  std::mt19937_64 rng(27);
  std::uniform_int_distribution<int> exponent(-1070, 1000), pick(0, 4);
  SignTally tally;
  int declined_by_512_bits = 0;
  for (int n = 0; n < 300; ++n) {
    Obb3d a = random_box(rng, false), b = random_box(rng, false);
    if (n % 3 == 0) {  // exactly touching, scaled by 2^s
      const int s = exponent(rng) / 2;
      a = Obb3d{};
      b = Obb3d{};
      const double scale = std::ldexp(1.0, s);
      a.extents = {0.5 * scale, 0.25 * scale, 1.0 * scale};
      b.extents = {0.75 * scale, 0.5 * scale, 0.125 * scale};
      b.center = Vec3<double>{1.25, double(n % 5) / 8, -0.5} * scale;
      a.axes[0][1] = std::ldexp(1.0, -1060);  // an axis component far below the others
    } else {  // a few numbers moved to extreme exponents
      for (int k = 0; k < 4; ++k) {
        Obb3d& box = k % 2 ? a : b;
        const int which = pick(rng);
        double& x = which < 2 ? box.center[k % 3] : which < 4 ? box.extents[k % 3] : box.axes[k % 3][(k + 1) % 3];
        x = std::ldexp(x, exponent(rng));
      }
    }
    for (const SeparatingAxis& axis : every_axis()) {
      declined_by_512_bits += obb_obb::detail::integer_gap_sign_for_tests(a, b, axis) == 2;
      const int sign = obb_obb::detail::big_integer_gap_sign_for_tests(a, b, axis);
      ASSERT_EQ(sign, obb_obb::detail::rational_gap_sign_for_tests(a, b, axis)) << "pair " << n;
      ASSERT_EQ(obb_obb::exact_gap_sign(a, b, axis), sign) << "pair " << n;
      tally.count(sign);
    }
  }
  tally.expect_every_sign();
  EXPECT_GT(declined_by_512_bits, 2000);  // the stage this test is for
}

TEST(TriObbExactGap, IntegersAgreeWithRationals) {
  std::mt19937_64 rng(27);
  std::uniform_real_distribution<double> unit(-1.5, 1.5);
  SignTally tally;
  for (int n = 0; n < 600; ++n) {
    Obb3d b = random_box(rng, n % 2 == 0);
    Triangle3d t;
    for (Vec3<double>& v : t.vertices) {
      v = Vec3<double>(unit(rng), unit(rng), unit(rng));
      if (n % 2 == 0) v = v.cast<float>().cast<double>();
    }
    if (n % 3 == 0) {
      // Exactly touching: a triangle lying on the top face of an axis-aligned box.
      b = Obb3d{};
      b.extents = {0.5, 0.25, 1.0};
      t.vertices = {Vec3<double>(0.125, 0, 1.0), Vec3<double>(1.5, 0.5, 1.0), Vec3<double>(-0.25, double(n % 7) / 8, 1.0)};
    }
    std::vector<SeparatingAxis> axes = {{AxisKind::normal_a, 0, 0}};
    for (std::uint8_t j = 0; j < 3; ++j) {
      axes.push_back({AxisKind::face_b, 0, j});
      for (std::uint8_t i = 0; i < 3; ++i) axes.push_back({AxisKind::edge_edge, i, j});
    }
    for (const SeparatingAxis& axis : axes) {
      const int sign = tri_obb::exact_gap_sign(t, b, axis);
      ASSERT_EQ(sign, tri_obb::detail::rational_gap_sign_for_tests(t, b, axis)) << "pair " << n;
      tally.count(sign);
    }
  }
  tally.expect_every_sign();
}

}  // namespace
}  // namespace sepax
