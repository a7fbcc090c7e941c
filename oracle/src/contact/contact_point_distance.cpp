// Exact distances to moving sets (SPEC §4; issue 3): from a point to each shape
// at a given time (the score of a kernel's contact point), and from a to b
// swept over [0, T] (the separated moving margin).
//
// Both are "minimise |d0 + Σ x_i·g_i|² over a box of parameters and simplex
// rows", the program of qp_distance.cpp with other columns:
//   point p vs shape s at time t:  d0 = o_s + t·v_s − p, columns J_s
//                                  (t·v_s is a product of two doubles, exact);
//   a vs b swept:                  d0 = o_a − o_b, columns [J_a, −J_b, −W] with
//                                  the last variable τ in [0, T], since
//                                  a(τ) − b(τ) = o_a − o_b + J_a x_a − J_b x_b − τ·W.
// CGAL's QP solver (Gmpzf) returns the optimum as an exact quotient; the square
// root is taken once, at the end, in 128-bit MPFR (exact_magnitude.hpp), and a
// zero optimum stays exactly zero.
#include <CGAL/QP_functions.h>

#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "verdict/exact_magnitude.hpp"
#include "contact/moving_qp.hpp"
#include "qp/qp_affine_set.hpp"
#include "qp/qp_exact.hpp"
#include "sepax/oracle/exact_contact.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::oracle {
namespace detail {
namespace {

QpNumber dot(const QpVector& x, const QpVector& y) {
  return x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
}

/// Sets the objective |d0 + Σ x_i·columns_i|² (qp_distance.cpp: set_d takes
/// 2D, entries j ≤ i).
void squared_norm_objective(QpProgram& qp, const QpVector& d0,
                            const std::vector<QpVector>& columns) {
  const int n = static_cast<int>(columns.size());
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j <= i; ++j) {
      const QpNumber g = dot(columns[i], columns[j]);
      if (!CGAL::is_zero(g)) qp.set_d(i, j, QpNumber(2) * g);
    }
    const QpNumber c = QpNumber(2) * dot(columns[i], d0);
    if (!CGAL::is_zero(c)) qp.set_c(i, c);
  }
  qp.set_c0(dot(d0, d0));
}

/// The exact optimum of a program whose variables are all bounded.
Exact minimum(const QpProgram& qp) {
  const CGAL::Quadratic_program_solution<QpNumber> solution =
      CGAL::solve_quadratic_program(qp, QpNumber());
  if (!solution.is_optimal())
    throw std::logic_error("moving distance: QP not optimal (status " +
                           std::to_string(static_cast<int>(solution.status())) + ")");
  return quotient(solution.objective_value_numerator(), solution.objective_value_denominator());
}

/// Squared distance from p to `set` translated by t·velocity.
Exact squared_distance(const AffineSet& set, const Vec3<double>& velocity, double t,
                       const std::array<double, 3>& p) {
  QpVector d0;
  for (int k = 0; k < 3; ++k)
    d0[k] = set.offset[k] + QpNumber(t) * QpNumber(velocity[k]) - QpNumber(p[k]);
  QpProgram qp = free_program();
  squared_norm_objective(qp, d0, set.columns);
  int next_row = 0;
  constrain_parameters(qp, set, 0, next_row);
  return minimum(qp);
}

}  // namespace

Exact swept_separation_squared(const ShapePair& pair, const LinearMotiond& motion) {
  const std::array<AffineSet, 2> sets = affine_sets(pair);
  std::vector<QpVector> columns = sets[0].columns;
  for (QpVector column : sets[1].columns) {
    for (QpNumber& x : column) x = -x;
    columns.push_back(column);
  }
  const QpVector va = to_qp(motion.velocity_a), vb = to_qp(motion.velocity_b);
  columns.push_back({va[0] - vb[0], va[1] - vb[1], va[2] - vb[2]});  // −W, for τ
  QpVector d0;
  for (int k = 0; k < 3; ++k) d0[k] = sets[0].offset[k] - sets[1].offset[k];

  QpProgram qp = free_program();
  squared_norm_objective(qp, d0, columns);
  int next_row = 0;
  constrain_parameters(qp, sets[0], 0, next_row);
  constrain_parameters(qp, sets[1], static_cast<int>(sets[0].columns.size()), next_row);
  const int time_column = static_cast<int>(columns.size()) - 1;
  qp.set_l(time_column, true, QpNumber(0));
  qp.set_u(time_column, true, QpNumber(motion.duration));
  return minimum(qp);
}

}  // namespace detail

double contact_point_distance(const ShapePair& pair, const LinearMotiond& motion, double t,
                              const std::array<double, 3>& p) {
  using namespace detail;
  if (!std::isfinite(t) || !std::isfinite(p[0]) || !std::isfinite(p[1]) || !std::isfinite(p[2]))
    return std::numeric_limits<double>::infinity();
  const std::array<AffineSet, 2> sets = affine_sets(pair);
  Exact worst = squared_distance(sets[0], motion.velocity_a, t, p);
  Exact to_b = squared_distance(sets[1], motion.velocity_b, t, p);
  if (worst < to_b) worst = std::move(to_b);
  return signed_root(worst.sign(), worst, reference_length(pair));
}

}  // namespace sepax::oracle
