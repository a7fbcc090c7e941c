#pragma once
// The certified OBB–OBB test's filter (obb_obb_certified.hpp derives the
// bound), compiled once per instruction set: obb_obb_certified.cpp (any
// x86-64) and obb_obb_certified_avx2.cpp (AVX2 with FMA, chosen at run
// time). The copies may round differently — FMA contracts products into
// sums, which only removes roundings — and the bound holds for both, so their
// verdicts, the exact ones, are the same. SEPAX_CERTIFIED_ISA names the copy.
// The AVX2 copy does not call first_separating below: it computes the same
// gaps three axes to a register (obb_obb_filter_avx2.hpp) and shares the
// exact stages (ExactStages, resolve_in_order).
#include <bit>
#include <cstdint>
#include <type_traits>

#include "certified/obb_obb_small_integers_impl.hpp"
#include "certified/obb_obb_vec.hpp"
#include "certified/obb_obb_wide_integers.hpp"
#include "sepax/core/mutant.hpp"

namespace sepax::obb_obb::certified::SEPAX_CERTIFIED_ISA {

inline V sub(const V& p, const V& q) { return {p.x - q.x, p.y - q.y, p.z - q.z}; }
inline V cross(const V& p, const V& q) { return {p.y * q.z - p.z * q.y, p.z * q.x - p.x * q.z, p.x * q.y - p.y * q.x}; }
inline double dot(const V& p, const V& q) { return p.x * q.x + p.y * q.y + p.z * q.z; }

template <class S>
V widen(const Vec3<S>& v) {
  return {double(v[0]), double(v[1]), double(v[2])};
}

// S = Δ + Σa + Σb rounded up: every term is ≥ 0 and each of the 8 additions
// rounds by at most a factor (1 + u), so (1 + 2⁻⁴⁹) covers them.
inline double magnitude(const V& d, const double* ea, const double* eb) {
  // max by comparisons (std::fmax is a library call here); a NaN in D is
  // dropped or kept, as fmax would drop it: either way every gap it enters
  // is NaN, which no bound decides, and the exact stages take the axis.
  const double x = std::fabs(d.x), y = std::fabs(d.y), z = std::fabs(d.z);
  const double xy = x > y ? x : y;
  const double delta = xy > z ? xy : z;
  const double s = delta + ea[0] + ea[1] + ea[2] + eb[0] + eb[1] + eb[2];
  return s * (1.0 + 0x1p-49);
}

/// The pair's numbers in double (float widened exactly) and S rounded up.
struct Widened {
  V a[3], b[3], d;
  double ea[3], eb[3], s;
};

template <class S>
Widened widen_pair(const Obb3<S>& A, const Obb3<S>& B) {
  Widened w{{widen(A.axes[0]), widen(A.axes[1]), widen(A.axes[2])},
            {widen(B.axes[0]), widen(B.axes[1]), widen(B.axes[2])},
            sub(widen(B.center), widen(A.center)),
            {double(A.extents[0]), double(A.extents[1]), double(A.extents[2])},
            {double(B.extents[0]), double(B.extents[1]), double(B.extents[2])},
            0};
  w.s = magnitude(w.d, w.ea, w.eb);
  return w;
}

/// Is the mutant certified_no_bound on (the rounded gap's sign trusted as it
/// is)? A run-time switch is asked out of line (a baseline function: this
/// copy's own inline code may use AVX2); a compiled-in one is a constant.
inline bool no_bound() {
#if defined(SEPAX_MUTANT_RUNTIME)
  return no_bound_planted();
#else
  return mutant("certified_no_bound");
#endif
}

/// The face axes' bound err = 96·u·S (obb_obb_certified.hpp), infinite
/// outside the range it covers (or S not finite): every axis exactly.
inline double face_bound(double s) {
  return no_bound() ? 0.0 : s >= 0x1p-500 && s <= 0x1p500 ? 96 * 0x1p-53 * s : INFINITY;
}
/// The edge axes' bound 896·u·S (see first_separating); a frame this far
/// from orthonormal (det A ≤ 1/2) is no valid box: the exact stages decide.
inline double edge_bound(double s, double err, double det_a) {
  return no_bound() ? 0.0 : err != INFINITY && det_a > 0.5 ? 896 * 0x1p-53 * s : INFINITY;
}

/// The axis of bit n: face_a i (0–2), face_b j (3–5), edge i j (6 + 3i + j).
inline SeparatingAxis axis_of_bit(int n) {
  if (n < 3) return {AxisKind::face_a, std::uint8_t(n), 0};
  if (n < 6) return {AxisKind::face_b, 0, std::uint8_t(n - 3)};
  return {AxisKind::edge_edge, std::uint8_t((n - 6) / 3), std::uint8_t((n - 6) % 3)};
}

/// axis_of_bit's inverse.
inline int axis_number(SeparatingAxis axis) {
  return axis.kind == AxisKind::face_a ? axis.i : axis.kind == AxisKind::face_b ? 3 + axis.j : 6 + 3 * axis.i + axis.j;
}

/// The exact stages for the axes the filter leaves undecided: machine
/// integers when the pair lies on a small grid (obb_obb_small_integers.hpp:
/// the lattice boxes of exact contact, float ones above all), 256-bit
/// integers on a finer one (obb_obb_wide_integers.hpp: double lattice
/// boxes), else the expansions, which share the pair's exact projections
/// through `cache`. Each is loaded at the first undecided axis that reaches
/// it (untouched, and so free, when there is none).
template <class S>
struct ExactStages {
  const Obb3<S>& A;
  const Obb3<S>& B;
  bool& exact_ran;
  SmallIntegers ints;
  WideIntegers wide;
  ExpansionCache cache;  // large: default-initialised, its arrays untouched

  // No destructor: its unwinding cleanup would give this unit a weak symbol
  // outside its namespace (cmake/check_isa_unit_symbols.cmake).
  ExactStages(const Obb3<S>& a, const Obb3<S>& b, bool& ran) : A(a), B(b), exact_ran(ran) {}

  /// Loads the integers, machine or wide, unless tried before; do they hold the pair?
  bool integers() {
    if (ints.state == 0 && ints::load_pair(ints, A, B)) return true;
    if (ints.state > 0) return true;
    if (wide.state == 0) load(wide, A, B);
    return wide.state > 0;
  }
  /// Do the integers hold the pair, as loaded so far (nothing loaded here)?
  bool integers_loaded() const { return ints.state > 0 || wide.state > 0; }
  /// Axis n (axis_of_bit's numbering).
  bool separates(int n) {
    exact_ran = true;
    if (integers()) {
      auto& counts = sepax::detail::exact_stage_counts();
      if (ints.state > 0) return ++counts.machine_integers, ints::kGapSign[n](ints) > 0;
      return ++counts.wide_integers, wide_integer_gap_sign(wide, n) > 0;
    }
    return exact_separates(cache, A, B, axis_of_bit(n));
  }
  /// An edge axis: the second stage first, unless the pair's integers are
  /// loaded already (cheaper than it, and exact).
  bool edge_separates(int n, const Widened& w) {
    if (!integers_loaded()) {
      const SeparatingAxis axis = axis_of_bit(n);
      const int sign = refine_edge(w.a[axis.i], w.b[axis.j], w.a, w.b, w.d, w.ea, w.eb, w.s, std::is_same_v<S, float>);
      if (sign != 0) return sign > 0;
    }
    return separates(n);
  }
};

/// The first separating axis in Table 1's order among the bits of `todo`,
/// given the gaps that separate (`sep`) and those left undecided (the rest
/// of `todo`), which the exact stages decide in turn. An undecided edge
/// whose bit is not in `nearly_parallel` is taken by the integers first
/// (an exact contact: the second stage cannot decide a gap of exactly 0).
template <class S>
[[gnu::noinline]] SeparatingAxis resolve_in_order(const Obb3<S>& A, const Obb3<S>& B, unsigned sep, unsigned todo,
                                                  bool& exact_ran, unsigned nearly_parallel) {
  ExactStages<S> exact(A, B, exact_ran);
  Widened w;  // for the edges' second stage, on demand
  bool widened = false;
  for (; todo != 0; todo &= todo - 1) {
    const int n = std::countr_zero(todo);
    if (sep >> n & 1) return axis_of_bit(n);
    if (n < 6) {
      if (exact.separates(n)) return axis_of_bit(n);
      continue;
    }
    if (!(nearly_parallel >> n & 1)) exact.integers();
    if (!widened && !exact.integers_loaded()) w = widen_pair(A, B), widened = true;
    if (exact.edge_separates(n, w)) return axis_of_bit(n);
  }
  return {};
}

/// The first separating axis in Table 1's order; `exact_ran` says whether
/// an exact stage decided some axis. The loops are unrolled so that indices
/// are constants and P, Q stay in registers.
template <class S>
SeparatingAxis first_separating(const Obb3<S>& A, const Obb3<S>& B, bool& exact_ran) {
  const Widened w = widen_pair(A, B);
  const auto& a = w.a;
  const auto& b = w.b;
  const auto& ea = w.ea;
  const auto& eb = w.eb;
  const V& d = w.d;
  const double s = w.s;
  const double err = face_bound(s);
  // Does the axis separate? g = |L·D| − (r_A + r_B) as computed.
  ExactStages<S> exact(A, B, exact_ran);
  const auto separates = [&](double g, SeparatingAxis axis) {
    if (g > err) return true;
    if (g < -err) return false;
    return exact.separates(axis_number(axis));
  };

  // Faces of A: N_i = A_{i+1} × A_{i+2}; P_ij = N_i·B_j; d'_i = N_i·D;
  // N_i·A_i = det A for every i (one computed value serves the three tests:
  // its error is bounded like each of theirs).
  double P[3][3], dp[3], det_a = 0;
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    const V n = cross(a[(i + 1) % 3], a[(i + 2) % 3]);
    if (i == 0) det_a = dot(n, a[0]);
#pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) P[i][j] = dot(n, b[j]);
    dp[i] = dot(n, d);
    const double radii = ea[i] * std::fabs(det_a) +
                         (eb[0] * std::fabs(P[i][0]) + eb[1] * std::fabs(P[i][1]) + eb[2] * std::fabs(P[i][2]));
    const SeparatingAxis axis{AxisKind::face_a, std::uint8_t(i), 0};
    if (separates(std::fabs(dp[i]) - radii, axis)) return axis;
  }
  // Faces of B: M_j = B_{j+1} × B_{j+2}; Q_ij = A_i·M_j; M_j·B_j = det B.
  double Q[3][3], det_b = 0;
#pragma GCC unroll 3
  for (int j = 0; j < 3; ++j) {
    const V m = cross(b[(j + 1) % 3], b[(j + 2) % 3]);
    if (j == 0) det_b = dot(m, b[0]);
#pragma GCC unroll 3
    for (int i = 0; i < 3; ++i) Q[i][j] = dot(a[i], m);
    const double radii = (ea[0] * std::fabs(Q[0][j]) + ea[1] * std::fabs(Q[1][j]) + ea[2] * std::fabs(Q[2][j])) +
                         eb[j] * std::fabs(det_b);
    const SeparatingAxis axis{AxisKind::face_b, 0, std::uint8_t(j)};
    if (separates(std::fabs(dot(m, d)) - radii, axis)) return axis;
  }
  // Edges: L_ij = A_i × B_j. Writing D and B_j in the basis A (Cramer:
  // coordinates d'/det A and P/det A) gives det A · (L·D) =
  // d'_{i+2} P_{i+1,j} − d'_{i+1} P_{i+2,j}, so the test is, times det A > 0,
  //   |d'_{i+2} P_{i+1,j} − d'_{i+1} P_{i+2,j}| > det A · (r_A + r_B)
  // (radii from P and Q: header's table). Its permanent is ≤ 72α⁶S (72α⁵Δ
  // and 36α⁶(Σa + Σb)) at depth ≤ 10, hence err = 896·u·S > γ_12·72α⁶S.
  // A frame this far from orthonormal (det A ≤ 1/2) is no valid box: the
  // exact stages decide.
  const double err_edge = edge_bound(s, err, det_a);
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
#pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const double radii = (ea[i1] * std::fabs(P[i2][j]) + ea[i2] * std::fabs(P[i1][j])) +
                           (eb[j1] * std::fabs(Q[i][j2]) + eb[j2] * std::fabs(Q[i][j1]));
      const SeparatingAxis axis{AxisKind::edge_edge, std::uint8_t(i), std::uint8_t(j)};
      const double g = std::fabs(dp[i2] * P[i1][j] - dp[i1] * P[i2][j]) - det_a * radii;
      if (g > err_edge) return axis;
      if (g < -err_edge) continue;
      if (exact.edge_separates(6 + 3 * i + j, w)) return axis;
    }
  }
  return {};
}

}  // namespace sepax::obb_obb::certified::SEPAX_CERTIFIED_ISA
