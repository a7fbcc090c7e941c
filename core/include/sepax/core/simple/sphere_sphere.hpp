#pragma once
/// \file Sphere–sphere: static test and sweep over one frame (Gomez, "A
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
#include <utility>

#include "sepax/core/shapes/sphere3.hpp"
#include "sepax/core/simple/sweep_result.hpp"

namespace sepax::sphere_sphere {

namespace detail {

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
  return p.dot(p) <= r * r;
}

/// When, within the frame, do the balls moving by u·displacement_a and
/// u·displacement_b touch, and until when? See SweepResult for which fields
/// each state sets.
template <class S>
SweepResult<S> sweep(const Sphere3<S>& a, const Vec3<S>& displacement_a,
                     const Sphere3<S>& b, const Vec3<S>& displacement_b) {
  const Vec3<S> p = b.center - a.center;                  // Gomez's AB
  const Vec3<S> v = displacement_b - displacement_a;      // v_ab: B as seen from A
  const S r = a.radius + b.radius;
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
    out.first = std::clamp(lo, S(0), S(1));
    out.last = std::clamp(hi, out.first, S(1));
  }

  const Vec3<S> ca = a.center + out.first * displacement_a;
  const Vec3<S> cb = b.center + out.first * displacement_b;
  out.point = r == S(0) ? ca : Vec3<S>(ca + (a.radius / r) * (cb - ca));
  return out;
}

}  // namespace sepax::sphere_sphere
