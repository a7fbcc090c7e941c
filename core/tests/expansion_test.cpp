// The certified kernels' expansion arithmetic (src/expansion/, Shewchuk 1997)
// checked against GMP rationals: every error-free transformation and
// expansion operation on random and adversarial doubles (cancellation, ulp
// neighbours, powers of two, the subnormal boundary), both TwoProducts (FMA
// and Dekker's split), the range check, and the OBB–OBB expansion stage's
// gap signs against the rationals'.
#include <gtest/gtest.h>

#include <boost/multiprecision/gmp.hpp>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#define SEPAX_EXPANSION_ISA testing_copy
#include "expansion/expansion.hpp"
#include "expansion/expansion_range.hpp"
#include "expansion/orientation_expansion.hpp"
#include "sepax/core/static/obb_obb_certified.hpp"

namespace sepax {
namespace {

namespace ex = expansion::testing_copy;
using Q = boost::multiprecision::mpq_rational;

Q value(int n, const double* e) {
  Q s = 0;
  for (int i = 0; i < n; ++i) s += Q(e[i]);
  return s;
}

/// Shewchuk's invariants: no zero component, increasing magnitude, and
/// nonoverlapping (each component's magnitude below the lowest set bit of
/// the next: then the last one carries the sign).
void expect_well_formed(int n, const double* e) {
  for (int i = 0; i < n; ++i) {
    ASSERT_NE(e[i], 0.0) << "component " << i;
    ASSERT_TRUE(std::isfinite(e[i]));
    if (i + 1 < n) {
      int exp_next = 0;
      std::frexp(e[i + 1], &exp_next);
      // lowest set bit of e[i+1]: strip its significand's trailing zeros.
      double m = std::fabs(e[i + 1]);
      int low = exp_next - 53;
      while (std::fmod(std::ldexp(m, -low), 2.0) == 0) ++low;
      ASSERT_LT(std::fabs(e[i]), std::ldexp(1.0, low)) << "components " << i << ", " << i + 1 << " overlap";
    }
  }
}

/// Doubles that stress the transformations, all within the degree-4 range.
struct Draw {
  std::mt19937_64 rng;
  explicit Draw(std::uint64_t seed) : rng(seed) {}
  double any() {
    std::uniform_int_distribution<int> kind(0, 7), exponent(-60, 60), sign(0, 1);
    std::uniform_real_distribution<double> unit(0.5, 1.0);
    const double s = sign(rng) ? -1.0 : 1.0;
    switch (kind(rng)) {
      case 0:
        return s * std::ldexp(1.0, exponent(rng));  // a power of two
      case 1:
        return s * std::nextafter(std::ldexp(1.0, exponent(rng)), 0.0);  // just below one
      case 2:
        return s * std::nextafter(std::ldexp(1.0, exponent(rng)), 10.0 * std::ldexp(1.0, 60));
      case 3: {  // the range's low end: products reach the subnormal grid's edge
        std::uniform_int_distribution<int> low(-200, -190);
        return s * std::ldexp(unit(rng), low(rng) + 1);
      }
      case 4:
        return double(float(s * std::ldexp(unit(rng), exponent(rng) / 4)));  // a float
      default:
        return s * std::ldexp(unit(rng), exponent(rng));
    }
  }
};

TEST(Expansion, ErrorFreeTransformationsAreExact) {
  Draw draw(33);
  for (int n = 0; n < 20000; ++n) {
    const double a = draw.any(), b = n % 5 == 0 ? -std::nextafter(a, 0.0) : draw.any();  // cancellation
    double x, y;
    ex::two_sum(a, b, x, y);
    ASSERT_EQ(Q(x) + Q(y), Q(a) + Q(b));
    ASSERT_EQ(x, a + b);
    ex::two_diff(a, b, x, y);
    ASSERT_EQ(Q(x) + Q(y), Q(a) - Q(b));
    if (std::fabs(a) >= std::fabs(b)) {
      ex::fast_two_sum(a, b, x, y);
      ASSERT_EQ(Q(x) + Q(y), Q(a) + Q(b));
    }
    ex::two_product<true>(a, b, x, y);
    ASSERT_EQ(Q(x) + Q(y), Q(a) * Q(b)) << a << " * " << b;
    double x2, y2;
    ex::two_product<false>(a, b, x2, y2);
    ASSERT_EQ(x2, x);
    ASSERT_EQ(y2, y) << "Dekker's split product differs from FMA's for " << a << " * " << b;
  }
}

TEST(Expansion, TwoProductAtTheSubnormalBoundary) {
  // Outside the range: 2^-537 · (2^-537 + ulp) has its error term at
  // 2^-1126, below the subnormal grid, and TwoProduct loses it.
  const double a = std::ldexp(1.0, -537), b = std::nextafter(a, 1.0);
  double x, y;
  ex::two_product<true>(a, b, x, y);
  EXPECT_NE(Q(x) + Q(y), Q(a) * Q(b));
  // Inside it (four factors ≥ 2^-200, the OBB gaps' degree): exact, down to
  // the last bit, with either product.
  const double c = std::ldexp(1.0 + std::ldexp(1.0, -52), -200);
  for (const bool fma : {true, false}) {
    double p[2], f[4], g[8];
    if (fma)
      ex::two_product<true>(c, c, p[1], p[0]);
    else
      ex::two_product<false>(c, c, p[1], p[0]);
    ASSERT_NE(p[0], 0.0);
    const int nf = fma ? ex::scale<true>(2, p, c, f) : ex::scale<false>(2, p, c, f);
    const int ng = fma ? ex::scale<true>(nf, f, c, g) : ex::scale<false>(nf, f, c, g);
    EXPECT_EQ(value(ng, g), Q(c) * Q(c) * Q(c) * Q(c));
    expect_well_formed(ng, g);
    EXPECT_LT(std::fabs(g[0]), std::ldexp(1.0, -1000));  // the smallest part is near the grid's edge
  }
}

TEST(Expansion, SumsScalesAndCompressionAreExact) {
  Draw draw(34);
  int cancelled = 0;
  for (int n = 0; n < 4000; ++n) {
    // Two expansions grown from random terms, some cancelling exactly.
    double e[64], f[64], t[64];
    int ne = 0, nf = 0;
    Q ve = 0, vf = 0;
    const int terms = 1 + n % 12;
    for (int k = 0; k < terms; ++k) {
      const double x = draw.any();
      ne = ex::grow(ne, e, x, t);
      std::copy(t, t + ne, e);
      ve += Q(x);
      const double y = k % 3 == 0 ? -x : draw.any();
      nf = ex::grow(nf, f, y, t);
      std::copy(t, t + nf, f);
      vf += Q(y);
    }
    ASSERT_EQ(value(ne, e), ve);
    ASSERT_EQ(value(nf, f), vf);
    expect_well_formed(ne, e);
    double h[128];
    const int nh = ex::sum(ne, e, nf, f, h);
    ASSERT_EQ(value(nh, h), ve + vf);
    expect_well_formed(nh, h);
    ASSERT_EQ(ex::sign(nh, h), Q(ve + vf).sign());
    // e − e is exactly zero: length 0.
    double neg[64], z[128];
    std::copy(e, e + ne, neg);
    ex::negate(ne, neg);
    ASSERT_EQ(ex::sum(ne, e, ne, neg, z), 0);
    cancelled += nh == 0;
    const double b = draw.any();
    double s[256];
    const int ns = ex::scale<true>(nh, h, b, s);
    ASSERT_EQ(value(ns, s), (ve + vf) * Q(b));
    expect_well_formed(ns, s);
    double s2[256];
    const int ns2 = ex::scale<false>(nh, h, b, s2);
    ASSERT_EQ(ns2, ns);
    for (int i = 0; i < ns; ++i) ASSERT_EQ(s2[i], s[i]);
    double c[256];
    const int nc = ex::compress(ns, s, c);
    ASSERT_LE(nc, ns);
    ASSERT_EQ(value(nc, c), (ve + vf) * Q(b));
    ASSERT_EQ(ex::sign(nc, c), Q((ve + vf) * Q(b)).sign());
  }
  EXPECT_GT(cancelled, 0);  // some sums cancelled to exactly zero
}

TEST(Expansion, ProductDifferenceIsExact) {
  Draw draw(35);
  int zeros = 0;
  for (int n = 0; n < 20000; ++n) {
    const double a = draw.any(), b = draw.any();
    // Every fourth: c·d = a·b exactly (swapped, or scaled by a power of two).
    const bool same = n % 4 == 0;
    const double c = same ? 2 * b : draw.any(), d = same ? a / 2 : draw.any();
    double h[4];
    const int len = ex::product_difference<true>(a, b, c, d, h);
    ASSERT_EQ(value(len, h), Q(a) * Q(b) - Q(c) * Q(d));
    expect_well_formed(len, h);
    double h2[4];
    ASSERT_EQ(ex::product_difference<false>(a, b, c, d, h2), len);
    zeros += len == 0;
  }
  EXPECT_GT(zeros, 4000);  // the exact cancellations came out as length 0
}

TEST(ExpansionRange, BoundariesAreChecked) {
  const double inside[] = {0.0, -0.0, std::ldexp(1.0, -200), -std::ldexp(1.0, 200), 1.0, double(1e-38f)};
  for (const double x : inside) EXPECT_TRUE(ex::in_range_degree4(&x, 1)) << x;
  const double outside[] = {std::nextafter(std::ldexp(1.0, -200), 0.0), std::nextafter(std::ldexp(1.0, 200), 1e300),
                            std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN(),
                            std::numeric_limits<double>::denorm_min(), 1e300};
  for (const double x : outside) EXPECT_FALSE(ex::in_range_degree4(&x, 1)) << x;
  EXPECT_TRUE(ex::in_range_degree3(outside, 1));  // 2^-200 − ulp is inside degree 3's range
  const double mixed[] = {1.0, 2.0, std::numeric_limits<double>::denorm_min()};
  EXPECT_FALSE(ex::in_range_degree4(mixed, 3));
  // Every float is inside: the smallest subnormal and the largest finite one.
  const double floats[] = {double(std::numeric_limits<float>::denorm_min()), double(std::numeric_limits<float>::max())};
  EXPECT_TRUE(ex::in_range_degree4(floats, 2));
}

// ---- the OBB–OBB expansion stage against the rationals ----

Obb3d random_box(std::mt19937_64& rng, bool float_like, double spread) {
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> unit(-2, 2), size(0.1, 2), exponent(-spread, spread);
  Eigen::Quaterniond q(normal(rng), normal(rng), normal(rng), normal(rng));
  q.normalize();
  const Eigen::Matrix3d r = q.toRotationMatrix();
  Obb3d box;
  for (int i = 0; i < 3; ++i) {
    box.axes[i] = r.col(i);
    box.center[i] = unit(rng) * std::exp2(exponent(rng));
    box.extents[i] = size(rng) * std::exp2(exponent(rng));
  }
  if (float_like)
    for (int i = 0; i < 3; ++i) {
      box.axes[i] = box.axes[i].cast<float>().cast<double>();
      box.center[i] = double(float(box.center[i]));
      box.extents[i] = double(float(box.extents[i]));
    }
  return box;
}

std::vector<SeparatingAxis> every_axis() {
  std::vector<SeparatingAxis> out;
  for (std::uint8_t i = 0; i < 3; ++i) {
    out.push_back({AxisKind::face_a, i, 0});
    out.push_back({AxisKind::face_b, 0, i});
    for (std::uint8_t j = 0; j < 3; ++j) out.push_back({AxisKind::edge_edge, i, j});
  }
  return out;
}

bool cpu_has_fma() {
#if defined(__x86_64__) || defined(__i386__)
  return __builtin_cpu_supports("fma");
#else
  return false;
#endif
}

TEST(ObbExpansionGap, AgreesWithRationals) {
  std::mt19937_64 rng(36);
  int zeros = 0, positive = 0, negative = 0, out_of_range = 0, adaptive = 0, adaptive_zeros = 0, adaptive_declined = 0;
  for (int n = 0; n < 1500; ++n) {
    const bool float_like = n % 2 == 0;
    Obb3d a = random_box(rng, float_like, n % 5 == 1 ? 60 : 0), b = random_box(rng, float_like, n % 5 == 1 ? 60 : 0);
    if (n % 3 == 0) {
      // Exactly touching, face to face or along an edge, axis-aligned or
      // turned by a Pythagorean rotation (exact in binary: 3/5, 4/5 are not,
      // so the rounded axes make the adaptive stage's tails nonzero).
      a = Obb3d{};
      b = Obb3d{};
      a.extents = {0.5, 0.25, 1.0};
      b.extents = {0.75, 0.5, 0.125};
      b.center = {1.25, double(n % 5) / 8, -0.5};
      if (n % 2 == 0) {
        b.axes[0] = {0.6, 0.8, 0};
        b.axes[1] = {-0.8, 0.6, 0};
        b.center = {0.5 + 0.75 * 0.6 + 0.5 * 0.8, 0.75 * 0.8 - 0.5 * 0.6, 0};
      }
    } else if (n % 7 == 1) {
      // Nearly touching: one ulp of the centre apart.
      b = a;
      b.center[0] = std::nextafter(a.center[0] + 2 * a.extents[0] * a.axes[0][0], 1e9);
    }
    if (n % 17 == 5) a.center[0] = std::ldexp(1.0, 300);  // out of the range: the stage declines
    for (const SeparatingAxis& axis : every_axis()) {
      const int exact = obb_obb::detail::rational_gap_sign_for_tests(a, b, axis);
      for (const bool fma : {false, true}) {
        if (fma && !cpu_has_fma()) continue;
        for (const int stage : {0, 1, 2}) {
          const int sign = obb_obb::detail::expansion_gap_sign_for_tests(a, b, axis, fma, stage);
          if (n % 17 == 5) {
            ASSERT_EQ(sign, 2) << "accepted a pair outside the range";
            ++out_of_range;
            continue;
          }
          if (stage == 1 && sign == 2) {
            ++adaptive_declined;
            continue;
          }
          ASSERT_EQ(sign, exact) << "pair " << n << (fma ? " (FMA copy)" : " (split copy)") << " stage " << stage;
          if (stage == 1) {
            ++adaptive;
            adaptive_zeros += sign == 0;
          }
          if (stage == 2) {
            zeros += sign == 0;
            positive += sign > 0;
            negative += sign < 0;
          }
        }
      }
      // The public exact sign takes the expansions first, then the integers.
      ASSERT_EQ(obb_obb::exact_gap_sign(a, b, axis), exact);
    }
  }
  EXPECT_GT(zeros, 100);
  EXPECT_GT(positive, 1000);
  EXPECT_GT(negative, 1000);
  EXPECT_GT(out_of_range, 50);
  // The adaptive part decides most signs, exact zeros of the lattice pairs
  // among them, and leaves some (rounded axes at exact contact) to the rest.
  EXPECT_GT(adaptive, 10000);
  EXPECT_GT(adaptive_zeros, 50);
  EXPECT_GT(adaptive_declined, 20);
}

TEST(ObbExpansionGap, CertifiedKernelUsesIt) {
  // Exactly touching float boxes, B turned about z by about 2⁻³⁸ (its sine
  // has a bit at 2⁻⁶¹: off both integer stages' grids,
  // obb_integer_stages_test.cpp): the filter cannot decide the contact faces
  // (both gaps are exactly 0), the expansions must (no integers, no GMP).
  Obb3f a, b;
  a.extents = {0.5f, 0.25f, 1.0f};
  b.extents = {0.75f, 0.5f, 0.125f};
  const float c = 1.0f, s = std::ldexp(1.0f + 0x1p-23f, -38);
  b.axes[0] = {c, s, 0.0f};
  b.axes[1] = {-s, c, 0.0f};
  b.center = {0.125f, -0.25f, 1.125f};  // B's bottom face z = 1 on A's top face
  auto& counts = detail::exact_stage_counts();
  const auto before = counts;
  const auto r = obb_obb::test_certified(a, b);
  EXPECT_TRUE(r.result.intersects);
  EXPECT_TRUE(r.exact_path);
  EXPECT_GT(counts.expansion, before.expansion);
  EXPECT_EQ(counts.machine_integers, before.machine_integers);
  EXPECT_EQ(counts.wide_integers, before.wide_integers);
  EXPECT_EQ(counts.integers_or_rationals, before.integers_or_rationals);
  b.center[2] = std::nextafter(1.125f, 2.0f);  // one ulp apart
  EXPECT_FALSE(obb_obb::test_certified(a, b).result.intersects);
}

// ---- orient3d / orient2d in expansions against the rationals ----

int orient3d_rational(const double* a, const double* b, const double* c, const double* d) {
  Q u[3], v[3], w[3];
  for (int k = 0; k < 3; ++k) {
    u[k] = Q(b[k]) - Q(a[k]);
    v[k] = Q(c[k]) - Q(a[k]);
    w[k] = Q(d[k]) - Q(a[k]);
  }
  const Q det = u[0] * (v[1] * w[2] - v[2] * w[1]) + u[1] * (v[2] * w[0] - v[0] * w[2]) + u[2] * (v[0] * w[1] - v[1] * w[0]);
  return det.sign();
}

int orient2d_rational(const double* a, const double* b, const double* c) {
  const Q det = (Q(b[0]) - Q(a[0])) * (Q(c[1]) - Q(a[1])) - (Q(b[1]) - Q(a[1])) * (Q(c[0]) - Q(a[0]));
  return det.sign();
}

TEST(OrientationExpansion, AgreesWithRationals) {
  std::mt19937_64 rng(37);
  std::uniform_real_distribution<double> unit(-1, 1);
  std::uniform_int_distribution<int> small(-8, 8);
  int zeros = 0, nonzero = 0, declined = 0;
  for (int n = 0; n < 30000; ++n) {
    double p[4][3];
    const int kind = n % 6;
    for (auto& v : p)
      for (double& x : v) {
        x = unit(rng);
        if (kind == 1) x = double(float(x));  // float coordinates
        if (kind == 2) x = std::ldexp(x, small(rng) * 12);  // spread exponents: differences with tails
        if (kind == 3) x = double(small(rng)) / 8;  // a lattice: many exact zeros
      }
    if (kind == 4) {
      // d on the plane of a, b, c exactly: d = a + (b − a) + (c − a) for
      // lattice-like floats (exact sums), or a ulp off it.
      for (int k = 0; k < 3; ++k) {
        for (int i = 0; i < 3; ++i) p[i][k] = double(small(rng)) / 16 + 2;  // d stays ≥ 1/2: its ulp neighbour is no subnormal
        p[3][k] = p[1][k] + p[2][k] - p[0][k];
      }
      if (n % 12 == 4) p[3][0] = std::nextafter(p[3][0], 10.0);
    }
    if (kind == 5 && n % 30 == 5) p[0][0] = std::ldexp(1.0, 400);  // out of the range
    const int exact = orient3d_rational(p[0], p[1], p[2], p[3]);
    for (const bool fma : {false, true}) {
      if (fma && !cpu_has_fma()) continue;
      const int sign = fma ? certified::fma::orient3d_expansion(p[0], p[1], p[2], p[3])
                           : certified::baseline::orient3d_expansion(p[0], p[1], p[2], p[3]);
      if (sign == 2) {
        ASSERT_TRUE(kind == 5 && n % 30 == 5) << "declined a point set inside the range: case " << n << (fma ? " (FMA copy)" : " (split copy)") << ::testing::PrintToString(std::vector<double>(&p[0][0], &p[0][0] + 12));
        ++declined;
        continue;
      }
      ASSERT_EQ(sign, exact) << "case " << n << (fma ? " (FMA copy)" : " (split copy)");
      zeros += sign == 0;
      nonzero += sign != 0;
    }
    const int exact2 = orient2d_rational(p[0], p[1], p[3]);
    const int sign2 = certified::orient2d_expansion(p[0], p[1], p[3]);
    if (sign2 != 2) {
      ASSERT_EQ(sign2, exact2) << "case " << n;
    }
    const double q[3][2] = {{p[0][0], p[0][1]}, {p[1][0], p[1][1]}, {p[0][0] + 2 * (p[1][0] - p[0][0]), p[0][1] + 2 * (p[1][1] - p[0][1])}};
    if (kind == 3) {
      ASSERT_EQ(certified::orient2d_expansion(q[0], q[1], q[2]), orient2d_rational(q[0], q[1], q[2]));
    }
  }
  EXPECT_GT(zeros, 3000);
  EXPECT_GT(nonzero, 20000);
  EXPECT_GT(declined, 100);
}

}  // namespace
}  // namespace sepax
