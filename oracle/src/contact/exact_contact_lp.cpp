// Exact first time of contact, method (b) (SPEC §4; issue 3): a linear program
// solved exactly by CGAL's QP solver, independent of method (a)'s axes.
//
// Each set is an affine image of its parameter polytope (qp_affine_set.hpp):
// a(t) = o_a + t·va + J_a x_a, b(t) = o_b + t·vb + J_b x_b. Variables x_a, x_b
// and t; three equality rows tie the points,
//     J_a x_a − J_b x_b − t·W = o_b − o_a,    W = vb − va,
// the parameters keep to their polytopes and 0 ≤ t ≤ T; minimise t.
// Infeasible → separated_throughout; otherwise the optimum is t*, returned by
// the solver as an exact quotient of two Gmpzf numbers (every input is a
// double, a product or a difference of two doubles: exact in Gmpzf), and the
// optimal x_a gives the point o_a + t*·va + J_a x_a, also exactly. The program
// is the set of all (point, time) pairs of contact, so no axis list, no
// completeness argument and no degeneracy assumption is involved: it is the
// independent check of method (a), which must agree to exact rational
// equality.
//
// common_point_at() is the feasibility LP at a fixed rational time t = p/q for
// method (a)'s point. Gmpzf cannot hold p/q, so the parameters are scaled by
// q: with y = q·x the rows become J_a y_a − J_b y_b = q(o_b − o_a) + p·W, the
// cube bounds −q ≤ y ≤ q and the simplex y ≥ 0, y_1 + y_2 ≤ q; all integers
// times doubles, exact.
#include <CGAL/QP_functions.h>

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "contact/moving_qp.hpp"
#include "qp/qp_affine_set.hpp"
#include "qp/qp_exact.hpp"
#include "sepax/oracle/exact_contact.hpp"

namespace sepax::oracle {
namespace detail {
namespace {

using Solution = CGAL::Quadratic_program_solution<QpNumber>;

/// Rows 0–2: J_a x_a − J_b x_b on the parameter columns, a's first.
void tie_points(QpProgram& lp, const std::array<AffineSet, 2>& sets) {
  int column = 0;
  for (int s = 0; s < 2; ++s)
    for (const QpVector& generator : sets[s].columns) {
      for (int k = 0; k < 3; ++k)
        if (!CGAL::is_zero(generator[k]))
          lp.set_a(column, k, s == 0 ? generator[k] : -generator[k]);
      ++column;
    }
}

/// The parameter polytope of `set` scaled by `scale` > 0 (constrain_parameters
/// of qp_affine_set.hpp is the case scale = 1).
void bound_parameters(QpProgram& lp, const AffineSet& set, int first_column, int& next_row,
                      const QpNumber& scale) {
  const bool cube = set.domain == AffineSet::Domain::cube;
  const int n = static_cast<int>(set.columns.size());
  for (int i = 0; i < n; ++i) {
    lp.set_l(first_column + i, true, cube ? QpNumber(-scale) : QpNumber(0));
    lp.set_u(first_column + i, cube, cube ? scale : QpNumber(0));
    if (!cube) lp.set_a(first_column + i, next_row, QpNumber(1));
  }
  if (!cube) {
    lp.set_b(next_row, scale);
    lp.set_r(next_row, CGAL::SMALLER);
    ++next_row;
  }
}

QpVector relative_velocity(const LinearMotiond& motion) {
  const QpVector va = to_qp(motion.velocity_a), vb = to_qp(motion.velocity_b);
  return {vb[0] - va[0], vb[1] - va[1], vb[2] - va[2]};
}

/// o_a + t·va + J_a (numerators / denominator), exactly; the first columns of
/// the solution are a's parameters.
std::array<double, 3> point_of_a(const AffineSet& a, const Vec3<double>& velocity_a, const Exact& t,
                                 const Solution& solution, const Exact& denominator) {
  std::array<Exact, 3> p;
  for (int k = 0; k < 3; ++k) p[k] = to_exact(a.offset[k]) + t * Exact(velocity_a[k]);
  auto numerator = solution.variable_numerators_begin();
  for (const QpVector& generator : a.columns) {
    const Exact x = to_exact(*numerator++) / denominator;
    for (int k = 0; k < 3; ++k) p[k] += to_exact(generator[k]) * x;
  }
  return {p[0].convert_to<double>(), p[1].convert_to<double>(), p[2].convert_to<double>()};
}

}  // namespace

std::array<double, 3> common_point_at(const ShapePair& pair, const LinearMotiond& motion,
                                      const Exact& t) {
  const std::array<AffineSet, 2> sets = affine_sets(pair);
  const QpNumber p(mpq_numref(t.backend().data()));
  const QpNumber q(mpq_denref(t.backend().data()));
  const QpVector w = relative_velocity(motion);
  QpProgram lp = free_program();
  tie_points(lp, sets);
  for (int k = 0; k < 3; ++k) lp.set_b(k, q * (sets[1].offset[k] - sets[0].offset[k]) + p * w[k]);
  int next_row = 3;
  bound_parameters(lp, sets[0], 0, next_row, q);
  bound_parameters(lp, sets[1], static_cast<int>(sets[0].columns.size()), next_row, q);
  const Solution solution = CGAL::solve_linear_program(lp, QpNumber());
  if (!solution.is_optimal())
    throw std::logic_error("common_point_at: the sets do not meet at t = " + t.str());
  // x = y / q = numerator / (common denominator · q).
  const Exact denominator = to_exact(solution.variables_common_denominator()) * to_exact(q);
  return point_of_a(sets[0], motion.velocity_a, t, solution, denominator);
}

}  // namespace detail

ExactContact first_contact_lp(const ShapePair& pair, const LinearMotiond& motion) {
  using namespace detail;
  const std::array<AffineSet, 2> sets = affine_sets(pair);
  const int time_column = static_cast<int>(sets[0].columns.size() + sets[1].columns.size());
  const QpVector w = relative_velocity(motion);
  QpProgram lp = free_program();
  tie_points(lp, sets);
  for (int k = 0; k < 3; ++k) {
    if (!CGAL::is_zero(w[k])) lp.set_a(time_column, k, -w[k]);
    lp.set_b(k, sets[1].offset[k] - sets[0].offset[k]);
  }
  int next_row = 3;
  bound_parameters(lp, sets[0], 0, next_row, QpNumber(1));
  bound_parameters(lp, sets[1], static_cast<int>(sets[0].columns.size()), next_row, QpNumber(1));
  lp.set_l(time_column, true, QpNumber(0));
  lp.set_u(time_column, true, QpNumber(motion.duration));
  lp.set_c(time_column, QpNumber(1));

  const Solution solution = CGAL::solve_linear_program(lp, QpNumber());
  ExactContact out;
  if (solution.is_infeasible()) return out;
  // t is bounded, so a feasible program has an optimum.
  if (!solution.is_optimal())
    throw std::logic_error("first_contact_lp: LP status " +
                           std::to_string(static_cast<int>(solution.status())));
  const Exact t =
      quotient(solution.objective_value_numerator(), solution.objective_value_denominator());
  out.state = t.is_zero() ? ContactState::overlapping_at_start : ContactState::first_contact;
  out.time = t.convert_to<double>();
  out.time_exact = t.str();
  out.point = point_of_a(sets[0], motion.velocity_a, t, solution,
                         to_exact(solution.variables_common_denominator()));
  return out;
}

}  // namespace sepax::oracle
