// Scoring a kernel's first contact against the exact one (SPEC §4; issue 3),
// and the conditioning criterion documented on ContactScore::ill_conditioned.
//
// The criterion re-solves method (a)'s window intersection with every window
// widened or narrowed by a band, in doubles: the windows come from the exact
// computation (contact_windows.hpp) rounded once, so their error (≤ u·M of
// double) is an eighth of the smallest band used (8 roundings of M), and the
// perturbed answers are only compared with thresholds.
//
// The two bands share the frame-defect term of boundary_tolerance (a kernel
// that assumes orthonormal axes tests a box off by δ·size, whatever its
// arithmetic), which the time band keeps whole; only the count of roundings of
// M differs: K = 64 for the state (classify.hpp's verdict band), 8 for the
// time. Why 8 and not 64: a time is one gap over one speed; the gap carries
// the input roundings, positions at time t (2), a 3-term projection (3) and
// the difference (2). With 64, τ/u = 1e-5/2^-24 ≈ 168 roundings of T against
// 64 roundings of M ≥ T·|W| would declare every float first contact with an
// approach shorter than 0.38·M along its axis ill-conditioned: 100 % of the
// random set of oracle_contact_tests, against 0.6–6 % with 8 and 0 % with 1.
// Double is unaffected by the choice (τ/u ≈ 9,000).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <boost/multiprecision/gmp.hpp>

#include "contact/contact_windows.hpp"
#include "sepax/oracle/classify.hpp"
#include "sepax/oracle/exact_contact.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::oracle {
namespace {

/// Roundings of M allowed in a kernel's gap along one axis for the time test,
/// and in its contact point (ContactScore::point_tolerance); K = 64 is the
/// verdict band's (classify.hpp).
constexpr double kTimeRoundings = 8;
constexpr double kPointRoundings = 16;
constexpr double kVerdictRoundings = 64;

/// M of moving_boundary_tolerance: the largest |coordinate| of a stored center
/// or vertex, plus both sizes, plus T·(|W| + |va| + |vb|) (tolerance.cpp,
/// exact_contact_sat.cpp).
double rounding_scale(const ShapePair& pair, const LinearMotiond& motion) {
  double coordinate = 0, sizes = 0;
  const auto add_box = [&](const Obb3d& b) {
    coordinate = std::max(coordinate, b.center.cwiseAbs().maxCoeff());
    sizes += shape_size(b);
  };
  const auto add_triangle = [&](const Triangle3d& t) {
    for (const Vec3<double>& v : t.vertices)
      coordinate = std::max(coordinate, v.cwiseAbs().maxCoeff());
    sizes += shape_size(t);
  };
  switch (pair.query) {
    case Query::obb_obb: add_box(pair.obb_a), add_box(pair.obb_b); break;
    case Query::tri_obb: add_triangle(pair.tri_a), add_box(pair.obb_b); break;
    case Query::tri_tri: add_triangle(pair.tri_a), add_triangle(pair.tri_b); break;
  }
  const Vec3<double>& va = motion.velocity_a;
  const Vec3<double>& vb = motion.velocity_b;
  return coordinate + sizes + motion.duration * ((vb - va).norm() + va.norm() + vb.norm());
}

struct Perturbed {
  ContactState state = ContactState::separated_throughout;
  double first = 0;
};

/// First contact of the problem whose windows are all widened by `band`
/// (narrowed when band < 0), over [0, T].
Perturbed first_contact_within(const std::vector<detail::NormalizedWindow>& windows,
                               double duration, double band) {
  double first = 0, last = duration;
  for (const detail::NormalizedWindow& w : windows) {
    const double lo = w.lo - band, hi = w.hi + band;
    if (lo > hi) return {};
    if (w.speed == 0) {
      if (lo > 0 || hi < 0) return {};
      continue;
    }
    first = std::max(first, (w.speed > 0 ? lo : hi) / w.speed);
    last = std::min(last, (w.speed > 0 ? hi : lo) / w.speed);
    if (first > last) return {};
  }
  return {first == 0 ? ContactState::overlapping_at_start : ContactState::first_contact, first};
}

/// The state band (absolute): the moving verdict band, K = 64 roundings of M
/// plus the frame-defect term.
double moving_band_length(const ShapePair& pair, const LinearMotiond& motion, ScalarKind scalar) {
  return moving_boundary_tolerance(pair, motion, scalar) * reference_length(pair);
}

/// The state band with `roundings` of M instead of 64; the frame-defect term
/// of the band (non-orthonormal stored axes) stays whole.
double band_with(double state, double roundings, const ShapePair& pair, const LinearMotiond& motion,
                 ScalarKind scalar) {
  return state - (kVerdictRoundings - roundings) * unit_roundoff(scalar) * rounding_scale(pair, motion);
}

bool ill_conditioned(const ShapePair& pair, const LinearMotiond& motion, const ExactContact& exact,
                     ScalarKind scalar) {
  const std::vector<detail::NormalizedWindow> windows = detail::normalized_windows(pair, motion);
  const double duration = motion.duration;
  const double state_band = moving_band_length(pair, motion, scalar);
  const Perturbed widened = first_contact_within(windows, duration, state_band);
  const Perturbed narrowed = first_contact_within(windows, duration, -state_band);
  if (widened.state != exact.state || narrowed.state != exact.state) return true;
  if (exact.state != ContactState::first_contact) return false;
  const double time_band = band_with(state_band, kTimeRoundings, pair, motion, scalar);
  const Perturbed early = first_contact_within(windows, duration, time_band);
  const Perturbed late = first_contact_within(windows, duration, -time_band);
  // Both are first_contact: their contact sets lie between the exact one and
  // the state band's.
  const double shift = std::max(late.first - exact.time, exact.time - early.first);
  return shift > contact_time_tolerance(scalar) * duration;
}

}  // namespace

ContactScore score_contact(const ShapePair& pair, const LinearMotiond& motion,
                           const ExactContact& exact, ContactState kernel_state, double kernel_time,
                           const std::array<double, 3>& kernel_point, ScalarKind scalar) {
  using Exact = boost::multiprecision::mpq_rational;
  ContactScore score;
  score.state_matches = kernel_state == exact.state;
  if (kernel_state == ContactState::first_contact && exact.state == ContactState::first_contact) {
    if (!std::isfinite(kernel_time)) {
      score.time_error = std::numeric_limits<double>::infinity();
    } else {
      // T > 0 here: first_contact needs a time in (0, T].
      const Exact error =
          abs(Exact(kernel_time) - Exact(exact.time_exact)) / Exact(motion.duration);
      score.time_error = error.convert_to<double>();
    }
  }
  if (kernel_state == ContactState::first_contact)
    score.point_distance = contact_point_distance(pair, motion, kernel_time, kernel_point);
  score.ill_conditioned = ill_conditioned(pair, motion, exact, scalar);
  score.point_tolerance = contact_point_tolerance(pair, motion, scalar);
  return score;
}

double contact_point_tolerance(const ShapePair& pair, const LinearMotiond& motion, ScalarKind scalar) {
  // A kernel places the point through a box's frame, whose origin it may
  // keep where the box started: the frame's orthonormal identities move the
  // point by up to 3δ per unit of distance from it, and the point lies up
  // to the travel away (a fuzzer's box, orthonormal to 2⁻⁴⁰, moved 13 sizes:
  // its first contact's point was 12δ off, beyond the band's δ·sizes).
  return contact_time_tolerance(scalar) +
         (band_with(moving_band_length(pair, motion, scalar), kPointRoundings, pair, motion, scalar) +
          3 * frame_defect(pair) * motion_travel(motion)) /
             reference_length(pair);
}

}  // namespace sepax::oracle
