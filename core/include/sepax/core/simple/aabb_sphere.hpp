#pragma once
/// \file
/// AABB–sphere static test after Arvo (Gomez, "A Box-Sphere Intersection
/// Test", Listing 5; J. Arvo, Graphics Gems, 1990).
///
/// Sets: the closed box and the closed ball; touching intersects; "disjoint" is
/// a strict `>`. Arvo's method accumulates, axis by axis, the squared distance
/// from the ball's centre to the box (the clamped difference on each axis
/// outside the slab) and compares it with r². No sqrt; with an exact scalar the
/// test is exact. Gomez's listing accumulates in float whatever the scalar;
/// here every operation is in S.
#include "sepax/core/mutant.hpp"
#include "sepax/core/shapes/aabb3.hpp"
#include "sepax/core/shapes/sphere3.hpp"

namespace sepax::aabb_sphere {

/// Do the closed box and ball intersect? dist²(centre, box) ≤ r² (Arvo).
template <class S>
bool test_static(const Aabb3<S>& box, const Sphere3<S>& sphere) {
  S d2 = S(0);
  for (int k = 0; k < 3; ++k) {
    const S c = sphere.center[k];
    if (c < box.min[k]) {
      const S s = c - box.min[k];
      d2 += s * s;
    } else if (c > box.max[k] && !mutant("aabb_sphere_one_side")) {  // mutant: only the min side clamps
      const S s = c - box.max[k];
      d2 += s * s;
    }
  }
  return d2 <= sphere.radius * sphere.radius;
}

/// The swapped argument order forwards (the pair order is aabb_sphere).
template <class S>
bool test_static(const Sphere3<S>& sphere, const Aabb3<S>& box) {
  return test_static(box, sphere);
}

}  // namespace sepax::aabb_sphere
