#pragma once
/// \file
/// Sphere–plane: static test and sweep over one frame (Gomez, "A
/// Sphere-Plane Sweep Test", Listing 1).
///
/// Sets: the closed ball (Sphere3) and the plane {x : n·x = d} (Plane3), the
/// surface itself: a ball wholly on either side is disjoint from it. Touching
/// intersects; "disjoint" is a strict comparison. Gomez's listing handles a
/// sphere approaching from the positive side; the negative side is its mirror
/// image and is handled alike.
///
/// The plane of the stored numbers. The signed distance of x is s(x)/|n| with
/// s(x) = n·x − d. Instead of assuming |n| = 1 as Gomez does, every decision
/// compares s² with r²·(n·n): exact in exact arithmetic for any nonzero n, so a
/// float normal that is unit only within rounding, or the scaled plane (2n, 2d),
/// is judged as the plane it is.
///
/// Sweep. The centre moves to c + u·v for u ∈ [0, 1] (Gomez's C0 and C1, with
/// v = C1 − C0), so s(u) = s0 + u·w with w = n·v, and the ball meets the plane
/// while |s(u)| ≤ ρ = r·|n|. The state is decided without sqrt or division:
/// overlapping at start iff s0² ≤ ρ²; otherwise |s| decreases all the way to
/// the plane, so they meet iff s changes sign over the frame or s1² ≤ ρ². Only
/// the times use sqrt (ρ = r·√(n·n)) and a division: Gomez's first time
/// u_i = (d0 − r)/(d0 − d1), mirrored for the negative side, and the last time
/// (d0 + r)/(d0 − d1), with d0 − d1 taken as −w (the exact rate, not the
/// difference of two rounded distances). The contact point is the centre's
/// projection onto the plane at u = first (Gomez returns the centre itself,
/// c + first·v).
#include <algorithm>
#include <cmath>

#include "sepax/core/mutant.hpp"
#include "sepax/core/shapes/plane3.hpp"
#include "sepax/core/shapes/sphere3.hpp"
#include "sepax/core/simple/sweep_result.hpp"

namespace sepax::sphere_plane {

namespace detail {

/// x − ((n·x − d)/(n·n))·n: the point of the plane nearest to x.
template <class S>
Vec3<S> project(const Vec3<S>& x, const Plane3<S>& plane, S nn) {
  return x - ((plane.normal.dot(x) - plane.offset) / nn) * plane.normal;
}

}  // namespace detail

/// Do the closed ball and the plane intersect? (n·c − d)² ≤ r²·(n·n).
template <class S>
bool test_static(const Sphere3<S>& sphere, const Plane3<S>& plane) {
  const S s = plane.normal.dot(sphere.center) - plane.offset;
  // Mutant sphere_plane_halfspace: the plane taken as the half-space below it (a ball deep under it "meets").
  if (mutant("sphere_plane_halfspace") && s <= S(0)) return true;
  return s * s <= sphere.radius * sphere.radius * plane.normal.dot(plane.normal);
}

/// The swapped argument order forwards (the pair order is sphere_plane).
template <class S>
bool test_static(const Plane3<S>& plane, const Sphere3<S>& sphere) {
  return test_static(sphere, plane);
}

/// When, within the frame, does the ball whose centre moves by u·displacement
/// touch the plane? See SweepResult for which fields each state sets.
template <class S>
SweepResult<S> sweep(const Sphere3<S>& sphere, const Vec3<S>& displacement,
                     const Plane3<S>& plane) {
  using std::sqrt;
  const Vec3<S>& n = plane.normal;
  const S nn = n.dot(n);
  const S reach2 = sphere.radius * sphere.radius * nn;  // ρ², as in test_static
  const S s0 = n.dot(sphere.center) - plane.offset;
  const S w = n.dot(displacement);
  const S s1 = s0 + w;

  SweepResult<S> out;
  if (s0 * s0 <= reach2) {
    // Gomez's "touching on previous frame" (|d0| ≤ r); it leaves the slab
    // |s| ≤ ρ through the side w points to, if at all.
    out.state = ContactState::overlapping_at_start;
    out.first = S(0);
    if (w == S(0)) {
      out.last = S(1);
    } else {
      const S rho = sphere.radius * sqrt(nn);
      const S exit = (w > S(0) ? rho - s0 : -rho - s0) / w;
      out.last = std::clamp(exit, S(0), S(1));
    }
    out.point = detail::project(sphere.center, plane, nn);
    return out;
  }

  const bool crosses = s0 > S(0) ? s1 <= S(0) : s1 >= S(0);
  if (!crosses && s1 * s1 > reach2) return out;  // separated_throughout

  // |s0| > ρ, and |s| shrinks toward the plane: approach > 0.
  const S rho = sphere.radius * sqrt(nn);
  const S distance = s0 > S(0) ? s0 : -s0;
  const S approach = s0 > S(0) ? -w : w;
  out.state = ContactState::first_contact;
  out.first = std::clamp((distance - rho) / approach, S(0), S(1));
  out.last = std::clamp((distance + rho) / approach, out.first, S(1));
  out.point = detail::project(Vec3<S>(sphere.center + out.first * displacement), plane, nn);
  return out;
}

}  // namespace sepax::sphere_plane
