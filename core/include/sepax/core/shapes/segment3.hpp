#pragma once
/// \file
/// Line segment (Gomez, "An OBB-Line Segment Test", Listing 7).
#include "sepax/core/shapes/vec3.hpp"

namespace sepax {

/// The closed segment {(1 − s)·p0 + s·p1 : 0 ≤ s ≤ 1}. p0 = p1 is valid input:
/// the segment is then that point, and every kernel answers for it.
/// Invariant (checked by validate()): every coordinate finite.
template <class S>
struct Segment3 {
  Vec3<S> p0 = Vec3<S>::Zero();
  Vec3<S> p1 = Vec3<S>::Zero();

  template <class T>
  Segment3<T> cast() const {
    return {p0.template cast<T>(), p1.template cast<T>()};
  }
};

using Segment3f = Segment3<float>;
using Segment3d = Segment3<double>;

}  // namespace sepax
