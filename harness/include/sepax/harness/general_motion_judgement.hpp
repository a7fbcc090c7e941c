#pragma once
/// \file
/// Judging Eberly §5's general rigid motion (general_motion) exactly,
/// step by step. find_first_contact_general splits [0, T] into N
/// constant-velocity cases (core: general_step): both shapes posed at t_i with
/// their chord velocities, and, where the turn to F_{i+1} reveals a contact,
/// step i re-run frozen at its end. That piecewise-linear motion is the
/// kernel's definition; what is judged is its contact answer on it. Each case
/// is built in the kernel's scalar exactly as the kernel builds it, and judged
/// by the exact constant-velocity oracle (oracle::first_contact_sat) with the
/// rules of the moving queries (moving_judgement.hpp): the kernel's answer is
/// a claim per step — "separated throughout" for every step before the one it
/// reports, then "overlapping at the start" (step 0, or the step after a
/// re-run) or a first contact at its time and point — and the case's class
/// is the worst of its claims'. The integrator's frame drift is a separate
/// matter, measured against an MPFR rotation (oracle/exact_rotation.hpp).
#include <optional>
#include <string>
#include <vector>

#include "sepax/core/moving/general_motion.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/harness/moving_judgement.hpp"
#include "sepax/oracle/classify.hpp"

namespace sepax::harness {

/// A general-motion case: the shapes at t = 0 (pair.query obb_obb, tri_obb or
/// tri_tri), their motions (the same duration), N and the integrator.
struct GeneralMotionSetup {
  ShapePair pair;
  RigidMotion<double> motion_a, motion_b;
  int steps = 1;
  Integrator integrator = Integrator::rk4;
};

/// Step i's constant-velocity case as a kernel computing in `scalar` runs it
/// (frozen_at_end: the re-run), widened to double exactly.
struct StepCase {
  ShapePair pair;
  LinearMotiond motion;
  double begin = 0, end = 0;
};
StepCase general_step_case(const GeneralMotionSetup& setup, ScalarKind scalar, int step, bool frozen_at_end);

/// The exact answer of the stepped motion for a kernel in `scalar`, by the
/// kernel's scheme with the exact oracle in place of the constant-velocity
/// kernel; the oracle verdicts of the steps it walked are kept for the judge.
struct GeneralMotionTruth {
  ScalarKind scalar = ScalarKind::float64;
  ContactState state = ContactState::separated_throughout;
  int step = 0;                ///< the step of the contact (the re-run step when frozen_at_end)
  double time = 0;             ///< first time, when state is first_contact (rounded)
  bool frozen_at_end = false;  ///< found by the re-run
  std::vector<MovingOracleVerdict> steps;  ///< frozen at the start, steps 0 .. the last one walked
  std::optional<MovingOracleVerdict> rerun;
};
GeneralMotionTruth general_motion_truth(const GeneralMotionSetup& setup, ScalarKind scalar);

struct GeneralMotionJudgement {
  oracle::Class verdict_class = oracle::Class::ok;
  std::optional<double> margin, tolerance;  ///< of the deciding claim, when a verdict rule decided it
  std::optional<double> time_error;         ///< |t − t*| / T of the reported contact, when both agree on it
  int deciding_step = -1;                   ///< the step whose claim decided a class other than ok
  std::string reason;                       ///< that claim, readable
  int claims = 0;                           ///< step claims judged
};

/// sepax's find_first_contact_general for the setup's pair, computing in
/// `scalar` (the setup's numbers must be representable in it), widened to double.
GeneralContactResult<double> run_sepax_general_motion(const GeneralMotionSetup& setup, ScalarKind scalar);

/// Judges a kernel's answer (computed in truth.scalar) claim by claim.
GeneralMotionJudgement judge_general_motion(const GeneralMotionSetup& setup, const GeneralContactResult<double>& answer,
                                            const GeneralMotionTruth& truth);

}  // namespace sepax::harness
