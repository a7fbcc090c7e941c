// orient3d_exact and orient2d_exact (the certified kernels' exact stage)
// against determinants of another form in GMP rationals: the 4×4 (3×3)
// determinant of the homogeneous points (a 1; b 1; …), expanded along the
// last column. Cases reach
// each of the three integer widths: float-like coordinates, double
// coordinates within a few binary orders, and spreads from 2⁻³⁰⁰ to 2³⁰⁰,
// with exactly coplanar points (sign 0) and their one-ulp neighbours.
#include "exact/orientation_exact.hpp"
#include "sepax/core/numeric/lanes3.hpp"  // kCpuHasAvx2

#include <gtest/gtest.h>

#include <array>
#include <boost/multiprecision/gmp.hpp>
#include <cmath>
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <random>
#include <utility>
#include <vector>

namespace sepax {
namespace {

using Q = boost::multiprecision::mpq_rational;
using P = Vec3<double>;

Q det3(const std::array<std::array<Q, 3>, 3>& m) {
  return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
         m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

/// sign det[a 1; b 1; c 1; d 1] · (−1): the homogeneous form equals
/// −det(b − a, c − a, d − a).
int reference_sign(const P& a, const P& b, const P& c, const P& d) {
  const std::array<P, 4> pts = {a, b, c, d};
  Q total = 0;
  for (int row = 0; row < 4; ++row) {
    std::array<std::array<Q, 3>, 3> minor;
    int r = 0;
    for (int k = 0; k < 4; ++k) {
      if (k == row) continue;
      for (int j = 0; j < 3; ++j) minor[r][j] = Q(pts[k][j]);
      ++r;
    }
    // Cofactor of entry (row, 3) of the 4×4 matrix: (−1)^(row+3).
    total += ((row + 3) % 2 == 0 ? 1 : -1) * det3(minor);
  }
  return -total.sign();
}

void expect_same(const P& a, const P& b, const P& c, const P& d, const char* what, int index) {
  EXPECT_EQ(certified::orient3d_exact(a, b, c, d), reference_sign(a, b, c, d))
      << what << " case " << index << ": a=" << a.transpose() << " b=" << b.transpose() << " c=" << c.transpose()
      << " d=" << d.transpose();
}

TEST(Orient3dExact, RandomPointsOfEveryWidth) {
  std::mt19937_64 rng(20261126);
  std::uniform_real_distribution<double> unit(-1, 1);
  std::uniform_int_distribution<int> exponent(-300, 300), small_exponent(-8, 8);
  for (int i = 0; i < 3000; ++i) {
    const int width = i % 3;  // float-like, a few orders, wide spread
    const auto coordinate = [&] {
      if (width == 0) return double(float(4 * unit(rng)));
      return std::ldexp(unit(rng), width == 1 ? small_exponent(rng) : exponent(rng));
    };
    const auto point = [&] { return P(coordinate(), coordinate(), coordinate()); };
    expect_same(point(), point(), point(), point(), "random", i);
  }
}

TEST(Orient3dExact, CoplanarPointsAndTheirNeighbours) {
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int> small(-64, 64), exponent(-200, 200);
  int zeros = 0, nonzeros = 0;
  for (int i = 0; i < 2000; ++i) {
    // Integer points and d = a + s(b − a) + t(c − a) with s, t in 2⁻⁴ℤ:
    // exact in double, then all scaled by one power of two (still exact).
    const auto ipoint = [&] { return P(small(rng), small(rng), small(rng)); };
    const P a = ipoint(), b = ipoint(), c = ipoint();
    const double s = small(rng) / 16.0, t = small(rng) / 16.0;
    P d = a + s * (b - a) + t * (c - a);
    const int e = i % 2 ? exponent(rng) : 0;
    const auto scaled = [&](const P& p) { return P(std::ldexp(p[0], e), std::ldexp(p[1], e), std::ldexp(p[2], e)); };
    expect_same(scaled(a), scaled(b), scaled(c), scaled(d), "coplanar", i);
    zeros += certified::orient3d_exact(scaled(a), scaled(b), scaled(c), scaled(d)) == 0;
    d[i % 3] = std::nextafter(d[i % 3], i % 4 < 2 ? HUGE_VAL : -HUGE_VAL);
    expect_same(scaled(a), scaled(b), scaled(c), scaled(d), "one ulp off the plane", i);
    nonzeros += certified::orient3d_exact(scaled(a), scaled(b), scaled(c), scaled(d)) != 0;
  }
  // The construction must have produced both kinds (hit rates).
  EXPECT_GT(zeros, 1500);
  EXPECT_GT(nonzeros, 1000);
}

TEST(Orient3dExact, ZerosSubnormalsAndLargeNumbers) {
  const double tiny = std::numeric_limits<double>::denorm_min(), big = 0x1p1000;
  const P o(0, 0, 0), x(1, 0, 0), y(0, 1, 0);
  expect_same(o, x, y, P(0, 0, tiny), "subnormal", 0);
  expect_same(o, x, y, P(0, 0, -tiny), "subnormal", 1);
  expect_same(o, o, o, o, "origin", 2);
  expect_same(P(big, 0, 0), P(0, big, 0), P(0, 0, big), P(tiny, tiny, tiny), "big and tiny", 3);
  expect_same(P(big, 0, 0), P(0, big, 0), P(0, 0, big), P(big / 3, big / 3, big / 3), "big", 4);
}

TEST(Orient3dIntegers, CommonIntegersGiveTheSameSigns) {
  // Six points converted once (as the certified triangle test does), every
  // predicate over them: coplanar quadruples included.
  std::mt19937_64 rng(5);
  std::uniform_int_distribution<int> small(-64, 64);
  std::uniform_real_distribution<double> unit(-1, 1);
  int converted = 0, zeros = 0;
  for (int i = 0; i < 500; ++i) {
    P pts[6];
    for (int k = 0; k < 3; ++k)
      pts[k] = i % 2 ? P(small(rng), small(rng), small(rng)) : P(float(unit(rng)), float(unit(rng)), float(unit(rng)));
    for (int k = 3; k < 6; ++k)
      pts[k] = pts[0] + (small(rng) / 16.0) * (pts[1] - pts[0]) + (small(rng) / 16.0) * (pts[2] - pts[0]);
    if (i % 3 == 0) pts[5][i % 3] = std::nextafter(pts[5][i % 3], 1e300);
    double x[18];
    for (int k = 0; k < 6; ++k)
      for (int j = 0; j < 3; ++j) x[3 * k + j] = pts[k][j];
    std::int64_t ints[18];
    if (!certified::to_common_integers(x, ints)) continue;
    ++converted;
    for (int a = 0; a < 6; ++a)
      for (int d = 3; d < 6; ++d) {
        const int b = (a + 1) % 6, c = (a + 2) % 6;
        const int sign = certified::orient3d_integers(ints + 3 * a, ints + 3 * b, ints + 3 * c, ints + 3 * d);
        zeros += sign == 0;
        EXPECT_EQ(sign, reference_sign(pts[a], pts[b], pts[c], pts[d]))
            << "case " << i << " points " << a << b << c << d;
      }
  }
  EXPECT_GT(converted, 400);  // the conversion ran (hit rate)
  EXPECT_GT(zeros, 500);      // and coplanar quadruples were met
  // A spread wider than 61 bits is refused.
  const double wide[2] = {1.0, 0x1p-80};
  std::int64_t out[2];
  EXPECT_FALSE(certified::to_common_integers(wide, out));
}

/// sign det[a 1; b 1; c 1] = (b − a) × (c − a), expanded along the last column.
int reference_sign_2d(const double (&a)[2], const double (&b)[2], const double (&c)[2]) {
  const auto m = [](const double(&u)[2], const double(&v)[2]) { return Q(u[0]) * Q(v[1]) - Q(u[1]) * Q(v[0]); };
  return (m(b, c) - m(a, c) + m(a, b)).sign();
}

TEST(Orient2dExact, RandomAndCollinearPointsOfEveryWidth) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> unit(-1, 1);
  std::uniform_int_distribution<int> exponent(-300, 300), small(-64, 64);
  int zeros = 0;
  for (int i = 0; i < 3000; ++i) {
    const int e = i % 3 == 2 ? exponent(rng) : 0;
    double a[2], b[2], c[2];
    if (i % 2) {  // random, of every width
      for (double* v : {a, b, c})
        for (int k = 0; k < 2; ++k) v[k] = i % 3 == 0 ? double(float(unit(rng))) : std::ldexp(unit(rng), exponent(rng));
    } else {  // collinear: c = a + t (b − a), t in 2⁻⁴ℤ, exact; then one ulp off
      for (double* v : {a, b})
        for (int k = 0; k < 2; ++k) v[k] = std::ldexp(double(small(rng)), e);
      const double t = small(rng) / 16.0;
      for (int k = 0; k < 2; ++k) c[k] = a[k] + t * (b[k] - a[k]);
      zeros += certified::orient2d_exact(a, b, c) == 0;
      EXPECT_EQ(certified::orient2d_exact(a, b, c), reference_sign_2d(a, b, c)) << "collinear case " << i;
      c[i % 4 < 2] = std::nextafter(c[i % 4 < 2], i % 8 < 4 ? HUGE_VAL : -HUGE_VAL);
    }
    EXPECT_EQ(certified::orient2d_exact(a, b, c), reference_sign_2d(a, b, c))
        << "case " << i << ": a=(" << a[0] << ", " << a[1] << ") b=(" << b[0] << ", " << b[1] << ") c=(" << c[0] << ", "
        << c[1] << ")";
  }
  EXPECT_GT(zeros, 1400);  // the collinear construction did produce zeros
}

/// x·2^k in GMP rationals (|k| ≤ 1000: 2^k is a double).
Q scaled_rational(double x, int k) { return Q(x) * Q(std::ldexp(1.0, k)); }

/// What to_small_integers must answer, from the definition: h with
/// max |x| < 2^h ≤ 2·max |x|; class 1 when every x·2^(40−h) is an integer
/// (and 2⁻⁹⁰⁰ ≤ max < 2⁹⁰⁰), 2 when every x·2^(15−h) is one too and
/// 2⁻³⁰⁰ ≤ max < 2³⁰⁰; else 0.
int reference_class(const double (&x)[18], int& h) {
  double m = 0;
  for (const double v : x) {
    if (!std::isfinite(v)) return 0;
    m = std::max(m, std::fabs(v));
  }
  if (!(m >= 0x1p-900 && m < 0x1p900)) return 0;
  std::frexp(m, &h);  // m = f·2^h, 1/2 ≤ f < 1
  const auto all_integers = [&](int bits) {
    for (const double v : x) {
      const Q t = scaled_rational(v, bits - h);
      if (boost::multiprecision::denominator(t) != 1) return false;
    }
    return true;
  };
  if (!all_integers(40)) return 0;
  return all_integers(15) && m >= 0x1p-300 && m < 0x1p300 ? 2 : 1;
}

/// Checks to_small_integers on x against the reference; returns its class.
int expect_small_integers(const double (&x)[18], const char* what, int index) {
  std::int64_t out[18];
  int h = 0;
  const int expected = reference_class(x, h);
  const int got = certified::to_small_integers(x, out);
  // Each copy (two numbers a register, and four where the CPU has AVX2), held
  // to the same definition.
  using Copy = int (*)(const double (&)[18], std::int64_t (&)[18]);
  std::vector<std::pair<const char*, Copy>> copies = {{"baseline", certified::detail::to_small_integers_baseline}};
#if defined(__x86_64__)
  if (kCpuHasAvx2) copies.emplace_back("avx2", certified::detail::to_small_integers_avx2);
#endif
  for (const auto& [name, copy] : copies) {
    std::int64_t mine[18];
    const int class_of_copy = copy(x, mine);
    EXPECT_EQ(class_of_copy, expected) << name << ": " << what << " case " << index;
    if (class_of_copy == 0 || class_of_copy != expected) continue;
    for (int k = 0; k < 18; ++k) {
      EXPECT_EQ(Q(mine[k]), scaled_rational(x[k], 40 - h)) << name << ": " << what << " case " << index << " number " << k;
      EXPECT_LT(mine[k] < 0 ? -mine[k] : mine[k], std::int64_t(1) << 40) << name << ": " << what << " case " << index;
    }
  }
  EXPECT_EQ(got, expected) << what << " case " << index;
  if (got == 0 || got != expected) return got;
  for (int k = 0; k < 18; ++k) EXPECT_EQ(Q(out[k]), scaled_rational(x[k], 40 - h)) << what << " case " << index;
  return got;
}

TEST(OrientationSmallIntegers, ConversionAtTheEdgesOfItsRange) {
  std::mt19937_64 rng(29);
  std::uniform_int_distribution<std::int64_t> grid15(-(1 << 15) + 1, (1 << 15) - 1);
  std::uniform_int_distribution<std::int64_t> grid40(-(std::int64_t(1) << 40) + 1, (std::int64_t(1) << 40) - 1);
  std::uniform_int_distribution<int> exponent(-1000, 1000), pick(0, 17);
  int classes[3] = {0, 0, 0};
  for (int i = 0; i < 3000; ++i) {
    double x[18];
    const int e = i % 4 == 0 ? exponent(rng) : (i % 4 == 1 ? -300 - 15 + (i % 3) : 300 - 16 + (i % 3));
    for (double& v : x) v = std::ldexp(double(i % 2 ? grid15(rng) : grid40(rng)), e);
    // A number one binary order finer, or one extreme (the spread's edge).
    if (i % 5 == 0) x[pick(rng)] = std::ldexp(1.0, e - 1);
    if (i % 7 == 0) x[pick(rng)] = std::ldexp(double(i % 2 ? (1 << 15) - 1 : (std::int64_t(1) << 40) - 1), e);
    if (i % 11 == 0) x[pick(rng)] = 0;
    ++classes[expect_small_integers(x, "random", i)];
  }
  EXPECT_GT(classes[0], 100);  // every answer was met (hit rates)
  EXPECT_GT(classes[1], 300);
  EXPECT_GT(classes[2], 300);
  // Spreads of exactly 40 and 15 binary orders, and one more.
  const double edges[][2] = {{1, 0x1p-39}, {1, 0x1p-40}, {1, 0x1p-14}, {1, 0x1p-15}, {-0x1.fffffep127, 0x1p-149},
                             {0x1p-300, 0x1p-314}, {0x1p-301, 0x1p-315}, {0x1.fffp299, 0x1p286}, {0x1p300, 0x1p287},
                             {0x1p-900, 0x1p-939}, {0x1p-901, 0x1p-940}, {0x1.fffp899, 0x1p860}, {0x1p900, 0x1p861},
                             {0, 0}, {std::numeric_limits<double>::denorm_min(), 0}, {HUGE_VAL, 1}, {NAN, 1}};
  for (int i = 0; i < int(std::size(edges)); ++i) {
    double x[18] = {};
    x[i % 18] = edges[i][0];
    x[(i + 5) % 18] = edges[i][1];
    expect_small_integers(x, "edge", i);
  }
}

TEST(OrientationSmallIntegers, DeterminantsAtTheEdgeOfTheirRange) {
  // orient3d_small_integers with coordinates up to ±(2⁴⁰ − 1), extremes
  // included; orient3d_in_double and orient2d_in_double on grids of 2¹⁵
  // steps at the smallest and largest scales to_small_integers admits.
  std::mt19937_64 rng(31);
  const std::int64_t top40 = (std::int64_t(1) << 40) - 1, top15 = (1 << 15) - 1;
  std::uniform_int_distribution<std::int64_t> any40(-top40, top40), any15(-top15, top15), coin(0, 1);
  int zeros = 0;
  for (int i = 0; i < 4000; ++i) {
    const bool wide = i % 2 == 0;
    const std::int64_t top = wide ? top40 : top15;
    const auto coordinate = [&] { return i % 3 == 0 ? (coin(rng) ? top : -top) : (wide ? any40(rng) : any15(rng)); };
    std::int64_t v[4][3];
    for (auto& point : v)
      for (auto& c : point) c = coordinate();
    if (i % 4 < 2) {  // d the midpoint of a and b (b moved towards a to make it exact): coplanar
      for (int k = 0; k < 3; ++k) {
        v[1][k] = v[0][k] + 2 * ((v[1][k] - v[0][k]) / 2);
        v[3][k] = v[0][k] + (v[1][k] - v[0][k]) / 2 + (i % 8 < 2 ? 0 : (k == 0));  // or one step off
      }
    }
    const int g = wide ? 0 : (i % 3 == 0 ? -314 : (i % 3 == 1 ? 285 : 0));
    P pts[4];
    double raw[4][3];
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 3; ++k) pts[j][k] = raw[j][k] = std::ldexp(double(v[j][k]), g);
    const int expected = reference_sign(pts[0], pts[1], pts[2], pts[3]);
    zeros += expected == 0;
    if (wide) {
      EXPECT_EQ(certified::orient3d_small_integers(v[0], v[1], v[2], v[3]), expected) << "case " << i;
      continue;
    }
    const double det = certified::orient3d_in_double(raw[0], raw[1], raw[2], raw[3]);
    EXPECT_EQ(det > 0 ? 1 : (det < 0 ? -1 : 0), expected) << "case " << i << " scale 2^" << g;
    const double a[2] = {raw[0][0], raw[0][1]}, b[2] = {raw[1][0], raw[1][1]}, c[2] = {raw[3][0], raw[3][1]};
    const double det2 = certified::orient2d_in_double(a[0], a[1], b[0], b[1], c[0], c[1]);
    EXPECT_EQ(det2 > 0 ? 1 : (det2 < 0 ? -1 : 0), reference_sign_2d(a, b, c)) << "2D case " << i << " scale 2^" << g;
  }
  EXPECT_GT(zeros, 400);  // coplanar quadruples were met
}

}  // namespace
}  // namespace sepax
