#pragma once
// Internal: the certified OBB batch's lane code and loop
// (obb_obb_certified_batch.hpp), compiled once per instruction set. The
// including file defines SEPAX_CERTIFIED_ISA (a namespace name), so each
// copy has its own symbols; the lane code is force-inlined into each copy.
// The scalar rerun, obb_obb::intersects_certified, is compiled in its own
// units.
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "certified_batch/certified_blocks.hpp"
#include "sepax/core/static/obb_obb_certified.hpp"
#include "sepax/core/static/obb_obb_certified_batch.hpp"

#ifndef SEPAX_CERTIFIED_ISA
#error "define SEPAX_CERTIFIED_ISA before including obb_obb_certified_lanes.hpp"
#endif

namespace sepax::obb_obb::SEPAX_CERTIFIED_ISA {

using sepax::certified::kIntersects;
using sepax::certified::kUndecided;

SEPAX_FORCE_INLINE double abs_(double x) { return __builtin_fabs(x); }  // a select would stop the vectoriser
SEPAX_FORCE_INLINE double max_(double x, double y) { return x < y ? y : x; }  // fmax stopped the vectoriser

/// a × b for rows of a 3×3 array.
SEPAX_FORCE_INLINE void cross(const double (&a)[3], const double (&b)[3], double (&out)[3]) {
  out[0] = a[1] * b[2] - a[2] * b[1];
  out[1] = a[2] * b[0] - a[0] * b[2];
  out[2] = a[0] * b[1] - a[1] * b[0];
}
SEPAX_FORCE_INLINE double dot(const double (&a)[3], const double (&b)[3]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/// The lane's code: kIntersects, or kUndecided for the scalar rerun
/// (obb_obb_filter.hpp's gaps and bounds, all fifteen, no early out).
/// NoBound: the mutant certified_no_bound (bounds 0).
template <class Mask, bool NoBound, class S>
SEPAX_FORCE_INLINE Mask certified_lane_code(const detail::BoxLane<S>& A, const detail::BoxLane<S>& B) {
  double a[3][3], b[3][3], ea[3], eb[3], d[3];
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    ea[i] = double(A.e[i]);
    eb[i] = double(B.e[i]);
    d[i] = double(B.c[i]) - double(A.c[i]);
#pragma GCC unroll 3
    for (int k = 0; k < 3; ++k) {
      a[i][k] = double(A.ax[i][k]);
      b[i][k] = double(B.ax[i][k]);
    }
  }
  // S = Δ + Σa + Σb rounded up (obb_obb_filter.hpp's magnitude()).
  const double delta = max_(abs_(d[0]), max_(abs_(d[1]), abs_(d[2])));
  const double s = (delta + ea[0] + ea[1] + ea[2] + eb[0] + eb[1] + eb[2]) * (1.0 + 0x1p-49);
  const bool in_range = (s >= 0x1p-500) & (s <= 0x1p500);
  const double scale = NoBound ? 0.0 : 1.0;
  const double err = 96 * 0x1p-53 * s * scale;
  const double err_edge = 896 * 0x1p-53 * s * scale;
  bool apart = false, inside = true;

  // Faces of A: N_i = A_{i+1} × A_{i+2}, P_ij = N_i·B_j, d'_i = N_i·D.
  double P[3][3], dp[3], det_a = 0;
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    double n[3];
    cross(a[(i + 1) % 3], a[(i + 2) % 3], n);
    if (i == 0) det_a = dot(n, a[0]);
#pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) P[i][j] = dot(n, b[j]);
    dp[i] = dot(n, d);
    const double radii = ea[i] * abs_(det_a) + (eb[0] * abs_(P[i][0]) + eb[1] * abs_(P[i][1]) + eb[2] * abs_(P[i][2]));
    const double g = abs_(dp[i]) - radii;
    apart |= g > err;
    inside &= g < -err;
  }
  // Faces of B: M_j = B_{j+1} × B_{j+2}, Q_ij = A_i·M_j.
  double Q[3][3], det_b = 0;
#pragma GCC unroll 3
  for (int j = 0; j < 3; ++j) {
    double m[3];
    cross(b[(j + 1) % 3], b[(j + 2) % 3], m);
    if (j == 0) det_b = dot(m, b[0]);
#pragma GCC unroll 3
    for (int i = 0; i < 3; ++i) Q[i][j] = dot(a[i], m);
    const double radii = (ea[0] * abs_(Q[0][j]) + ea[1] * abs_(Q[1][j]) + ea[2] * abs_(Q[2][j])) + eb[j] * abs_(det_b);
    const double g = abs_(dot(m, d)) - radii;
    apart |= g > err;
    inside &= g < -err;
  }
  // Edges, times det A (Cramer in the basis A); only for det A > 1/2.
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
#pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const double radii = (ea[i1] * abs_(P[i2][j]) + ea[i2] * abs_(P[i1][j])) +
                           (eb[j1] * abs_(Q[i][j2]) + eb[j2] * abs_(Q[i][j1]));
      const double g = abs_(dp[i2] * P[i1][j] - dp[i1] * P[i2][j]) - det_a * radii;
      apart |= g > err_edge;
      inside &= g < -err_edge;
    }
  }
  const bool valid = in_range & (det_a > 0.5);
  const bool decided = valid & (apart | inside);
  const bool intersects = valid & !apart & inside;
  return (intersects ? Mask(kIntersects) : Mask(0)) | (decided ? Mask(0) : Mask(kUndecided));
}

/// Box n of a batch, for the scalar rerun.
template <class S>
inline Obb3<S> box_at(const detail::BatchView<S>& v, std::size_t n) {
  Obb3<S> out;
  for (int k = 0; k < 3; ++k) {
    out.center[k] = v.c[k][n];
    out.extents[k] = v.e[k][n];
    for (int i = 0; i < 3; ++i) out.axes[i][k] = v.ax[3 * i + k][n];
  }
  return out;
}

/// Every pair: the lanes, then the scalar certified kernel on the pairs
/// they leave undecided (certified_blocks.hpp).
template <class S, bool NoBound = false>
inline void pairwise(const detail::BatchView<S>& a, const detail::BatchView<S>& b, std::size_t n,
                     std::uint8_t* __restrict out) {
  const detail::BatchView<S> va = a, vb = b;
  sepax::certified::decide_in_blocks<S>(
      n,
      [&](std::size_t k) {
        return certified_lane_code<sepax::certified::LaneMask<S>, NoBound>(detail::lane(va, k), detail::lane(vb, k));
      },
      [&](std::size_t k) { return intersects_certified(box_at(va, k), box_at(vb, k)); }, out);
}

}  // namespace sepax::obb_obb::SEPAX_CERTIFIED_ISA
