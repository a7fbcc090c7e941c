#pragma once
/// \file Judging a 2D rect_rect verdict: the exact answer (rationals on the
/// stored parallelograms, oracle/exact_rect2.hpp), the margin when the
/// verdict is wrong, and the class — ok, boundary (wrong within the band the
/// kernel's scalar opens: oracle::rect_boundary_tolerance, 0 where
/// oracle::rect_arithmetic_is_exact), gross — by the same rule as the 3D
/// queries (oracle::classify).
#include <optional>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/rect2.hpp"
#include "sepax/oracle/classify.hpp"

namespace sepax::harness {

/// The pair exactly as a kernel computing in `scalar` sees it (float: every
/// number rounded to nearest; double: unchanged).
Rect2<double> rect_rounded_to(const Rect2<double>& r, ScalarKind scalar);

struct RectJudgement {
  oracle::Class verdict_class = oracle::Class::ok;
  std::optional<double> margin;     ///< set when the verdict was wrong
  std::optional<double> tolerance;  ///< the band it was judged with
};

/// Classifies `says_intersects`, computed in `scalar` on a and b (which must be
/// representable in it), against `exact` (oracle::rect_rect_exact of the same pair).
RectJudgement judge_rect_verdict(const Rect2<double>& a, const Rect2<double>& b, ScalarKind scalar,
                                 bool says_intersects, bool exact);

}  // namespace sepax::harness
