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
// take ≤ 3·61 + 61 + 8 bits, and the shift by −α ≤ 61 more). Elsewhere GMP
// rationals, ten times slower.
#include <array>
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

/// The gap's sign in integers (see the file comment); nullopt-like 2 when
/// the exponents spread too far.
int integer_gap_sign(const Obb3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis) {
  const std::array<double, 12> lengths = {a.center[0],  a.center[1],  a.center[2],  b.center[0],
                                          b.center[1],  b.center[2],  a.extents[0], a.extents[1],
                                          a.extents[2], b.extents[0], b.extents[1], b.extents[2]};
  std::array<double, 18> axes;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) {
      axes[3 * i + k] = a.axes[i][k];
      axes[9 + 3 * i + k] = b.axes[i][k];
    }
  std::array<std::int64_t, 12> li;
  std::array<std::int64_t, 18> ai;
  int lambda = 0, alpha = 0;
  if (!sepax::certified::to_common_integers(lengths, li, lambda) ||
      !sepax::certified::to_common_integers(axes, ai, alpha) ||
      alpha < -64 || alpha > 64)
    return 2;
  const auto axis_of = [&](int box, int i) {
    return IV{Int(ai[9 * box + 3 * i]), Int(ai[9 * box + 3 * i + 1]), Int(ai[9 * box + 3 * i + 2])};
  };
  const IV d = {Int(li[3]) - Int(li[0]), Int(li[4]) - Int(li[1]), Int(li[5]) - Int(li[2])};
  IV l;
  switch (axis.kind) {
    case AxisKind::face_a:
      l = sepax::certified::cross(axis_of(0, (axis.i + 1) % 3), axis_of(0, (axis.i + 2) % 3));
      break;
    case AxisKind::face_b:
      l = sepax::certified::cross(axis_of(1, (axis.j + 1) % 3), axis_of(1, (axis.j + 2) % 3));
      break;
    default:
      l = sepax::certified::cross(axis_of(0, axis.i), axis_of(1, axis.j));
      break;
  }
  // |L'·D'|·2^{−α} against the radii.
  Int radii = 0;
  for (int k = 0; k < 3; ++k) {
    radii += Int(li[6 + k]) * abs(sepax::certified::dot(axis_of(0, k), l));
    radii += Int(li[9 + k]) * abs(sepax::certified::dot(axis_of(1, k), l));
  }
  return sepax::certified::scaled_difference_sign(abs(sepax::certified::dot(l, d)), radii, alpha);
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
  const int sign = integer_gap_sign(a, b, axis);
  return sign != 2 ? sign : rational_gap_sign(a, b, axis);
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
}  // namespace detail

}  // namespace sepax::obb_obb
