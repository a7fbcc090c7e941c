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
/// throughout.
#include "sepax/core/motion.hpp"
#include "sepax/core/separating_axis.hpp"

namespace sepax::detail {

template <class S>
class AxisSweep {
 public:
  explicit AxisSweep(S duration) : t_last_(duration) {}

  /// Accounts for one axis. Returns false once the shapes are known to be
  /// separated throughout [0, T] (callers may stop).
  bool add(const SeparatingAxis& axis, const Vec3<S>& direction, S a_lo, S a_hi, S b_lo, S b_hi,
           S w) {
    if (w == S(0)) {
      if (b_lo > a_hi || b_hi < a_lo) return separate(axis, direction);
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
    if (enter > t_first_) {
      t_first_ = enter;
      last_axis_ = axis;
      // Unit-free normal from a toward b at contact: b came from the side it
      // moves away from.
      last_normal_ = w > S(0) ? Vec3<S>(-direction) : direction;
      has_last_ = true;
    }
    if (exit < t_last_) t_last_ = exit;
    if (t_first_ > t_last_) return separate(axis, direction);
    return true;
  }

  bool separated_throughout() const { return separated_; }
  /// Overlapping at t = 0: no axis has a positive entry time.
  bool overlapping_at_start() const { return !separated_ && !has_last_; }
  S first_time() const { return t_first_; }
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
      r.time = t_first_;
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
  bool has_last_ = false;
  bool separated_ = false;
  SeparatingAxis last_axis_{};
  SeparatingAxis separating_axis_{};
  Vec3<S> last_normal_ = Vec3<S>::Zero();
};

}  // namespace sepax::detail
