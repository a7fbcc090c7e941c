#pragma once
/// \file
/// Plane (Gomez, "A Sphere-Plane Sweep Test", Listing 1).
#include "sepax/core/shapes/vec3.hpp"

namespace sepax {

/// The plane {x : normal·x = offset}: the surface itself, not a half-space.
/// Gomez stores D = −offset and writes the signed distance n·x + D.
///
/// Invariants (checked by validate()): every number finite; normal unit within
/// scalar_traits<S>::axis_tolerance, so that offset is the distance from the
/// origin. Kernels need only a nonzero normal: they compare distances scaled by
/// normal·normal instead of assuming |normal| = 1 (see sphere_plane.hpp), so
/// they decide for the plane of the stored numbers, and a float normal that is
/// unit only within rounding is no source of error.
template <class S>
struct Plane3 {
  Vec3<S> normal = Vec3<S>::UnitZ();
  S offset = S(0);

  template <class T>
  Plane3<T> cast() const {
    return {normal.template cast<T>(), T(offset)};
  }
};

using Plane3f = Plane3<float>;
using Plane3d = Plane3<double>;

}  // namespace sepax
