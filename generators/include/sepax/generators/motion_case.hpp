#pragma once
/// \file
/// The cases of the `motion` family (SPEC §5, issue 3) with what their
/// construction guarantees, so that reports can break results down by mode and
/// tests can check the generator's promises without an oracle.
///
/// Frame: only the relative velocity W = velocity_b − velocity_a matters, so
/// certificates are stated in a's frame: a fixed, b translated by t·W.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "sepax/core/moving/motion.hpp"
#include "sepax/generators/generate.hpp"

namespace sepax::gen {

/// How a `motion` case was built.
enum class MotionMode {
  zero_velocity,         ///< W = 0 (velocity_a = velocity_b, often both nonzero)
  zero_duration,         ///< T = 0, W ≠ 0
  contact_at_start,      ///< touching exactly at t = 0 (exact contact), moving apart, along or in
  overlapping_at_start,  ///< intersecting at t = 0 with a common interior-side point
  contact_at_end,        ///< disjoint before T, touching exactly at t = T
  grazing,               ///< W nearly parallel to the contact plane: contact exactly at t_c, with T = t_c, T > t_c or T < t_c
  parallel_to_face,      ///< W exactly in the plane of a face of a or b (Table 1′ axes W×A_i degenerate)
  parallel_to_edge,      ///< W exactly along an edge of a or b (W×A_i = 0 for that edge)
  pass_through,          ///< a thin or small shape crosses the other within [0, T]: every static axis fails, only W× axes can separate
};

/// "zero-velocity", "zero-duration", … (for reports).
std::string_view to_string(MotionMode mode);
/// Every mode, in enum order.
std::span<const MotionMode> all_motion_modes();

/// Exact evidence for a case's answer, in a's frame (b at time t is b + t·W).
/// The numbers are exact: every check of it is a rational computation on
/// stored doubles.
struct MotionCertificate {
  /// A point of a ∩ (b + witness_time·W): the shapes meet at witness_time.
  std::optional<Vec3<double>> witness_point;
  double witness_time = 0;
  /// A normal n and a point p with a ⊂ {n·x ≤ n·p}: at time t the shapes are
  /// disjoint whenever min over b of n·x, plus t·(W·n), exceeds n·p.
  std::optional<Vec3<double>> plane_normal;
  Vec3<double> plane_point = Vec3<double>::Zero();
};

/// A case of the motion family, with its mode and the answer its construction
/// guarantees for the exact stored numbers (when it does).
struct MotionCase {
  MovingPair moving;
  MotionMode mode = MotionMode::zero_velocity;
  /// The exact state, when the construction decides it (the certificate proves it).
  std::optional<ContactState> known_state;
  /// The exact first time of contact when known_state is first_contact (a
  /// dyadic number: exact in the stored scalar), 0 when overlapping_at_start.
  double known_time = 0;
  MotionCertificate certificate;
};

/// One case of the motion family; generate_moving(Family::motion, …) returns
/// its `moving` member from the same choices.
MotionCase generate_motion_case(Query query, ScalarKind scalar, Source& source);
/// Reproducible: the same arguments give the same case on every platform.
MotionCase generate_motion_case(Query query, ScalarKind scalar, std::uint64_t seed,
                                std::uint64_t index);

}  // namespace sepax::gen
