#pragma once
/// \file
/// OBB–OBB contact manifold (Gaul, "Manifold Generation"): the contact
/// data a solver needs — a normal, a penetration depth and up to 8 points.
///
/// 1. Separating-axis test over Table 1's fifteen axes, written as
///    obb_obb::test_static does (edge axes L = e_i × (c_0j, c_1j, c_2j) in A's
///    frame, so that every rounding error is proportional to |L|). A strictly
///    separating axis means no contact; touching boxes are in contact, depth 0.
/// 2. The axis of minimum penetration: the largest separation s(L)/|L| over the
///    axes. The rounding errors of s(L) are proportional to |L| (step 1), so
///    s(L)/|L| is accurate to a few ulps of the boxes' size and position even
///    for nearly parallel edges; only exactly parallel ones (L = 0) are
///    skipped, where the face axes take the minimum (Gaul, "Numeric
///    Stability"). An edge axis wins only when it beats every face axis by
///    more than 24 ulps of the boxes' sizes and distance, so that near ties
///    (nearly parallel frames) give face contacts, which carry the most points.
/// 3. Something to face (the axis is a face normal of A or B): that face is the
///    reference face, the other box's face most opposed to the normal is the
///    incident face; the incident face is clipped to the reference face's four
///    side planes and to the reference box's far face (Sutherland–Hodgman, in
///    the reference box's frame; deep in, the incident face can reach beyond
///    the far face), and the clipped corners on or below the reference face
///    are the contact points — on the incident face, so inside both boxes.
///    When nothing is left (the reference box nested in the incident one
///    along the normal, the incident face wholly beyond it), the reference
///    face clipped to the incident box's slabs instead. Beyond 8 corners, the
///    one nearest the line through its neighbours is dropped, until 8 are left.
/// 4. Edge to edge: the supporting edges (of A the one furthest along the
///    normal, of B the one furthest against it) and the midpoint of their
///    closest points, one contact point — of the part of the segment between
///    them that lies in both boxes, when a thin box does not reach the midpoint;
///    when that part is empty (thin or flat boxes deep in), a point where some
///    edge of one box goes into the other.
///
/// Conventions: `normal` is a unit vector from A towards B, and translating B
/// by depth·normal leaves the boxes touching (depth is the overlap of their
/// projections on the normal). Kernels assume valid input (validate()).
#include <array>
#include <cstdint>

#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/static/separating_axis.hpp"

namespace sepax::obb_obb {

/// At most 8 points: a quadrilateral clipped by a rectangle (step 3).
inline constexpr int kMaxManifoldPoints = 8;

template <class S>
struct Manifold {
  bool contact = false;
  /// The axis of minimum penetration: face_a i (A's face is the reference),
  /// face_b j (B's face is), edge_edge i j (A_i × B_j); none without contact.
  SeparatingAxis axis;
  Vec3<S> normal = Vec3<S>::Zero();  ///< unit, from A towards B
  S depth = 0;                       ///< ≥ 0; 0 when the boxes only touch
  int count = 0;                     ///< points used, 1…8 with contact, else 0
  std::array<Vec3<S>, kMaxManifoldPoints> points{};
};

/// The contact manifold of the closed boxes a and b (steps 1–4 above).
template <class S>
Manifold<S> find_manifold(const Obb3<S>& a, const Obb3<S>& b);

extern template Manifold<float> find_manifold(const Obb3<float>&, const Obb3<float>&);
extern template Manifold<double> find_manifold(const Obb3<double>&, const Obb3<double>&);

namespace detail {
/// The two builds find_manifold chooses between, for the tests that compare
/// them bit for bit: the baseline instruction set's (every scalar), and
/// double's AVX copy, which find_manifold takes when kCpuHasAvx2 (lanes3.hpp;
/// call it only then).
template <class S>
Manifold<S> find_manifold_baseline(const Obb3<S>& a, const Obb3<S>& b);
Manifold<double> find_manifold_avx(const Obb3<double>& a, const Obb3<double>& b);
extern template Manifold<float> find_manifold_baseline(const Obb3<float>&, const Obb3<float>&);
extern template Manifold<double> find_manifold_baseline(const Obb3<double>&, const Obb3<double>&);
}  // namespace detail

}  // namespace sepax::obb_obb
