// The certified OBB–OBB kernel's integer stages against GMP rationals: the
// machine integers (certified/obb_obb_small_integers.hpp) on random pairs on
// dyadic grids of every size they accept, exactly touching pairs and their
// one-unit neighbours built from large integers, pairs at the edge of the
// proven range (3α + λ = 120: the extreme values bring the gap near 2¹²⁶),
// the pairs just outside it and those off any grid, which they must decline;
// the 256-bit integers (certified/obb_obb_wide_integers.hpp) likewise on
// their grid (axes on 2⁻⁶⁰, 62-bit lengths) and on the double lattice boxes
// of exact contact; and the certified kernel deciding touching boxes with
// each.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "certified/obb_obb_small_integers.hpp"
#include "certified/obb_obb_wide_integers.hpp"
#include "sepax/core/static/certified_result.hpp"
#include "sepax/core/static/obb_obb_certified.hpp"

namespace sepax {
namespace {

using obb_obb::certified::SmallIntegers;

SeparatingAxis axis_number(int n) {
  if (n < 3) return {AxisKind::face_a, std::uint8_t(n), 0};
  if (n < 6) return {AxisKind::face_b, 0, std::uint8_t(n - 3)};
  return {AxisKind::edge_edge, std::uint8_t((n - 6) / 3), std::uint8_t((n - 6) % 3)};
}

/// Every axis's sign against the rationals'; the pair must be accepted.
void expect_all_axes_exact(const Obb3d& a, const Obb3d& b, int& zeros) {
  SmallIntegers s;
  ASSERT_TRUE(obb_obb::certified::load(s, a, b));
  for (int n = 0; n < 15; ++n) {
    const SeparatingAxis axis = axis_number(n);
    const int exact = obb_obb::detail::rational_gap_sign_for_tests(a, b, axis);
    ASSERT_EQ(obb_obb::certified::small_integer_gap_sign(s, axis), exact) << "axis " << n;
    zeros += exact == 0;
  }
}

struct Grid {
  std::mt19937_64 rng;
  explicit Grid(std::uint64_t seed) : rng(seed) {}
  /// A uniform integer in (−2^bits, 2^bits), at the extremes a third of the time.
  std::int64_t integer(int bits) {
    const std::int64_t top = (std::int64_t(1) << bits) - 1;
    std::uniform_int_distribution<int> kind(0, 2);
    std::uniform_int_distribution<std::int64_t> any(-top, top);
    const int k = kind(rng);
    return k == 0 ? (rng() & 1 ? top : -top) : any(rng);
  }
  /// A pair: axes X·2^(t−29) with |X| < 2^(30−t) (α = 30 − t), lengths
  /// Y·2^g with |Y| < 2^λ; extents ≥ 0.
  void pair(int alpha, int lambda, int g, Obb3d& a, Obb3d& b) {
    for (Obb3d* box : {&a, &b}) {
      for (int i = 0; i < 3; ++i) {
        for (int k = 0; k < 3; ++k) box->axes[i][k] = std::ldexp(double(integer(alpha)), 1 - alpha);
        box->extents[i] = std::ldexp(double(std::abs(integer(lambda))), g);
        box->center[i] = std::ldexp(double(integer(lambda)), g);
      }
    }
  }
};

TEST(ObbSmallIntegers, RandomGridPairsAgreeWithRationals) {
  Grid grid(20261129);
  std::uniform_int_distribution<int> alpha_of(1, 30), exponent(-60, 60);
  int pairs = 0, zeros = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const int alpha = alpha_of(grid.rng);
    const int lambda = std::uniform_int_distribution<int>(1, std::min(50, 120 - 3 * alpha))(grid.rng);
    Obb3d a, b;
    grid.pair(alpha, lambda, exponent(grid.rng), a, b);
    expect_all_axes_exact(a, b, zeros);
    ++pairs;
  }
  EXPECT_EQ(pairs, 3000);
}

// A = k·(identity) on axes, B integer axes: along N_0 = (k², 0, 0) the gap
// is k²·(|D_x| − ea_0·k − Σ eb_j |B_j.x|), 0 when D_x is that sum, ±1 unit
// beside it. Large k, large extents: the cancellation is total.
TEST(ObbSmallIntegers, TouchingAndOneUnitApart) {
  Grid grid(7);
  int zeros = 0;
  for (int trial = 0; trial < 600; ++trial) {
    // Extents and B's axes small enough that the contact coordinate below
    // is exact in double (< 2⁴⁹ units of 2^(−19−α)).
    const int alpha = 1 + trial % 30;
    Obb3d a, b;
    grid.pair(alpha, 47 - alpha, -20, a, b);
    const double k = std::ldexp(double(grid.integer(alpha) | 1), 1 - alpha);
    for (int i = 0; i < 3; ++i) a.axes[i] = Vec3<double>::Unit(i) * k;
    double contact = a.extents[0] * std::fabs(k);  // exact: few bits
    for (int j = 0; j < 3; ++j) contact += b.extents[j] * std::fabs(b.axes[j][0]);
    for (int step = -1; step <= 1; ++step) {
      Obb3d moved = b;
      moved.center[0] = a.center[0] + contact + step * std::ldexp(1.0, -20 + 1 - alpha);
      SmallIntegers s;
      if (!obb_obb::certified::load(s, a, moved)) continue;  // 3α + λ > 120 (α > 23 here)
      const SeparatingAxis face{AxisKind::face_a, 0, 0};
      const int exact = obb_obb::detail::rational_gap_sign_for_tests(a, moved, face);
      EXPECT_EQ(exact, step);
      ASSERT_EQ(obb_obb::certified::small_integer_gap_sign(s, face), exact);
      expect_all_axes_exact(a, moved, zeros);
    }
  }
  EXPECT_GT(zeros, 100);
}

/// A pair with every number at an extreme magnitude (axes ±top_axis,
/// lengths ±top_length) in sign pattern `signs` (0–63), made distinct (a box
/// whose axes are all equal has L = 0), with one axis component `small`.
void extreme_pair(int signs, double top_axis, double top_length, double small, Obb3d& a, Obb3d& b) {
  for (int i = 0; i < 3; ++i) {
    for (int k = 0; k < 3; ++k) {
      a.axes[i][k] = ((signs >> ((i + k) % 6)) & 1) ? -top_axis : top_axis;
      b.axes[i][k] = ((signs >> ((i * 3 + k) % 6)) & 1) ? top_axis : -top_axis;
    }
    a.extents[i] = b.extents[i] = top_length;
    a.center[i] = (signs & (1 << i)) ? -top_length : top_length;
    b.center[i] = (signs & (8 << i)) ? top_length : -top_length;
  }
  a.axes[1][1] = -a.axes[1][1];
  b.axes[2][0] = -b.axes[2][0];
  a.axes[2][2] = small;
}

// 3α + λ = 120 with every number at its extreme magnitude: accepted and
// exact; one more bit of length: declined.
TEST(ObbSmallIntegers, EdgeOfTheProvenRange) {
  const double top_axis = std::ldexp(double((std::int64_t(1) << 30) - 1), -29);  // α = 30
  const double top_length = double((std::int64_t(1) << 30) - 1);                // λ = 30
  int zeros = 0;
  for (int signs = 0; signs < 64; ++signs) {
    Obb3d a, b;
    extreme_pair(signs, top_axis, top_length, std::ldexp(1.0, -29), a, b);
    expect_all_axes_exact(a, b, zeros);
    Obb3d wider = b;
    wider.center[0] = std::ldexp(1.0, 30) + 1;  // λ = 31: 3α + λ = 121
    SmallIntegers s;
    EXPECT_FALSE(obb_obb::certified::load(s, a, wider));
    EXPECT_EQ(s.state, -1);
  }
}

TEST(ObbSmallIntegers, DeclinesOffTheGrid) {
  Obb3d a, b;
  a.extents = {1, 1, 1};
  b.extents = {1, 1, 1};
  b.center = {2, 0.5, 0};
  SmallIntegers s;
  EXPECT_TRUE(obb_obb::certified::load(s, a, b));
  const auto declines = [&](const Obb3d& x, const Obb3d& y) {
    SmallIntegers t;
    return !obb_obb::certified::load(t, x, y) && t.state == -1;
  };
  Obb3d c = b;
  c.axes[0] = {std::cos(1e-3), std::sin(1e-3), 0};  // 2⁻³⁰ and below under the leading bit
  EXPECT_TRUE(declines(a, c));
  c = b;
  c.axes[0][0] = 2.0;  // |x| ≥ 2
  EXPECT_TRUE(declines(a, c));
  c = b;
  c.center[1] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(declines(a, c));
  c = b;
  c.extents[2] = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(declines(a, c));
  c = b;
  c.axes[1][2] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(declines(a, c));
  c = b;
  c.center[2] = std::ldexp(1.0, -60);  // lengths spanning 62 bits
  EXPECT_TRUE(declines(a, c));
  c = b;
  c.extents = {std::ldexp(1.0, -1000), 0, 0};  // every length near the subnormals
  c.center = {0, 0, 0};
  Obb3d tiny = a;
  tiny.extents = {0, 0, 0};
  tiny.center = {0, 0, 0};
  EXPECT_TRUE(declines(tiny, c));
  // A subnormal length beside a large one: scaled to the large one's grid it
  // underflows to 0, an integer (fuzz/open-findings: the certified kernel
  // called these point boxes intersecting).
  Obb3d p = tiny, q = tiny;
  p.center = {0, std::ldexp(1.0, -1035), std::ldexp(1.25, 105)};
  q.center = {0, 0, std::ldexp(1.25, 105)};
  EXPECT_TRUE(declines(p, q));
  EXPECT_FALSE(obb_obb::test_certified(p, q).result.intersects);
}

TEST(ObbSmallIntegers, CertifiedKernelUsesThem) {
  // Exactly touching float boxes, B turned about z (0.8f and 0.6f lie on
  // the grid 2⁻²⁴): the filter cannot decide the contact faces (both gaps
  // are exactly 0), the machine integers must.
  Obb3f a, b;
  a.extents = {0.5f, 0.25f, 1.0f};
  b.extents = {0.75f, 0.5f, 0.125f};
  b.axes[0] = {0.8f, 0.6f, 0.0f};
  b.axes[1] = {-0.6f, 0.8f, 0.0f};
  b.center = {0.0f, 0.0f, 1.125f};  // B's bottom face z = 1 on A's top face
  auto& counts = detail::exact_stage_counts();
  const auto before = counts;
  const auto r = obb_obb::test_certified(a, b);
  EXPECT_TRUE(r.result.intersects);
  EXPECT_TRUE(r.exact_path);
  EXPECT_GT(counts.machine_integers, before.machine_integers);
  EXPECT_EQ(counts.expansion, before.expansion);
  EXPECT_EQ(counts.integers_or_rationals, before.integers_or_rationals);
  b.center[2] = std::nextafter(1.125f, 2.0f);  // one ulp apart
  EXPECT_FALSE(obb_obb::test_certified(a, b).result.intersects);
}

// ---- the 256-bit integers ----------------------------------------------------

using obb_obb::certified::WideIntegers;

/// Every axis's sign against the rationals'; the pair must be accepted.
void expect_all_axes_exact_wide(const Obb3d& a, const Obb3d& b, int& zeros) {
  WideIntegers w;
  ASSERT_TRUE(obb_obb::certified::load(w, a, b));
  for (int n = 0; n < 15; ++n) {
    const int exact = obb_obb::detail::rational_gap_sign_for_tests(a, b, axis_number(n));
    ASSERT_EQ(obb_obb::certified::wide_integer_gap_sign(w, n), exact) << "axis " << n;
    zeros += exact == 0;
  }
}

/// A number below 2^bits of at most 53 significant bits (what a double
/// holds), times 2^g.
double wide_number(Grid& grid, int bits, int g) {
  const int shift = std::max(0, bits - 53);
  return std::ldexp(double(grid.integer(bits - shift)), g + shift);
}

/// A pair on the wide grid: axes X·2⁻⁶⁰ with |X| < 2^bits (bits ≤ 61),
/// lengths Y·2^g with |Y| < 2^λ (λ ≤ 62).
void wide_pair(Grid& grid, int bits, int lambda, int g, Obb3d& a, Obb3d& b) {
  const auto length = [&] { return wide_number(grid, lambda, g); };
  for (Obb3d* box : {&a, &b}) {
    for (int i = 0; i < 3; ++i) {
      for (int k = 0; k < 3; ++k) box->axes[i][k] = wide_number(grid, bits, -60);
      box->extents[i] = std::fabs(length());
      box->center[i] = length();
    }
  }
}

TEST(ObbWideIntegers, RandomGridPairsAgreeWithRationals) {
  Grid grid(20261130);
  std::uniform_int_distribution<int> bits_of(1, 61), lambda_of(1, 62), exponent(-60, 60);
  int zeros = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    Obb3d a, b;
    wide_pair(grid, bits_of(grid.rng), lambda_of(grid.rng), exponent(grid.rng), a, b);
    expect_all_axes_exact_wide(a, b, zeros);
  }
  // Small grids give zero gaps (parallel rows, L = 0) now and then: the
  // comparison above saw both signs and 0.
  EXPECT_GT(zeros, 0);
}

// Every number at its extreme magnitude (|X| near 2⁶¹, |Y| near 2⁶²), in
// every sign pattern: the gap's parts reach ~2²⁵⁰, and must be exact.
TEST(ObbWideIntegers, EdgeOfTheProvenRange) {
  const double top_axis = std::ldexp(double((std::int64_t(1) << 53) - 1), -52);  // X = (2⁵³ − 1)·2⁸
  const double top_length = std::ldexp(double((std::int64_t(1) << 53) - 1), 9);  // < 2⁶²
  int zeros = 0;
  for (int signs = 0; signs < 64; ++signs) {
    Obb3d a, b;
    extreme_pair(signs, top_axis, top_length, std::ldexp(1.0, -60), a, b);
    expect_all_axes_exact_wide(a, b, zeros);
  }
}

TEST(ObbWideIntegers, DeclinesOffTheGrid) {
  Obb3d a, b;
  a.extents = {1, 1, 1};
  b.extents = {1, 1, 1};
  b.center = {2, 0.5, 0};
  WideIntegers w;
  EXPECT_TRUE(obb_obb::certified::load(w, a, b));
  EXPECT_EQ(w.state, 1);
  const auto declines = [](const Obb3d& x, const Obb3d& y) {
    WideIntegers t;
    const bool loaded = obb_obb::certified::load(t, x, y);
    return !loaded && t.state == -1;
  };
  Obb3d off = b;
  off.axes[0][1] = std::ldexp(1.0, -61);  // a bit below 2⁻⁶⁰
  EXPECT_TRUE(declines(a, off));
  off = b;
  off.axes[1][1] = 2.0;  // |x| ≥ 2
  EXPECT_TRUE(declines(a, off));
  off = b;
  off.center[0] = std::ldexp(1.0, 40);
  off.extents[1] = std::ldexp(1.0, -40);  // 80 binades apart: no 62-bit grid holds both
  EXPECT_TRUE(declines(a, off));
  off = b;
  off.center[2] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(declines(a, off));
  off = b;
  off.extents[0] = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(declines(a, off));
  off = b;
  off.center[1] = std::ldexp(1.0, -1070);  // subnormal beside 2: no grid
  EXPECT_TRUE(declines(a, off));
}

// Double lattice boxes in exact face contact, as the touching family builds
// them (axes on 2⁻⁴⁸, beyond the machine integers): B turned about the
// contact face's normal by a quantised angle, its face on A's, then moved
// one unit of the centres' grid (2⁻⁴⁸) either way along the normal.
TEST(ObbWideIntegers, LatticeBoxesTouchingAndOneUnitApart) {
  std::mt19937_64 rng(20261130);
  std::uniform_real_distribution<double> angle(0.0, 6.283185307179586);
  std::uniform_int_distribution<int> extent_exponent(-3, 2), axis_of(0, 2);
  std::uniform_int_distribution<std::int64_t> offset(-(std::int64_t(1) << 50), std::int64_t(1) << 50);
  const auto quantised = [](double x) { return std::ldexp(std::nearbyint(std::ldexp(x, 48)), -48); };
  int zeros = 0, declined_by_machine_integers = 0;
  for (int trial = 0; trial < 600; ++trial) {
    Obb3d a, b;
    for (int k = 0; k < 3; ++k) {
      a.extents[k] = std::ldexp(1.0, extent_exponent(rng));
      b.extents[k] = std::ldexp(1.0, extent_exponent(rng));
      a.center[k] = std::ldexp(double(offset(rng) >> 3), -48);  // |·| < 1/2 on 2⁻⁴⁸
    }
    const int w = axis_of(rng), u = (w + 1) % 3, v = (w + 2) % 3;
    const double t = angle(rng), c = quantised(std::cos(t)), sn = quantised(std::sin(t));
    b.axes[u] = Vec3<double>::Zero();
    b.axes[v] = Vec3<double>::Zero();
    b.axes[w] = Vec3<double>::Unit(w);
    b.axes[u][u] = c, b.axes[u][v] = sn;
    b.axes[v][u] = -sn, b.axes[v][v] = c;
    b.center = a.center;
    b.center[u] += std::ldexp(double(offset(rng) >> 20), -48);
    b.center[v] += std::ldexp(double(offset(rng) >> 20), -48);
    b.center[w] += a.extents[w] + b.extents[w];  // B's face on A's: exact (below 16 on 2⁻⁴⁸)
    SmallIntegers s;
    declined_by_machine_integers += !obb_obb::certified::load(s, a, b);
    for (int step = -1; step <= 1; ++step) {
      Obb3d moved = b;
      moved.center[w] += step * std::ldexp(1.0, -48);
      const SeparatingAxis face{AxisKind::face_a, std::uint8_t(w), 0};
      ASSERT_EQ(obb_obb::detail::rational_gap_sign_for_tests(a, moved, face), step) << "trial " << trial;
      expect_all_axes_exact_wide(a, moved, zeros);
    }
  }
  EXPECT_GT(declined_by_machine_integers, 500);  // the stage this test is for
  EXPECT_GE(zeros, 600);
}

TEST(ObbWideIntegers, CertifiedKernelUsesThem) {
  // Exactly touching double boxes, B turned about z by axes on 2⁻⁴⁸ (off
  // the machine integers' grid): the filter cannot decide the contact faces,
  // the 256-bit integers must.
  Obb3d a, b;
  a.extents = {0.5, 0.25, 1.0};
  b.extents = {0.75, 0.5, 0.125};
  const double c = std::ldexp(std::nearbyint(std::ldexp(std::cos(0.3), 48)), -48);
  const double s = std::ldexp(std::nearbyint(std::ldexp(std::sin(0.3), 48)), -48);
  b.axes[0] = {c, s, 0.0};
  b.axes[1] = {-s, c, 0.0};
  b.center = {0.0, 0.0, 1.125};  // B's bottom face z = 1 on A's top face
  auto& counts = detail::exact_stage_counts();
  const auto before = counts;
  const auto r = obb_obb::test_certified(a, b);
  EXPECT_TRUE(r.result.intersects);
  EXPECT_TRUE(r.exact_path);
  EXPECT_GT(counts.wide_integers, before.wide_integers);
  EXPECT_EQ(counts.machine_integers, before.machine_integers);
  EXPECT_EQ(counts.expansion, before.expansion);
  EXPECT_EQ(counts.integers_or_rationals, before.integers_or_rationals);
  b.center[2] = std::nextafter(1.125, 2.0);  // one ulp apart
  EXPECT_FALSE(obb_obb::test_certified(a, b).result.intersects);
}

}  // namespace
}  // namespace sepax
