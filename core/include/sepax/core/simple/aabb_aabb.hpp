#pragma once
/// \file
/// AABB–AABB: static overlap test and sweep over one frame (Gomez, "An
/// Axis-Aligned Bounding Box (AABB) Sweep Test", Listings 3 and 4, Figure 6).
///
/// Sets: two closed axis-aligned boxes; touching intersects. The separating
/// axes are the three coordinate axes (Gomez, Figure 4); axis k separates iff
/// a.min_k > b.max_k or b.min_k > a.max_k, strictly. The static test compares
/// stored numbers only, so it is exact in every scalar.
///
/// Sweep. A moves by u·v_a and B by u·v_b for u ∈ [0, 1]; the problem is solved
/// in A's frame (Figure 5b), where B moves by v = v_b − v_a. On axis k the
/// projections overlap for u in [enter_k, leave_k]: from when B's leading face
/// reaches A's nearer face until its trailing face passes A's farther one
/// (Figure 6): for v_k > 0, enter_k = (a.min_k − b.max_k)/v_k and
/// leave_k = (a.max_k − b.min_k)/v_k; mirrored for v_k < 0. The boxes overlap
/// while every axis does: first = max(0, enter_k), last = min(1, leave_k), and
/// they meet iff first ≤ last (Gomez's u0 ≤ u1). An axis with v_k = 0 either
/// overlaps throughout or separates throughout; Gomez's listing leaves the
/// latter at [0, 1] and can report a hit for boxes that never meet.
///
/// Numerics. overlapping_at_start is the exact static test. The other states
/// compare the per-axis times, each a difference and a quotient rounded once:
/// exact when those are representable (dyadic inputs), and exact for an exact
/// scalar. The contact point is the centre of the boxes' intersection at
/// u = first.
#include <algorithm>
#include <cstdint>

#include "sepax/core/mutant.hpp"
#include "sepax/core/numeric/force_inline.hpp"
#include "sepax/core/shapes/aabb3.hpp"
#include "sepax/core/static/separating_axis.hpp"
#include "sepax/core/simple/sweep_result.hpp"

namespace sepax::aabb_aabb {

namespace detail {

/// Does coordinate axis k separate the boxes (strictly)?
/// (Raw coordinates, not Eigen's checked operator[]: a check that can call
/// abort is a side effect, and kept test_static's axis search alive in
/// callers that read only the verdict.)
template <class S>
SEPAX_FORCE_INLINE bool disjoint_on(const Aabb3<S>& a, const Aabb3<S>& b, int k) {
  const S *a_min = a.min.data(), *a_max = a.max.data(), *b_min = b.min.data(), *b_max = b.max.data();
  // Mutant aabb_touch_ge: `>=`, boxes sharing a face called apart.
  if (mutant("aabb_touch_ge")) return a_min[k] >= b_max[k] || b_min[k] >= a_max[k];
  return a_min[k] > b_max[k] || b_min[k] > a_max[k];
}

/// Does some coordinate axis separate the boxes? (disjoint_on for k = 0, 1, 2.)
template <class S>
SEPAX_FORCE_INLINE bool apart(const Aabb3<S>& a, const Aabb3<S>& b) {
  if (mutant("aabb_touch_ge")) return disjoint_on(a, b, 0) || disjoint_on(a, b, 1) || disjoint_on(a, b, 2);
  return a.min[0] > b.max[0] || a.min[1] > b.max[1] || a.min[2] > b.max[2] || b.min[0] > a.max[0] ||
         b.min[1] > a.max[1] || b.min[2] > a.max[2];
}

}  // namespace detail

/// Do the closed boxes intersect? On separation the result names the first
/// separating coordinate axis k as face_a k, with direction e_k (Listing 3).
/// The verdict first, in FCL's order (every lower bound against the other's
/// upper, then the reverse), then the axis: a caller that reads only the
/// verdict compiles to the six comparisons, where Listing 3's loop that
/// builds the result as it goes cost 2.5× FCL's AABB::overlap (issue 33).
template <class S>
SEPAX_FORCE_INLINE StaticResult<S> test_static(const Aabb3<S>& a, const Aabb3<S>& b) {
  if (!detail::apart(a, b)) return {};
  // The first separating axis, without a loop or a store, so that it is
  // dropped whole where only the verdict is read.
  const unsigned bits = unsigned(detail::disjoint_on(a, b, 0)) | unsigned(detail::disjoint_on(a, b, 1)) << 1 |
                        unsigned(detail::disjoint_on(a, b, 2)) << 2;
  const int k = __builtin_ctz(bits);  // apart(): some bit is set
  return {false, {AxisKind::face_a, std::uint8_t(k), 0}, Vec3<S>(S(k == 0), S(k == 1), S(k == 2))};
}

/// When, within the frame, do the boxes moving by u·displacement_a and
/// u·displacement_b first and last overlap? See SweepResult for which fields
/// each state sets.
template <class S>
SweepResult<S> sweep(const Aabb3<S>& a, const Vec3<S>& displacement_a,
                     const Aabb3<S>& b, const Vec3<S>& displacement_b) {
  const Vec3<S> v = displacement_b - displacement_a;
  SweepResult<S> out;
  S first = S(0), last = S(1);
  for (int k = 0; k < 3; ++k) {
    if (v[k] == S(0)) {
      if (detail::disjoint_on(a, b, k)) return out;  // separated_throughout
      continue;
    }
    // Overlap on axis k needs a.min ≤ b.max + u·v and b.min + u·v ≤ a.max.
    const S enter = (v[k] > S(0) ? a.min[k] - b.max[k] : a.max[k] - b.min[k]) / v[k];
    const S leave = (v[k] > S(0) ? a.max[k] - b.min[k] : a.min[k] - b.max[k]) / v[k];
    first = std::max(first, enter);
    last = std::min(last, leave);
  }

  if (test_static(a, b).intersects) {
    // Every axis overlaps at u = 0: each enter ≤ 0 ≤ leave, signs exact.
    out.state = ContactState::overlapping_at_start;
    first = S(0);
  } else if (first <= last) {
    out.state = ContactState::first_contact;
  } else {
    return out;  // separated_throughout
  }
  out.first = first;
  out.last = last;

  // Centre of the intersection of the two boxes at u = first.
  for (int k = 0; k < 3; ++k) {
    const S lo = std::max(a.min[k] + first * displacement_a[k], b.min[k] + first * displacement_b[k]);
    const S hi = std::min(a.max[k] + first * displacement_a[k], b.max[k] + first * displacement_b[k]);
    out.point[k] = (lo + hi) * S(0.5);
  }
  return out;
}

}  // namespace sepax::aabb_aabb
