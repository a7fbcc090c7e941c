#pragma once
/// \file The moving targets' fast check of a find_first_contact kernel's
/// first contact, without the exact first contact (first_contact_sat solves
/// an exact LP for its point, and score_contact two more: about 100× the rest
/// of the fast path). It only decides whether the answer needs the exact
/// judgement: a kernel's time t and point p pass when
///  - p lies within half the judge's point bound of both shapes at time t
///    (oracle::contact_point_tolerance: τ = contact_error_bound plus the
///    coordinates' rounding, relative to the reference length), measured in
///    long double, and
///  - the filtered exact SAT finds the shapes (moved to the times, positions
///    rounded to double) separated at t − τT/2 and intersecting at
///    min(t + τT/2, T) — or, for a grazing contact, meeting somewhere between
///    (the filtered moving SAT over that window): t* is then within about
///    τT/2 of t.
/// An answer that fails is judged exactly (moving_check.cpp), so the screen
/// can cost speed (grazing contacts, scenes far from the origin fail it) but
/// not findings — beyond the rounding of the moved positions, which is far
/// below τ unless the case is ill-conditioned, where the judge excuses the
/// answer anyway.
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/registry.hpp"

namespace sepax::fuzz {

/// Does the first_contact answer `contact` of a kernel computing in `scalar`
/// pass (see the file comment)? Throws what sat_filtered throws.
bool contact_passes_screen(const ShapePair& pair, const LinearMotiond& motion, const ContactOutcome& contact,
                           ScalarKind scalar);

}  // namespace sepax::fuzz
