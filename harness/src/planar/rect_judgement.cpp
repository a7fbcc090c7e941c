// 2D rect_rect verdicts judged exactly (rect_judgement.hpp).
#include "sepax/harness/planar/rect_judgement.hpp"

#include <algorithm>
#include <cmath>

#include "sepax/oracle/exact_rect2.hpp"

namespace sepax::harness {

Rect2<double> rect_rounded_to(const Rect2<double>& r, ScalarKind scalar) {
  if (scalar == ScalarKind::float64) return r;
  return r.cast<float>().cast<double>();
}

LinearMotion2<double> motion_rounded_to(const LinearMotion2<double>& m, ScalarKind scalar) {
  if (scalar == ScalarKind::float64) return m;
  return {m.velocity_a.cast<float>().cast<double>(), m.velocity_b.cast<float>().cast<double>(),
          double(float(m.duration))};
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

namespace {

Rect2<double> grown(Rect2<double> r, double by) {
  for (double& e : r.extents) e = std::max(0.0, e + by);
  return r;
}

}  // namespace

RectContactJudgement judge_rect_contact(const Rect2<double>& a, const Rect2<double>& b,
                                        const LinearMotion2<double>& motion, ScalarKind scalar, ContactState state,
                                        double time, ContactState exact_state, double exact_time) {
  RectContactJudgement j;
  const bool meets = exact_state != ContactState::separated_throughout;
  const bool says_meets = state != ContactState::separated_throughout;
  const bool at_start = exact_state == ContactState::overlapping_at_start;
  const bool says_at_start = state == ContactState::overlapping_at_start;
  if (says_meets == meets && says_at_start == at_start && state != ContactState::first_contact) return j;
  // The band as a distance, at the start and at the end of the frame.
  Rect2<double> a1 = a, b1 = b;
  a1.center += motion.duration * motion.velocity_a;
  b1.center += motion.duration * motion.velocity_b;
  const double band = std::max(oracle::rect_boundary_tolerance(a, b, scalar), oracle::rect_boundary_tolerance(a1, b1, scalar));
  const double delta = band * oracle::rect_reference_length(a, b);
  j.tolerance = band;
  const oracle::ExactRectContact big = oracle::rect_rect_first_contact(grown(a, delta), grown(b, delta), motion);
  const oracle::ExactRectContact small = oracle::rect_rect_first_contact(grown(a, -delta), grown(b, -delta), motion);
  if (says_meets != meets) {
    const bool flips = (big.state != ContactState::separated_throughout) != (small.state != ContactState::separated_throughout);
    j.verdict_class = flips ? oracle::Class::boundary : oracle::Class::gross;
    return j;
  }
  if (says_at_start != at_start) {
    const bool flips = (big.state == ContactState::overlapping_at_start) != (small.state == ContactState::overlapping_at_start);
    j.verdict_class = flips ? oracle::Class::boundary : oracle::Class::gross;
    return j;
  }
  // Both report a first contact: the time within [grown pair's, shrunk pair's].
  j.time_error = std::abs(time - exact_time);
  const bool after_big = big.state == ContactState::overlapping_at_start || time >= big.time;
  const bool before_small = small.state == ContactState::separated_throughout || time <= small.time;
  if (!(time >= 0 && time <= motion.duration) || !after_big || !before_small) j.verdict_class = oracle::Class::gross;
  return j;
}

}  // namespace sepax::harness
