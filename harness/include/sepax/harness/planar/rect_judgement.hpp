#pragma once
/// \file
/// Judging a 2D rect_rect verdict: the exact answer (rationals on the
/// stored parallelograms, oracle/exact_rect2.hpp), the margin when the
/// verdict is wrong, and the class — ok, boundary (wrong within the band the
/// kernel's scalar opens: oracle::rect_boundary_tolerance, 0 where
/// oracle::rect_arithmetic_is_exact), gross — by the same rule as the 3D
/// queries (oracle::classify).
#include <optional>

#include "sepax/core/moving/motion.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/rect2.hpp"
#include "sepax/oracle/classify.hpp"

namespace sepax::harness {

/// The pair exactly as a kernel computing in `scalar` sees it (float: every
/// number rounded to nearest; double: unchanged).
Rect2<double> rect_rounded_to(const Rect2<double>& r, ScalarKind scalar);
LinearMotion2<double> motion_rounded_to(const LinearMotion2<double>& m, ScalarKind scalar);

struct RectJudgement {
  oracle::Class verdict_class = oracle::Class::ok;
  std::optional<double> margin;     ///< set when the verdict was wrong
  std::optional<double> tolerance;  ///< the band it was judged with
};

/// Classifies `says_intersects`, computed in `scalar` on a and b (which must be
/// representable in it), against `exact` (oracle::rect_rect_exact of the same pair).
RectJudgement judge_rect_verdict(const Rect2<double>& a, const Rect2<double>& b, ScalarKind scalar,
                                 bool says_intersects, bool exact);

/// A first-contact answer (state, and the time for first_contact) of a kernel
/// computing in `scalar`, against `exact` (oracle::rect_rect_first_contact of
/// the same numbers). The band as a distance δ = band·ℓ: the pair "within the
/// band" is the one whose rectangles are grown by δ (every extent + δ) or
/// shrunk by δ (extents − δ, not below 0). A wrong state is boundary when the
/// grown and shrunk pairs disagree about it (the exact answer flips within
/// δ), gross otherwise; a first time is ok when it lies between the grown
/// pair's first time and the shrunk pair's (exact times, rounded once), gross
/// outside. time_error: |t − t*| when both report a first contact.
struct RectContactJudgement {
  oracle::Class verdict_class = oracle::Class::ok;
  std::optional<double> tolerance;
  std::optional<double> time_error;
};

RectContactJudgement judge_rect_contact(const Rect2<double>& a, const Rect2<double>& b,
                                        const LinearMotion2<double>& motion, ScalarKind scalar, ContactState state,
                                        double time, ContactState exact_state, double exact_time);

}  // namespace sepax::harness
