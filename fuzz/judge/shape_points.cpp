#include "shape_points.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace sepax::fuzz::geometry {
namespace {

L3 wide(const Vec3<double>& v) { return v.cast<long double>(); }

/// The closest point of segment [a, b] to p.
L3 point_on_segment(const L3& a, const L3& b, const L3& p) {
  const L3 ab = b - a;
  const long double len2 = ab.squaredNorm();
  const long double t = len2 > 0 ? std::clamp((p - a).dot(ab) / len2, 0.0L, 1.0L) : 0.0L;
  return a + t * ab;
}

/// The distance between segments [p1, q1] and [p2, q2] (Ericson, Real-Time
/// Collision Detection §5.1.9), degenerate segments included.
long double segment_distance(const L3& p1, const L3& q1, const L3& p2, const L3& q2) {
  const L3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const long double a = d1.squaredNorm(), e = d2.squaredNorm(), f = d2.dot(r);
  long double s = 0, t = 0;
  if (a == 0 && e == 0) return (p1 - p2).norm();
  if (a == 0) {
    t = std::clamp(f / e, 0.0L, 1.0L);
  } else {
    const long double c = d1.dot(r);
    if (e == 0) {
      s = std::clamp(-c / a, 0.0L, 1.0L);
    } else {
      const long double b = d1.dot(d2), denom = a * e - b * b;
      s = denom > 0 ? std::clamp((b * f - c * e) / denom, 0.0L, 1.0L) : 0.0L;
      t = (b * s + f) / e;
      if (t < 0) t = 0, s = std::clamp(-c / a, 0.0L, 1.0L);
      else if (t > 1) t = 1, s = std::clamp((b - c) / a, 0.0L, 1.0L);
    }
  }
  return ((p1 + s * d1) - (p2 + t * d2)).norm();
}

/// A shape's vertices and edges (as vertex index pairs).
struct Polytope {
  std::array<L3, 8> v;
  int n = 0;
  std::array<std::array<int, 2>, 12> e;
  int m = 0;
};

Polytope polytope(const Obb3d& b) {
  Polytope p;
  for (unsigned bits = 0; bits < 8; ++bits) {
    L3 x = wide(b.center);
    for (int i = 0; i < 3; ++i) x += ((bits >> i) & 1u ? 1.0L : -1.0L) * (long double)b.extents[i] * wide(b.axes[i]);
    p.v[p.n++] = x;
  }
  for (int bits = 0; bits < 8; ++bits)
    for (int i = 0; i < 3; ++i)
      if (!((bits >> i) & 1)) p.e[p.m++] = {bits, bits | (1 << i)};
  return p;
}

Polytope polytope(const Triangle3d& t) {
  Polytope p;
  for (const auto& v : t.vertices) p.v[p.n++] = wide(v);
  p.e[p.m++] = {0, 1}, p.e[p.m++] = {1, 2}, p.e[p.m++] = {2, 0};
  return p;
}

}  // namespace

L3 point_in_box(const Obb3d& b, const L3& offset, const L3& p) {
  const L3 a0 = wide(b.axes[0]), a1 = wide(b.axes[1]), a2 = wide(b.axes[2]);
  const L3 c = wide(b.center) + offset, d = p - c;
  const long double det = a0.dot(a1.cross(a2));
  if (!(std::abs(det) > 0.5L)) return c;  // valid boxes are nearly orthonormal
  // p's coordinates in the box's frame (Cramer's rule), clamped to the extents.
  const long double x[3] = {d.dot(a1.cross(a2)) / det, a0.dot(d.cross(a2)) / det, a0.dot(a1.cross(d)) / det};
  const L3* axes[3] = {&a0, &a1, &a2};
  L3 q = c;
  for (int i = 0; i < 3; ++i) {
    const long double e = b.extents[i];
    q += std::clamp(x[i], -e, e) * *axes[i];
  }
  return q;
}

L3 point_in_triangle(const Triangle3d& t, const L3& offset, const L3& p) {
  const L3 u[3] = {wide(t.vertices[0]) + offset, wide(t.vertices[1]) + offset, wide(t.vertices[2]) + offset};
  const L3 n = (u[1] - u[0]).cross(u[2] - u[0]);
  if (n.squaredNorm() > 0) {
    bool inside = true;  // p's projection on the inner side of every edge
    for (int i = 0; i < 3; ++i) inside = inside && (u[(i + 1) % 3] - u[i]).cross(p - u[i]).dot(n) >= 0;
    if (inside) return p - ((p - u[0]).dot(n) / n.squaredNorm()) * n;
  }
  L3 best = point_on_segment(u[0], u[1], p);
  for (int i = 1; i < 3; ++i) {
    const L3 q = point_on_segment(u[i], u[(i + 1) % 3], p);
    if ((q - p).squaredNorm() < (best - p).squaredNorm()) best = q;
  }
  return best;
}

L3 point_in_shape(const ShapePair& pair, bool a, const L3& offset, const L3& p) {
  const bool box = pair.query == Query::obb_obb || (pair.query == Query::tri_obb && !a);
  if (box) return point_in_box(a ? pair.obb_a : pair.obb_b, offset, p);
  return point_in_triangle(a ? pair.tri_a : pair.tri_b, offset, p);
}

long double distance_upper_bound(const ShapePair& pair, const L3& offset_a, const L3& offset_b, long double enough) {
  const bool a_box = pair.query == Query::obb_obb, b_box = pair.query != Query::tri_tri;
  Polytope pa = a_box ? polytope(pair.obb_a) : polytope(pair.tri_a);
  Polytope pb = b_box ? polytope(pair.obb_b) : polytope(pair.tri_b);
  for (int i = 0; i < pa.n; ++i) pa.v[i] += offset_a;
  for (int i = 0; i < pb.n; ++i) pb.v[i] += offset_b;
  long double scale = 0;
  for (int i = 0; i < pa.n; ++i) scale = std::max(scale, pa.v[i].cwiseAbs().maxCoeff());
  for (int i = 0; i < pb.n; ++i) scale = std::max(scale, pb.v[i].cwiseAbs().maxCoeff());
  // The points were formed in long double: allow some dozens of its roundings of the coordinates.
  const long double slack = 64 * std::numeric_limits<long double>::epsilon() * scale;
  long double best = std::numeric_limits<long double>::infinity();
  const auto done = [&] { return best + slack <= enough; };
  for (int i = 0; i < pa.n && !done(); ++i)
    best = std::min(best, (pa.v[i] - point_in_shape(pair, false, offset_b, pa.v[i])).norm());
  for (int i = 0; i < pb.n && !done(); ++i)
    best = std::min(best, (pb.v[i] - point_in_shape(pair, true, offset_a, pb.v[i])).norm());
  for (int i = 0; i < pa.m && !done(); ++i)
    for (int j = 0; j < pb.m; ++j)
      best = std::min(best, segment_distance(pa.v[pa.e[i][0]], pa.v[pa.e[i][1]], pb.v[pb.e[j][0]], pb.v[pb.e[j][1]]));
  return best + slack;
}

long double swept_distance_upper_bound(const ShapePair& pair, const LinearMotiond& motion, long double enough) {
  const L3 va = motion.velocity_a.cast<long double>(), vb = motion.velocity_b.cast<long double>();
  long double best = std::numeric_limits<long double>::infinity();
  const auto at = [&](long double t) {
    const long double d = distance_upper_bound(pair, t * va, t * vb, enough);
    best = std::min(best, d);
    return d;
  };
  // Golden-section search over [0, T]; every evaluation is itself an upper bound.
  const long double g = 0.6180339887498948482L;
  long double lo = 0, hi = motion.duration;
  if (at(lo) <= enough || at(hi) <= enough) return best;
  long double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
  long double f1 = at(x1), f2 = at(x2);
  for (int i = 0; i < 12 && hi > lo && best > enough; ++i) {
    if (f1 <= f2) hi = x2, x2 = x1, f2 = f1, x1 = hi - g * (hi - lo), f1 = at(x1);
    else lo = x1, x1 = x2, f1 = f2, x2 = lo + g * (hi - lo), f2 = at(x2);
  }
  return best;
}

long double swept_depth_upper_bound(const ShapePair& pair, const LinearMotiond& motion) {
  const bool a_box = pair.query == Query::obb_obb, b_box = pair.query != Query::tri_tri;
  const Polytope pa = a_box ? polytope(pair.obb_a) : polytope(pair.tri_a);
  const Polytope pb = b_box ? polytope(pair.obb_b) : polytope(pair.tri_b);
  const L3 sweep = (long double)motion.duration * (motion.velocity_b - motion.velocity_a).cast<long double>();
  // Edge directions of both shapes, and the sweep.
  std::array<L3, 7> dirs;
  int n = 0;
  const auto add_dirs = [&](const Polytope& p, bool box, const Obb3d& b) {
    if (box)
      for (const auto& axis : b.axes) dirs[n++] = wide(axis);
    else
      for (int i = 0; i < 3; ++i) dirs[n++] = p.v[(i + 1) % 3] - p.v[i];
  };
  add_dirs(pa, a_box, pair.obb_a);
  add_dirs(pb, b_box, pair.obb_b);
  dirs[n++] = sweep;
  // The shortest translation of A along L that separates its projection from
  // the swept B's, over |L|: an upper bound of the depth (the shortest
  // separating translation in any direction). Not the length of the two
  // intervals' intersection, which can be far less (a flat triangle inside a
  // box along its normal: 0). Never below 0: the exact sets meet.
  const auto overlap = [&](const L3& l) {
    const long double len = l.norm();
    if (!(len > 0)) return std::numeric_limits<long double>::infinity();
    long double alo = INFINITY, ahi = -INFINITY, blo = INFINITY, bhi = -INFINITY;
    for (int i = 0; i < pa.n; ++i) alo = std::min(alo, pa.v[i].dot(l)), ahi = std::max(ahi, pa.v[i].dot(l));
    for (int i = 0; i < pb.n; ++i) blo = std::min(blo, pb.v[i].dot(l)), bhi = std::max(bhi, pb.v[i].dot(l));
    const long double s = sweep.dot(l);
    const long double swept_lo = blo + std::min(0.0L, s), swept_hi = bhi + std::max(0.0L, s);
    return std::max(0.0L, std::min(ahi - swept_lo, swept_hi - alo)) / len;
  };
  long double best = std::numeric_limits<long double>::infinity(), scale = 0;
  const auto face_normals = [&](const Polytope& p, bool box) {
    if (!box) best = std::min(best, overlap((p.v[1] - p.v[0]).cross(p.v[2] - p.v[0])));
  };
  face_normals(pa, a_box);
  face_normals(pb, b_box);
  for (int i = 0; i < n; ++i) {
    best = std::min(best, overlap(dirs[i]));  // box faces (and, harmlessly, edges and W)
    for (int j = i + 1; j < n; ++j) best = std::min(best, overlap(dirs[i].cross(dirs[j])));
  }
  for (int i = 0; i < pa.n; ++i) scale = std::max(scale, pa.v[i].cwiseAbs().maxCoeff());
  for (int i = 0; i < pb.n; ++i) scale = std::max(scale, pb.v[i].cwiseAbs().maxCoeff());
  return best + 64 * std::numeric_limits<long double>::epsilon() * (scale + sweep.cwiseAbs().maxCoeff());
}

}  // namespace sepax::fuzz::geometry
