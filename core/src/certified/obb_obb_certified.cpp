// The certified OBB–OBB test's filter (obb_obb_certified.hpp derives the
// bound); undecided axes go to exact_gap_sign (obb_obb_exact_gap.cpp).
#include "sepax/core/static/obb_obb_certified.hpp"

#include <cmath>
#include <type_traits>

#include "sepax/core/numeric/accurate_products.hpp"

namespace sepax::obb_obb {
namespace {

struct V {
  double x, y, z;
};

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
  const double delta = std::fmax(std::fabs(d.x), std::fmax(std::fabs(d.y), std::fabs(d.z)));
  const double s = delta + ea[0] + ea[1] + ea[2] + eb[0] + eb[1] + eb[2];
  return s * (1.0 + 0x1p-49);
}

/// Second stage for an edge axis the first could not decide, nearly always
/// nearly parallel edges: there |L| ≈ θ, the gap is about θ·size and the
/// first stage's bound (about u·size) hides its sign. L̂ = A_i × B_j by
/// Kahan's difference of products is within 2u|L_k| of L componentwise (0
/// exactly when L is), and g(X) = |D·X| − Σ a_k|A_k·X| − Σ b_m|B_m·X| is
/// then evaluated at the exact vector L̂: |g(L̂) − g(L)| ≤ 2u·|L|∞·3αS, and
/// g(L̂)'s own rounding (depth ≤ 12, permanent ≤ 3α|L̂|∞·S) adds γ_12 times
/// that: err₂ = 48·u·|L̂|∞·S bounds both. Returns +1/−1, or 0 when still
/// undecided (or when a product is so small that Kahan's error term could
/// underflow).
[[gnu::noinline]] int refine_edge(const V& ai, const V& bj, const V (&a)[3], const V (&b)[3], const V& d,
                       const double* ea, const double* eb, double s) {
  if (!(s >= 0x1p-500 && s <= 0x1p500)) return 0;
  const double p[6] = {ai.y * bj.z, ai.z * bj.y, ai.z * bj.x, ai.x * bj.z, ai.x * bj.y, ai.y * bj.x};
  for (const double x : p)
    if (x != 0 && std::fabs(x) < 0x1p-960) return 0;
  const V l{accurate::difference_of_products(ai.y, bj.z, ai.z, bj.y),
            accurate::difference_of_products(ai.z, bj.x, ai.x, bj.z),
            accurate::difference_of_products(ai.x, bj.y, ai.y, bj.x)};
  const double norm = std::fmax(std::fabs(l.x), std::fmax(std::fabs(l.y), std::fabs(l.z)));
  if (norm == 0) return -1;  // parallel edges: a zero axis never separates
  if (norm < 0x1p-400) return 0;  // the dots below could underflow
  double radii = 0;
  for (int k = 0; k < 3; ++k) radii += ea[k] * std::fabs(dot(a[k], l)) + eb[k] * std::fabs(dot(b[k], l));
  const double g = std::fabs(dot(d, l)) - radii;
  const double err = 48 * 0x1p-53 * norm * s;
  return g > err ? 1 : g < -err ? -1 : 0;
}

template <class S>
Obb3<double> to_double(const Obb3<S>& box) {
  if constexpr (std::is_same_v<S, double>) return box;
  else return box.template cast<double>();
}

/// The rare paths, out of line: the filter's loops stay small and in registers.
template <class S>
[[gnu::noinline, gnu::cold]] bool exact_separates(const Obb3<S>& a, const Obb3<S>& b, SeparatingAxis axis) {
  return exact_gap_sign(to_double(a), to_double(b), axis) > 0;
}

/// The first separating axis in Table 1's order; `exact_ran` says whether
/// the rationals decided some axis. The loops are unrolled so that indices
/// are constants and P, Q stay in registers.
template <class S>
SeparatingAxis first_separating(const Obb3<S>& A, const Obb3<S>& B, bool& exact_ran) {
  const V a[3] = {widen(A.axes[0]), widen(A.axes[1]), widen(A.axes[2])};
  const V b[3] = {widen(B.axes[0]), widen(B.axes[1]), widen(B.axes[2])};
  const double ea[3] = {double(A.extents[0]), double(A.extents[1]), double(A.extents[2])};
  const double eb[3] = {double(B.extents[0]), double(B.extents[1]), double(B.extents[2])};
  const V d = sub(widen(B.center), widen(A.center));
  const double s = magnitude(d, ea, eb);
  // Outside the range the bound covers (or not finite): every axis in rationals.
  const double err = s >= 0x1p-500 && s <= 0x1p500 ? 96 * 0x1p-53 * s : INFINITY;
  // Does the axis separate? g = |L·D| − (r_A + r_B) as computed.
  const auto separates = [&](double g, SeparatingAxis axis) {
    if (g > err) return true;
    if (g < -err) return false;
    exact_ran = true;
    return exact_separates(A, B, axis);
  };

  // Faces of A: N_i = A_{i+1} × A_{i+2}; P_ij = N_i·B_j.
  double P[3][3];
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    const V n = cross(a[(i + 1) % 3], a[(i + 2) % 3]);
#pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) P[i][j] = dot(n, b[j]);
    const double radii = ea[i] * std::fabs(dot(n, a[i])) +
                         (eb[0] * std::fabs(P[i][0]) + eb[1] * std::fabs(P[i][1]) + eb[2] * std::fabs(P[i][2]));
    const SeparatingAxis axis{AxisKind::face_a, std::uint8_t(i), 0};
    if (separates(std::fabs(dot(n, d)) - radii, axis)) return axis;
  }
  // Faces of B: M_j = B_{j+1} × B_{j+2}; Q_ij = A_i·M_j.
  double Q[3][3];
#pragma GCC unroll 3
  for (int j = 0; j < 3; ++j) {
    const V m = cross(b[(j + 1) % 3], b[(j + 2) % 3]);
#pragma GCC unroll 3
    for (int i = 0; i < 3; ++i) Q[i][j] = dot(a[i], m);
    const double radii = (ea[0] * std::fabs(Q[0][j]) + ea[1] * std::fabs(Q[1][j]) + ea[2] * std::fabs(Q[2][j])) +
                         eb[j] * std::fabs(dot(m, b[j]));
    const SeparatingAxis axis{AxisKind::face_b, 0, std::uint8_t(j)};
    if (separates(std::fabs(dot(m, d)) - radii, axis)) return axis;
  }
  // Edges: L_ij = A_i × B_j, L·D = (D × A_i)·B_j; radii from P and Q (header's table).
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    const V e = cross(d, a[i]);
#pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const double radii = (ea[i1] * std::fabs(P[i2][j]) + ea[i2] * std::fabs(P[i1][j])) +
                           (eb[j1] * std::fabs(Q[i][j2]) + eb[j2] * std::fabs(Q[i][j1]));
      const SeparatingAxis axis{AxisKind::edge_edge, std::uint8_t(i), std::uint8_t(j)};
      const double g = std::fabs(dot(e, b[j])) - radii;
      if (g > err) return axis;
      if (g < -err) continue;
      const int sign = refine_edge(a[i], b[j], a, b, d, ea, eb, s);
      if (sign > 0) return axis;
      if (sign < 0) continue;
      exact_ran = true;
      if (exact_separates(A, B, axis)) return axis;
    }
  }
  return {};
}

}  // namespace

template <class S>
CertifiedResult<S> test_certified(const Obb3<S>& a, const Obb3<S>& b) {
  CertifiedResult<S> out;
  const SeparatingAxis axis = first_separating(a, b, out.exact_path);
  if (axis.kind == AxisKind::none) return out;
  out.result.intersects = false;
  out.result.axis = axis;
  // The axis in world coordinates, as the header's table defines it; Kahan's
  // products for edge axes, so that nearly parallel edges' L is still
  // accurate to a few ulps of its length (refine_edge).
  const Obb3<double> A = to_double(a), B = to_double(b);
  const auto accurate_cross = [](const Vec3<double>& p, const Vec3<double>& q) {
    return Vec3<double>{accurate::difference_of_products(p[1], q[2], p[2], q[1]),
                        accurate::difference_of_products(p[2], q[0], p[0], q[2]),
                        accurate::difference_of_products(p[0], q[1], p[1], q[0])};
  };
  const auto& x = axis.kind == AxisKind::face_b ? B.axes : A.axes;
  const int k = axis.kind == AxisKind::face_b ? axis.j : axis.i;
  const Vec3<double> dir = axis.kind == AxisKind::edge_edge ? accurate_cross(A.axes[axis.i], B.axes[axis.j])
                                                            : Vec3<double>(x[(k + 1) % 3].cross(x[(k + 2) % 3]));
  out.result.direction = dir.template cast<S>();
  return out;
}

template CertifiedResult<float> test_certified(const Obb3<float>&, const Obb3<float>&);
template CertifiedResult<double> test_certified(const Obb3<double>&, const Obb3<double>&);

}  // namespace sepax::obb_obb
