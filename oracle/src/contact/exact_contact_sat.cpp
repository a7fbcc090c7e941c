// Exact first time of contact, method (a) (SPEC §4; issue 3): the rational
// separating-axis test along the motion, the moving verdict behind an interval
// filter, the moving margin and the moving boundary band.
//
// a(t) = P + t·va and b(t) = Q + t·vb meet iff t·W ∈ D0 = P − Q, W = vb − va.
// Along an axis L, D0 projects to [lo, hi] and the projections overlap at time
// t iff lo ≤ t·(L·W) ≤ hi: with s = L·W,
//     s > 0: t ∈ [lo/s, hi/s];   s < 0: t ∈ [hi/s, lo/s];
//     s = 0: every t when lo ≤ 0 ≤ hi, else none.
// Over an axis list whose slabs cut out D0 exactly (moving_axes.hpp explains
// why ours do, for degenerate sets too) the times of contact are the
// intersection of these windows with [0, T], a closed interval; t* is its
// start, a rational number computed in GMP rationals, and the state follows:
// empty → separated_throughout; t* = 0 → overlapping_at_start (exact touching
// at 0 included); else first_contact. This is Eberly's interval method (§2.3)
// on a complete axis set and without rounding; nothing assumes orthonormal
// frames or nondegenerate shapes.
//
// The point of contact is not reconstructed from the last separating axis
// (Eberly's Table 2 and its c_ij = 0 cases are the kernels' business, and
// exactly what this oracle judges): an exact feasibility LP at the exact t*
// (moving_qp.hpp) returns a point of a(t*) ∩ b(t*), which is then rounded.
//
// Both t* and the moving verdict run the windows in CGAL::Interval_nt first
// (solve_windows). The windows are intervals of one line, so by Helly's
// theorem in one dimension they meet iff max(lower ends) ≤ min(upper ends).
// The enclosures settle "never meet" outright, and the verdict "meet" when
// both sides are ordered and every window's kind (sign of s; for s = 0
// whether 0 lies in [lo, hi]) is certain. For t* only the windows that may
// hold the largest lower end are evaluated in rationals, and the others are
// checked against it through their enclosures. The result is the exact one;
// the filter only decides which rationals are needed (measured: 1–2 µs for a
// pair that never meets, ~20–60 µs for t*, against ~100–400 µs with every
// window in rationals).
#include "sepax/oracle/exact_contact.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include <CGAL/Interval_nt.h>

#include "contact/contact_windows.hpp"
#include "verdict/exact_axes.hpp"
#include "verdict/exact_magnitude.hpp"
#include "verdict/exact_sets.hpp"
#include "verdict/interval_signs.hpp"
#include "contact/moving_axes.hpp"
#include "contact/moving_qp.hpp"
#include "sepax/oracle/classify.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::oracle {
namespace detail {
namespace {

/// Where the windows meet [0, T].
struct WindowTimes {
  bool meet = false;
  Exact first;                  ///< t*, when they meet and it was asked for
  bool exact_fallback = false;  ///< the rationals ran
};

/// The intersection of every window with [0, T], interval-filtered.
///
/// Interval pass over the moving list: a window is certain when the sign of
/// its speed is (and, for speed 0, whether 0 lies in [lo, hi]); certain
/// windows give enclosures of their lower and upper ends. The true max(lower
/// ends) is then ≥ lower_floor = max(0, every certain lower.inf), so only the
/// windows whose lower.sup reaches lower_floor, and the uncertain ones, can set
/// t*: those are evaluated exactly, which gives t* exactly. Every other window
/// is then checked against t* through its upper.inf (a double, compared
/// exactly), and evaluated exactly only when that does not settle it. With
/// `need_time` false, a verdict the enclosures already settle needs no
/// rationals at all.
WindowTimes solve_windows(const ShapePair& pair, const LinearMotiond& motion, bool need_time) {
  struct Enclosure {
    enum class Kind : std::uint8_t { free, moving, uncertain } kind;
    double lower_inf, lower_sup, upper_inf, upper_sup;
  };
  std::array<Enclosure, kMaxAxes + 3> enclosures;
  MovingAxisList axes;
  double lower_floor = 0, lower_ceiling = 0;
  double upper_floor = motion.duration, upper_ceiling = motion.duration;
  bool any_uncertain = false;
  {
    CGAL::Protect_FPU_rounding<true> rounding_upward;
    using S = Signs<Interval>;
    const PairSets<Interval> s = make_sets<Interval>(pair);
    const Vec<Interval> w = relative_velocity<Interval>(motion);
    axes = moving_axes(s);
    for (int a = 0; a < axes.count; ++a) {
      const AxisWindow<Interval> win = axis_window(axis_vector(axes.items[a], s, axes.pairs), s, w);
      Enclosure& e = enclosures[a];
      e = {Enclosure::Kind::uncertain, 0, 0, 0, 0};
      if (S::surely_zero(win.speed)) {
        if (S::surely_positive(win.lo) || win.hi.sup() < 0) return {false, {}, false};
        if (win.lo.sup() <= 0 && win.hi.inf() >= 0) e.kind = Enclosure::Kind::free;
      } else if (S::surely_nonzero(win.speed)) {
        const bool rising = win.speed.inf() > 0;
        const Interval lower = (rising ? win.lo : win.hi) / win.speed;
        const Interval upper = (rising ? win.hi : win.lo) / win.speed;
        e = {Enclosure::Kind::moving, lower.inf(), lower.sup(), upper.inf(), upper.sup()};
        lower_floor = std::max(lower_floor, e.lower_inf);
        lower_ceiling = std::max(lower_ceiling, e.lower_sup);
        upper_floor = std::min(upper_floor, e.upper_inf);
        upper_ceiling = std::min(upper_ceiling, e.upper_sup);
      }
      any_uncertain = any_uncertain || e.kind == Enclosure::Kind::uncertain;
    }
  }
  // Windows left uncertain can only shrink the intersection.
  if (lower_floor > upper_ceiling) return {false, {}, false};
  if (!need_time && !any_uncertain && lower_ceiling <= upper_floor) return {true, {}, false};

  const PairSets<Exact> s = make_sets<Exact>(pair);
  const Vec<Exact> w = relative_velocity<Exact>(motion);
  Exact first(0), last(motion.duration);
  // Intersects [first, last] with window a; false once it is empty.
  const auto apply = [&](int a) {
    const Vec<Exact> axis = axis_vector(axes.items[a], s, axes.pairs);
    if (surely_zero(axis)) return true;  // no constraint
    AxisWindow<Exact> win = axis_window(axis, s, w);
    const int sign = win.speed.sign();
    if (sign == 0) return win.lo.sign() <= 0 && win.hi.sign() >= 0;
    Exact lower = (sign > 0 ? win.lo : win.hi) / win.speed;
    Exact upper = (sign > 0 ? win.hi : win.lo) / win.speed;
    if (first < lower) first = std::move(lower);
    if (upper < last) last = std::move(upper);
    return !(last < first);
  };
  std::array<bool, kMaxAxes + 3> done{};
  for (int a = 0; a < axes.count; ++a) {
    const Enclosure& e = enclosures[a];
    const bool may_set_start = e.kind == Enclosure::Kind::uncertain ||
                               (e.kind == Enclosure::Kind::moving && e.lower_sup >= lower_floor);
    if (!may_set_start) continue;
    done[a] = true;
    if (!apply(a)) return {false, {}, true};
  }
  // first = t* now; every other window must still contain it.
  for (int a = 0; a < axes.count; ++a) {
    const Enclosure& e = enclosures[a];
    if (done[a] || e.kind != Enclosure::Kind::moving) continue;
    const bool contains_first = e.upper_inf == std::numeric_limits<double>::infinity() ||
                                (std::isfinite(e.upper_inf) && !(Exact(e.upper_inf) < first));
    if (contains_first) continue;
    if (!apply(a)) return {false, {}, true};
  }
  return {true, std::move(first), true};
}

/// Penetration depth² of a into b swept over [0, T], exactly (moving_margin).
/// The swept b is Q ⊕ [0, T]·W, so a − swept b = D0 − [0, T]·W has the edges
/// of P, of Q and T·W; its facet normals are cross products of two of them
/// (exact_sat.cpp), and the depth is the smallest overlap/|L| over those, as in
/// margin.cpp. Along L the swept b projects to [q.lo + min(0, T·s),
/// q.hi + max(0, T·s)], s = L·W.
Exact swept_penetration_depth_squared(const ShapePair& pair, const LinearMotiond& motion) {
  const PairSets<Exact> s = make_sets<Exact>(pair);
  const Exact duration(motion.duration);
  Vec<Exact> sweep = relative_velocity<Exact>(motion);
  for (Exact& x : sweep) x *= duration;
  std::vector<Vec<Exact>> edges(s.edges.begin(), s.edges.begin() + s.edge_count);
  if (!surely_zero(sweep)) edges.push_back(sweep);
  // Flat a − swept b (coplanar sliding, collinear sets): one ulp off its plane
  // or line separates, so the depth in space is 0, as in the static margin.
  bool full_dimensional = false;
  const std::size_t n = edges.size();
  for (std::size_t i = 0; i < n && !full_dimensional; ++i)
    for (std::size_t j = i + 1; j < n && !full_dimensional; ++j)
      for (std::size_t k = j + 1; k < n && !full_dimensional; ++k)
        full_dimensional = !dot(cross(edges[i], edges[j]), edges[k]).is_zero();
  if (!full_dimensional) return Exact(0);

  std::vector<Vec<Exact>> normals;
  const NormalPairs pairs = normal_pairs(s);
  for (int p = 0; p < pairs.count; ++p)
    normals.push_back(cross(s.edges[pairs.items[p].i], s.edges[pairs.items[p].j]));
  if (!surely_zero(sweep))
    for (int e = 0; e < s.edge_count; ++e) normals.push_back(cross(sweep, s.edges[e]));

  Exact best;
  bool have_best = false;
  for (const Vec<Exact>& axis : normals) {
    if (surely_zero(axis)) continue;
    const Projection<Exact> p = project(s.p, s.p_count, axis);
    Projection<Exact> q = project(s.q, s.q_count, axis);
    const Exact travel = dot(axis, sweep);
    if (travel.sign() < 0) q.lo += travel;
    if (travel.sign() > 0) q.hi += travel;
    const Exact g = gap(p, q);
    if (g.sign() > 0)
      throw std::invalid_argument("moving_margin: intersects = true for a pair that never meets");
    if (g.is_zero()) return Exact(0);  // touching
    Exact depth2 = g * g / dot(axis, axis);
    if (!have_best || depth2 < best) {
      best = std::move(depth2);
      have_best = true;
    }
  }
  return have_best ? best : Exact(0);
}

}  // namespace

std::vector<NormalizedWindow> normalized_windows(const ShapePair& pair,
                                                 const LinearMotiond& motion) {
  // Interval enclosures where they are certain enough (their midpoints are a
  // few ulps of M off, below the bands' resolution); exact rationals for a
  // window whose axis may be zero or whose speed may or may not be 0, so that
  // speed = 0 exactly when it is.
  struct Raw {
    double lo, hi, speed, length2;
  };
  std::vector<Raw> raw;
  MovingAxisList axes;
  {
    CGAL::Protect_FPU_rounding<true> rounding_upward;
    using S = Signs<Interval>;
    const PairSets<Interval> s = make_sets<Interval>(pair);
    const Vec<Interval> w = relative_velocity<Interval>(motion);
    axes = moving_axes(s);
    for (int a = 0; a < axes.count; ++a) {
      const Vec<Interval> axis = axis_vector(axes.items[a], s, axes.pairs);
      const AxisWindow<Interval> win = axis_window(axis, s, w);
      const bool certain =
          surely_nonzero(axis) && (S::surely_zero(win.speed) || S::surely_nonzero(win.speed));
      if (!certain) {
        raw.push_back({0, 0, 0, -1});  // marks an exact evaluation
        continue;
      }
      const Interval length2 = dot(axis, axis);
      raw.push_back({CGAL::to_double(win.lo), CGAL::to_double(win.hi),
                     S::surely_zero(win.speed) ? 0.0 : CGAL::to_double(win.speed),
                     CGAL::to_double(length2)});
    }
  }
  std::optional<PairSets<Exact>> exact_sets;
  Vec<Exact> exact_w;
  std::vector<NormalizedWindow> out;
  for (int a = 0; a < axes.count; ++a) {
    Raw r = raw[a];
    if (r.length2 < 0) {
      if (!exact_sets)
        exact_sets = make_sets<Exact>(pair), exact_w = relative_velocity<Exact>(motion);
      const Vec<Exact> axis = axis_vector(axes.items[a], *exact_sets, axes.pairs);
      if (surely_zero(axis)) continue;
      const AxisWindow<Exact> win = axis_window(axis, *exact_sets, exact_w);
      r = {win.lo.convert_to<double>(), win.hi.convert_to<double>(),
           win.speed.is_zero() ? 0.0 : win.speed.convert_to<double>(),
           dot(axis, axis).convert_to<double>()};
    }
    const double length = std::sqrt(r.length2);
    out.push_back({r.lo / length, std::max(r.lo, r.hi) / length, r.speed / length});
  }
  return out;
}

}  // namespace detail

ExactContact first_contact_sat(const ShapePair& pair, const LinearMotiond& motion) {
  detail::WindowTimes times = detail::solve_windows(pair, motion, true);
  ExactContact out;
  if (!times.meet) return out;
  out.state =
      times.first.is_zero() ? ContactState::overlapping_at_start : ContactState::first_contact;
  out.time = times.first.convert_to<double>();  // correctly rounded (Boost ≥ 1.70)
  out.time_exact = times.first.str();
  out.point = detail::common_point_at(pair, motion, times.first);
  return out;
}

MovingVerdict moving_intersects(const ShapePair& pair, const LinearMotiond& motion) {
  const detail::WindowTimes times = detail::solve_windows(pair, motion, false);
  return {times.meet, times.exact_fallback};
}

double moving_margin(const ShapePair& pair, const LinearMotiond& motion, bool intersects) {
  const double ell = reference_length(pair);
  if (!intersects) {
    // Judged exactly, rounded once: distance / ℓ, not a rounded distance
    // divided again, which underflowed to 0 for subnormal shapes and durations.
    const detail::Exact distance2 = detail::swept_separation_squared(pair, motion);
    if (distance2.is_zero())
      throw std::invalid_argument("moving_margin: intersects = false for a pair that meets");
    return detail::signed_root(1, distance2, ell);
  }
  const detail::Exact depth2 = detail::swept_penetration_depth_squared(pair, motion);
  return detail::signed_root(-depth2.sign(), depth2, ell);
}

double motion_travel(const LinearMotiond& motion) {
  const Vec3<double>& va = motion.velocity_a;
  const Vec3<double>& vb = motion.velocity_b;
  // stableNorm: velocities near the top of double's range (a fuzzer's find)
  // must not overflow to inf, which times T = 0 made the tolerance NaN and every
  // disagreement gross.
  return motion.duration * ((vb - va).stableNorm() + va.stableNorm() + vb.stableNorm());
}

double moving_boundary_tolerance(const ShapePair& pair, const LinearMotiond& motion,
                                 ScalarKind scalar) {
  constexpr double kRoundingFactor = 64;  // K of boundary_tolerance (classify.hpp)
  if (motion.duration == 0) return boundary_tolerance(pair, scalar);
  return boundary_tolerance(pair, scalar) +
         kRoundingFactor * unit_roundoff(scalar) * motion_travel(motion) / reference_length(pair);
}

}  // namespace sepax::oracle
