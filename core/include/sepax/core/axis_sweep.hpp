#pragma once
/// \file The first time of contact as the last time a separating axis exists
/// (Eberly §2.3.1, §3.3.1, §4.3.1).
///
/// For translations the orientations do not change, so a candidate-axis set
/// that is complete for the static pair is complete at every instant. Along one
/// axis L, shape a's interval [a_lo, a_hi] is fixed and shape b's moves with
/// speed w = L·W (W = velocity_b − velocity_a): the projections overlap on a
/// closed interval of times (empty, a point, all of [0, T], or a half line). The
/// shapes touch exactly at the times where every axis overlaps: the intersection
/// of those intervals with [0, T]. Its start is the first time of contact and
/// the axis that set it is the last separating axis; the side b came from
/// tells which features touch.
///
/// Times are quotients (gap/speed), the only divisions in the kernels; an axis
/// along which b does not move (w = 0) either overlaps throughout or separates
/// throughout. A speed within its own rounding error counts as 0: a motion that
/// slides exactly along a contact plane has w = 0 on that plane's axis, and a
/// rounded w of 1e-17 would otherwise turn "touching" into "leaving at t = 0"
/// and report a pair that later collides head-on as separated throughout.
/// Likewise every entry and exit time carries its rounding bound
/// ((gap error + |t|·speed error)/|w|), and the intervals count as disjoint only
/// when they are apart by more than those bounds: flat shapes meeting in a
/// common plane touch at a single instant that several nearly parallel axes
/// compute with different roundings, and an ulp of disagreement must not turn
/// a collision into a miss (closed sets: touching intersects).
#include <cmath>

#include "sepax/core/motion.hpp"
#include "sepax/core/separating_axis.hpp"

namespace sepax::detail {

/// Rounding bound of a projection l·x (dot products of 3 terms, nested at
/// most twice when x was first taken into a shape's frame, generous by 2×),
/// for |x| ≤ magnitude componentwise: use the speed W for w, and the largest
/// coordinate magnitude of the pair (plus its extents) for the interval ends.
template <class S>
S projection_noise(const Vec3<S>& l, S magnitude) {
  return S(8) * Eigen::NumTraits<S>::epsilon() * l.cwiseAbs().sum() * magnitude;
}

template <class S>
class AxisSweep {
 public:
  explicit AxisSweep(S duration) : t_last_(duration), t_end_(duration) {}

  /// Accounts for one axis; `gap_noise` bounds the rounding error of the
  /// interval ends and `w_noise` that of w. Returns false once the shapes are
  /// known to be separated throughout [0, T] (callers may stop).
  bool add(const SeparatingAxis& axis, const Vec3<S>& direction, S a_lo, S a_hi, S b_lo, S b_hi,
           S w, S gap_noise, S w_noise) {
    using std::abs;
    if (abs(w) <= w_noise) {
      if (b_lo > a_hi + gap_noise || b_hi < a_lo - gap_noise) return separate(axis, direction);
      return true;
    }
    // Overlap ⇔ b_lo + t·w ≤ a_hi and a_lo ≤ b_hi + t·w.
    S enter, exit;
    if (w > S(0)) {
      enter = (a_lo - b_hi) / w;  // b comes from below a
      exit = (a_hi - b_lo) / w;
    } else {
      enter = (a_hi - b_lo) / w;  // b comes from above a
      exit = (a_lo - b_hi) / w;
    }
    const auto slack = [&](S t) { return (gap_noise + abs(t) * w_noise) / abs(w); };
    if (enter > t_first_) {
      t_first_ = enter;
      first_slack_ = slack(enter);
      last_axis_ = axis;
      // Unit-free normal from a toward b at contact: b came from the side it
      // moves away from.
      last_normal_ = w > S(0) ? Vec3<S>(-direction) : direction;
      has_last_ = true;
    }
    if (exit < t_last_) {
      t_last_ = exit;
      last_slack_ = slack(exit);
    }
    if (t_first_ - first_slack_ > t_last_ + last_slack_) return separate(axis, direction);
    return true;
  }

  bool separated_throughout() const { return separated_; }
  /// Overlapping at t = 0: no axis has a positive entry time.
  bool overlapping_at_start() const { return !separated_ && !has_last_; }
  /// The first time of contact, within [0, T].
  S first_time() const { return t_first_ < t_end_ ? t_first_ : t_end_; }
  const SeparatingAxis& last_axis() const { return last_axis_; }
  /// Direction of the last separating axis, oriented from a toward b.
  const Vec3<S>& last_normal() const { return last_normal_; }
  /// An axis that showed separation throughout (valid when separated_throughout()).
  const SeparatingAxis& separating_axis() const { return separating_axis_; }

  /// The result's state, time and axis; the caller adds the point when the
  /// state is first_contact.
  ContactResult<S> result() const {
    ContactResult<S> r;
    if (separated_throughout()) {
      r.state = ContactState::separated_throughout;
      r.axis = separating_axis_;
    } else if (overlapping_at_start()) {
      r.state = ContactState::overlapping_at_start;
    } else {
      r.state = ContactState::first_contact;
      r.time = first_time();
      r.axis = last_axis_;
    }
    return r;
  }

 private:
  bool separate(const SeparatingAxis& axis, const Vec3<S>&) {
    separated_ = true;
    separating_axis_ = axis;
    return false;
  }

  S t_first_ = S(0);
  S t_last_;
  S t_end_;
  S first_slack_ = S(0);
  S last_slack_ = S(0);
  bool has_last_ = false;
  bool separated_ = false;
  SeparatingAxis last_axis_{};
  SeparatingAxis separating_axis_{};
  Vec3<S> last_normal_ = Vec3<S>::Zero();
};

}  // namespace sepax::detail
