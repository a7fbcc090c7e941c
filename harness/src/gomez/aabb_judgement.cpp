// Gomez's AABB answers judged exactly (aabb_judgement.hpp).
#include "sepax/harness/gomez/aabb_judgement.hpp"

#include <algorithm>
#include <cmath>

namespace sepax::harness {
namespace {

double reference_length(const Aabb3<double>& a, const Aabb3<double>& b) {
  const double l = std::max((a.max - a.min).norm(), (b.max - b.min).norm());
  return l > 0 ? l : 1.0;
}

double band(const Aabb3<double>& a, const Vec3<double>& da, const Aabb3<double>& b, const Vec3<double>& db,
            ScalarKind scalar) {
  double m = 0;
  for (const Vec3<double>& p : {a.min, a.max, b.min, b.max}) m = std::max(m, p.cwiseAbs().maxCoeff());
  for (const Vec3<double>& p : {Vec3<double>(a.min + da), Vec3<double>(a.max + da), Vec3<double>(b.min + db),
                                Vec3<double>(b.max + db)})
    m = std::max(m, p.cwiseAbs().maxCoeff());
  m += (a.max - a.min).norm() + (b.max - b.min).norm();
  return 64 * unit_roundoff(scalar) * m / reference_length(a, b);
}

}  // namespace

bool aabb_aabb_meets_exactly(const Aabb3<double>& a, const Aabb3<double>& b) {
  const Vec3<double> zero = Vec3<double>::Zero();
  return oracle::aabb_aabb_gap_at(a, zero, b, zero, 0) <= 0;
}

SphereJudgement judge_aabb_aabb(const Aabb3<double>& a, const Aabb3<double>& b, bool says, bool exact) {
  SphereJudgement j;
  if (says == exact) return j;
  const Vec3<double> zero = Vec3<double>::Zero();
  j.margin = oracle::aabb_aabb_gap_at(a, zero, b, zero, 0) / reference_length(a, b);
  j.tolerance = 0.0;
  j.verdict_class = oracle::classify(says, exact, *j.margin, 0.0);
  return j;
}

SphereJudgement judge_aabb_sweep(const Aabb3<double>& a, const Vec3<double>& da, const Aabb3<double>& b,
                                 const Vec3<double>& db, ScalarKind scalar, ContactState state, double first,
                                 const oracle::ExactSweep& exact) {
  const double l = reference_length(a, b);
  // The state at u = 0 is the static test: exact, no band.
  return judge_sweep(state, first, exact,
                     {band(a, da, b, db, scalar), 0.0, [&] { return oracle::aabb_aabb_min_gap(a, da, b, db) / l; },
                      [&](double u) { return oracle::aabb_aabb_gap_at(a, da, b, db, u) / l; }});
}

}  // namespace sepax::harness
