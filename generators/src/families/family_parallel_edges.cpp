// Family "parallel-edges" (SPEC §5): edges of A and B parallel or nearly so —
// the configurations where the edge × edge axes A_i × B_j (or E_i × B_j,
// E_i × F_j) are tiny, dominated by rounding, or exactly zero, and a kernel
// must neither trust them nor miss the separation they would have shown.
//
// B's direction is A's rotated by θ: exactly 0 one time in five (axes or edge
// directions shared exactly; exact even in float when the frame is a signed
// permutation of the coordinate axes), else log-uniform in [1e-8, 1e-2] rad.
// The rotation axis is usually chosen so the tilt stays in the plane tangent
// to the contact (then the edges are skew and the edge × edge axis is the one
// that decides), sometimes it is a random axis, and for boxes sometimes A_i
// itself (B shares exactly one axis with A). The pair is placed edge to edge
// across the outward diagonal n of A's edge with a gap of the order of θ times
// the edge length: small enough that the face axes overlap while the edge
// axis may separate.
#include <algorithm>

#include "families/families.hpp"
#include "building/placement.hpp"

namespace sepax::gen::detail {
namespace {

constexpr double kMinAngle = 1e-8;
constexpr double kMaxAngle = 1e-2;

double tilt_angle(Source& source) {
  if (chance(source, 0.2)) return 0;
  const double sign = random_sign(source);
  return sign * log_uniform(source, kMinAngle, kMaxAngle);
}

Axes stored_frame(Source& source, bool axis_aligned, ScalarKind scalar) {
  Axes axes = axis_aligned ? random_signed_permutation(source) : random_rotation(source);
  for (Vec3d& a : axes) a = to_scalar(a, scalar);
  return axes;
}

// The rotation axis for the tilt of an edge along `edge` whose contact
// normal is `normal`: tangent to the contact (normal + α·edge) or random.
Vec3d tilt_axis(Source& source, const Vec3d& normal, const Vec3d& edge) {
  if (chance(source, 0.3)) return random_unit_vector(source);
  const double alpha = source.uniform(-1, 1);
  const Vec3d axis = normal + alpha * edge;
  return axis / axis.norm();
}

// The gap across the edge contact: of the order of θ·length (the lateral
// drift of the tilted edge), or a generic boundary gap.
double edge_gap(Source& source, double angle, double length, ScalarKind scalar) {
  if (chance(source, 0.6)) {
    const double sign = random_sign(source);
    const double scale = std::max(std::abs(angle), unit_roundoff(scalar));
    return sign * length * scale * pow2_uniform(source, -3, 3);
  }
  return boundary_gap(source, length, scalar);
}

// An edge of a box: axis i, the other two axes' signs, and the outward
// diagonal n (between the two faces meeting at the edge).
struct BoxEdge {
  int i, j, k;
  double sj, sk;
  Vec3d normal;
};

BoxEdge random_edge(Source& source, const Axes& axes) {
  BoxEdge e;
  e.i = uniform_int(source, 0, 2);
  e.j = (e.i + 1) % 3;
  e.k = (e.i + 2) % 3;
  e.sj = random_sign(source);
  e.sk = random_sign(source);
  const auto cs = random_unit_2d(source, true, 0.1);
  e.normal = e.sj * cs[0] * axes[e.j] + e.sk * cs[1] * axes[e.k];
  e.normal /= e.normal.norm();
  return e;
}

// A point on the edge of `box` selected by (edge.sj, edge.sk) or, with
// `opposite`, on the parallel edge diagonally across.
Vec3d point_on_edge(Source& source, const Obb3d& box, const BoxEdge& edge, bool opposite) {
  const double s = opposite ? -1 : 1;
  const double x = source.uniform(-0.8, 0.8);
  return box.center + s * edge.sj * box.extents[edge.j] * box.axes[edge.j] +
         s * edge.sk * box.extents[edge.k] * box.axes[edge.k] +
         x * box.extents[edge.i] * box.axes[edge.i];
}

ShapePair boxes(Source& source, ScalarKind scalar) {
  ShapePair pair;
  pair.query = Query::obb_obb;
  const bool axis_aligned = chance(source, 0.3);
  const Axes axes_a = stored_frame(source, axis_aligned, scalar);
  const Vec3d center_a{source.uniform(-1, 1), source.uniform(-1, 1), source.uniform(-1, 1)};
  pair.obb_a = make_box(
      center_a, axes_a,
      {log_uniform(source, 0.25, 2), log_uniform(source, 0.25, 2), log_uniform(source, 0.25, 2)});
  const BoxEdge edge = random_edge(source, axes_a);
  const double angle = tilt_angle(source);
  Vec3d axis = tilt_axis(source, edge.normal, axes_a[edge.i]);
  if (chance(source, 0.25)) axis = axes_a[edge.i];  // B shares A_i exactly
  const Axes axes_b = angle == 0 ? axes_a : rotate_small(axes_a, axis, angle);
  pair.obb_b = make_box(
      Vec3d::Zero(), axes_b,
      {log_uniform(source, 0.25, 2), log_uniform(source, 0.25, 2), log_uniform(source, 0.25, 2)});
  const Vec3d p = point_on_edge(source, pair.obb_a, edge, false);
  const Vec3d q = point_on_edge(source, pair.obb_b, edge, true);
  const double length = std::min(pair.obb_a.extents[edge.i], pair.obb_b.extents[edge.i]);
  pair.obb_b.center = p - q + edge_gap(source, angle, length, scalar) * edge.normal;
  round_to_scalar(pair, scalar);
  return pair;
}

// A triangle with edge V0V1 along `direction` (through the origin) and its
// apex toward `apex_direction`, at a random offset along the edge.
Triangle3d fin(Source& source, const Vec3d& direction, const Vec3d& apex_direction) {
  const double back = log_uniform(source, 0.2, 1.5);
  const double forward = log_uniform(source, 0.2, 1.5);
  const double height = log_uniform(source, 0.2, 1.5);
  const double offset = source.uniform(-back, forward);
  Triangle3d tri;
  tri.vertices = {-back * direction, forward * direction,
                  height * apex_direction + offset * direction};
  return tri;
}

Vec3d point_on_segment(Source& source, const Vec3d& a, const Vec3d& b) {
  const double t = source.uniform(0.1, 0.9);
  return a + t * (b - a);
}

// With θ = 0 the edge V0V1 must stay exactly parallel to `direction` after
// rounding: rebuild V1 from the stored V0. Exact when `direction` is a
// coordinate axis (only one coordinate changes), near-exact otherwise.
void keep_edge_parallel(Triangle3d& tri, const Vec3d& direction, ScalarKind scalar) {
  Vec3d& v0 = tri.vertices[0];
  Vec3d& v1 = tri.vertices[1];
  const double length = (v1 - v0).dot(direction);
  v0 = to_scalar(v0, scalar);
  v1 = to_scalar(Vec3d(v0 + length * direction), scalar);
}

ShapePair triangle_box(Source& source, ScalarKind scalar) {
  ShapePair pair;
  pair.query = Query::tri_obb;
  const bool axis_aligned = chance(source, 0.3);
  const Axes axes_b = stored_frame(source, axis_aligned, scalar);
  const Vec3d center_b{source.uniform(-1, 1), source.uniform(-1, 1), source.uniform(-1, 1)};
  pair.obb_b = make_box(
      center_b, axes_b,
      {log_uniform(source, 0.25, 2), log_uniform(source, 0.25, 2), log_uniform(source, 0.25, 2)});
  const BoxEdge edge = random_edge(source, axes_b);
  const Vec3d& u = axes_b[edge.i];
  const Vec3d m = u.cross(edge.normal);
  const double angle = tilt_angle(source);
  const Vec3d axis = tilt_axis(source, edge.normal, u);
  const Vec3d direction = angle == 0 ? u : rotate_small(u, axis, angle);
  // The apex on the +n side: the triangle's support toward −n is its edge.
  const auto cs = random_unit_2d(source, true, 0.1);
  const double side = random_sign(source);
  pair.tri_a = fin(source, direction, cs[0] * edge.normal + side * cs[1] * m);

  const Vec3d p = point_on_edge(source, pair.obb_b, edge, false);
  const Vec3d q = point_on_segment(source, pair.tri_a.vertices[0], pair.tri_a.vertices[1]);
  const double length = std::min(pair.obb_b.extents[edge.i],
                                 (pair.tri_a.vertices[1] - pair.tri_a.vertices[0]).norm());
  const Vec3d shift = p - q + edge_gap(source, angle, length, scalar) * edge.normal;
  for (Vec3d& v : pair.tri_a.vertices) v += shift;
  if (angle == 0) keep_edge_parallel(pair.tri_a, direction, scalar);
  shuffle_vertices(source, pair.tri_a);
  round_to_scalar(pair, scalar);
  return pair;
}

ShapePair triangles(Source& source, ScalarKind scalar) {
  ShapePair pair;
  pair.query = Query::tri_tri;
  const bool axis_aligned = chance(source, 0.3);
  const Axes frame = stored_frame(source, axis_aligned, scalar);
  const Vec3d& u = frame[0];  // the shared edge direction
  const Vec3d& n = frame[1];  // across the edges: A on −n, B on +n
  const Vec3d& m = frame[2];
  const double angle = tilt_angle(source);
  const Vec3d axis = tilt_axis(source, n, u);

  // Cross-sections (n, m) of the two triangles are rays from the edges. With
  // both apexes on the same m side the rays cross as soon as the gap is
  // negative; on opposite sides they never meet (a near miss). Keeping the
  // apex directions apart keeps the triangles out of one plane.
  const auto ca = random_unit_2d(source, true, 0.1);
  auto cb = random_unit_2d(source, true, 0.1);
  const double m_side = random_sign(source);
  double b_side = chance(source, 0.8) ? 1 : -1;
  if (b_side < 0 && std::abs(ca[0] - cb[0]) < 0.05) b_side = 1;
  const Vec3d apex_a = -ca[0] * n + m_side * ca[1] * m;
  Vec3d apex_b = cb[0] * n + m_side * b_side * cb[1] * m;
  Vec3d direction_b = u;
  if (angle != 0) {
    direction_b = rotate_small(u, axis, angle);
    apex_b = rotate_small(apex_b, axis, angle);
  }
  pair.tri_a = fin(source, u, apex_a);
  pair.tri_b = fin(source, direction_b, apex_b);

  const Vec3d center{source.uniform(-1, 1), source.uniform(-1, 1), source.uniform(-1, 1)};
  const Vec3d p = point_on_segment(source, pair.tri_a.vertices[0], pair.tri_a.vertices[1]);
  const Vec3d q = point_on_segment(source, pair.tri_b.vertices[0], pair.tri_b.vertices[1]);
  const double length = std::min((pair.tri_a.vertices[1] - pair.tri_a.vertices[0]).norm(),
                                 (pair.tri_b.vertices[1] - pair.tri_b.vertices[0]).norm());
  const Vec3d shift_b = p - q + edge_gap(source, angle, length, scalar) * n;
  for (Vec3d& v : pair.tri_a.vertices) v += center;
  for (Vec3d& v : pair.tri_b.vertices) v += center + shift_b;
  if (angle == 0) {
    keep_edge_parallel(pair.tri_a, u, scalar);
    keep_edge_parallel(pair.tri_b, u, scalar);
  }
  shuffle_vertices(source, pair.tri_a);
  shuffle_vertices(source, pair.tri_b);
  if (source.coin()) swap_shapes(pair);
  round_to_scalar(pair, scalar);
  return pair;
}

}  // namespace

ShapePair generate_parallel_edges(Query query, ScalarKind scalar, Source& source) {
  switch (query) {
    case Query::obb_obb:
      return boxes(source, scalar);
    case Query::tri_obb:
      return triangle_box(source, scalar);
    case Query::tri_tri:
      return triangles(source, scalar);
  }
  return boxes(source, scalar);
}

}  // namespace sepax::gen::detail
