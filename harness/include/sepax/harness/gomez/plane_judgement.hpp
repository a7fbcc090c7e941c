#pragma once
/// \file
/// Judging Gomez's sphere–plane test and sweep exactly
/// (oracle/exact_gomez.hpp), ok / boundary / gross as for the other queries.
/// Sizes are measured in ℓ = the ball's diameter (1 for a point); the band is
/// 64·u·M/ℓ (M: the largest |coordinate| of the centre at the start and the
/// end of the frame, plus |offset| and the diameter), and 0 where every
/// operation of the static test is exact in the scalar (products_are_exact of
/// the centre, radius, normal and offset, degree 4: r²·(n·n), (n·c − d)²).
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/plane3.hpp"
#include "sepax/core/shapes/sphere3.hpp"
#include "sepax/harness/gomez/sphere_judgement.hpp"
#include "sepax/oracle/exact_gomez.hpp"

namespace sepax::harness {

/// The plane as a kernel computing in `scalar` sees it.
Plane3<double> plane_rounded_to(const Plane3<double>& p, ScalarKind scalar);

/// The exact static answer: does the closed ball meet the plane?
bool sphere_plane_meets_exactly(const Sphere3<double>& s, const Plane3<double>& plane);

/// The static verdict `says` of a kernel computing in `scalar`.
SphereJudgement judge_sphere_plane(const Sphere3<double>& s, const Plane3<double>& plane, ScalarKind scalar, bool says,
                                   bool exact);

/// A sweep's answer (the ball's centre moving by u·d): wrong state classified
/// on the least distance over the frame (meets or not) or the distance at
/// u = 0 (overlapping at start or not); a first time ok when the ball is
/// within the band of touching the plane at that time, gross beyond.
SphereJudgement judge_sphere_plane_sweep(const Sphere3<double>& s, const Vec3<double>& d, const Plane3<double>& plane,
                                         ScalarKind scalar, ContactState state, double first,
                                         const oracle::ExactSweep& exact);

}  // namespace sepax::harness
