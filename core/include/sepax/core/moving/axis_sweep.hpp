#pragma once
/// \file
/// The first time of contact as the last time a separating axis exists
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
///
/// Rounding. Each axis's interval ends carry an error of at most gap_noise and
/// its speed one of w_noise, so over [0, T] the relative position along the
/// axis is known within G = gap_noise + T·w_noise. The decision "separated
/// throughout" is taken on intervals widened by G (a spatial band far inside
/// the moving boundary tolerance): a motion sliding exactly along a contact
/// plane (exact w = 0, rounded to 1e-17) stays in contact instead of "leaving
/// at t = 0", and flat shapes meeting at a single instant, which several nearly
/// parallel axes compute with different roundings, still meet (closed sets:
/// touching intersects). A speed within its own rounding error counts as 0.
/// The reported time and the last separating axis come from the unwidened
/// intervals, clamped into the widened window.
///
/// Ties within rounding. Axes that enter within their rounding of the same
/// time (a face axis and an edge axis a tiny angle apart, ultra-parallel
/// boxes) are all "the last separating axis" as far as the arithmetic can
/// tell, but their supporting features differ. The sweep keeps the few latest
/// entries, so that the contact point can be taken from whichever of them has
/// features that really meet (binding_normals()).
#include <array>
#include <cmath>
#include <type_traits>

#include "sepax/core/moving/motion.hpp"
#include "sepax/core/static/separating_axis.hpp"

namespace sepax::detail {

/// l scaled by a power of two (exactly: same direction) so that its largest
/// component lies in [1, 2). A cross product of two nearly parallel vectors
/// can cancel to subnormal components (W × B_j with W ∥ B_j to 1e-12 in
/// float gave (0, 0, −2⁻¹⁴⁹)); projections onto it then underflow — the
/// radii to 0 while the centre distance survives — and report a separation
/// that no direction has. Any direction is a valid axis; only the scale was
/// wrong. Exact and non-floating scalars are returned as they are.
template <class S>
Vec3<S> without_underflow(const Vec3<S>& l) {
  if constexpr (std::is_floating_point_v<S>) {
    const S big = l.cwiseAbs().maxCoeff();
    if (big == S(0) || !std::isfinite(big)) return l;
    const int e = std::ilogb(big);
    return {std::ldexp(l[0], -e), std::ldexp(l[1], -e), std::ldexp(l[2], -e)};
  } else {
    return l;
  }
}

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
  explicit AxisSweep(S duration) : wide_last_(duration), t_end_(duration) {}

  /// Accounts for one axis; `gap_noise` bounds the rounding error of the
  /// interval ends and `w_noise` that of w. Returns false once the shapes are
  /// known to be separated throughout [0, T] (callers may stop).
  bool add(const SeparatingAxis& axis, const Vec3<S>& direction, S a_lo, S a_hi, S b_lo, S b_hi,
           S w, S gap_noise, S w_noise) {
    using std::abs;
    const S band = gap_noise + t_end_ * w_noise;
    if (abs(w) <= w_noise) {
      if (b_lo > a_hi + band || b_hi < a_lo - band) return separate(axis);
      return true;
    }
    // Overlap ⇔ b_lo + t·w ≤ a_hi and a_lo ≤ b_hi + t·w (b comes from below a
    // when w > 0, from above when w < 0).
    const auto window = [&](S lo, S hi, S& enter, S& exit) {
      if (w > S(0)) {
        enter = (lo - b_hi) / w;
        exit = (hi - b_lo) / w;
      } else {
        enter = (hi - b_lo) / w;
        exit = (lo - b_hi) / w;
      }
    };
    S enter, exit, wide_enter, wide_exit;
    window(a_lo, a_hi, enter, exit);
    window(a_lo - band, a_hi + band, wide_enter, wide_exit);
    // Normal from a toward b at contact: b came from the side it moves away from.
    const Vec3<S> normal = w > S(0) ? Vec3<S>(-direction) : direction;
    if (enter > t_first_) {
      t_first_ = enter;
      last_axis_ = axis;
      last_normal_ = normal;
      last_slack_ = band / abs(w);
      has_last_ = true;
    }
    remember_entry(enter, band / abs(w), normal);
    if (wide_enter > wide_first_) wide_first_ = wide_enter;
    if (wide_exit < wide_last_) wide_last_ = wide_exit;
    if (wide_first_ > wide_last_) return separate(axis);
    return true;
  }

  bool separated_throughout() const { return separated_; }
  /// Overlapping at t = 0: no axis has a positive entry time.
  bool overlapping_at_start() const { return !separated_ && !has_last_; }
  /// The first time of contact: the unwidened entry time, clamped into the
  /// widened window and [0, T].
  S first_time() const {
    const S hi = wide_last_ < t_end_ ? wide_last_ : t_end_;
    return t_first_ < hi ? t_first_ : hi;
  }
  const SeparatingAxis& last_axis() const { return last_axis_; }
  /// Direction of the last separating axis, oriented from a toward b.
  const Vec3<S>& last_normal() const { return last_normal_; }
  /// An axis that showed separation throughout (valid when separated_throughout()).
  const SeparatingAxis& separating_axis() const { return separating_axis_; }

  /// Calls f(normal) for each other axis whose entry time is within the two
  /// axes' rounding of the last one's (normals oriented from a toward b),
  /// latest first: candidates for the last separating axis.
  template <class F>
  void for_each_runner_up(F f) const {
    for (int k = 0; k < entry_count_; ++k) {
      const Entry& e = entries_[k];
      if (e.normal == last_normal_) continue;
      if (e.enter + e.slack + last_slack_ >= t_first_) f(e.normal);
    }
  }

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
  struct Entry {
    S enter;
    S slack;  ///< rounding of enter: the axis's band over its speed
    Vec3<S> normal;
  };
  static constexpr int kEntries = 8;

  /// Keeps the kEntries latest entry times, latest first.
  void remember_entry(S enter, S slack, const Vec3<S>& normal) {
    int k;
    if (entry_count_ < kEntries) {
      k = entry_count_++;
    } else {
      if (!(enter > entries_[kEntries - 1].enter)) return;  // not among the latest
      k = kEntries - 1;
    }
    for (; k > 0 && entries_[k - 1].enter < enter; --k) entries_[k] = entries_[k - 1];
    entries_[k] = {enter, slack, normal};
  }

  bool separate(const SeparatingAxis& axis) {
    separated_ = true;
    separating_axis_ = axis;
    return false;
  }

  S t_first_ = S(0);     ///< largest unwidened entry time (≥ 0)
  S wide_first_ = S(0);  ///< largest widened entry time (≥ 0)
  S wide_last_;          ///< smallest widened exit time (≤ T)
  S t_end_;
  bool has_last_ = false;
  bool separated_ = false;
  SeparatingAxis last_axis_{};
  SeparatingAxis separating_axis_{};
  Vec3<S> last_normal_ = Vec3<S>::Zero();
  S last_slack_ = S(0);
  std::array<Entry, kEntries> entries_{};
  int entry_count_ = 0;
};

}  // namespace sepax::detail
