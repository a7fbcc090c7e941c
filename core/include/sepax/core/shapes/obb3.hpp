#pragma once
/// \file
/// Oriented bounding box (Eberly §2).
#include <array>

#include "sepax/core/shapes/vec3.hpp"

namespace sepax {

/// A solid oriented box {C + Σ xi·Ai : |xi| ≤ ai} (Eberly §2).
///
/// Invariants (checked by validate(), assumed by kernels): every number finite;
/// extents ai ≥ 0 (zero allowed: a flat box, a segment or a point); axes A0, A1,
/// A2 right-handed and orthonormal within scalar_traits<S>::axis_tolerance.
/// The box is a closed set: touching boxes intersect. Oracles judge the exact
/// parallelepiped spanned by the stored numbers, which float axes make slightly
/// non-orthonormal (SPEC §4).
template <class S>
struct Obb3 {
  Vec3<S> center = Vec3<S>::Zero();
  std::array<Vec3<S>, 3> axes{Vec3<S>::UnitX(), Vec3<S>::UnitY(), Vec3<S>::UnitZ()};
  std::array<S, 3> extents{S(0), S(0), S(0)};

  /// Vertex C + Σ σi·ai·Ai for the sign pattern bits (bit i set ⇒ σi = +1).
  Vec3<S> vertex(unsigned bits) const {
    Vec3<S> v = center;
    for (int i = 0; i < 3; ++i) v += ((bits >> i) & 1u ? extents[i] : -extents[i]) * axes[i];
    return v;
  }

  template <class T>
  Obb3<T> cast() const {
    Obb3<T> b;
    b.center = center.template cast<T>();
    for (int i = 0; i < 3; ++i) {
      b.axes[i] = axes[i].template cast<T>();
      b.extents[i] = T(extents[i]);
    }
    return b;
  }
};

using Obb3f = Obb3<float>;
using Obb3d = Obb3<double>;

}  // namespace sepax
