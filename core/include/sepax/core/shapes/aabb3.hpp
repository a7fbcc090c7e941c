#pragma once
/// \file
/// Axis-aligned bounding box (Gomez, "An Axis-Aligned Bounding Box (AABB)
/// Sweep Test", Listing 3).
#include "sepax/core/shapes/vec3.hpp"

namespace sepax {

/// The closed box {x : min_k ≤ x_k ≤ max_k, k = 0, 1, 2}.
///
/// Stored as its two corners, not as Gomez's centre and extents: every bound
/// is then a stored number, so the overlap test and Arvo's test compare stored
/// numbers without the rounding of C ± E, and obb_to_aabb can round each bound
/// outward on its own.
///
/// Invariants (checked by validate(), assumed by kernels): every number finite;
/// min_k ≤ max_k (equality allowed: a flat box, a segment or a point).
template <class S>
struct Aabb3 {
  Vec3<S> min = Vec3<S>::Zero();
  Vec3<S> max = Vec3<S>::Zero();

  template <class T>
  Aabb3<T> cast() const {
    return {min.template cast<T>(), max.template cast<T>()};
  }
};

using Aabb3f = Aabb3<float>;
using Aabb3d = Aabb3<double>;

}  // namespace sepax
