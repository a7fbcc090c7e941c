#pragma once
/// \file
/// enclose(): for given axes, the center and extents of a box whose STORED
/// numbers contain every input point exactly (Eberly §6.1.1: center and extents
/// from the intervals of projection), whatever the rounding.
///
/// The stored box is the parallelepiped {C + Σ xi·ai·Ai : |xi| ≤ 1} of its own
/// numbers (Obb3's oracle semantics); float axes are not exactly orthonormal, so
/// the coordinates of a point are yi = bi·(p − C) with the DUAL basis
/// bi = (A_{i+1} × A_{i+2}) / D, D = det[A0 A1 A2], not Ai·(p − C). The point is
/// inside iff |ni·(p − C)| ≤ ai·|D| (ni = A_{i+1} × A_{i+2}). Everything below is
/// evaluated in double (float inputs convert exactly) with a forward error bound
/// (Higham's γk = k·u/(1 − k·u)), and the extents are rounded up, so the bound
/// holds for the box as stored. oracle::box_contains_exactly checks it.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>

#include "sepax/core/numeric/round_up.hpp"
#include "sepax/core/shapes/obb3.hpp"

namespace sepax::fitting {

namespace detail {

inline constexpr double u_double = 0x1p-53;
/// Higham's γk for double: k roundings of relative size ≤ u.
constexpr double gamma_k(int k) { return k * u_double / (1.0 - k * u_double); }
/// Below this a product of nonzero doubles may be subnormal: its error is then
/// absolute (≤ 2^-1075), not relative.
inline constexpr double min_normal = 0x1p-1022;

/// a·b, flagging a product that may have lost relative accuracy to underflow.
inline double mul_flag(double a, double b, bool& underflow) {
  const double p = a * b;
  if (a != 0.0 && b != 0.0 && std::abs(p) < 2.0 * min_normal) underflow = true;
  return p;
}


template <class S>
bool finite(const Vec3<S>& v) {
  return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]);
}

/// ni = A_{i+1} × A_{i+2} in double, with Ni = the same cross product of |A|
/// with + for −, so |n̂im − nim| ≤ γ2·Nim (+ an absolute 2^-1074 if a product
/// underflowed: `underflow`).
struct DualBasis {
  std::array<Vec3<double>, 3> n;   // computed cross products
  std::array<Vec3<double>, 3> N;   // their absolute error scale
  double det = 0;                  // computed D = A0·n0
  double det_low = 0;              // a certified lower bound on |D|
  bool underflow = false;
};

inline DualBasis dual_basis(const std::array<Vec3<double>, 3>& A) {
  DualBasis b;
  for (int i = 0; i < 3; ++i) {
    const Vec3<double>& a = A[(i + 1) % 3];
    const Vec3<double>& c = A[(i + 2) % 3];
    for (int m = 0; m < 3; ++m) {
      const int m1 = (m + 1) % 3, m2 = (m + 2) % 3;
      const double p = mul_flag(a[m1], c[m2], b.underflow);
      const double q = mul_flag(a[m2], c[m1], b.underflow);
      b.n[i][m] = p - q;
      b.N[i][m] = std::abs(p) + std::abs(q);
    }
  }
  // D̂ = fl(A0·n̂0): |D̂ − D| ≤ (γ3(1+γ2) + γ2)·Σ|A0m|·N0m ≤ γ5·S0; taken as 2·γ8·Ŝ0
  // to cover the rounding of Ŝ0 itself, plus absolute terms for underflow.
  double s0 = 0, sa = 0;
  bool uf = b.underflow;
  double d = 0;
  for (int m = 0; m < 3; ++m) {
    d += mul_flag(A[0][m], b.n[0][m], uf);
    s0 += std::abs(A[0][m]) * b.N[0][m];
    sa += std::abs(A[0][m]);
  }
  double err = 2.0 * gamma_k(8) * s0 + 0x1p-1060;
  if (b.underflow) err += 0x1p-1068 * sa;  // n̂ components off by ≤ 2^-1074 each
  b.det = d;
  b.det_low = (std::abs(d) - err) * (1.0 - 4.0 * u_double);
  return b;
}

}  // namespace detail

/// The center and extents enclosing point(k), k < count, for the given axes:
/// center from the midpoints of the projection intervals along the dual basis
/// (Eberly §6.1.1: C = X0 + Σ γi·Ai with γi = (αi + βi)/2), rounded to S; then
/// extents computed against that stored center with a forward error bound and
/// rounded up. Postcondition: the stored box contains every point exactly.
/// Throws std::invalid_argument on no points, non-finite input, or axes too
/// close to linearly dependent to certify; std::overflow_error when the
/// extents do not fit S.
template <class S, class PointAt>
Obb3<S> enclose_with(const std::array<Vec3<S>, 3>& axes, std::size_t count, PointAt&& point) {
  if (count == 0) throw std::invalid_argument("sepax::fitting::enclose: no points to enclose");
  std::array<Vec3<double>, 3> A;
  for (int i = 0; i < 3; ++i) {
    if (!detail::finite(axes[i]))
      throw std::invalid_argument("sepax::fitting::enclose: axis " + std::to_string(i) + " is not finite");
    A[i] = axes[i].template cast<double>();  // exact
  }
  const detail::DualBasis b = detail::dual_basis(A);
  if (!(b.det_low > 0))
    throw std::invalid_argument(
        "sepax::fitting::enclose: the axes are (nearly) linearly dependent, det = " + std::to_string(b.det));

  // One pass: the projection intervals (in units of D) relative to X0 = point(0),
  // and the largest |d̂m| of d̂ = fl(p − X0), per coordinate m.
  const Vec3<double> x0 = Vec3<S>(point(0)).template cast<double>();
  std::array<double, 3> lo{0, 0, 0}, hi{0, 0, 0};
  Vec3<double> dmax = Vec3<double>::Zero();
  for (std::size_t k = 0; k < count; ++k) {
    const Vec3<S> p = point(k);
    if (!detail::finite(p))
      throw std::invalid_argument("sepax::fitting::enclose: point " + std::to_string(k) + " is not finite");
    const Vec3<double> d = p.template cast<double>() - x0;
    if (!detail::finite(d))
      throw std::overflow_error("sepax::fitting::enclose: point " + std::to_string(k) +
                                " minus the first point overflows double");
    dmax = dmax.cwiseMax(d.cwiseAbs());
    for (int i = 0; i < 3; ++i) {
      const double t = b.n[i].dot(d);
      lo[i] = std::min(lo[i], t);
      hi[i] = std::max(hi[i], t);
    }
  }
  Vec3<double> c = x0;
  for (int i = 0; i < 3; ++i) c += (0.5 * lo[i] + 0.5 * hi[i]) / b.det * A[i];
  Obb3<S> box;
  box.axes = axes;
  box.center = c.template cast<S>();
  if (!detail::finite(box.center))
    throw std::overflow_error("sepax::fitting::enclose: the center does not fit the scalar");

  // Certified extents against the STORED center C, from the same intervals:
  // ni·(p − C) = ni·(p − X0) − ni·(C − X0). For d̂ = fl(p − X0) and t̂ = fl(n̂i·d̂),
  // |t̂ − ni·(p − X0)| ≤ γ7·Σm Nim·|d̂m| (γ3 for the dot, γ2 for n̂, γ1 for d̂)
  // ≤ γ7·Σm Nim·max|d̂m|; the same for t̂c = fl(n̂i·ĉ), ĉ = fl(C − X0). So
  // |ni·(p − C)| ≤ max(hi − t̂c, t̂c − lo) + γ7·Σm Nim·(max|d̂m| + |ĉm|), taken
  // as (1 + 4u)·(the rounded difference) + 2·γ8·(the rounded sum) to cover
  // their own rounding; + absolute terms for products that may be subnormal
  // (each off by ≤ 2^-1075), always added: they cost nothing. (One pass over the
  // points: a second one, against the stored center, was a fifth of a tree build.)
  const Vec3<double> dc = box.center.template cast<double>() - x0;
  if (!detail::finite(dc)) throw std::overflow_error("sepax::fitting::enclose: the center minus the first point overflows double");
  const Vec3<double> reach = dmax + dc.cwiseAbs();  // per coordinate: max|d̂m| + |ĉm|
  const double reach_sum = reach[0] + reach[1] + reach[2];
  std::array<double, 3> num{0, 0, 0};
  for (int i = 0; i < 3; ++i) {
    if (dmax[0] == 0 && dmax[1] == 0 && dmax[2] == 0) break;  // every point is X0 = C exactly: t = 0 exactly
    const double tc = b.n[i].dot(dc);
    const double spread = std::max({0.0, hi[i] - tc, tc - lo[i]});
    double e = 2.0 * detail::gamma_k(8) * (b.N[i][0] * reach[0] + b.N[i][1] * reach[1] + b.N[i][2] * reach[2]) +
               0x1p-1064;
    // n̂ off by ≤ 2^-1074 per component when its products underflowed.
    if (b.underflow) e += 0x1p-1070 * reach_sum + 0x1p-1072;
    num[i] = spread * (1.0 + 4.0 * detail::u_double) + e;
    if (!std::isfinite(num[i])) throw std::overflow_error("sepax::fitting::enclose: a projection overflows double");
  }
  // ai ≥ |t|/|D|: num·(1+u) over det_low, one division, one product: (1 + 8u)
  // covers their relative errors, + 2^-1070 their absolute ones if subnormal.
  for (int i = 0; i < 3; ++i) {
    if (num[i] == 0) {
      box.extents[i] = S(0);
      continue;
    }
    const double a = num[i] / b.det_low * (1.0 + 8.0 * detail::u_double) + 0x1p-1070;
    if (!std::isfinite(a) || a > double(std::numeric_limits<S>::max()))
      throw std::overflow_error("sepax::fitting::enclose: extent " + std::to_string(i) +
                                " does not fit the scalar");
    box.extents[i] = round_up<S>(a);
  }
  return box;
}

/// enclose_with over a span of points.
template <class S>
Obb3<S> enclose(const std::array<Vec3<S>, 3>& axes, std::span<const Vec3<S>> points) {
  return enclose_with<S>(axes, points.size(), [&](std::size_t k) -> const Vec3<S>& { return points[k]; });
}

}  // namespace sepax::fitting
