#pragma once
/// \file
/// Oriented rectangle in the plane (SAT tutorial, the 2D case).
#include <array>

#include <Eigen/Core>

namespace sepax {

template <class S>
using Vec2 = Eigen::Matrix<S, 2, 1>;

/// A solid oriented rectangle {C + x0·A0 + x1·A1 : |xi| ≤ ai}.
///
/// Invariants assumed by the kernels: every number finite; extents ai ≥ 0
/// (zero allowed: a segment or a point); axes A0, A1 orthonormal within the
/// scalar's tolerance (as Obb3's). A closed set: touching rectangles intersect.
/// Oracles judge the exact parallelogram the stored numbers span.
template <class S>
struct Rect2 {
  Vec2<S> center = Vec2<S>::Zero();
  std::array<Vec2<S>, 2> axes{Vec2<S>::UnitX(), Vec2<S>::UnitY()};
  std::array<S, 2> extents{S(0), S(0)};

  /// Corner C + σ0·a0·A0 + σ1·a1·A1 for the sign pattern bits (bit i set ⇒ σi = +1).
  Vec2<S> corner(unsigned bits) const {
    Vec2<S> v = center;
    for (int i = 0; i < 2; ++i) v += ((bits >> i) & 1u ? extents[i] : -extents[i]) * axes[i];
    return v;
  }

  template <class T>
  Rect2<T> cast() const {
    Rect2<T> r;
    r.center = center.template cast<T>();
    for (int i = 0; i < 2; ++i) {
      r.axes[i] = axes[i].template cast<T>();
      r.extents[i] = T(extents[i]);
    }
    return r;
  }
};

/// Constant velocities of two rectangles over [0, T] (the 2D LinearMotion).
template <class S>
struct LinearMotion2 {
  Vec2<S> velocity_a = Vec2<S>::Zero();
  Vec2<S> velocity_b = Vec2<S>::Zero();
  S duration = S(0);
};

}  // namespace sepax
