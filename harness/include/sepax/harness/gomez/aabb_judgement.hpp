#pragma once
/// \file
/// Judging Gomez's AABB overlap test and sweep exactly
/// (oracle/exact_gomez.hpp). The static test compares stored numbers only:
/// its exact answer is those comparisons, and every verdict must be it (band
/// 0). The sweep: sizes are measured in ℓ = the larger box diagonal (1 when
/// both are points); the band is 64·u·M/ℓ (M: the largest |coordinate| of
/// the corners at the start and the end of the frame, plus both diagonals).
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/aabb3.hpp"
#include "sepax/harness/gomez/sphere_judgement.hpp"
#include "sepax/oracle/exact_gomez.hpp"

namespace sepax::harness {

/// The exact static answer: do the closed boxes meet?
bool aabb_aabb_meets_exactly(const Aabb3<double>& a, const Aabb3<double>& b);

/// The static verdict `says` of a kernel computing in `scalar`: ok when it is
/// the exact one, gross otherwise (the test rounds nothing).
SphereJudgement judge_aabb_aabb(const Aabb3<double>& a, const Aabb3<double>& b, bool says, bool exact);

/// A sweep's answer (A moving by u·da, B by u·db): a wrong state classified on
/// the least separation over the frame (meets or not) or the separation at
/// u = 0 (overlapping at start or not); a first time ok when the boxes are
/// within the band of touching at that time, gross beyond.
SphereJudgement judge_aabb_sweep(const Aabb3<double>& a, const Vec3<double>& da, const Aabb3<double>& b,
                                 const Vec3<double>& db, ScalarKind scalar, ContactState state, double first,
                                 const oracle::ExactSweep& exact);

}  // namespace sepax::harness
