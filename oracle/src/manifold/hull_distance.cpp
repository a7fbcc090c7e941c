// Distance from a point to the convex hull of a few points (a manifold's
// contact polygon, at most 8 corners, nearly coplanar): the hull of coplanar
// points is the union of the triangles of their triples, so the least
// distance to those triangles (CGAL's, in double) is the distance to the
// hull. Degenerate triples become segments or points.
#include <algorithm>
#include <cmath>
#include <limits>

#include <CGAL/Simple_cartesian.h>
#include <CGAL/squared_distance_3.h>

#include "sepax/oracle/exact_manifold.hpp"

namespace sepax::oracle {
namespace {

using K = CGAL::Simple_cartesian<double>;

K::Point_3 point(const Point3& p) { return {p[0], p[1], p[2]}; }

double squared_to(const K::Point_3& x, const K::Point_3& a, const K::Point_3& b, const K::Point_3& c) {
  if (!CGAL::collinear(a, b, c)) return CGAL::squared_distance(x, K::Triangle_3(a, b, c));
  // Collinear: the longest of the three segments covers the others.
  double best = std::numeric_limits<double>::infinity();
  for (const auto& [p, q] : {std::pair{a, b}, std::pair{b, c}, std::pair{a, c}})
    best = std::min(best, p == q ? CGAL::squared_distance(x, p) : CGAL::squared_distance(x, K::Segment_3(p, q)));
  return best;
}

}  // namespace

double distance_to_hull(const Point3& p, const std::vector<Point3>& points) {
  if (points.empty()) return std::numeric_limits<double>::infinity();
  const K::Point_3 x = point(p);
  const std::size_t n = points.size();
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i; j < n; ++j)
      for (std::size_t k = j; k < n; ++k)
        best = std::min(best, squared_to(x, point(points[i]), point(points[j]), point(points[k])));
  return std::sqrt(best);
}

}  // namespace sepax::oracle
