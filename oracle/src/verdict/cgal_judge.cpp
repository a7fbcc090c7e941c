// Oracle 2 (SPEC §4): does a point lie in both exact sets? Answered with CGAL
// only, independently of the rational SAT (oracle 1, exact_sat.cpp).
//
// Sets: every stored double is an exact rational; a box is the parallelepiped
// {C + Σ x_i·a_i·A_i : |x_i| ≤ 1} of its stored numbers (axes NOT assumed
// orthonormal, extents may be 0), a triangle the convex hull of its three
// stored vertices (a segment or a point when they are collinear or repeated).
// Closed sets: touching intersects.
//
// Routes:
//  - obb_obb, tri_obb: exact LP feasibility with CGAL's QP solver
//    (solve_linear_program, Gmpzf): each set is o + J t over its parameter
//    polytope (qp_affine_set.hpp) and three equality rows ask for
//    o_a + J_a t_a = o_b + J_b t_b. Chosen over the affine map into A's frame
//    and over tetrahedra because it makes no degeneracy assumption: a flat box
//    (zero extent), a singular one (dependent axes) and a collinear triangle
//    are all just images of parameter polytopes. Cost ~50–110 µs.
//  - tri_tri: CGAL::do_intersect on Epeck objects. Triangle_3's predicates have
//    the precondition "not degenerate", checked only with assertions on; under
//    -DNDEBUG they silently answer wrong for collinear triangles (ORACLE-NOTES,
//    pitfalls). So each triangle is first classified exactly (CGAL::collinear
//    with Epeck) into the set it really is:
//      three distinct non-collinear vertices -> Triangle_3
//      collinear, not all equal             -> Segment_3 between the two
//                                              farthest-apart vertices (the
//                                              middle one lies between them)
//      all three equal                      -> Point_3
//    and the matching overload runs (Point/Point, Point/Segment,
//    Point/Triangle, Segment/Segment, Segment/Triangle, Triangle/Triangle), none
//    of which is then given a degenerate argument.
#include "sepax/oracle/cgal_judge.hpp"

#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/QP_functions.h>
#include <CGAL/intersections.h>

#include <array>
#include <stdexcept>
#include <utility>
#include <variant>

#include "qp/qp_affine_set.hpp"

namespace sepax::oracle {
namespace {

using K = CGAL::Exact_predicates_exact_constructions_kernel;
using Point = K::Point_3;
/// The set a stored triangle really is.
using Hull = std::variant<K::Point_3, K::Segment_3, K::Triangle_3>;

Point to_point(const Vec3<double>& v) { return Point(v[0], v[1], v[2]); }  // exact

/// The convex hull of the three stored vertices, as the CGAL object whose
/// predicates accept it (never a degenerate Triangle_3 or Segment_3).
Hull hull_of(const Triangle3d& tri) {
  const Point p[3] = {to_point(tri.vertices[0]), to_point(tri.vertices[1]),
                      to_point(tri.vertices[2])};
  if (!CGAL::collinear(p[0], p[1], p[2])) return K::Triangle_3(p[0], p[1], p[2]);
  // Collinear (repeated vertices included): the hull is the segment between
  // the farthest pair, compared exactly.
  int best_i = 0, best_j = 1;
  K::FT best = CGAL::squared_distance(p[0], p[1]);
  for (auto [i, j] : {std::pair{1, 2}, std::pair{0, 2}}) {
    K::FT d = CGAL::squared_distance(p[i], p[j]);
    if (d > best) {
      best = d;
      best_i = i;
      best_j = j;
    }
  }
  if (p[best_i] == p[best_j]) return p[0];  // all three vertices coincide
  return K::Segment_3(p[best_i], p[best_j]);
}

bool triangles_intersect(const Triangle3d& a, const Triangle3d& b) {
  return std::visit([](const auto& x, const auto& y) { return CGAL::do_intersect(x, y); },
                    hull_of(a), hull_of(b));
}

/// Feasibility of "one point in both sets"; the objective is 0.
bool common_point_exists(const ShapePair& pair) {
  using namespace detail;
  const std::array<AffineSet, 2> sets = affine_sets(pair);
  QpProgram lp = free_program();  // rows are equalities unless set otherwise
  // Rows 0–2: J_a t_a − J_b t_b = o_b − o_a.
  int column = 0;
  for (int s = 0; s < 2; ++s) {
    for (const QpVector& generator : sets[s].columns) {
      for (int k = 0; k < 3; ++k)
        if (!CGAL::is_zero(generator[k]))
          lp.set_a(column, k, s == 0 ? generator[k] : -generator[k]);
      ++column;
    }
  }
  for (int k = 0; k < 3; ++k) lp.set_b(k, sets[1].offset[k] - sets[0].offset[k]);
  int next_row = 3;
  constrain_parameters(lp, sets[0], 0, next_row);
  constrain_parameters(lp, sets[1], static_cast<int>(sets[0].columns.size()), next_row);
  const CGAL::Quadratic_program_solution<QpNumber> solution =
      CGAL::solve_linear_program(lp, QpNumber());
  if (solution.is_infeasible()) return false;
  // A zero objective over a nonempty feasible set cannot be unbounded.
  if (!solution.is_optimal())
    throw std::logic_error("cgal_intersects: LP neither feasible nor infeasible");
  return true;
}

}  // namespace

bool cgal_intersects(const ShapePair& pair) {
  switch (pair.query) {
    case Query::obb_obb:
    case Query::tri_obb:
      return common_point_exists(pair);
    case Query::tri_tri:
      return triangles_intersect(pair.tri_a, pair.tri_b);
  }
  return false;
}

}  // namespace sepax::oracle
