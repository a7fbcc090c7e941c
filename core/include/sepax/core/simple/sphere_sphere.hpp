#pragma once
/// \file
/// Sphere–sphere: static test and sweep over one frame (Gomez, "A
/// Sphere-Sphere Sweep Test", Listing 2).
///
/// Sets: two closed balls; touching intersects; "disjoint" is a strict `>` on
/// squared distances. With R = r_a + r_b, they intersect iff |B − A|² ≤ R².
///
/// Sweep. The centres move to A + u·v_a and B + u·v_b for u ∈ [0, 1] (Gomez's
/// v_a = A1 − A0, v_b = B1 − B0). With p = B − A and v = v_b − v_a, the squared
/// gap f(u) = |p + u·v|² − R² = a·u² + 2β·u + c, where a = v·v, β = v·p,
/// c = p·p − R² (Gomez's quadratic, with b = 2β). They touch while f(u) ≤ 0.
///
/// The discriminant. Gomez's b² − 4ac cancels catastrophically near a grazing
/// contact: β² and a·c are each about a·|p|², their difference a·(R² − d²)
/// (d = closest approach), so with unit roundoff ε it resolves d only to about
/// ε·|p|²/R. By Lagrange's identity β² − a·p·p = −|v × p|², hence
/// disc = β² − a·c = a·R² − |v × p|², whose rounding is about ε·|v|²|p|·d: d is
/// then resolved to about ε·|p| (test SphereSphereGrazingWithTinyRadiusFarAway).
///
/// The state is decided without sqrt or division, from the minimum of f on
/// [0, 1]: overlapping at start iff c ≤ 0 (the static test); else they meet iff
/// f(1) ≤ 0 (computed as |p + v|² − R², not from the cancelling a + 2β + c), or
/// the vertex u* = −β/a lies in (0, 1) and f(u*) ≤ 0, i.e. β < 0, −β < a and
/// disc ≥ 0. Gomez's listing instead accepts any real roots, even both
/// negative or both beyond the frame.
///
/// Only the times use sqrt: the roots (−β ∓ √disc)/a, by the cancellation-free
/// form q = −(β + sign(β)·√disc), roots q/a and c/q (Numerical Recipes §5.6),
/// clipped to [0, 1]. Near a grazing contact (disc ≈ 0) the times are
/// ill-conditioned — a change δ of the closest approach moves them by about
/// √(δ·R)/|v| — while the state stays a comparison of the inputs.
/// The contact point is on the segment between the centres at u = first, at
/// r_a/R of the way from A: the tangent point at first contact, and a point of
/// both balls when they overlap at start.
#include <algorithm>
#include <cmath>
#include <type_traits>
#include <utility>

#include "sepax/core/mutant.hpp"
#include "sepax/core/shapes/sphere3.hpp"
#include "sepax/core/simple/sweep_result.hpp"

namespace sepax::sphere_sphere {

namespace detail {

/// 2^−e with 2^e the power of two at or below the largest of |p|∞, |v|∞ and r
/// (at most 2^100; 1 when all are zero or one is not finite); 1 for scalars
/// that are not float or double.
template <class S>
S power_of_two_scale(const Vec3<S>& p, const Vec3<S>& v, S r) {
  if constexpr (std::is_floating_point_v<S>) {
    const S big = std::max({p.cwiseAbs().maxCoeff(), v.cwiseAbs().maxCoeff(), std::abs(r)});
    if (big == S(0) || !std::isfinite(big)) return S(1);
    // Up by at most 2^100: tiny inputs (subnormal) would ask for a factor the scalar cannot hold.
    return std::ldexp(S(1), std::min(-std::ilogb(big), 100));
  } else {
    return S(1);
  }
}

/// The roots lo ≤ hi of a·u² + 2β·u + c for a > 0 and disc = β² − a·c ≥ 0,
/// without cancellation (Numerical Recipes §5.6).
template <class S>
std::pair<S, S> roots(S a, S beta, S c, S disc) {
  using std::sqrt;
  const S sq = sqrt(disc);
  if (beta <= S(0)) {
    const S q = sq - beta;                        // a·(larger root) ≥ 0
    if (q == S(0)) return {S(0), S(0)};           // β = 0 = disc, hence c = 0: double root 0
    return {c / q, q / a};
  }
  const S q = -(beta + sq);                       // a·(smaller root) < 0
  return {q / a, c / q};
}

}  // namespace detail

/// Do the closed balls intersect? |B − A|² ≤ (r_a + r_b)².
template <class S>
bool test_static(const Sphere3<S>& a, const Sphere3<S>& b) {
  const Vec3<S> p = b.center - a.center;
  const S r = a.radius + b.radius;
  // Mutant sphere_sphere_touch_lt: `<` for `<=`, touching balls called apart.
  return mutant("sphere_sphere_touch_lt") ? p.dot(p) < r * r : p.dot(p) <= r * r;
}

/// When, within the frame, do the balls moving by u·displacement_a and
/// u·displacement_b touch, and until when? See SweepResult for which fields
/// each state sets.
template <class S>
SweepResult<S> sweep(const Sphere3<S>& a, const Vec3<S>& displacement_a,
                     const Sphere3<S>& b, const Vec3<S>& displacement_b) {
  // Times are ratios: scaling p, v and R by one power of two changes no root
  // and rounds nothing (up to underflow of what is negligible against the
  // largest), but keeps |v × p|² and a·R² (degree 4) finite: in float, centres
  // at 2^31 overflowed them to inf and NaN (verify's scale family). Float and
  // double only; other scalars as they are.
  const Vec3<S> p0 = b.center - a.center;                 // Gomez's AB
  const Vec3<S> v0 = displacement_b - displacement_a;     // v_ab: B as seen from A
  const S unit = detail::power_of_two_scale(p0, v0, S(a.radius + b.radius));
  const Vec3<S> p = p0 * unit;
  const Vec3<S> v = v0 * unit;
  const S r = (a.radius + b.radius) * unit;
  const S rr = r * r;
  const S pp = p.dot(p);
  const S qa = v.dot(v);
  const S beta = v.dot(p);
  const S qc = pp - rr;
  const Vec3<S> vxp = v.cross(p);
  const S disc = qa * rr - vxp.dot(vxp);  // β² − a·c by Lagrange's identity

  SweepResult<S> out;
  if (pp <= rr) {
    // Overlapping at start: c ≤ 0, so disc ≥ β² ≥ 0 and the larger root ≥ 0.
    out.state = ContactState::overlapping_at_start;
    out.first = S(0);
    out.last = qa == S(0) ? S(1)
                          : std::clamp(detail::roots(qa, beta, qc, std::max(disc, S(0))).second,
                                       S(0), S(1));
  } else {
    const Vec3<S> p1 = p + v;
    const bool meets_at_end = p1.dot(p1) <= rr;
    const bool meets_inside = beta < S(0) && -beta < qa && disc >= S(0);
    if (!meets_at_end && !meets_inside) return out;  // separated_throughout
    const auto [lo, hi] = detail::roots(qa, beta, qc, std::max(disc, S(0)));
    out.state = ContactState::first_contact;
    // Mutant sphere_sweep_later_root: the later root taken as the first contact.
    out.first = std::clamp(mutant("sphere_sweep_later_root") ? hi : lo, S(0), S(1));
    out.last = std::clamp(hi, out.first, S(1));
  }

  const Vec3<S> ca = a.center + out.first * displacement_a;
  const Vec3<S> cb = b.center + out.first * displacement_b;
  const S radii = a.radius + b.radius;  // unscaled, like the centres
  out.point = radii == S(0) ? ca : Vec3<S>(ca + (a.radius / radii) * (cb - ca));
  return out;
}

}  // namespace sepax::sphere_sphere
