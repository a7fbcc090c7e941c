#pragma once
// Internal: the certified triangle batch's lane code and loop
// (tri_tri_certified_batch.hpp), compiled once per instruction set. The
// including file defines SEPAX_CERTIFIED_ISA (a namespace name), so each
// copy has its own symbols; the lane code is force-inlined into each copy.
// The scalar rerun is not: tri_tri::intersects_certified is compiled once,
// in its own unit.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "certified_batch/certified_blocks.hpp"
#include "sepax/core/static/tri_tri_certified.hpp"
#include "sepax/core/static/tri_tri_certified_batch.hpp"

#ifndef SEPAX_CERTIFIED_ISA
#error "define SEPAX_CERTIFIED_ISA before including tri_tri_certified_lanes.hpp"
#endif

namespace sepax::tri_tri::SEPAX_CERTIFIED_ISA {

using sepax::certified::kIntersects;
using sepax::certified::kUndecided;

SEPAX_FORCE_INLINE double abs_(double x) { return __builtin_fabs(x); }  // a select would stop the vectoriser

/// The bound's factor: 1, or 0 with the mutant certified_tri_tri_no_bound
/// (chosen once per batch, outside the loops: tri_tri_certified_batch.cpp).
template <bool NoBound>
inline constexpr double kBoundScale = NoBound ? 0.0 : 1.0;

/// The filter's certain signs of [o, b, c, x_i] for three points x_i
/// (tri_tri_certified.hpp's bound): pos[i] / neg[i] when certainly > 0 / < 0.
template <bool NoBound>
SEPAX_FORCE_INLINE void sides(const double (&o)[3], const double (&b)[3], const double (&c)[3],
                              const double (&x)[3][3], bool (&pos)[3], bool (&neg)[3]) {
  const double e[3] = {b[0] - o[0], b[1] - o[1], b[2] - o[2]};
  const double f[3] = {c[0] - o[0], c[1] - o[1], c[2] - o[2]};
  const double xa = e[1] * f[2], xb = e[2] * f[1], ya = e[2] * f[0], yb = e[0] * f[2];
  const double za = e[0] * f[1], zb = e[1] * f[0];
  const double n[3] = {xa - xb, ya - yb, za - zb};
  const double m[3] = {abs_(xa) + abs_(xb), abs_(ya) + abs_(yb), abs_(za) + abs_(zb)};
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    const double w[3] = {x[i][0] - o[0], x[i][1] - o[1], x[i][2] - o[2]};
    const double det = n[0] * w[0] + n[1] * w[1] + n[2] * w[2];
    const double perm = m[0] * abs_(w[0]) + m[1] * abs_(w[1]) + m[2] * abs_(w[2]);
    const double bound = (9 * 0x1p-53 * perm + 0x1p-770) * kBoundScale<NoBound>;
    pos[i] = det > bound;
    neg[i] = det < -bound;
  }
}

/// The filter's certain sign of [a, b, c, d].
template <bool NoBound>
SEPAX_FORCE_INLINE void orient(const double (&a)[3], const double (&b)[3], const double (&c)[3],
                               const double (&d)[3], bool& pos, bool& neg) {
  const double e[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
  const double f[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
  const double xa = e[1] * f[2], xb = e[2] * f[1], ya = e[2] * f[0], yb = e[0] * f[2];
  const double za = e[0] * f[1], zb = e[1] * f[0];
  const double w[3] = {d[0] - a[0], d[1] - a[1], d[2] - a[2]};
  const double det = (xa - xb) * w[0] + (ya - yb) * w[1] + (za - zb) * w[2];
  const double perm = (abs_(xa) + abs_(xb)) * abs_(w[0]) + (abs_(ya) + abs_(yb)) * abs_(w[1]) +
                      (abs_(za) + abs_(zb)) * abs_(w[2]);
  const double bound = (9 * 0x1p-53 * perm + 0x1p-770) * kBoundScale<NoBound>;
  pos = det > bound;
  neg = det < -bound;
}

/// c ? x : y by bit masks: GCC's if-conversion gives up on this many
/// selects (the loop stayed scalar), integer and/or does not.
SEPAX_FORCE_INLINE double pick(bool c, double x, double y) {
  const std::uint64_t m = std::uint64_t(0) - std::uint64_t(c);
  return std::bit_cast<double>((std::bit_cast<std::uint64_t>(x) & m) | (std::bit_cast<std::uint64_t>(y) & ~m));
}

/// v[first], v[first + 1], v[first + 2] for first = 0, 1 or 2.
SEPAX_FORCE_INLINE void rotate(const double (&v)[3][3], bool first0, bool first1, double (&out)[3][3]) {
#pragma GCC unroll 3
  for (int k = 0; k < 3; ++k) {
    out[0][k] = pick(first0, v[0][k], pick(first1, v[1][k], v[2][k]));
    out[1][k] = pick(first0, v[1][k], pick(first1, v[2][k], v[0][k]));
    out[2][k] = pick(first0, v[2][k], pick(first1, v[0][k], v[1][k]));
  }
}

/// Swaps rows 1 and 2 where `swap`.
SEPAX_FORCE_INLINE void turn(double (&v)[3][3], bool swap) {
#pragma GCC unroll 3
  for (int k = 0; k < 3; ++k) {
    const double one = v[1][k], two = v[2][k];
    v[1][k] = pick(swap, two, one);
    v[2][k] = pick(swap, one, two);
  }
}

/// The lane's code: kIntersects, or kUndecided for the scalar rerun
/// (tri_tri_certified.hpp's steps 1–2 on certain signs only).
template <class Mask, bool NoBound, class S>
SEPAX_FORCE_INLINE Mask certified_lane_code(const detail::TriLane<S>& A, const detail::TriLane<S>& B) {
  double p[3][3], q[3][3];
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i)
#pragma GCC unroll 3
    for (int k = 0; k < 3; ++k) {
      p[i][k] = double(A.v[i][k]);
      q[i][k] = double(B.v[i][k]);
    }
  bool sp_pos[3], sp_neg[3], sq_pos[3], sq_neg[3];
  sides<NoBound>(q[0], q[1], q[2], p, sp_pos, sp_neg);
  sides<NoBound>(p[0], p[1], p[2], q, sq_pos, sq_neg);
  const bool apart_planes = (sp_pos[0] & sp_pos[1] & sp_pos[2]) | (sp_neg[0] & sp_neg[1] & sp_neg[2]) |
                            (sq_pos[0] & sq_pos[1] & sq_pos[2]) | (sq_neg[0] & sq_neg[1] & sq_neg[2]);
  const bool certain = (sp_pos[0] | sp_neg[0]) & (sp_pos[1] | sp_neg[1]) & (sp_pos[2] | sp_neg[2]) &
                       (sq_pos[0] | sq_neg[0]) & (sq_pos[1] | sq_neg[1]) & (sq_pos[2] | sq_neg[2]);
  // The lone vertices (meaningful when certain and not apart).
  const bool a0 = sp_pos[1] == sp_pos[2], a1 = !a0 & (sp_pos[0] == sp_pos[2]);
  const bool b0 = sq_pos[1] == sq_pos[2], b1 = !b0 & (sq_pos[0] == sq_pos[2]);
  const bool a2 = !a0 & !a1, b2 = !b0 & !b1;
  const bool p_lone_above = (a0 & sp_pos[0]) | (a1 & sp_pos[1]) | (a2 & sp_pos[2]);
  const bool q_lone_above = (b0 & sq_pos[0]) | (b1 & sq_pos[1]) | (b2 & sq_pos[2]);
  double P[3][3], Q[3][3];
  rotate(p, a0, a1, P);
  rotate(q, b0, b1, Q);
  turn(Q, !p_lone_above);  // p0 above plane Q
  turn(P, !q_lone_above);  // q0 above plane P
  bool d1_pos, d1_neg, d2_pos, d2_neg;
  orient<NoBound>(P[0], P[1], Q[0], Q[1], d1_pos, d1_neg);
  orient<NoBound>(P[0], P[2], Q[2], Q[0], d2_pos, d2_neg);
  const bool decided = apart_planes | (certain & (d1_pos | d2_pos | (d1_neg & d2_neg)));
  const bool intersects = !apart_planes & certain & !d1_pos & !d2_pos & d1_neg & d2_neg;
  return (intersects ? Mask(kIntersects) : Mask(0)) | (decided ? Mask(0) : Mask(kUndecided));
}

/// Every pair: the lanes, then the scalar certified kernel on the pairs
/// they leave undecided (certified_blocks.hpp).
template <class S, bool NoBound = false>
inline void pairwise(const detail::TriBatchView<S>& a, const detail::TriBatchView<S>& b, std::size_t n,
                     std::uint8_t* __restrict out) {
  const detail::TriBatchView<S> va = a, vb = b;
  sepax::certified::decide_in_blocks<S>(
      n,
      [&](std::size_t k) {
        return certified_lane_code<sepax::certified::LaneMask<S>, NoBound>(detail::lane(va, k), detail::lane(vb, k));
      },
      [&](std::size_t k) { return intersects_certified(detail::triangle(detail::lane(va, k)), detail::triangle(detail::lane(vb, k))); }, out);
}

}  // namespace sepax::tri_tri::SEPAX_CERTIFIED_ISA
