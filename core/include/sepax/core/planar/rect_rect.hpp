#pragma once
/// \file
/// Two oriented rectangles in the plane: static test, constant-velocity
/// test and first time of contact (SAT tutorial, the 2D case: four axes).
///
/// Static: the rectangles are disjoint iff one of A0, A1, B0, B1 separates
/// them. With D = C_B − C_A, along L = A_i the gap test is
///     |A_i·D| > a_i + b_0·|A_i·B_0| + b_1·|A_i·B_1|,
/// and along L = B_j the same with the roles swapped (the tutorial's four
/// cases). A strict `>`: touching rectangles intersect (closed sets), and a
/// degenerate rectangle (zero extent) is tested on the same four axes — in the
/// plane the edge normals of both polygons are all the axes there are.
///
/// Moving (constant velocities va, vb over [0, T]; W = vb − va): along each
/// axis the centers' distance s(t) = L·D + t·(L·W) must stay within the sum of
/// the radii r for the projections to overlap, so each axis allows one window
/// of times (Eberly's interval method, §2.3, in 2D). The Minkowski difference
/// of two rectangles has edges along the same four axes only, so the windows'
/// intersection with [0, T] is exactly the set of contact times: empty ⇒
/// separated throughout; it starts at 0 ⇒ overlapping at start; else the start
/// is the first time of contact.
#include <algorithm>
#include <cmath>
#include <limits>

#include "sepax/core/mutant.hpp"
#include "sepax/core/moving/motion.hpp"  // ContactState
#include "sepax/core/shapes/rect2.hpp"

namespace sepax::rect_rect {

template <class S>
struct RectResult {
  bool intersects = true;
  int axis = -1;  ///< separating axis: 0, 1 = A0, A1; 2, 3 = B0, B1; −1 when intersecting
};

template <class S>
struct RectContact {
  ContactState state = ContactState::separated_throughout;
  S time = S(0);  ///< first time of contact (first_contact only)
  int axis = -1;  ///< separated_throughout: an axis that separates throughout
};

namespace detail {

/// The four axes, the centers' offset and the sum of the radii along each.
template <class S>
struct Axes {
  Vec2<S> l[4];
  S radius[4];

  Axes(const Rect2<S>& a, const Rect2<S>& b) {
    using std::abs;
    S c[2][2];  // c[i][j] = A_i · B_j
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j) c[i][j] = abs(a.axes[i].dot(b.axes[j]));
    for (int i = 0; i < 2; ++i) {
      l[i] = a.axes[i];
      radius[i] = a.extents[i] + (b.extents[0] * c[i][0] + b.extents[1] * c[i][1]);
      l[2 + i] = b.axes[i];
      radius[2 + i] = b.extents[i] + (a.extents[0] * c[0][i] + a.extents[1] * c[1][i]);
    }
  }
};

}  // namespace detail

template <class S>
RectResult<S> test_static(const Rect2<S>& a, const Rect2<S>& b) {
  using std::abs;
  const detail::Axes<S> ax(a, b);
  const Vec2<S> d = b.center - a.center;
  for (int k = 0; k < 4; ++k) {
    // Mutants rect_touch_ge (`>=`: touching rectangles separated) and rect_drop_axis_b1 (B_1 never tested).
    if (mutant("rect_drop_axis_b1") && k == 3) continue;
    if (mutant("rect_touch_ge") ? abs(ax.l[k].dot(d)) >= ax.radius[k] : abs(ax.l[k].dot(d)) > ax.radius[k])
      return {false, k};
  }
  return {};
}

template <class S>
RectContact<S> find_first_contact(const Rect2<S>& a, const Rect2<S>& b, const LinearMotion2<S>& motion) {
  const detail::Axes<S> ax(a, b);
  const Vec2<S> d = b.center - a.center;
  const Vec2<S> w = motion.velocity_b - motion.velocity_a;
  const S T = motion.duration;
  S first = S(0), last = T;
  RectContact<S> out;
  for (int k = 0; k < 4; ++k) {
    const S s = ax.l[k].dot(d), v = ax.l[k].dot(w), r = ax.radius[k];
    S enter, exit;
    if (v == S(0)) {
      if (s > r || s < -r) return {ContactState::separated_throughout, S(0), k};
      continue;
    }
    // −r ≤ s + t·v ≤ r
    enter = v > S(0) ? (-r - s) / v : (r - s) / v;
    exit = v > S(0) ? (r - s) / v : (-r - s) / v;
    first = std::max(first, enter);
    last = std::min(last, exit);
    if (first > last) return {ContactState::separated_throughout, S(0), k};
  }
  if (first == S(0)) return {ContactState::overlapping_at_start, S(0), -1};
  return {ContactState::first_contact, first, -1};
}

/// Do the rectangles meet at some time of [0, T]?
template <class S>
RectResult<S> test_moving(const Rect2<S>& a, const Rect2<S>& b, const LinearMotion2<S>& motion) {
  const RectContact<S> c = find_first_contact(a, b, motion);
  return c.state == ContactState::separated_throughout ? RectResult<S>{false, c.axis} : RectResult<S>{};
}

}  // namespace sepax::rect_rect
