// Gomez's sphere–sphere answers judged exactly (sphere_judgement.hpp).
#include "sepax/harness/gomez/sphere_judgement.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>

namespace sepax::harness {
namespace {

double reference_length(const Sphere3<double>& a, const Sphere3<double>& b) {
  const double l = 2 * std::max(a.radius, b.radius);
  return l > 0 ? l : 1.0;
}

double band(const Sphere3<double>& a, const Vec3<double>& da, const Sphere3<double>& b, const Vec3<double>& db,
            ScalarKind scalar) {
  const double m = std::max({a.center.cwiseAbs().maxCoeff(), b.center.cwiseAbs().maxCoeff(),
                             (a.center + da).cwiseAbs().maxCoeff(), (b.center + db).cwiseAbs().maxCoeff()}) +
                   2 * a.radius + 2 * b.radius;
  return 64 * unit_roundoff(scalar) * m / reference_length(a, b);
}

/// The bit-counting certificate of the header, for the static test:
/// squared distances and squared radius sums, degree 2.
bool arithmetic_is_exact(const Sphere3<double>& a, const Sphere3<double>& b, ScalarKind scalar) {
  const double inputs[] = {a.center[0], a.center[1], a.center[2], a.radius,
                           b.center[0], b.center[1], b.center[2], b.radius};
  return oracle::products_are_exact(inputs, 2, scalar);
}

}  // namespace

Sphere3<double> sphere_rounded_to(const Sphere3<double>& s, ScalarKind scalar) {
  return scalar == ScalarKind::float64 ? s : s.cast<float>().cast<double>();
}

Vec3<double> vector_rounded_to(const Vec3<double>& v, ScalarKind scalar) {
  return scalar == ScalarKind::float64 ? v : Vec3<double>(v.cast<float>().cast<double>());
}

Aabb3<double> box_rounded_to(const Aabb3<double>& box, ScalarKind scalar) {
  return scalar == ScalarKind::float64 ? box : box.cast<float>().cast<double>();
}

bool aabb_sphere_meets_exactly(const Aabb3<double>& box, const Sphere3<double>& sphere) {
  return oracle::aabb_sphere_exact(box, sphere);
}

SphereJudgement judge_aabb_sphere(const Aabb3<double>& box, const Sphere3<double>& sphere, ScalarKind scalar,
                                  bool says, bool exact) {
  SphereJudgement j;
  if (says == exact) return j;
  const double diagonal = (box.max - box.min).norm();
  double l = std::max(diagonal, 2 * sphere.radius);
  if (!(l > 0)) l = 1;
  const double m = std::max({box.min.cwiseAbs().maxCoeff(), box.max.cwiseAbs().maxCoeff(),
                             sphere.center.cwiseAbs().maxCoeff()}) +
                   diagonal + 2 * sphere.radius;
  const double inputs[] = {box.min[0], box.min[1], box.min[2], box.max[0], box.max[1], box.max[2],
                           sphere.center[0], sphere.center[1], sphere.center[2], sphere.radius};
  j.margin = oracle::aabb_sphere_gap(box, sphere) / l;
  j.tolerance = oracle::products_are_exact(inputs, 2, scalar) ? 0.0 : 64 * unit_roundoff(scalar) * m / l;
  j.verdict_class = oracle::classify(says, exact, *j.margin, *j.tolerance);
  return j;
}

bool sphere_sphere_meets_exactly(const Sphere3<double>& a, const Sphere3<double>& b) {
  const Vec3<double> zero = Vec3<double>::Zero();
  return oracle::sphere_sphere_gap_sign(a, zero, b, zero, 0) <= 0;
}

SphereJudgement judge_sphere_static(const Sphere3<double>& a, const Sphere3<double>& b, ScalarKind scalar, bool says,
                                    bool exact) {
  SphereJudgement j;
  if (says == exact) return j;
  const Vec3<double> zero = Vec3<double>::Zero();
  j.margin = oracle::sphere_sphere_gap_at(a, zero, b, zero, 0) / reference_length(a, b);
  j.tolerance = arithmetic_is_exact(a, b, scalar) ? 0.0 : band(a, zero, b, zero, scalar);
  j.verdict_class = oracle::classify(says, exact, *j.margin, *j.tolerance);
  return j;
}

SphereJudgement judge_sweep(ContactState state, double first, const oracle::ExactSweep& exact,
                            const SweepDistances& d) {
  SphereJudgement j;
  const bool says_meets = state != ContactState::separated_throughout;
  const bool meets = exact.state != ContactState::separated_throughout;
  if (says_meets != meets) {
    j.margin = d.least();
    j.tolerance = d.band;
    j.verdict_class = oracle::classify(says_meets, meets, *j.margin, d.band);
    return j;
  }
  if (!meets) return j;
  const bool says_start = state == ContactState::overlapping_at_start;
  const bool at_start = exact.state == ContactState::overlapping_at_start;
  if (says_start != at_start) {
    j.margin = d.at(0);
    j.tolerance = d.start_band;
    j.verdict_class = oracle::classify(says_start, at_start, *j.margin, d.start_band);
    return j;
  }
  if (at_start) return j;
  j.time_error = std::abs(first - exact.first);
  if (!(first >= 0 && first <= 1)) {  // NaN or outside the frame: no time at all
    j.verdict_class = oracle::Class::gross;
    return j;
  }
  const double gap = d.at(first);
  if (std::abs(gap) > d.band) {
    j.margin = gap;
    j.tolerance = d.band;
    j.verdict_class = oracle::Class::gross;
    j.reason = "not touching at the reported time";
    return j;
  }
  // The time they part again is a root too: between the exact first contact
  // and a later reported one the shapes must not overlap beyond the band (a
  // near-grazing pair's two roots are close and the overlap between them tiny).
  if (first > exact.first) {
    const double between = d.at(0.5 * (exact.first + first));
    if (between < -d.band) {
      j.margin = between;
      j.tolerance = d.band;
      j.verdict_class = oracle::Class::gross;
      j.reason = "later root: the shapes overlap before the reported first contact";
    }
  }
  return j;
}

SphereJudgement judge_sphere_sweep(const Sphere3<double>& a, const Vec3<double>& da, const Sphere3<double>& b,
                                   const Vec3<double>& db, ScalarKind scalar, ContactState state, double first,
                                   const oracle::ExactSweep& exact) {
  const double l = reference_length(a, b), tol = band(a, da, b, db, scalar);
  return judge_sweep(state, first, exact,
                     {tol, tol, [&] { return oracle::sphere_sphere_min_gap(a, da, b, db) / l; },
                      [&](double u) { return oracle::sphere_sphere_gap_at(a, da, b, db, u) / l; }});
}

}  // namespace sepax::harness
