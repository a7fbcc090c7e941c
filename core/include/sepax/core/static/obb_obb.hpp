#pragma once
/// \file
/// OBB–OBB static separating-axis tests (Eberly §2.1–2.2.1, Table 1;
/// Gaul's epsilon bias after Gottschalk; SAT tutorial).
///
/// Sets: two closed solid boxes (Obb3); touching intersects; an axis separates
/// only when the projected intervals are disjoint by a strict `>` (SIMD note),
/// so degenerate (zero) axes from parallel edges never separate.
///
/// Candidate axes (Eberly Table 1), tested in this order with early out:
///   A0, A1, A2, B0, B1, B2, A0×B0, A0×B1, …, A2×B2.
/// The relative rotation c_ij = Ai·Bj is computed lazily, one row per face
/// axis of A, as Eberly §2.2.1 prescribes.
///
/// Numerics — why test_static does not use Table 1's R1 column verbatim.
/// Table 1 writes the radius of B on L = Ai×Bj with cofactor identities such as
/// B1·(A0×B0) = −c02 that hold only for exactly orthonormal frames. When Ai and
/// Bj are nearly parallel (|L| ≈ θ ≪ 1) the rounding error of those identities
/// (≈ u) is as large as the terms themselves (≈ θ), the three radii no longer
/// describe one axis, and the test can report "separated" for boxes that overlap
/// by a large fraction of their size. test_static instead writes L in A's frame
/// (L = e_i × (c_0j, c_1j, c_2j)) and computes every projection from that one
/// vector: L·D from (A_k·D), A's radius from L's components, B's radius from
/// L·B_m = L·(c_0m, c_1m, c_2m). Every rounding error is then proportional to |L|,
/// so a wrong answer needs a margin within a few ulps of the boxes' size and
/// position, whatever the angle. test_static_eps is the classical alternative:
/// Table 1 verbatim with every |c_ij| biased by ε (Gottschalk's RAPID, Ericson
/// §4.4.1), conservative by about ε·size.
///
/// No sqrt, no normalization, no division: with an exact scalar the formulas are
/// exact. Kernels assume valid input (validate()).
#include <array>
#include <cmath>
#include <type_traits>

#include "sepax/core/numeric/eigen_order.hpp"
#include "sepax/core/mutant.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/static/negligible_edge_axis.hpp"
#include "sepax/core/static/obb_obb_lanes.hpp"
#include "sepax/core/static/separating_axis.hpp"

namespace sepax::obb_obb {

namespace detail {

template <class S>
S abs(S x) {
  using std::abs;
  return abs(x);
}

/// Unit vector e_i × v in A's frame: the components of A_i × B_j when v holds B_j's
/// components (c_0j, c_1j, c_2j).
template <class S>
Vec3<S> unit_cross(int i, const Vec3<S>& v) {
  switch (i) {
    case 0: return {S(0), -v[2], v[1]};
    case 1: return {v[2], S(0), -v[0]};
    default: return {-v[1], v[0], S(0)};
  }
}

/// World-space vector from components in A's frame.
template <class S>
Vec3<S> from_frame(const Obb3<S>& a, const Vec3<S>& l) {
  return a.axes[0] * l[0] + a.axes[1] * l[1] + a.axes[2] * l[2];
}

template <class S>
StaticResult<S> separated(SeparatingAxis axis, const Vec3<S>& direction) {
  return {false, axis, direction};
}

}  // namespace detail

namespace detail {

/// first_separating_axis in scalar arithmetic, for any scalar: the reference
/// form (float and double run obb_obb_lanes.hpp's, which rounds the same).
template <class S>
inline SeparatingAxis first_separating_axis_scalar(const Obb3<S>& a, const Obb3<S>& b) {
  using detail::abs;
  const Vec3<S> D = b.center - a.center;
  Vec3<S> d;                         // D in A's frame
  std::array<Vec3<S>, 3> col;        // col[j] = B_j in A's frame: (c_0j, c_1j, c_2j)
  std::array<Vec3<S>, 3> abs_col;    // |c_ij|

  // L = A_i: R = |A_i·D|, R0 = a_i, R1 = Σ_j b_j |c_ij|  (Table 1, rows 1–3).
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    d[i] = eigen_dot(a.axes[i], D);
#pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) {
      // Mutant obb_cij_transposed (mutant.hpp): c_ij taken as A_j·B_i.
      col[j][i] = mutant("obb_cij_transposed") ? eigen_dot(a.axes[j], b.axes[i]) : eigen_dot(a.axes[i], b.axes[j]);
      abs_col[j][i] = abs(col[j][i]);
    }
    // Mutant obb_face_missing_abs: B's radius on A_i from the signed c_ij.
    const std::array<Vec3<S>, 3>& radius_col = mutant("obb_face_missing_abs") ? col : abs_col;
    const S r1 = b.extents[0] * radius_col[0][i] + b.extents[1] * radius_col[1][i] +
                 b.extents[2] * radius_col[2][i];
    // Mutant obb_face_extent_index: A's extent of the next axis.
    const S a_i = mutant("obb_face_extent_index") ? a.extents[(i + 1) % 3] : a.extents[i];
    // Mutant obb_face_ge (mutant.hpp): `>=` calls exactly touching boxes separated.
    const bool apart = mutant("obb_face_ge") ? abs(d[i]) >= a_i + r1 : abs(d[i]) > a_i + r1;
    if (apart) return {AxisKind::face_a, std::uint8_t(i), 0};
  }

  // L = B_j: R = |B_j·D|, R0 = Σ_i a_i |c_ij|, R1 = b_j  (Table 1, rows 4–6).
#pragma GCC unroll 3
  for (int j = 0; j < 3; ++j) {
    if (mutant("obb_drop_face_b2") && j == 2) break;  // mutant: B_2 never tested
    const S r0 = a.extents[0] * abs_col[j][0] + a.extents[1] * abs_col[j][1] +
                 a.extents[2] * abs_col[j][2];
    if (abs(eigen_dot(b.axes[j], D)) > r0 + b.extents[j]) return {AxisKind::face_b, 0, std::uint8_t(j)};
  }

  // L = A_i × B_j  (Table 1, rows 7–15), every projection from the same L =
  // e_i × col_j in A's frame: with (i1, i2) = (i+1, i+2) cyclic, L has the
  // components L_{i1} = −c_{i2 j}, L_{i2} = c_{i1 j} and L_i = 0, so
  //   L·D   = c_{i1 j} d_{i2} − c_{i2 j} d_{i1},
  //   A's radius = a_{i1}|c_{i2 j}| + a_{i2}|c_{i1 j}|,
  //   L·B_m = c_{i1 j} c_{i2 m} − c_{i2 j} c_{i1 m} =: μ_i(j, m),
  // the last a 2×2 minor of C's rows i1, i2, antisymmetric in (j, m): three
  // per i serve the nine axes. These are the very roundings of the vector
  // form (the zero component drops out of every sum exactly, and
  // fl(x − y) = −fl(y − x)), so the verdicts are those of writing L out.
  // The loops are unrolled so that C stays in registers (indices known at
  // compile time): 1.4x ODE's dBoxTouchesBox per test before, 1.1–1.25x after.
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    const auto minor = [&](int j, int m) { return col[j][i1] * col[m][i2] - col[j][i2] * col[m][i1]; };
    const S mu01 = abs(minor(0, 1)), mu02 = abs(minor(0, 2)), mu12 = abs(minor(1, 2));
    // |μ_i(j, j+1)| and |μ_i(j, j+2)| for j = 0, 1, 2 (μ_i(m, j) = −μ_i(j, m) exactly).
    const S mu_next[3] = {mu01, mu12, mu02};
    const S mu_prev[3] = {mu02, mu01, mu12};
#pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) {
      if (mutant("obb_drop_edge_a2b0") && i == 2 && j == 0) continue;  // mutant: A_2 × B_0 never tested
      const S r = abs(col[j][i1] * d[i2] - col[j][i2] * d[i1]);
      const S r0 = a.extents[i1] * abs_col[j][i2] + a.extents[i2] * abs_col[j][i1];
      const int m1 = (j + 1) % 3, m2 = (j + 2) % 3;
      // Mutant obb_edge_radius_one_term: B's radius on L from one of its two axes.
      const S r1 = b.extents[m1] * mu_next[j] + (mutant("obb_edge_radius_one_term") ? S(0) : b.extents[m2] * mu_prev[j]);
      // Mutant obb_edge_ge: `>=` on the edge axes (a zero cross product, parallel edges, separates).
      // An axis too short to project onto is left out (negligible_edge_axis.hpp).
      if (mutant("obb_edge_ge") ? r >= r0 + r1 : r > r0 + r1 && !negligible_edge_axis(col[j][i1], col[j][i2]))
        return {AxisKind::edge_edge, std::uint8_t(i), std::uint8_t(j)};
    }
  }
  return {};
}

}  // namespace detail

/// The first separating axis of Table 1's order, or kind none when the closed
/// boxes a and b intersect: the whole test, without the world direction (the
/// OBB trees' node test calls this alone, inlined). Float and double take the
/// SIMD-lane form (obb_obb_lanes.hpp) — double pairs its AVX copy when the
/// CPU has AVX2 and this unit is not built for AVX itself — except with a
/// planted bug of this kernel (mutant.hpp), which lives in the scalar form.
template <class S>
inline SeparatingAxis first_separating_axis(const Obb3<S>& a, const Obb3<S>& b) {
  if constexpr (std::is_same_v<S, float> || std::is_same_v<S, double>) {
    if (!active_mutant().starts_with("obb_")) {
#if !defined(__AVX__) && defined(__x86_64__)
      if constexpr (std::is_same_v<S, double>)
        if (kCpuHasAvx2) return detail::first_separating_axis_avx(a, b);
#endif
      return detail::first_separating_axis_lanes(a, b);
    }
  }
  return detail::first_separating_axis_scalar(a, b);
}

/// Do the closed boxes a and b intersect? On separation the result names the
/// first separating axis of Table 1's order and its world direction.
template <class S>
StaticResult<S> test_static(const Obb3<S>& a, const Obb3<S>& b) {
  const SeparatingAxis axis = first_separating_axis(a, b);
  switch (axis.kind) {
    case AxisKind::none: return {};
    case AxisKind::face_a: return detail::separated(axis, a.axes[axis.i]);
    case AxisKind::face_b: return detail::separated(axis, b.axes[axis.j]);
    default: {
      // The same products as the test: L = e_i × (A_0·B_j, A_1·B_j, A_2·B_j) in A's frame.
      const Vec3<S> col{a.axes[0].dot(b.axes[axis.j]), a.axes[1].dot(b.axes[axis.j]), a.axes[2].dot(b.axes[axis.j])};
      return detail::separated(axis, detail::from_frame(a, detail::unit_cross(axis.i, col)));
    }
  }
}

/// Default ε of test_static_eps: Gottschalk's RAPID constant.
template <class S>
constexpr S kGottschalkEpsilon = S(1e-6);

/// Table 1 verbatim with |c_ij| + ε in every radius (Gottschalk's bias, Gaul):
/// near-parallel edge axes get radii ≥ ε·extents, so rounding cannot make them
/// separate; in exchange pairs separated by less than about ε·size on such axes
/// are reported as intersecting. All of C is computed up front, as in the
/// classical formulation.
template <class S>
StaticResult<S> test_static_eps(const Obb3<S>& a, const Obb3<S>& b,
                                S epsilon = kGottschalkEpsilon<S>) {
  using detail::abs;
  S c[3][3], ac[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      c[i][j] = a.axes[i].dot(b.axes[j]);
      // Mutant obb_eps_bias_dropped: Table 1 verbatim, no ε.
      ac[i][j] = abs(c[i][j]) + (mutant("obb_eps_bias_dropped") ? S(0) : epsilon);
    }
  const Vec3<S> D = b.center - a.center;
  const S d[3] = {a.axes[0].dot(D), a.axes[1].dot(D), a.axes[2].dot(D)};
  const S* ea = a.extents.data();
  const S* eb = b.extents.data();

  for (int i = 0; i < 3; ++i)  // L = A_i
    if (abs(d[i]) > ea[i] + eb[0] * ac[i][0] + eb[1] * ac[i][1] + eb[2] * ac[i][2])
      return detail::separated({AxisKind::face_a, std::uint8_t(i), 0}, a.axes[i]);

  for (int j = 0; j < 3; ++j)  // L = B_j, with B_j·D = Σ_i c_ij (A_i·D)
    if (abs(d[0] * c[0][j] + d[1] * c[1][j] + d[2] * c[2][j]) >
        ea[0] * ac[0][j] + ea[1] * ac[1][j] + ea[2] * ac[2][j] + eb[j])
      return detail::separated({AxisKind::face_b, 0, std::uint8_t(j)}, b.axes[j]);

  // L = A_i × B_j, Table 1 rows 7–15: with (i1, i2) = (i+1, i+2) and
  // (j1, j2) = (j+1, j+2) cyclic, R = |c_{i1 j} d_{i2} − c_{i2 j} d_{i1}|,
  // R0 = a_{i1}|c_{i2 j}| + a_{i2}|c_{i1 j}|, R1 = b_{j1}|c_{i j2}| + b_{j2}|c_{i j1}|.
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      // Mutant obb_eps_bias_on_distance: ε added to the distance, not the radii.
      const S r = abs(c[i1][j] * d[i2] - c[i2][j] * d[i1]) +
                  (mutant("obb_eps_bias_on_distance") ? S(4) * epsilon * (ea[i1] + ea[i2] + eb[j1] + eb[j2]) : S(0));
      const S r0 = ea[i1] * ac[i2][j] + ea[i2] * ac[i1][j];
      const S r1 = eb[j1] * ac[i][j2] + eb[j2] * ac[i][j1];
      if (r > r0 + r1) {
        const Vec3<S> colj{c[0][j], c[1][j], c[2][j]};
        return detail::separated({AxisKind::edge_edge, std::uint8_t(i), std::uint8_t(j)},
                                 detail::from_frame(a, detail::unit_cross(i, colj)));
      }
    }
  }
  return {};
}

}  // namespace sepax::obb_obb
