#pragma once
/// \file
/// The result of Gomez's sweep tests: when, within one frame, two shapes
/// moving at constant velocity touch (Gomez, "Sweep Tests for Moving Objects").
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/vec3.hpp"

namespace sepax {

/// Contact of two shapes over one frame, in normalized time u ∈ [0, 1] (Gomez:
/// u = 0 at the previous position, u = 1 at the current one). The shapes are
/// convex and only translate, so the times at which they intersect form one
/// closed interval [first, last] ⊆ [0, 1], or none; the sweep reports it
/// clipped to the frame (Gomez's Listing 2 returns the roots unclipped).
///
/// | state                | first            | last                       | point                               |
/// |----------------------|------------------|----------------------------|-------------------------------------|
/// | overlapping_at_start | 0                | last u ∈ [0, 1] of contact | a point of both shapes at u = 0     |
/// | separated_throughout | unset (0)        | unset (0)                  | unset                               |
/// | first_contact        | first u ∈ (0, 1] | last u ∈ [first, 1]        | a point of both shapes at u = first |
///
/// The state is decided from the inputs without sqrt; the times and the point
/// are rounded, so "of both shapes" holds within rounding, and first (clamped to
/// [0, 1]) may round to 0 when the shapes start within rounding of touching.
template <class S>
struct SweepResult {
  ContactState state = ContactState::separated_throughout;
  S first = S(0);
  S last = S(0);
  Vec3<S> point = Vec3<S>::Zero();
};

}  // namespace sepax
