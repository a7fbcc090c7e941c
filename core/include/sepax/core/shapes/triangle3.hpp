#pragma once
/// \file
/// Triangle (Eberly §3, §4).
#include <array>

#include "sepax/core/shapes/vec3.hpp"

namespace sepax {

/// The closed convex hull of three vertices.
///
/// Degenerate triangles (collinear or repeated vertices) are valid input: they
/// are the segment or point they span, and every kernel answers for that set.
/// Invariant (checked by validate()): every coordinate finite.
template <class S>
struct Triangle3 {
  std::array<Vec3<S>, 3> vertices{Vec3<S>::Zero(), Vec3<S>::Zero(), Vec3<S>::Zero()};

  template <class T>
  Triangle3<T> cast() const {
    return {{vertices[0].template cast<T>(), vertices[1].template cast<T>(),
             vertices[2].template cast<T>()}};
  }
};

using Triangle3f = Triangle3<float>;
using Triangle3d = Triangle3<double>;

}  // namespace sepax
