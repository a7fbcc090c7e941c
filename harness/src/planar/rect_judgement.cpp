// 2D rect_rect verdicts judged exactly (rect_judgement.hpp).
#include "sepax/harness/planar/rect_judgement.hpp"

#include "sepax/oracle/exact_rect2.hpp"

namespace sepax::harness {

Rect2<double> rect_rounded_to(const Rect2<double>& r, ScalarKind scalar) {
  if (scalar == ScalarKind::float64) return r;
  return r.cast<float>().cast<double>();
}

RectJudgement judge_rect_verdict(const Rect2<double>& a, const Rect2<double>& b, ScalarKind scalar,
                                 bool says_intersects, bool exact) {
  RectJudgement j;
  if (says_intersects == exact) return j;
  j.margin = oracle::rect_rect_margin(a, b);
  // No rounding to hide behind where the arithmetic is exact: a zero band.
  j.tolerance = oracle::rect_arithmetic_is_exact(a, b, scalar) ? 0.0 : oracle::rect_boundary_tolerance(a, b, scalar);
  j.verdict_class = oracle::classify(says_intersects, exact, *j.margin, *j.tolerance);
  return j;
}

}  // namespace sepax::harness
