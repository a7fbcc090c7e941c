// Tilted copies: the construction behind the near-parallel and ultra-parallel
// families (why they exist: family_near_parallel.cpp).
//
// The shapes. obb_obb: A has a uniformly random frame (one time in five a
// signed permutation of the coordinate axes, so that in float B's tiny
// off-axis components survive rounding), extents log-uniform in [0.1, 2]; B's
// frame is A's rotated by θ, and B's extents are A's (half the time: B is A's
// very shape, turned) or drawn independently. tri_tri: A is a well-shaped
// random triangle (no angle below 20°: slivers belong to degenerate-shapes),
// B is A rotated by θ about A's centroid or one of its vertices (then they
// share that vertex). tri_obb: the triangle is built on the box's geometry —
// three corners of a face, or of a diagonal section (through two opposite
// edges), so its edges run along box edges, rotated by θ about the triangle's
// centroid or a vertex; or, half the time, a triangle with legs of random
// lengths along two box axes turned by θ, centred at a random point of the
// box's inner half.
//
// The rotation axis: one of the frame's axes (B shares that axis exactly:
// A_i × B_i = 0 in every scalar), a direction in the plane of two of them, or
// a uniformly random one; for triangles also the triangle's normal (an
// in-plane spin) or one of its edges (a hinge). Rotations use rotate_small
// (Rodrigues, Taylor series: no libm), applied to the stored A, so B's axes
// are orthonormal to the precision of A's and the float ones pass validate().
//
// The placement. Before the offset the shapes share a point (the box centre,
// the pivot), so they intersect. B then moves along a direction u — a face
// normal of A's frame, an edge diagonal, a corner diagonal or a uniformly
// random direction; for triangles also along an edge, across one in its
// plane, or along the normal — by a length d read off g(d), the largest gap
// over candidate axes (face normals, edge × edge products that are not
// rounding noise, and each triangle's in-plane edge normals) of A and B + d·u.
// g is −(penetration depth) while the shapes overlap and a lower bound of the
// distance once they are apart; it is convex in d, so each level is crossed
// once on the way out. d is: a uniform fraction of the way from the start to
// touching (7 pairs in 12: overlaps from full depth — about −0.58 of the
// larger diameter for equal cubes — to nearly touching), the crossing of
// ±ℓ·2^−k (2 in 12: near touching, both sides, down to below the scalar's
// resolution), or the crossing of a gap in (0, 0.1·ℓ] (3 in 12: clear separation),
// with ℓ the larger shape diameter (the oracle's reference length, SPEC §4).
// Measured with the exact oracle over 2000 cases: 55–67 % of the pairs
// intersect; box margins span −0.50..+0.13, triangle–box −0.39..+0.13.
// Nearly coplanar triangles cannot overlap deeper than θ·size (one of them is
// almost flat along the other's normal): their deep overlaps are large shared
// areas at a margin of nearly 0.
#include "families/tilted_copy.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "building/placement.hpp"

namespace sepax::gen::detail {
namespace {

constexpr double kMinSize = 0.1;
constexpr double kMaxSize = 2.0;

Vec3d unit(const Vec3d& v) { return v / v.norm(); }

// ---- the tilt -------------------------------------------------------------------

double tilt_angle(Source& source, TiltRange range) {
  const double sign = random_sign(source);
  return sign * log_uniform(source, range.min_angle, range.max_angle);
}

// A rotation axis named by the frame: one of its axes, a direction in the
// plane of two of them, or uniformly random.
Vec3d frame_tilt_axis(Source& source, const Axes& axes) {
  switch (pick(source, std::array{1, 1, 2})) {
    case 0:
      return axes[uniform_int(source, 0, 2)];
    case 1: {
      const int i = uniform_int(source, 0, 2);
      const auto cs = random_unit_2d(source);
      return unit(cs[0] * axes[(i + 1) % 3] + cs[1] * axes[(i + 2) % 3]);
    }
    default:
      return random_unit_vector(source);
  }
}

Vec3d triangle_normal(const Triangle3d& tri) {
  const auto& v = tri.vertices;
  return (v[1] - v[0]).cross(v[2] - v[0]);
}

// A rotation axis named by the triangle: its normal (B stays in A's plane),
// one of its edges (a hinge), a direction in its plane, or uniformly random.
Vec3d triangle_tilt_axis(Source& source, const Triangle3d& tri) {
  const Vec3d n = triangle_normal(tri);
  const int kind = pick(source, std::array{1, 1, 1, 2});
  if (n == Vec3d::Zero()) return random_unit_vector(source);
  const Vec3d e = tri.vertices[1] - tri.vertices[0];
  switch (kind) {
    case 0:
      return unit(n);
    case 1: {
      const int i = uniform_int(source, 0, 2);
      return unit(tri.vertices[(i + 1) % 3] - tri.vertices[i]);
    }
    case 2: {
      const auto cs = random_unit_2d(source);
      return unit(cs[0] * unit(e) + cs[1] * unit(n.cross(e)));
    }
    default:
      return random_unit_vector(source);
  }
}

// The triangle's centroid or one of its vertices.
Vec3d pivot_of(Source& source, const Triangle3d& tri) {
  if (source.coin()) return tri.vertices[uniform_int(source, 0, 2)];
  return (tri.vertices[0] + tri.vertices[1] + tri.vertices[2]) / 3;
}

Triangle3d rotated(const Triangle3d& tri, const Vec3d& pivot, const Vec3d& axis, double angle) {
  Triangle3d out;
  for (int k = 0; k < 3; ++k) {
    out.vertices[k] = pivot + rotate_small(Vec3d(tri.vertices[k] - pivot), axis, angle);
  }
  return out;
}

// ---- directions of the offset -------------------------------------------------------

// A face normal, an edge diagonal or a corner diagonal of the frame, or a
// uniformly random direction.
Vec3d frame_direction(Source& source, const Axes& axes) {
  switch (pick(source, std::array{1, 1, 1, 1})) {
    case 0: {
      const int i = uniform_int(source, 0, 2);
      const double s = random_sign(source);
      return s * axes[i];
    }
    case 1: {
      const int i = uniform_int(source, 0, 2);
      const double sj = random_sign(source);
      const double sk = random_sign(source);
      return unit(sj * axes[(i + 1) % 3] + sk * axes[(i + 2) % 3]);
    }
    case 2: {
      const double s0 = random_sign(source);
      const double s1 = random_sign(source);
      const double s2 = random_sign(source);
      return unit(s0 * axes[0] + s1 * axes[1] + s2 * axes[2]);
    }
    default:
      return random_unit_vector(source);
  }
}

// In the triangle's plane (along an edge, across an edge, or random in the
// plane), along its normal, or uniformly random.
Vec3d triangle_direction(Source& source, const Triangle3d& tri) {
  const Vec3d n = triangle_normal(tri);
  const int kind = pick(source, std::array{1, 1, 1, 1, 1});
  if (n == Vec3d::Zero()) return random_unit_vector(source);
  const double sign = random_sign(source);
  const int i = uniform_int(source, 0, 2);
  const Vec3d e = unit(tri.vertices[(i + 1) % 3] - tri.vertices[i]);
  switch (kind) {
    case 0:
      return sign * e;
    case 1:
      return sign * unit(n.cross(e));
    case 2: {
      const auto cs = random_unit_2d(source);
      return unit(cs[0] * e + cs[1] * unit(n.cross(e)));
    }
    case 3:
      return sign * unit(n);
    default:
      return random_unit_vector(source);
  }
}

// ---- how far to move B ----------------------------------------------------------------

double diameter(const Obb3d& box) {
  return 2 * Vec3d(box.extents[0], box.extents[1], box.extents[2]).norm();
}

double diameter(const Triangle3d& tri) {
  const auto& v = tri.vertices;
  return std::max({(v[1] - v[0]).norm(), (v[2] - v[1]).norm(), (v[0] - v[2]).norm()});
}

// The larger diameter (box diagonal, longest triangle edge): what the
// oracle's margin is relative to.
double reference_length(const ShapePair& pair) {
  double la = 0, lb = 0;
  switch (pair.query) {
    case Query::obb_obb:
      la = diameter(pair.obb_a), lb = diameter(pair.obb_b);
      break;
    case Query::tri_obb:
      la = diameter(pair.tri_a), lb = diameter(pair.obb_b);
      break;
    case Query::tri_tri:
      la = diameter(pair.tri_a), lb = diameter(pair.tri_b);
      break;
  }
  const double l = std::max(la, lb);
  return l > 0 ? l : 1;
}

// g(d): the largest gap, over candidate axes, between A and B translated by
// d·u (see the file comment). Each axis contributes max(ahead, behind), two
// lines in d, so g is convex and piecewise linear.
class OffsetGap {
 public:
  OffsetGap(const Features& a, const Features& b, const Vec3d& u) {
    std::vector<Vec3d> axes = a.face_normals;
    axes.insert(axes.end(), b.face_normals.begin(), b.face_normals.end());
    for (const Vec3d& e : a.edge_directions) {
      for (const Vec3d& f : b.edge_directions) {
        // Nearly parallel edges: the product is mostly rounding; leaving it
        // out moves g by at most ~1e-6 of the size.
        const Vec3d c = e.cross(f);
        if (c.norm() > 1e-6 * e.norm() * f.norm()) axes.push_back(c);
      }
    }
    // A triangle's in-plane edge normals: the axes that separate (nearly)
    // coplanar triangles (Eberly Table 6).
    for (const Features* t : {&a, &b}) {
      if (t->points.size() != 3 || t->face_normals.empty()) continue;
      for (const Features* s : {&a, &b}) {
        for (const Vec3d& e : s->edge_directions) axes.push_back(t->face_normals[0].cross(e));
      }
    }
    for (const Vec3d& c : axes) {
      if (c == Vec3d::Zero()) continue;
      const Vec3d L = unit(c);
      Projection p{HUGE_VAL, -HUGE_VAL, HUGE_VAL, -HUGE_VAL, L.dot(u)};
      for (const Vec3d& x : a.points) {
        p.lo_a = std::min(p.lo_a, L.dot(x));
        p.hi_a = std::max(p.hi_a, L.dot(x));
      }
      for (const Vec3d& x : b.points) {
        p.lo_b = std::min(p.lo_b, L.dot(x));
        p.hi_b = std::max(p.hi_b, L.dot(x));
      }
      projections_.push_back(p);
    }
  }

  double operator()(double d) const {
    double g = -HUGE_VAL;
    for (const Projection& p : projections_) {
      const double ahead = p.lo_b + d * p.rate - p.hi_a;
      const double behind = p.lo_a - (p.hi_b + d * p.rate);
      g = std::max({g, ahead, behind});
    }
    return g;
  }

  // The smallest d ≥ 0 with g(d) ≥ level (0 when g(0) ≥ level already).
  double crossing(double level) const {
    if ((*this)(0) >= level) return 0;
    double lo = 0;
    double hi = 1;
    for (int i = 0; i < 200 && (*this)(hi) < level; ++i) lo = hi, hi *= 2;
    for (int i = 0; i < 100; ++i) {
      const double mid = lo + (hi - lo) / 2;
      if (mid <= lo || mid >= hi) break;
      ((*this)(mid) < level ? lo : hi) = mid;
    }
    return hi;
  }

 private:
  struct Projection {
    double lo_a, hi_a, lo_b, hi_b;
    double rate;  ///< how fast B's projection moves per unit of d
  };
  std::vector<Projection> projections_;
};

// The length of B's offset along u from the shared-point start (file comment).
double offset_length(Source& source, const OffsetGap& gap, double length, ScalarKind scalar) {
  const int digits = scalar == ScalarKind::float32 ? 24 : 53;
  switch (pick(source, std::array{7, 2, 3})) {
    case 0: {  // overlapping: part of the way out
      const double fraction = source.unit();
      return fraction * gap.crossing(0);
    }
    case 1: {  // near touching, on either side
      const double sign = random_sign(source);
      return gap.crossing(sign * length * pow2_uniform(source, -(digits + 4), -5));
    }
    default: {  // clearly apart, by up to a tenth of the larger diameter
      const double fraction = 1 - source.unit();
      return gap.crossing(0.1 * length * fraction);
    }
  }
}

// How far (signed, along u) the second shape should move from where it is.
double offset_of_b(Source& source, const ShapePair& pair, const Vec3d& u, ScalarKind scalar) {
  const OffsetGap gap(features_a(pair), features_b(pair), u);
  return offset_length(source, gap, reference_length(pair), scalar);
}

// ---- the shapes --------------------------------------------------------------------

Axes stored_frame(Source& source, ScalarKind scalar) {
  Axes axes = chance(source, 0.2) ? random_signed_permutation(source) : random_rotation(source);
  for (Vec3d& a : axes) a = to_scalar(a, scalar);
  return axes;
}

std::array<double, 3> random_extents(Source& source, ScalarKind scalar) {
  std::array<double, 3> e{log_uniform(source, kMinSize, kMaxSize),
                          log_uniform(source, kMinSize, kMaxSize),
                          log_uniform(source, kMinSize, kMaxSize)};
  for (double& x : e) x = to_scalar(x, scalar);
  return e;
}

Vec3d random_center(Source& source, ScalarKind scalar) {
  const Vec3d c{source.uniform(-2, 2), source.uniform(-2, 2), source.uniform(-2, 2)};
  return to_scalar(c, scalar);
}

// A triangle without slivers, in a random plane through `center`: base
// (−size, 0)–(size, 0) and apex size·(x, y) with |x| ≤ 0.6, 0.6 ≤ y ≤ 1.5 in
// that plane, so every angle is at least atan(0.6/1.6) ≈ 20°. Slivers belong
// to degenerate-shapes; here a tilt must show in the edges. Built from a
// fixed number of draws (no rejection), so that it shrinks quickly.
Triangle3d well_shaped_triangle(Source& source, const Vec3d& center, double size) {
  const Axes frame = random_rotation(source);
  const double x = source.uniform(-0.6, 0.6);
  const double y = source.uniform(0.6, 1.5);
  Triangle3d tri;
  tri.vertices = {center - size * frame[0], center + size * frame[0],
                  center + size * (x * frame[0] + y * frame[1])};
  shuffle_vertices(source, tri);
  return tri;
}

void round_triangle(Triangle3d& tri, ScalarKind scalar) {
  for (Vec3d& v : tri.vertices) v = to_scalar(v, scalar);
}

ShapePair boxes(Source& source, ScalarKind scalar, TiltRange range) {
  ShapePair pair;
  pair.query = Query::obb_obb;
  const Axes axes_a = stored_frame(source, scalar);
  const Vec3d center = random_center(source, scalar);
  const std::array<double, 3> extents_a = random_extents(source, scalar);
  pair.obb_a = make_box(center, axes_a, extents_a);
  const double angle = tilt_angle(source, range);
  const Vec3d axis = frame_tilt_axis(source, axes_a);
  const std::array<double, 3> extents_b =
      source.coin() ? extents_a : random_extents(source, scalar);
  pair.obb_b = make_box(center, rotate_small(axes_a, axis, angle), extents_b);
  const Vec3d u = frame_direction(source, axes_a);
  pair.obb_b.center += offset_of_b(source, pair, u, scalar) * u;
  if (source.coin()) swap_shapes(pair);
  round_to_scalar(pair, scalar);
  return pair;
}

ShapePair triangles(Source& source, ScalarKind scalar, TiltRange range) {
  ShapePair pair;
  pair.query = Query::tri_tri;
  const Vec3d center = random_center(source, scalar);
  const double size = log_uniform(source, kMinSize, kMaxSize);
  pair.tri_a = well_shaped_triangle(source, center, size);
  round_triangle(pair.tri_a, scalar);
  const double angle = tilt_angle(source, range);
  const Vec3d pivot = pivot_of(source, pair.tri_a);
  const Vec3d axis = triangle_tilt_axis(source, pair.tri_a);
  pair.tri_b = rotated(pair.tri_a, pivot, axis, angle);
  const Vec3d u = triangle_direction(source, pair.tri_a);
  translate_b(pair, offset_of_b(source, pair, u, scalar) * u);
  shuffle_vertices(source, pair.tri_b);
  if (source.coin()) swap_shapes(pair);
  round_to_scalar(pair, scalar);
  return pair;
}

// Three of the four corners of a face of the box, or of the diagonal section
// through the edge along axis i at (sj, sk) and the opposite edge.
Triangle3d corner_triangle(Source& source, const Obb3d& box) {
  const int i = uniform_int(source, 0, 2);
  const int j = (i + 1) % 3, k = (i + 2) % 3;
  const Vec3d ai = box.extents[i] * box.axes[i];
  const Vec3d aj = box.extents[j] * box.axes[j];
  const Vec3d ak = box.extents[k] * box.axes[k];
  std::array<Vec3d, 4> corners;
  if (source.coin()) {  // the face at s·A_i, corners in cyclic order
    const double s = random_sign(source);
    const Vec3d c = box.center + s * ai;
    corners = {c + aj + ak, c - aj + ak, c - aj - ak, c + aj - ak};
  } else {  // the section through opposite edges along A_i
    const double sj = random_sign(source);
    const double sk = random_sign(source);
    const Vec3d d = sj * aj + sk * ak;
    corners = {box.center + d + ai, box.center + d - ai, box.center - d - ai,
               box.center - d + ai};
  }
  const int skip = uniform_int(source, 0, 3);
  Triangle3d tri;
  int n = 0;
  for (int c = 0; c < 4; ++c) {
    if (c != skip) tri.vertices[n++] = corners[c];
  }
  return tri;
}

// Legs of random lengths and signs along two of the (already turned) box
// axes, centred at a random point of the box's inner half.
Triangle3d legs_triangle(Source& source, const Obb3d& box, const Axes& turned) {
  const int i = uniform_int(source, 0, 2);
  const int j = (i + 1) % 3, k = (i + 2) % 3;
  const double sj = random_sign(source);
  const double sk = random_sign(source);
  const double lj = log_uniform(source, kMinSize, kMaxSize);
  const double lk = log_uniform(source, kMinSize, kMaxSize);
  const std::array<double, 3> x{source.uniform(-0.5, 0.5), source.uniform(-0.5, 0.5),
                                source.uniform(-0.5, 0.5)};
  Triangle3d tri;
  tri.vertices = {Vec3d::Zero(), sj * lj * turned[j], sk * lk * turned[k]};
  Vec3d target = box.center;
  for (int m = 0; m < 3; ++m) target += x[m] * box.extents[m] * box.axes[m];
  const Vec3d shift = target - (tri.vertices[1] + tri.vertices[2]) / 3;
  for (Vec3d& v : tri.vertices) v += shift;
  return tri;
}

ShapePair triangle_box(Source& source, ScalarKind scalar, TiltRange range) {
  ShapePair pair;
  pair.query = Query::tri_obb;
  const Axes axes = stored_frame(source, scalar);
  const Vec3d center = random_center(source, scalar);
  pair.obb_b = make_box(center, axes, random_extents(source, scalar));
  const double angle = tilt_angle(source, range);
  if (source.coin()) {
    const Triangle3d corners = corner_triangle(source, pair.obb_b);
    const Vec3d pivot = pivot_of(source, corners);
    const Vec3d axis =
        chance(source, 0.25) ? triangle_tilt_axis(source, corners) : frame_tilt_axis(source, axes);
    pair.tri_a = rotated(corners, pivot, axis, angle);
  } else {
    const Vec3d axis = frame_tilt_axis(source, axes);
    pair.tri_a = legs_triangle(source, pair.obb_b, rotate_small(axes, axis, angle));
  }
  const Vec3d u = chance(source, 2.0 / 3) ? frame_direction(source, axes)
                                           : triangle_direction(source, pair.tri_a);
  // The box keeps its stored numbers; the triangle moves the opposite way.
  const Vec3d shift = -offset_of_b(source, pair, u, scalar) * u;
  for (Vec3d& v : pair.tri_a.vertices) v += shift;
  shuffle_vertices(source, pair.tri_a);
  round_to_scalar(pair, scalar);
  return pair;
}

}  // namespace

ShapePair tilted_copy_pair(Query query, ScalarKind scalar, Source& source, TiltRange range) {
  switch (query) {
    case Query::obb_obb:
      return boxes(source, scalar, range);
    case Query::tri_obb:
      return triangle_box(source, scalar, range);
    case Query::tri_tri:
      return triangles(source, scalar, range);
  }
  return boxes(source, scalar, range);
}

}  // namespace sepax::gen::detail
