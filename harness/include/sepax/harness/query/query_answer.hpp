#pragma once
/// \file
/// A kernel's answer to a judged query beyond the three SAT pairs (2D
/// rectangles, Gomez's spheres and boxes, OBB–OBB manifolds, general motion):
/// do the shapes meet — at rest, or within the frame — and, for a sweep that
/// reports one, its first time of contact; for a manifold kernel the
/// manifold, for an enclosure kernel the box, for a general-motion kernel
/// its stepped answer.
#include <optional>

#include "sepax/core/moving/general_motion.hpp"  // GeneralContactResult
#include "sepax/core/moving/motion.hpp"          // ContactState
#include "sepax/core/shapes/aabb3.hpp"
#include "sepax/harness/distance/distance_judgement.hpp"
#include "sepax/harness/manifold/manifold_judgement.hpp"

namespace sepax::harness {

struct QueryAnswer {
  /// Provided, so that value-initialisation (optional::emplace(), a batch's
  /// answers made in place) sets the fields below and no more, rather than
  /// first zeroing every byte of the optionals' storage.
  QueryAnswer() noexcept {}

  bool meets = false;
  /// Sweeps: the first time u of contact; none when the shapes overlap at the
  /// start or never meet.
  std::optional<double> time;
  /// The SAT queries' first contact: a point of both shapes at that time.
  std::optional<Vec3<double>> point;
  /// Manifold kernels: the contact manifold (meets = its contact).
  std::optional<ManifoldAnswer> manifold;
  /// Enclosure kernels (obb_to_aabb): the AABB.
  std::optional<Aabb3<double>> aabb;
  /// General-motion kernels: the stepped answer (step, re-run, point).
  std::optional<GeneralContactResult<double>> general;
  /// Distance kernels: the signed distance (meets = distance ≤ 0).
  std::optional<DistanceAnswer> distance;
};

/// The contact state the answer reports.
inline ContactState state_of(const QueryAnswer& a) {
  if (!a.meets) return ContactState::separated_throughout;
  return a.time ? ContactState::first_contact : ContactState::overlapping_at_start;
}

/// A yes/no answer.
inline QueryAnswer meets_answer(bool says) {
  QueryAnswer a;
  a.meets = says;
  return a;
}

}  // namespace sepax::harness
