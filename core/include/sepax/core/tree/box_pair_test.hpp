#pragma once
/// \file
/// The OBB trees' node test, two or four box pairs at once (one per SIMD lane).
///
/// The traversal descends one side of an overlapping node pair, or both, so
/// node tests come in twos (both children of one node against the same box
/// of the other tree) or fours (both children of each). Testing them in the
/// lanes of one vector (128 bits for two doubles: SSE2 on x86-64, NEON on
/// ARM, always there; 256 bits for four: AVX in the AVX2 copy of the queries)
/// divides the cost of the test that takes most of a query (sepax_bench_trees).
///
/// Each lane runs obb_obb::test_static's formulas (Eberly Table 1, edge axes
/// written as L = e_i × (c_0j, c_1j, c_2j) in A's frame so that every rounding
/// error is proportional to |L|; see obb_obb.hpp), all fifteen axes without
/// early out, their verdicts OR-ed (the SIMD note's branch-free form). The sums
/// round in another order than test_static's, which the traversal's growth
/// margin covers exactly as it covers test_static's rounding (posing.hpp).
/// First a ball pretest: disjoint balls about the centers (Node::radius)
/// prove the boxes disjoint; when both lanes are decided by it the SAT is skipped.
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "sepax/core/numeric/force_inline.hpp"
#include "sepax/core/numeric/lanes.hpp"
#include "sepax/core/shapes/obb3.hpp"

namespace sepax::tree::detail {

// Lanes of S: 2 (128 bits in double: SSE2, NEON) or 4 (256 bits: one AVX
// register in the AVX2 copy of the queries, two SSE2 ones in the baseline).
using sepax::Lanes;
using sepax::lane_abs;
using sepax::lane_bits;

/// Boxes, coordinate by coordinate, one per lane.
template <class S, int N = 2>
struct BoxLanes {
  using V = typename Lanes<S, N>::type;
  V c[3], ax[3][3], e[3];

  SEPAX_FORCE_INLINE BoxLanes(const Obb3<S>& x, const Obb3<S>& y)
    requires(N == 2)
  {
    for (int k = 0; k < 3; ++k) {
      c[k] = V{x.center[k], y.center[k]};
      e[k] = V{x.extents[k], y.extents[k]};
      for (int i = 0; i < 3; ++i) ax[i][k] = V{x.axes[i][k], y.axes[i][k]};
    }
  }
  SEPAX_FORCE_INLINE BoxLanes(const Obb3<S>& w, const Obb3<S>& x, const Obb3<S>& y, const Obb3<S>& z)
    requires(N == 4)
  {
    for (int k = 0; k < 3; ++k) {
      c[k] = V{w.center[k], x.center[k], y.center[k], z.center[k]};
      e[k] = V{w.extents[k], x.extents[k], y.extents[k], z.extents[k]};
      for (int i = 0; i < 3; ++i) ax[i][k] = V{w.axes[i][k], x.axes[i][k], y.axes[i][k], z.axes[i][k]};
    }
  }
};

// The lane functions take and return 256-bit vectors: GCC notes that passing
// them changes the ABI without AVX. They are always inlined (no call, no
// ABI); the note is silenced down to the end of this file.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
#endif
/// Bit k set when boxes a_k and b_k intersect (closed sets; obb_obb::test_static's
/// verdict up to rounding). Bits, not the lane mask: a 256-bit vector returned
/// from a function would change the ABI on CPUs without AVX (-Wpsabi).
template <class S, int N>
SEPAX_FORCE_INLINE unsigned boxes_intersect(const BoxLanes<S, N>& a, const BoxLanes<S, N>& b) {
  using V = typename Lanes<S, N>::type;
  using M = decltype(V{} < V{});
  const V D[3] = {b.c[0] - a.c[0], b.c[1] - a.c[1], b.c[2] - a.c[2]};
  V d[3];     // D in A's frame
  V c[3][3];  // c[i][j] = A_i · B_j: column j is B_j in A's frame
  V ac[3][3];
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    d[i] = a.ax[i][0] * D[0] + a.ax[i][1] * D[1] + a.ax[i][2] * D[2];
#pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) {
      c[i][j] = a.ax[i][0] * b.ax[j][0] + a.ax[i][1] * b.ax[j][1] + a.ax[i][2] * b.ax[j][2];
      ac[i][j] = lane_abs(c[i][j]);
    }
  }
  M apart{};
  // L = A_i (Table 1, rows 1–3).
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i)
    apart |= lane_abs(d[i]) > a.e[i] + (b.e[0] * ac[i][0] + b.e[1] * ac[i][1] + b.e[2] * ac[i][2]);
  // L = B_j (rows 4–6): B_j·D from D itself, as test_static.
#pragma GCC unroll 3
  for (int j = 0; j < 3; ++j)
    apart |= lane_abs(b.ax[j][0] * D[0] + b.ax[j][1] * D[1] + b.ax[j][2] * D[2]) >
             (a.e[0] * ac[0][j] + a.e[1] * ac[1][j] + a.e[2] * ac[2][j]) + b.e[j];
  // Every lane decided by a face axis (the common case for pairs that are
  // apart): the nine edge axes, two thirds of the work, are skipped.
  constexpr unsigned all = (1u << N) - 1;
  if (lane_bits(apart) == all) return 0;
  // L = A_i × B_j (rows 7–15) = e_i × col_j in A's frame: L_i = 0,
  // L_{i1} = −c_{i2 j}, L_{i2} = c_{i1 j}; every projection from that L.
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
#pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) {
      const int m1 = (j + 1) % 3, m2 = (j + 2) % 3;
      const V l1 = -c[i2][j], l2 = c[i1][j];
      const V r = lane_abs(l1 * d[i1] + l2 * d[i2]);
      const V r0 = a.e[i1] * ac[i2][j] + a.e[i2] * ac[i1][j];
      const V r1 = b.e[m1] * lane_abs(l1 * c[i1][m1] + l2 * c[i2][m1]) +
                   b.e[m2] * lane_abs(l1 * c[i1][m2] + l2 * c[i2][m2]);
      apart |= r > r0 + r1;
    }
  }
  return ~lane_bits(apart) & all;
}

/// False when the balls (center, radius) of a and b are disjoint, which proves
/// the boxes apart. In double, with a margin for its rounding (the radii are
/// rounded up when stored). `distance2` receives the centers' squared distance.
template <class S>
SEPAX_FORCE_INLINE bool balls_meet(const Obb3<S>& a, float ra, const Obb3<S>& b, float rb, double& distance2) {
  const double dx = double(b.center[0]) - double(a.center[0]), dy = double(b.center[1]) - double(a.center[1]),
               dz = double(b.center[2]) - double(a.center[2]);
  const double r = double(ra) + double(rb);
  distance2 = dx * dx + dy * dy + dz * dz;
  return distance2 <= r * r * (1 + 0x1p-40);
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace sepax::tree::detail
