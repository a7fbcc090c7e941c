// The certified triangle–triangle test's exact test for flat pairs (tri_tri_certified.hpp):
// the separating-axis test in GMP rationals over an axis set that is complete
// for every pair of closed triangles, degenerate ones included. The
// triangles are disjoint exactly when P − Q misses the origin; P − Q is a
// polytope whose edges are parallel to the six edge vectors, so:
//  - full-dimensional: its facet normals are crosses of two edge vectors;
//  - planar (every cross parallel to one n): n, then the in-plane edge
//    normals n × e;
//  - on parallel lines (every cross 0): the component of q0 − p0 normal to
//    the lines, then the lines' direction;
//  - two points: q0 − p0.
// Extra axes cost time, never the verdict: any axis that separates does.
#include <array>

#include "certified/rational_vec.hpp"
#include "sepax/core/static/tri_tri_certified.hpp"

namespace sepax::tri_tri {
namespace {

using Q = certified::Rational;
using QV = certified::RationalVec;
using certified::cross;
using certified::dot;
using certified::exact;
using certified::is_zero;
using certified::minus;

struct Pair {
  std::array<QV, 3> p, q;

  /// Strictly disjoint projections onto l (a zero l never separates).
  bool separated_along(const QV& l) const {
    if (is_zero(l)) return false;
    Q p_lo, p_hi, q_lo, q_hi;
    for (int k = 0; k < 3; ++k) {
      const Q s = dot(p[k], l), t = dot(q[k], l);
      if (k == 0 || s < p_lo) p_lo = s;
      if (k == 0 || s > p_hi) p_hi = s;
      if (k == 0 || t < q_lo) q_lo = t;
      if (k == 0 || t > q_hi) q_hi = t;
    }
    return p_hi < q_lo || q_hi < p_lo;
  }
};

}  // namespace

bool intersects_exact(const Triangle3<double>& a, const Triangle3<double>& b) {
  Pair s;
  for (int k = 0; k < 3; ++k) {
    s.p[k] = exact(a.vertices[k]);
    s.q[k] = exact(b.vertices[k]);
  }
  const std::array<QV, 6> edges = {minus(s.p[1], s.p[0]), minus(s.p[2], s.p[1]), minus(s.p[0], s.p[2]),
                                   minus(s.q[1], s.q[0]), minus(s.q[2], s.q[1]), minus(s.q[0], s.q[2])};
  // Crosses of every two edge vectors; the first non-zero one is the plane's
  // normal when P − Q is planar.
  const QV* normal = nullptr;
  std::array<QV, 15> crosses;
  int count = 0;
  for (int i = 0; i < 6; ++i)
    for (int j = i + 1; j < 6; ++j) {
      QV& c = crosses[count++];
      c = cross(edges[i], edges[j]);
      if (is_zero(c)) continue;
      if (!normal) normal = &c;
      if (s.separated_along(c)) return false;
    }
  if (normal) {
    for (const QV& e : edges)
      if (s.separated_along(cross(*normal, e))) return false;
    return true;
  }
  // Every edge vector parallel (or zero): two segments or points on lines
  // parallel to `line`.
  const QV between = minus(s.q[0], s.p[0]);
  for (const QV& line : edges) {
    if (is_zero(line)) continue;
    return !s.separated_along(cross(line, cross(between, line))) && !s.separated_along(line);
  }
  return is_zero(between);
}

}  // namespace sepax::tri_tri
