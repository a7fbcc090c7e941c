#pragma once
/// \file Constant-velocity motion over [0, T] and the result of a first-contact
/// query (Eberly §2.2.2, §2.3, §3.2.2, §3.3, §4.2.2, §4.3).
#include "sepax/core/separating_axis.hpp"
#include "sepax/core/vec3.hpp"

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

/// Result of find_first_contact.
///
/// | state                | time        | point                          | axis                     |
/// |----------------------|-------------|--------------------------------|--------------------------|
/// | overlapping_at_start | 0           | unset                          | unset                    |
/// | separated_throughout | unset       | unset                          | an axis separating throughout, when one does |
/// | first_contact        | first time  | a point of both shapes at time | the last separating axis |
template <class S>
struct ContactResult {
  ContactState state = ContactState::overlapping_at_start;
  S time = S(0);
  Vec3<S> point = Vec3<S>::Zero();
  SeparatingAxis axis{};
};

}  // namespace sepax
