// The certified triangle–OBB test's exact path: one axis's gap
// (tri_obb_certified.hpp), for the axes the filter could not decide. The gap
// is a polynomial of the stored numbers: the sign is exact.
//
// In integers where the exponents allow, as obb_obb_exact_gap.cpp: lengths
// (vertices, centre, extents) scaled by 2^−λ, box axis components by 2^−α,
// each to at most 61 bits. For every axis kind the projections t_k carry one
// power of 2^α less than the radius r (N = E0 × E1: t ~ λ³, r ~ λ³α;
// M_j = B × B: t ~ λα², r ~ λα³; E_i × B_j: t ~ λ²α, r ~ λ²α²), so the
// gap's sign is that of max(min t′, −max t′) − 2^α·r′ in 512-bit integers
// (≤ ~310 bits). Elsewhere GMP rationals.
#include <algorithm>
#include <array>
#include <cstdint>

#include "exact/integer_vec.hpp"
#include "exact/orientation_exact.hpp"
#include "exact/rational_vec.hpp"
#include "sepax/core/static/tri_obb_certified.hpp"

namespace sepax::tri_obb {
namespace {

using Q = certified::Rational;
using QV = certified::RationalVec;
using certified::cross;
using certified::dot;
using certified::exact;
using certified::minus;

/// The gap's sign in integers (see the file comment); 2 when the exponents
/// spread too far.
int integer_gap_sign(const Triangle3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis) {
  using sepax::certified::Int;
  using IV = sepax::certified::IntVec;
  std::array<double, 15> lengths;
  std::array<double, 9> axes;
  for (int k = 0; k < 3; ++k) {
    for (int i = 0; i < 3; ++i) {
      lengths[3 * i + k] = a.vertices[i][k];
      axes[3 * i + k] = b.axes[i][k];
    }
    lengths[9 + k] = b.center[k];
    lengths[12 + k] = b.extents[k];
  }
  std::array<std::int64_t, 15> li;
  std::array<std::int64_t, 9> ai;
  int lambda = 0, alpha = 0;
  if (!sepax::certified::to_common_integers(lengths, li, lambda) ||
      !sepax::certified::to_common_integers(axes, ai, alpha) || alpha < -64 || alpha > 64)
    return 2;
  const IV c = sepax::certified::int_vec(&li[9]);
  const IV u[3] = {sepax::certified::int_vec(&li[0]), sepax::certified::int_vec(&li[3]),
                   sepax::certified::int_vec(&li[6])};
  const IV box[3] = {sepax::certified::int_vec(&ai[0]), sepax::certified::int_vec(&ai[3]),
                     sepax::certified::int_vec(&ai[6])};
  const auto edge = [&](int i) { return sepax::certified::minus(u[(i + 1) % 3], u[i]); };
  IV l;
  switch (axis.kind) {
    case AxisKind::normal_a:
      l = sepax::certified::cross(edge(0), edge(1));
      break;
    case AxisKind::face_b:
      l = sepax::certified::cross(box[(axis.j + 1) % 3], box[(axis.j + 2) % 3]);
      break;
    default:
      l = sepax::certified::cross(edge(axis.i), box[axis.j]);
      break;
  }
  Int r = 0;
  for (int j = 0; j < 3; ++j) r += Int(li[12 + j]) * abs(sepax::certified::dot(box[j], l));
  Int lo, hi;
  for (int k = 0; k < 3; ++k) {
    const Int t = sepax::certified::dot(sepax::certified::minus(u[k], c), l);
    if (k == 0 || t < lo) lo = t;
    if (k == 0 || t > hi) hi = t;
  }
  return sepax::certified::scaled_difference_sign(lo > -hi ? lo : Int(-hi), r, alpha);
}

int rational_gap_sign(const Triangle3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis) {
  const QV c = exact(b.center);
  const QV u[3] = {exact(a.vertices[0]), exact(a.vertices[1]), exact(a.vertices[2])};
  const QV box[3] = {exact(b.axes[0]), exact(b.axes[1]), exact(b.axes[2])};
  const auto edge = [&](int i) { return minus(u[(i + 1) % 3], u[i]); };
  QV l;
  switch (axis.kind) {
    case AxisKind::normal_a:
      l = cross(edge(0), edge(1));
      break;
    case AxisKind::face_b:
      l = cross(box[(axis.j + 1) % 3], box[(axis.j + 2) % 3]);
      break;
    default:
      l = cross(edge(axis.i), box[axis.j]);
      break;
  }
  // The box's projection radius, every term (for a face normal two are 0).
  Q r = 0;
  for (int j = 0; j < 3; ++j) r += Q(b.extents[j]) * abs(dot(box[j], l));
  Q lo, hi;
  for (int k = 0; k < 3; ++k) {
    const Q t = dot(minus(u[k], c), l);
    if (k == 0 || t < lo) lo = t;
    if (k == 0 || t > hi) hi = t;
  }
  const Q g = std::max<Q>(lo, -hi) - r;
  return g.sign();
}

}  // namespace

int exact_gap_sign(const Triangle3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis) {
  const int sign = integer_gap_sign(a, b, axis);
  return sign != 2 ? sign : rational_gap_sign(a, b, axis);
}

namespace detail {
int rational_gap_sign_for_tests(const Triangle3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis) {
  return rational_gap_sign(a, b, axis);
}
}  // namespace detail

}  // namespace sepax::tri_obb
