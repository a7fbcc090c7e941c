#pragma once
/// \file
/// obb_obb::first_separating_axis for float and double, one pair at a
/// time in SIMD lanes: lane k of a vector holds the k-th of three axes
/// (lane 3 is zero and never separates), so Table 1's fifteen tests take five
/// vector comparisons. The scalar form (obb_obb.hpp) stays the reference and
/// the form for every other scalar; this one computes the same numbers with
/// the same roundings, lane by lane:
///  - every dot product as eigen_sum3 of the same three products (a product
///    commutes exactly), so C, A's frame coordinates of D and B_j·D are those
///    of the scalar form, bit for bit;
///  - the rows of C are the columns transposed (copies, no arithmetic);
///  - the radius sums in the scalar form's order (left to right);
///  - the edge axes' 2×2 minors μ_i(j, j+1) come out in a rotated order,
///    μ_i(2, 0) = −μ_i(0, 2) exactly (fl(x − y) = −fl(y − x)), and enter
///    through their absolute values, as in the scalar form.
/// So the first separating axis, and the verdict, are the scalar form's:
/// ObbLanes.FirstSeparatingAxisIsTheScalarFormsOnEveryFamily checks it on
/// every generated family, and the determinism hash's verdict rows.
/// Why: the scalar form's fifteen early-out tests in scalar arithmetic were
/// at parity with ODE's dBoxTouchesBox (issue 33 asks for no row where a peer
/// is faster); the lanes do three tests per instruction.
#include <cstdint>

#include "sepax/core/numeric/eigen_order.hpp"
#include "sepax/core/numeric/force_inline.hpp"
#include "sepax/core/numeric/lanes3.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/static/negligible_edge_axis.hpp"
#include "sepax/core/static/separating_axis.hpp"

namespace sepax::obb_obb::detail {
inline namespace SEPAX_LANES_ISA {  // lanes3.hpp: one copy per instruction set

using namespace sepax::lanes3;

template <class S>
SEPAX_FORCE_INLINE SeparatingAxis first_separating_axis_lanes(const Obb3<S>& a, const Obb3<S>& b) {
  using V = decltype(make4(S(0), S(0), S(0)));
  const auto first = [](unsigned bits) { return std::uint8_t(__builtin_ctz(bits)); };

  const Vec3<S> D = b.center - a.center;
  // Lane i: coordinate k of A_i; lane j: of B_j.
  const V ax = make4(a.axes[0][0], a.axes[1][0], a.axes[2][0]), ay = make4(a.axes[0][1], a.axes[1][1], a.axes[2][1]),
          az = make4(a.axes[0][2], a.axes[1][2], a.axes[2][2]);
  const V bx = make4(b.axes[0][0], b.axes[1][0], b.axes[2][0]), by = make4(b.axes[0][1], b.axes[1][1], b.axes[2][1]),
          bz = make4(b.axes[0][2], b.axes[1][2], b.axes[2][2]);
  const V ea = make4(a.extents[0], a.extents[1], a.extents[2]), eb = make4(b.extents[0], b.extents[1], b.extents[2]);

  // L = A_i (Table 1, rows 1–3): d_i = A_i·D; col[j] = B_j in A's frame.
  const V d = sum3(ax * D[0], ay * D[1], az * D[2]);
  V col[3];
#pragma GCC unroll 3
  for (int j = 0; j < 3; ++j) col[j] = sum3(ax * b.axes[j][0], ay * b.axes[j][1], az * b.axes[j][2]);
  const V r_b = b.extents[0] * lane_abs(col[0]) + b.extents[1] * lane_abs(col[1]) + b.extents[2] * lane_abs(col[2]);
  if (const unsigned bits = greater_bits(lane_abs(d), ea + r_b)) return {AxisKind::face_a, first(bits), 0};

  // Rows of C (lane j: c_ij), the columns transposed.
  V row[3];
  transpose(col, row);
  const V abs_row[3] = {lane_abs(row[0]), lane_abs(row[1]), lane_abs(row[2])};

  // L = B_j (rows 4–6): |B_j·D| against Σ_i a_i |c_ij| + b_j.
  const V bd = sum3(bx * D[0], by * D[1], bz * D[2]);
  const V r_a = a.extents[0] * abs_row[0] + a.extents[1] * abs_row[1] + a.extents[2] * abs_row[2];
  if (const unsigned bits = greater_bits(lane_abs(bd), r_a + eb)) return {AxisKind::face_b, 0, first(bits)};

  // L = A_i × B_j (rows 7–15), lane j, as obb_obb.hpp writes them: with
  // (i1, i2) = (i+1, i+2), |L·D| = |c_{i1 j} d_{i2} − c_{i2 j} d_{i1}|, A's
  // radius a_{i1}|c_{i2 j}| + a_{i2}|c_{i1 j}|, B's b_{j+1}|μ(j, j+1)| + b_{j+2}|μ(j, j+2)|.
  const V eb_next = rotate(eb), eb_prev = rotate2(eb);
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    const V r = lane_abs(row[i1] * d[i2] - row[i2] * d[i1]);
    const V r0 = a.extents[i1] * abs_row[i2] + a.extents[i2] * abs_row[i1];
    const V mu_next = lane_abs(row[i1] * rotate(row[i2]) - row[i2] * rotate(row[i1]));  // |μ(j, j+1)|
    const V mu_prev = rotate2(mu_next);                                                  // |μ(j, j+2)|
    const V r1 = eb_next * mu_next + eb_prev * mu_prev;
    if (unsigned bits = greater_bits(r, r0 + r1)) {
      // Axes too short to project onto are left out (negligible_edge_axis.hpp);
      // asked only here, off the path of pairs that intersect.
      const V tiny = make4(kNegligibleEdgeAxis<S>, kNegligibleEdgeAxis<S>, kNegligibleEdgeAxis<S>);
      bits &= ~(greater_bits(tiny, abs_row[i1]) & greater_bits(tiny, abs_row[i2]));
      if (bits) return {AxisKind::edge_edge, std::uint8_t(i), first(bits)};
    }
  }
  return {};
}

}  // namespace SEPAX_LANES_ISA

/// Double pairs on CPUs with AVX2: first_separating_axis_lanes compiled for
/// AVX (obb_obb_lanes_avx.cpp), where four doubles are one register rather
/// than two — the baseline build's two-register form was only at 0.85–1.02x
/// ODE's dBoxTouchesBox. The same operations, so the same roundings (no FMA:
/// that unit is built without contraction). Call it only when
/// kCpuHasAvx2 is true.
SeparatingAxis first_separating_axis_avx(const Obb3<double>& a, const Obb3<double>& b);

}  // namespace sepax::obb_obb::detail
