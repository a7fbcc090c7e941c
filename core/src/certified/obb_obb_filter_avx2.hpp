#pragma once
// The certified OBB–OBB filter in AVX2 lanes (obb_obb_certified_avx2.cpp
// only): the fifteen gaps of obb_obb_filter.hpp's first_separating, three
// axes to a register, all computed before any is judged, then judged in
// Table 1's order. Touching and coplanar boxes need every axis (they
// intersect) and the scalar form spent ~700 instructions there.
//
// Lanes: a register holds one quantity for k = 0, 1, 2 (lane 3 is padding,
// never judged). Ax holds A_k's x component, N the face normals
// N_i = A_{i+1} × A_{i+2} by lanes i, and so on. The gaps are the scalar
// form's, term for term; FMA only removes roundings, so each stays within
// the same bound (obb_obb_certified.hpp), and the verdicts, the exact ones,
// are the same.
#include <immintrin.h>

#include <bit>

#include "certified/obb_obb_filter.hpp"

namespace sepax::obb_obb::certified::SEPAX_CERTIFIED_ISA {

using D4 = __m256d;

/// Three vectors by lanes: x, y, z components of vectors 0, 1, 2.
struct Lanes3 {
  D4 x, y, z;
};

/// Lane k ← lane k+1 (mod 3), lane k ← lane k+2 (mod 3), and lane k to all.
inline D4 next1(D4 v) { return _mm256_permute4x64_pd(v, 1 | 2 << 2 | 0 << 4 | 3 << 6); }
inline D4 next2(D4 v) { return _mm256_permute4x64_pd(v, 2 | 0 << 2 | 1 << 4 | 3 << 6); }
template <int K>
D4 lane(D4 v) {
  return _mm256_permute4x64_pd(v, K * 0x55);
}
inline D4 abs4(D4 v) { return _mm256_andnot_pd(_mm256_set1_pd(-0.0), v); }

/// A box's axes by lanes. Floats: the nine are contiguous (Eigen's Vector3f
/// has no padding); two overlapping loads and one permute each gather x, y
/// and z, widened exactly.
inline Lanes3 axes_by_lanes(const Obb3<float>& o) {
  static_assert(sizeof(o.axes) == 9 * sizeof(float));
  const float* p = o.axes[0].data();
  const __m256 first = _mm256_loadu_ps(p), second = _mm256_loadu_ps(p + 1);
  const __m256 xy = _mm256_permutevar8x32_ps(first, _mm256_setr_epi32(0, 3, 6, 0, 1, 4, 7, 1));
  const __m256 z = _mm256_permutevar8x32_ps(second, _mm256_setr_epi32(1, 4, 7, 1, 1, 1, 1, 1));
  return {_mm256_cvtps_pd(_mm256_castps256_ps128(xy)), _mm256_cvtps_pd(_mm256_extractf128_ps(xy, 1)),
          _mm256_cvtps_pd(_mm256_castps256_ps128(z))};
}
inline Lanes3 axes_by_lanes(const Obb3<double>& o) {
  const auto& a = o.axes;
  return {_mm256_setr_pd(a[0][0], a[1][0], a[2][0], 0), _mm256_setr_pd(a[0][1], a[1][1], a[2][1], 0),
          _mm256_setr_pd(a[0][2], a[1][2], a[2][2], 0)};
}

/// u_{k+1} × u_{k+2} by lanes k.
inline Lanes3 cross_next(const Lanes3& u) {
  const D4 x1 = next1(u.x), y1 = next1(u.y), z1 = next1(u.z);
  const D4 x2 = next2(u.x), y2 = next2(u.y), z2 = next2(u.z);
  return {_mm256_fmsub_pd(y1, z2, _mm256_mul_pd(z1, y2)), _mm256_fmsub_pd(z1, x2, _mm256_mul_pd(x1, z2)),
          _mm256_fmsub_pd(x1, y2, _mm256_mul_pd(y1, x2))};
}

/// n_k · (x, y, z) by lanes k.
inline D4 dot_with(const Lanes3& n, D4 x, D4 y, D4 z) {
  return _mm256_fmadd_pd(n.z, z, _mm256_fmadd_pd(n.y, y, _mm256_mul_pd(n.x, x)));
}
/// n_k · u_K by lanes k.
template <int K>
D4 dot_lane(const Lanes3& n, const Lanes3& u) {
  return dot_with(n, lane<K>(u.x), lane<K>(u.y), lane<K>(u.z));
}

/// Rows 0–2 of the matrix whose columns 0–2 are c0, c1, c2.
inline void transpose3(D4 c0, D4 c1, D4 c2, D4 (&row)[3]) {
  const D4 zero = _mm256_setzero_pd();
  const D4 lo01 = _mm256_unpacklo_pd(c0, c1), hi01 = _mm256_unpackhi_pd(c0, c1);
  const D4 lo2 = _mm256_unpacklo_pd(c2, zero), hi2 = _mm256_unpackhi_pd(c2, zero);
  row[0] = _mm256_permute2f128_pd(lo01, lo2, 0x20);
  row[1] = _mm256_permute2f128_pd(hi01, hi2, 0x20);
  row[2] = _mm256_permute2f128_pd(lo01, lo2, 0x31);
}

/// Bits 0–2 of the gaps that separate (ĝ > err) and of those left
/// undecided (neither ĝ > err nor ĝ < −err: a NaN too).
inline void judge(D4 g, double err, unsigned& sep, unsigned& undecided, int shift) {
  const D4 bound = _mm256_set1_pd(err);
  const unsigned above = unsigned(_mm256_movemask_pd(_mm256_cmp_pd(g, bound, _CMP_GT_OQ))) & 7u;
  const unsigned below = unsigned(_mm256_movemask_pd(_mm256_cmp_pd(g, -bound, _CMP_LT_OQ))) & 7u;
  sep |= above << shift;
  undecided |= (7u & ~(above | below)) << shift;
}

/// The edge axes of row i (lanes j): |d'_{i+2} P_{i+1,j} − d'_{i+1} P_{i+2,j}|
/// − det A·(a_{i+1}|P_{i+2,j}| + a_{i+2}|P_{i+1,j}| + b_{j+1}|Q_{i,j+2}| +
/// b_{j+2}|Q_{i,j+1}|), first_separating's edge test.
template <int I>
D4 edge_gaps(const D4 (&prow)[3], D4 qrow, D4 dp, D4 det, D4 ea, D4 eb) {
  constexpr int I1 = (I + 1) % 3, I2 = (I + 2) % 3;
  const D4 lead = _mm256_fmsub_pd(lane<I2>(dp), prow[I1], _mm256_mul_pd(lane<I1>(dp), prow[I2]));
  const D4 q = abs4(qrow);
  const D4 radii_a = _mm256_fmadd_pd(lane<I1>(ea), abs4(prow[I2]), _mm256_mul_pd(lane<I2>(ea), abs4(prow[I1])));
  const D4 radii_b = _mm256_fmadd_pd(next1(eb), next2(q), _mm256_mul_pd(next2(eb), next1(q)));
  return _mm256_fnmadd_pd(det, _mm256_add_pd(radii_a, radii_b), abs4(lead));
}

/// The radii of a box's own face axes (lanes k) in the frame of the face
/// normals: its own extent times |det| (N_k·A_k = det for every k) plus the
/// other box's extents times the |projections| c0, c1, c2 of its axes.
inline D4 face_radii(D4 own_extents, D4 det, D4 other_extents, D4 c0, D4 c1, D4 c2) {
  return _mm256_fmadd_pd(
      own_extents, abs4(det),
      _mm256_fmadd_pd(lane<2>(other_extents), abs4(c2),
                      _mm256_fmadd_pd(lane<1>(other_extents), abs4(c1), _mm256_mul_pd(lane<0>(other_extents), abs4(c0)))));
}

/// first_separating's verdict from the lanes: the same axis, the same
/// exact stages for the undecided ones. AnyAxis: some separating axis, not
/// necessarily the first (the verdict alone: an axis that separates beyond
/// the bound spares the exact stages the undecided ones before it).
template <bool AnyAxis, class S>
SeparatingAxis first_separating_lanes(const Obb3<S>& A, const Obb3<S>& B, bool& exact_ran) {
  const Lanes3 a = axes_by_lanes(A), b = axes_by_lanes(B);
  const double dx = double(B.center[0]) - double(A.center[0]), dy = double(B.center[1]) - double(A.center[1]),
               dz = double(B.center[2]) - double(A.center[2]);
  const double ea_[3] = {double(A.extents[0]), double(A.extents[1]), double(A.extents[2])};
  const double eb_[3] = {double(B.extents[0]), double(B.extents[1]), double(B.extents[2])};
  const double s = magnitude(V{dx, dy, dz}, ea_, eb_);
  const double err = face_bound(s);
  const D4 Dx = _mm256_set1_pd(dx), Dy = _mm256_set1_pd(dy), Dz = _mm256_set1_pd(dz);
  const D4 ea = _mm256_setr_pd(ea_[0], ea_[1], ea_[2], 0), eb = _mm256_setr_pd(eb_[0], eb_[1], eb_[2], 0);

  // Faces of A (lanes i): P columns P_{·j} = N·B_j, d' = N·D, det A = N_0·A_0.
  const Lanes3 n = cross_next(a);
  const D4 det_a = lane<0>(dot_with(n, a.x, a.y, a.z));
  const D4 pc0 = dot_lane<0>(n, b), pc1 = dot_lane<1>(n, b), pc2 = dot_lane<2>(n, b);
  const D4 dp = dot_with(n, Dx, Dy, Dz);
  unsigned sep = 0, undecided = 0;
  judge(_mm256_sub_pd(abs4(dp), face_radii(ea, det_a, eb, pc0, pc1, pc2)), err, sep, undecided, 0);
  // Separated pairs mostly separate on a face: return before the rest when
  // a face separates with no undecided axis before it (any, for AnyAxis).
  if (const unsigned first = sep & -sep; first != 0 && (AnyAxis || (undecided & (first - 1)) == 0))
    return axis_of_bit(std::countr_zero(sep));
  D4 prow[3];  // P's rows (lanes j), for the edges
  transpose3(pc0, pc1, pc2, prow);

  // Faces of B (lanes j): Q rows Q_{i·} = A_i·M, M·D, det B = M_0·B_0.
  const Lanes3 m = cross_next(b);
  const D4 det_b = lane<0>(dot_with(m, b.x, b.y, b.z));
  const D4 q0 = dot_lane<0>(m, a), q1 = dot_lane<1>(m, a), q2 = dot_lane<2>(m, a);
  const D4 dm = dot_with(m, Dx, Dy, Dz);
  judge(_mm256_sub_pd(abs4(dm), face_radii(eb, det_b, ea, q0, q1, q2)), err, sep, undecided, 3);
  if (const unsigned first = sep & -sep; first != 0 && (AnyAxis || (undecided & (first - 1)) == 0))
    return axis_of_bit(std::countr_zero(sep));

  // Edges (lanes j, one register per i), from P's rows.
  const double det_a0 = _mm256_cvtsd_f64(det_a);
  const double err_edge = edge_bound(s, err, det_a0);
  judge(edge_gaps<0>(prow, q0, dp, det_a, ea, eb), err_edge, sep, undecided, 6);
  judge(edge_gaps<1>(prow, q1, dp, det_a, ea, eb), err_edge, sep, undecided, 9);
  judge(edge_gaps<2>(prow, q2, dp, det_a, ea, eb), err_edge, sep, undecided, 12);

  // Table 1's order: the first axis that separates, or is undecided and
  // separates exactly.
  if (AnyAxis && sep != 0) return axis_of_bit(std::countr_zero(sep));
  const unsigned todo = sep | undecided;
  if (todo == 0) return {};
  const int first = std::countr_zero(todo);
  if (sep >> first & 1) return axis_of_bit(first);
  // Which undecided edges are nearly parallel (|P_ij| ≈ |A_i·B_j| near 1:
  // the second stage decides those); the others are nearly always exact
  // contacts, for the integers first (resolve_in_order).
  unsigned parallel = 0;
  if (undecided >> 6 != 0) {
    const D4 near_one = _mm256_set1_pd(0.97);
    for (int i = 0; i < 3; ++i)
      parallel |= (unsigned(_mm256_movemask_pd(_mm256_cmp_pd(abs4(prow[i]), near_one, _CMP_GT_OQ))) & 7u) << (6 + 3 * i);
  }
  return resolve_in_order(A, B, sep, todo, exact_ran, parallel);
}

}  // namespace sepax::obb_obb::certified::SEPAX_CERTIFIED_ISA
