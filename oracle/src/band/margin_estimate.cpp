#include "sepax/oracle/margin_estimate.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "sepax/oracle/margin.hpp"

namespace sepax::oracle {
namespace {

using Real = long double;
using V = Eigen::Matrix<Real, 3, 1>;

struct Shape {
  std::vector<V> vertices;
  std::vector<V> edges;  ///< edge directions (a box's three axes scaled, a triangle's three edges)
};

Shape shape_of(const Obb3d& b) {
  Shape s;
  for (unsigned bits = 0; bits < 8; ++bits) s.vertices.push_back(b.vertex(bits).cast<Real>());
  for (int i = 0; i < 3; ++i) s.edges.push_back(b.axes[i].cast<Real>());
  return s;
}

Shape shape_of(const Triangle3d& t) {
  Shape s;
  for (const Vec3<double>& v : t.vertices) s.vertices.push_back(v.cast<Real>());
  for (int i = 0; i < 3; ++i) s.edges.push_back((t.vertices[(i + 1) % 3] - t.vertices[i]).cast<Real>());
  return s;
}

std::pair<Real, Real> project(const Shape& s, const V& unit) {
  Real lo = std::numeric_limits<Real>::infinity(), hi = -lo;
  for (const V& v : s.vertices) {
    const Real p = unit.dot(v);
    lo = std::min(lo, p);
    hi = std::max(hi, p);
  }
  return {lo, hi};
}

}  // namespace

double estimated_margin(const ShapePair& pair, bool intersects) {
  Shape a, b;
  switch (pair.query) {
    case Query::obb_obb: a = shape_of(pair.obb_a), b = shape_of(pair.obb_b); break;
    case Query::tri_obb: a = shape_of(pair.tri_a), b = shape_of(pair.obb_b); break;
    case Query::tri_tri: a = shape_of(pair.tri_a), b = shape_of(pair.tri_b); break;
  }
  std::vector<V> edges = a.edges;
  edges.insert(edges.end(), b.edges.begin(), b.edges.end());
  std::vector<V> axes, normals;
  for (std::size_t i = 0; i < edges.size(); ++i)
    for (std::size_t j = i + 1; j < edges.size(); ++j) {
      const V l = edges[i].cross(edges[j]);
      // Skip cross products at rounding level of their factors.
      if (l.squaredNorm() > Real(1e-24) * edges[i].squaredNorm() * edges[j].squaredNorm()) {
        axes.push_back(l.normalized());
        const bool same_shape = (i < a.edges.size()) == (j < a.edges.size());
        if (same_shape) normals.push_back(axes.back());
      }
    }
  for (const V& n : normals)
    for (const V& e : edges) {
      const V l = n.cross(e);
      if (l.squaredNorm() > Real(1e-24) * e.squaredNorm()) axes.push_back(l.normalized());
    }
  Real best_gap = -std::numeric_limits<Real>::infinity();  // max over axes of the signed gap
  for (const V& l : axes) {
    const auto [alo, ahi] = project(a, l);
    const auto [blo, bhi] = project(b, l);
    best_gap = std::max(best_gap, std::max(blo - ahi, alo - bhi));
  }
  if (axes.empty()) best_gap = 0;  // two points, or parallel segments: no estimate
  const double scale = reference_length(pair);
  // The exact verdict decides the sign; the estimate only its size.
  const double size = double(std::abs(best_gap)) / scale;
  return intersects ? -(best_gap < 0 ? size : 0.0) : (best_gap > 0 ? size : 0.0);
}

}  // namespace sepax::oracle
