// The certified OBB–OBB test's exact path: one axis's gap (obb_obb_certified.hpp's
// table), for the axes the filter could not decide. Every stored double is
// an exact rational, and the gap is a polynomial of them: no division, so
// the sign is exact.
//
// In integers where the exponents allow: lengths (centres, extents) scaled
// by one power of two 2^−λ, axis components by another 2^−α, each set to at
// most 61 bits (to_common_integers). With L = L'·2^{2α} (L' the cross of the
// integer axes) the gap |L·D| − Σ e_k |A_k·L| − Σ f_m |B_m·L| is
// 2^{λ+3α}·(|L'·D'|·2^{−α} − Σ e'_k |A'_k·L'| − …): a positive factor, so
// the sign is that of the bracket, which 512-bit integers hold (the terms
// take ≤ 3·61 + 61 + 8 bits, and the shift by −α ≤ 61 more). Elsewhere the
// same in GMP integers of any size, each double m·2^e written over the least
// exponent of its set (subnormals and exponents far apart: the fuzzers' raw
// cases); GMP rationals, with a gcd at every operation, are kept for the
// tests as the definition.
#include <array>
#include <cmath>
#include <cstdint>

#include "exact/integer_vec.hpp"
#include "exact/orientation_exact.hpp"
#include "exact/rational_vec.hpp"
#include "expansion/obb_obb_expansion_gap.hpp"
#include "sepax/core/static/obb_obb_certified.hpp"

namespace sepax::obb_obb {
namespace {

using Q = sepax::certified::Rational;
using QV = sepax::certified::RationalVec;
using sepax::certified::cross;
using sepax::certified::dot;
using sepax::certified::exact;

using sepax::certified::Int;
using IV = sepax::certified::IntVec;

/// The gap's sign for the pair as integers (see the file comment): lengths
/// li (centres of A and B, extents of A and B) over one power of two, axes
/// ai (A's rows, then B's) over 2^alpha.
template <class Z>
int gap_sign_in_integers(const std::array<Z, 12>& li, const std::array<Z, 18>& ai, int alpha,
                         const SeparatingAxis& axis) {
  using ZV = std::array<Z, 3>;
  const auto axis_of = [&](int box, int i) { return ZV{ai[9 * box + 3 * i], ai[9 * box + 3 * i + 1], ai[9 * box + 3 * i + 2]}; };
  const ZV d = {li[3] - li[0], li[4] - li[1], li[5] - li[2]};
  const auto cross = [](const ZV& p, const ZV& q) {
    return ZV{p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]};
  };
  const auto dot = [](const ZV& p, const ZV& q) { return Z(p[0] * q[0] + p[1] * q[1] + p[2] * q[2]); };
  ZV l;
  switch (axis.kind) {
    case AxisKind::face_a:
      l = cross(axis_of(0, (axis.i + 1) % 3), axis_of(0, (axis.i + 2) % 3));
      break;
    case AxisKind::face_b:
      l = cross(axis_of(1, (axis.j + 1) % 3), axis_of(1, (axis.j + 2) % 3));
      break;
    default:
      l = cross(axis_of(0, axis.i), axis_of(1, axis.j));
      break;
  }
  // |L'·D'|·2^{−α} against the radii.
  Z radii = 0;
  for (int k = 0; k < 3; ++k) {
    radii += li[6 + k] * abs(dot(axis_of(0, k), l));
    radii += li[9 + k] * abs(dot(axis_of(1, k), l));
  }
  Z lead = abs(dot(l, d));
  if (alpha < 0) lead <<= -alpha;
  if (alpha > 0) radii <<= alpha;
  return Z(lead - radii).sign();
}

/// The pair's numbers in the integer stages' order: the lengths (centres of
/// A and B, extents of A and B) and the axes (A's rows, then B's).
struct PairNumbers {
  std::array<double, 12> lengths;
  std::array<double, 18> axes;
  PairNumbers(const Obb3<double>& a, const Obb3<double>& b)
      : lengths{a.center[0], a.center[1], a.center[2], b.center[0], b.center[1], b.center[2],
                a.extents[0], a.extents[1], a.extents[2], b.extents[0], b.extents[1], b.extents[2]} {
    for (int i = 0; i < 3; ++i)
      for (int k = 0; k < 3; ++k) {
        axes[3 * i + k] = a.axes[i][k];
        axes[9 + 3 * i + k] = b.axes[i][k];
      }
  }
};

/// The gap's sign in 512-bit integers; 2 when the exponents spread too far.
int integer_gap_sign(const Obb3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis) {
  const PairNumbers p(a, b);
  std::array<std::int64_t, 12> li;
  std::array<std::int64_t, 18> ai;
  int lambda = 0, alpha = 0;
  if (!sepax::certified::to_common_integers(p.lengths, li, lambda) ||
      !sepax::certified::to_common_integers(p.axes, ai, alpha) ||
      alpha < -64 || alpha > 64)
    return 2;
  std::array<Int, 12> lz;
  std::array<Int, 18> az;
  for (int k = 0; k < 12; ++k) lz[k] = Int(li[k]);
  for (int k = 0; k < 18; ++k) az[k] = Int(ai[k]);
  return gap_sign_in_integers(lz, az, alpha, axis);
}

using Big = boost::multiprecision::mpz_int;

/// Finite doubles as GMP integers over their least exponent: x[k] =
/// out[k]·2^exponent (each x = m·2^e with m an integer of at most 53 bits).
template <std::size_t N>
void to_big_integers(const std::array<double, N>& x, std::array<Big, N>& out, int& exponent) {
  std::array<std::int64_t, N> m;
  std::array<int, N> e;
  exponent = 0;
  bool any = false;
  for (std::size_t k = 0; k < N; ++k) {
    int ek = 0;
    const double f = std::frexp(x[k], &ek);  // x = f·2^ek, |f| in [1/2, 1): f·2⁵³ an integer
    m[k] = std::int64_t(std::ldexp(f, 53));
    e[k] = ek - 53;
    if (m[k] != 0 && (!any || e[k] < exponent)) exponent = e[k], any = true;
  }
  for (std::size_t k = 0; k < N; ++k) out[k] = m[k] == 0 ? Big(0) : Big(m[k]) << (e[k] - exponent);
}

/// The gap's sign in GMP integers, for any finite pair.
int big_integer_gap_sign(const Obb3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis) {
  const PairNumbers p(a, b);
  std::array<Big, 12> lz;
  std::array<Big, 18> az;
  int lambda = 0, alpha = 0;
  to_big_integers(p.lengths, lz, lambda);
  to_big_integers(p.axes, az, alpha);
  return gap_sign_in_integers(lz, az, alpha, axis);
}

/// Are all of the pair's numbers finite?
bool finite(const Obb3<double>& a, const Obb3<double>& b) {
  for (const Obb3<double>* box : {&a, &b})
    for (int k = 0; k < 3; ++k)
      if (!std::isfinite(box->center[k]) || !std::isfinite(box->extents[k]) || !box->axes[k].allFinite()) return false;
  return true;
}

int rational_gap_sign(const Obb3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis) {
  const QV d = [&] {
    const QV ca = exact(a.center), cb = exact(b.center);
    return QV{cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2]};
  }();
  // The axis as a world vector, exactly; the gap is then the same for every
  // axis: |L·D| − Σ a_k |A_k·L| − Σ b_m |B_m·L| (the table's entries are
  // these projections, several of them exactly 0).
  QV l;
  switch (axis.kind) {
    case AxisKind::face_a:
      l = cross(exact(a.axes[(axis.i + 1) % 3]), exact(a.axes[(axis.i + 2) % 3]));
      break;
    case AxisKind::face_b:
      l = cross(exact(b.axes[(axis.j + 1) % 3]), exact(b.axes[(axis.j + 2) % 3]));
      break;
    default:
      l = cross(exact(a.axes[axis.i]), exact(b.axes[axis.j]));
      break;
  }
  Q gap = abs(dot(l, d));
  for (int k = 0; k < 3; ++k) {
    gap -= Q(a.extents[k]) * abs(dot(exact(a.axes[k]), l));
    gap -= Q(b.extents[k]) * abs(dot(exact(b.axes[k]), l));
  }
  return gap.sign();
}

}  // namespace

int exact_gap_sign(const Obb3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis) {
  obb_obb::certified::ExpansionCache cache;
  obb_obb::certified::load(cache, a, b);
  if (const int sign = obb_obb::certified::expansion_gap_sign(cache, axis); sign != 2) return sign;
  if (const int sign = integer_gap_sign(a, b, axis); sign != 2) return sign;
  return finite(a, b) ? big_integer_gap_sign(a, b, axis) : rational_gap_sign(a, b, axis);
}

namespace detail {
int expansion_gap_sign_for_tests(const Obb3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis,
                                 bool fma_copy, int stage) {
  obb_obb::certified::ExpansionCache cache;
  obb_obb::certified::load(cache, a, b);
  const auto which = stage == 1   ? obb_obb::certified::GapStage::adaptive_only
                     : stage == 2 ? obb_obb::certified::GapStage::full_only
                                  : obb_obb::certified::GapStage::both;
  return fma_copy ? obb_obb::certified::fma::expansion_gap_sign(cache, axis, which)
                  : obb_obb::certified::baseline::expansion_gap_sign(cache, axis, which);
}
int integer_gap_sign_for_tests(const Obb3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis) {
  return integer_gap_sign(a, b, axis);
}
int rational_gap_sign_for_tests(const Obb3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis) {
  return rational_gap_sign(a, b, axis);
}
int big_integer_gap_sign_for_tests(const Obb3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis) {
  return big_integer_gap_sign(a, b, axis);
}
}  // namespace detail

}  // namespace sepax::obb_obb
