#pragma once
/// \file A kernel's answer to a query outside the 3D registry (2D rectangles,
/// Gomez's spheres, OBB–OBB manifolds, general motion): do the shapes meet — at rest, or within
/// the frame — and, for a sweep that reports one, its first time of contact;
/// for a manifold kernel, the manifold.
#include <optional>

#include "sepax/core/moving/general_motion.hpp"  // GeneralContactResult
#include "sepax/core/moving/motion.hpp"          // ContactState
#include "sepax/core/shapes/aabb3.hpp"
#include "sepax/harness/manifold/manifold_judgement.hpp"

namespace sepax::cli {

struct QueryAnswer {
  bool meets = false;
  /// Sweeps: the first time u of contact; none when the shapes overlap at the
  /// start or never meet.
  std::optional<double> time;
  /// Manifold kernels: the contact manifold (meets = its contact).
  std::optional<harness::ManifoldAnswer> manifold;
  /// Enclosure kernels (obb_to_aabb): the AABB.
  std::optional<Aabb3<double>> aabb;
  /// General-motion kernels: the stepped answer (step, re-run, point).
  std::optional<GeneralContactResult<double>> general;
};

/// The contact state the answer reports.
inline ContactState state_of(const QueryAnswer& a) {
  if (!a.meets) return ContactState::separated_throughout;
  return a.time ? ContactState::first_contact : ContactState::overlapping_at_start;
}

}  // namespace sepax::cli
