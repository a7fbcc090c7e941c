#include "contact_screen.hpp"

#include <algorithm>
#include <cmath>

#include "shape_points.hpp"
#include "sepax/harness/moving_judgement.hpp"
#include "sepax/oracle/exact_contact.hpp"
#include "sepax/oracle/exact_sat.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::fuzz {
namespace {

using geometry::L3;

/// The larger distance from p to the two shapes at time t, relative to ℓ
/// (boxes: to their clamped point, an upper bound).
long double point_distance(const ShapePair& pair, const LinearMotiond& m, double t, const std::array<double, 3>& point) {
  const L3 p(point[0], point[1], point[2]);
  const L3 oa = (long double)t * m.velocity_a.cast<long double>(), ob = (long double)t * m.velocity_b.cast<long double>();
  const long double da = (p - geometry::point_in_shape(pair, true, oa, p)).norm();
  const long double db = (p - geometry::point_in_shape(pair, false, ob, p)).norm();
  return std::max(da, db) / oracle::reference_length(pair);
}

/// The pair moved to time t, positions rounded to double.
ShapePair at_time(const ShapePair& pair, const LinearMotiond& m, double t) {
  ShapePair p = pair;
  const Vec3<double> oa = t * m.velocity_a, ob = t * m.velocity_b;
  p.obb_a.center += oa;
  p.obb_b.center += ob;
  for (auto& v : p.tri_a.vertices) v += oa;
  for (auto& v : p.tri_b.vertices) v += ob;
  return p;
}

}  // namespace

bool contact_passes_screen(const ShapePair& pair, const LinearMotiond& motion, const ContactOutcome& contact,
                           ScalarKind scalar) {
  const double tau = harness::contact_error_bound(scalar);
  const double t = contact.time, T = motion.duration;
  if (!(t >= 0 && t <= T)) return false;
  // The judge holds both points to point_tolerance = τ + the coordinates'
  // rounding (score_contact) at the kernel's own t: half of it leaves the
  // other half for the long double's rounding here, about 2⁻⁶³·M, far below
  // τ/2 near the origin and below the rounding term (16 roundings of M in
  // the kernel's scalar) far from it.
  const double point_bound = oracle::contact_point_tolerance(pair, motion, scalar) / 2;
  if (!(point_distance(pair, motion, t, contact.point) <= point_bound)) return false;
  if (contact.point_path != ContactPath::features &&
      !(point_distance(pair, motion, t, contact.feature_point) <= point_bound))
    return false;
  const double lo = std::max(t - tau * T / 2, 0.0), hi = std::min(t + tau * T / 2, T);
  if (lo > 0 && oracle::sat_filtered(at_time(pair, motion, lo)).intersects) return false;
  if (oracle::sat_filtered(at_time(pair, motion, hi)).intersects) return true;
  // Apart again at hi: a grazing contact, if they meet at all within [lo, hi].
  LinearMotiond window = motion;
  window.duration = hi - lo;
  return oracle::moving_intersects(at_time(pair, motion, lo), window).intersects;
}

}  // namespace sepax::fuzz
