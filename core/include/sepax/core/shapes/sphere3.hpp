#pragma once
/// \file
/// Sphere (Gomez, "Simple Intersection Tests for Games").
#include "sepax/core/shapes/vec3.hpp"

namespace sepax {

/// The closed ball {x : |x − center| ≤ radius}.
///
/// Invariants (checked by validate(), assumed by kernels): every number finite;
/// radius ≥ 0 (zero allowed: a point). Kernels decide membership by comparing
/// squared distances with squared radii, never by a sqrt.
template <class S>
struct Sphere3 {
  Vec3<S> center = Vec3<S>::Zero();
  S radius = S(0);

  template <class T>
  Sphere3<T> cast() const {
    return {center.template cast<T>(), T(radius)};
  }
};

using Sphere3f = Sphere3<float>;
using Sphere3d = Sphere3<double>;

}  // namespace sepax
