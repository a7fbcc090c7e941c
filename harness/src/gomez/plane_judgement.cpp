// Gomez's sphere–plane answers judged exactly (plane_judgement.hpp).
#include "sepax/harness/gomez/plane_judgement.hpp"

#include <algorithm>
#include <cmath>

namespace sepax::harness {
namespace {

double reference_length(const Sphere3<double>& s) { return s.radius > 0 ? 2 * s.radius : 1.0; }

double band(const Sphere3<double>& s, const Vec3<double>& d, const Plane3<double>& plane, ScalarKind scalar) {
  const double m = std::max({s.center.cwiseAbs().maxCoeff(), (s.center + d).cwiseAbs().maxCoeff(),
                             std::abs(plane.offset)}) +
                   2 * s.radius;
  return 64 * unit_roundoff(scalar) * m / reference_length(s);
}

}  // namespace

Plane3<double> plane_rounded_to(const Plane3<double>& p, ScalarKind scalar) {
  return scalar == ScalarKind::float64 ? p : p.cast<float>().cast<double>();
}

bool sphere_plane_meets_exactly(const Sphere3<double>& s, const Plane3<double>& plane) {
  return oracle::sphere_plane_gap_sign(s, Vec3<double>::Zero(), plane, 0) <= 0;
}

SphereJudgement judge_sphere_plane(const Sphere3<double>& s, const Plane3<double>& plane, ScalarKind scalar, bool says,
                                   bool exact) {
  SphereJudgement j;
  if (says == exact) return j;
  const Vec3<double> zero = Vec3<double>::Zero();
  const double inputs[] = {s.center[0], s.center[1], s.center[2], s.radius, plane.normal[0], plane.normal[1],
                           plane.normal[2], plane.offset};
  j.margin = oracle::sphere_plane_gap_at(s, zero, plane, 0) / reference_length(s);
  j.tolerance = oracle::products_are_exact(inputs, 4, scalar) ? 0.0 : band(s, zero, plane, scalar);
  j.verdict_class = oracle::classify(says, exact, *j.margin, *j.tolerance);
  return j;
}

SphereJudgement judge_sphere_plane_sweep(const Sphere3<double>& s, const Vec3<double>& d, const Plane3<double>& plane,
                                         ScalarKind scalar, ContactState state, double first,
                                         const oracle::ExactSweep& exact) {
  const double l = reference_length(s), tol = band(s, d, plane, scalar);
  return judge_sweep(state, first, exact,
                     {tol, tol, [&] { return oracle::sphere_plane_min_gap(s, d, plane) / l; },
                      [&](double u) { return oracle::sphere_plane_gap_at(s, d, plane, u) / l; }});
}

}  // namespace sepax::harness
