#pragma once
/// \file
/// Constant-velocity motion over [0, T] and the result of a first-contact
/// query (Eberly §2.2.2, §2.3, §3.2.2, §3.3, §4.2.2, §4.3).
#include <cstdint>

#include "sepax/core/static/separating_axis.hpp"
#include "sepax/core/shapes/vec3.hpp"

namespace sepax {

/// Shape a moves by t·velocity_a and shape b by t·velocity_b, for t in
/// [0, duration]. Only the relative velocity W = velocity_b − velocity_a
/// matters to a query. duration = 0 and W = 0 are ordinary inputs.
/// Invariant (checked by validate()): finite numbers, duration ≥ 0.
template <class S>
struct LinearMotion {
  Vec3<S> velocity_a = Vec3<S>::Zero();
  Vec3<S> velocity_b = Vec3<S>::Zero();
  S duration = S(0);

  template <class T>
  LinearMotion<T> cast() const {
    return {velocity_a.template cast<T>(), velocity_b.template cast<T>(), T(duration)};
  }
};

using LinearMotionf = LinearMotion<float>;
using LinearMotiond = LinearMotion<double>;

/// How two moving shapes meet over [0, T] (Box2D's state enum: "no hit" is a
/// state, never a sentinel time).
enum class ContactState {
  overlapping_at_start,  ///< they intersect at t = 0
  separated_throughout,  ///< they do not intersect for any t in [0, T]
  first_contact,         ///< disjoint at t = 0, touching first at t = time in (0, T]
};

constexpr const char* to_string(ContactState s) {
  switch (s) {
    case ContactState::overlapping_at_start: return "overlapping_at_start";
    case ContactState::separated_throughout: return "separated_throughout";
    case ContactState::first_contact: return "first_contact";
  }
  return "?";
}

/// Which way a find kernel's contact point was produced.
enum class ContactPath : std::uint8_t {
  /// The seed's method: the supporting features across the last separating
  /// axis (Eberly Table 2, eqs. 8–16, Table 7), clipped in the contact plane.
  features,
  /// A rescue: the features' point lay off a shape (nearly parallel edges,
  /// slivers), and the closest points of the two shapes replaced it.
  closest_points,
};

constexpr const char* to_string(ContactPath p) {
  return p == ContactPath::features ? "features" : "closest_points";
}

/// Result of find_first_contact.
///
/// | state                | time        | point                          | axis                     | point_path, feature_point |
/// |----------------------|-------------|--------------------------------|--------------------------|---------------------------|
/// | overlapping_at_start | 0           | unset                          | unset                    | unset                     |
/// | separated_throughout | unset       | unset                          | an axis separating throughout, when one does | unset |
/// | first_contact        | first time  | a point of both shapes at time | the last separating axis | how `point` was found; the features' own point, also when it was replaced |
template <class S>
struct ContactResult {
  ContactState state = ContactState::overlapping_at_start;
  S time = S(0);
  Vec3<S> point = Vec3<S>::Zero();
  SeparatingAxis axis{};
  ContactPath point_path = ContactPath::features;
  /// The primary path's point (== point when point_path is features), so that
  /// the primary path can be judged on its own even where a rescue hid it.
  Vec3<S> feature_point = Vec3<S>::Zero();
};

}  // namespace sepax
