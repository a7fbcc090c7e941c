#pragma once
/// \file Internal: an exact set of SPEC §4 as the affine image of a parameter
/// polytope, the common input of the LP judge (cgal_judge.cpp) and the exact
/// distance (qp_distance.cpp). Includes CGAL: include it only from those .cpp
/// files, never from a public header.
///
///   box      p = C + Σ t_i·(a_i·A_i),          −1 ≤ t_i ≤ 1          (cube)
///   triangle p = V0 + t_1·(V1−V0) + t_2·(V2−V0), t ≥ 0, t_1 + t_2 ≤ 1 (simplex)
///
/// This covers every degenerate case without special code: a zero extent or
/// dependent axes (flat or singular box), collinear or repeated vertices
/// (segment or point triangle) only make the map non-injective, and the image
/// is still exactly the set. Axes are not assumed orthonormal.
///
/// Every number is a stored double, a product of two doubles (a_i·A_i) or a
/// difference of two doubles (V1 − V0), all exact in CGAL::Gmpzf (a binary
/// floating-point number with an unbounded GMP mantissa), which is ~2.4×
/// faster than Gmpq in CGAL's QP solver (ORACLE-NOTES).
#include <CGAL/Gmpzf.h>
#include <CGAL/QP_models.h>

#include <array>
#include <vector>

#include "sepax/core/shapes/query.hpp"

namespace sepax::oracle::detail {

using QpNumber = CGAL::Gmpzf;
using QpProgram = CGAL::Quadratic_program<QpNumber>;
using QpVector = std::array<QpNumber, 3>;

struct AffineSet {
  enum class Domain { cube, simplex };
  Domain domain = Domain::cube;
  QpVector offset{};
  /// One column per parameter t_i.
  std::vector<QpVector> columns;
};

inline QpVector to_qp(const Vec3<double>& v) {
  return {QpNumber(v[0]), QpNumber(v[1]), QpNumber(v[2])};
}

inline AffineSet affine_set(const Obb3d& box) {
  AffineSet s{AffineSet::Domain::cube, to_qp(box.center), {}};
  for (int i = 0; i < 3; ++i) {
    const QpNumber extent(box.extents[i]);
    QpVector column = to_qp(box.axes[i]);
    for (QpNumber& x : column) x = extent * x;
    s.columns.push_back(column);
  }
  return s;
}

inline AffineSet affine_set(const Triangle3d& tri) {
  AffineSet s{AffineSet::Domain::simplex, to_qp(tri.vertices[0]), {}};
  for (int i = 1; i < 3; ++i) {
    QpVector column = to_qp(tri.vertices[i]);
    for (int k = 0; k < 3; ++k) column[k] = column[k] - s.offset[k];
    s.columns.push_back(column);
  }
  return s;
}

/// The two sets the pair's query names, A first.
inline std::array<AffineSet, 2> affine_sets(const ShapePair& pair) {
  switch (pair.query) {
    case Query::obb_obb:
      return {affine_set(pair.obb_a), affine_set(pair.obb_b)};
    case Query::tri_obb:
      return {affine_set(pair.tri_a), affine_set(pair.obb_b)};
    case Query::tri_tri:
      break;
  }
  return {affine_set(pair.tri_a), affine_set(pair.tri_b)};
}

/// Constrains the parameters of `set`, stored in columns [first_column, …),
/// to its domain; a simplex takes the row `next_row` (then incremented).
inline void constrain_parameters(QpProgram& qp, const AffineSet& set, int first_column,
                                 int& next_row) {
  const int n = static_cast<int>(set.columns.size());
  for (int i = 0; i < n; ++i) {
    const bool cube = set.domain == AffineSet::Domain::cube;
    qp.set_l(first_column + i, true, QpNumber(cube ? -1 : 0));
    qp.set_u(first_column + i, cube, QpNumber(cube ? 1 : 0));
    if (!cube) qp.set_a(first_column + i, next_row, QpNumber(1));
  }
  if (set.domain == AffineSet::Domain::simplex) {
    qp.set_b(next_row, QpNumber(1));
    qp.set_r(next_row, CGAL::SMALLER);  // t_1 + t_2 ≤ 1
    ++next_row;
  }
}

/// A fresh program with every row an equality and every column free unless
/// set otherwise (the default constructor would make every column ≥ 0,
/// ORACLE-NOTES, pitfalls).
inline QpProgram free_program() {
  return QpProgram(CGAL::EQUAL, false, QpNumber(0), false, QpNumber(0));
}

}  // namespace sepax::oracle::detail
