// Family "coplanar" (SPEC §5): shapes in one plane, or within a few ulps of it —
// where the triangle normals N and M are parallel, the 11-axis triangle test
// must switch to its 7 in-plane axes (Eberly §4, Table 6), and where a float
// kernel's cross products vanish into rounding.
//
//   tri_tri: (i) exactly coplanar in an axis plane, dyadic coordinates with few
//            bits: overlapping, apart in the plane, sharing an edge or a vertex;
//            (ii) a tilted plane (vertices rounded: only nearly coplanar);
//            (iii) planes 1..8 ulps apart, or one plane tilted by a few ulps.
//   tri_obb: the triangle in a face plane of an axis-aligned box (exact), or
//            1..8 ulps above or below it; nearly in a face plane of a rotated box.
//   obb_obb: flat boxes (one zero extent) in one plane; boxes with coplanar faces
//            side by side; boxes stacked face on face (optionally a few ulps apart).
// In-plane positions are drawn relative to the shapes' sizes so that about half
// the pairs overlap. Exact cases go through apply_exact_symmetry, so the plane is
// x, y or z = c for any of the three axes.
#include <algorithm>
#include <cmath>

#include "families/families.hpp"
#include "building/lattice.hpp"
#include "building/placement.hpp"

namespace sepax::gen::detail {
namespace {

// Coarse lattice 2^-5 (few significant bits: exact in float).
constexpr int kCoarse = 5;

using ITriangle = std::array<IVec3, 3>;

// A point of the plane z = 0 with coordinates in [−r, r].
IVec3 planar_point(Source& source, int radius) {
  IVec3 v = random_ivec(source, -radius, radius);
  v[2] = 0;
  return v;
}

// A triangle in the plane z = 0 around the origin, coordinates in [−r, r].
ITriangle planar_triangle(Source& source, int radius) {
  return {planar_point(source, radius), planar_point(source, radius), planar_point(source, radius)};
}

// An in-plane offset of length t·reach, t uniform in [0, 1.3], along a random
// direction (rounded to the lattice): overlapping for small t, apart for large.
IVec3 planar_offset(Source& source, double reach) {
  const auto d = random_unit_2d(source);
  const double t = source.uniform(0, 1.3);
  return {static_cast<std::int64_t>(std::nearbyint(t * reach * d[0])),
          static_cast<std::int64_t>(std::nearbyint(t * reach * d[1])), 0};
}

ITriangle translated(const ITriangle& t, const IVec3& offset) {
  return {t[0] + offset, t[1] + offset, t[2] + offset};
}

// Two triangles in the plane z = 0: apart or overlapping, sharing an edge, or
// sharing a vertex.
std::array<ITriangle, 2> planar_pair(Source& source) {
  const int radius_a = uniform_int(source, 16, 48);
  const ITriangle a = planar_triangle(source, radius_a);
  switch (pick(source, std::array{4, 2, 2})) {
    case 0: {
      const int radius_b = uniform_int(source, 16, 48);
      const ITriangle b = planar_triangle(source, radius_b);
      return {a, translated(b, planar_offset(source, radius_a + radius_b))};
    }
    case 1: {
      // W on either side of the shared edge a0a1: edge contact or overlap.
      const IVec3 edge = a[1] - a[0];
      const IVec3 perpendicular{-edge[1], edge[0], 0};
      const int along = uniform_int(source, -2, 6);
      const int across = signed_int(source, 1, 4);
      IVec3 w = (4 * a[0]) + along * edge + across * perpendicular;
      w = {w[0] / 4, w[1] / 4, 0};
      return {a, ITriangle{a[0], a[1], w}};
    }
    default: {
      const IVec3 x = a[0] + planar_point(source, 48);
      const IVec3 y = a[0] + planar_point(source, 48);
      return {a, ITriangle{a[0], x, y}};
    }
  }
}

Triangle3d lift(const ITriangle& t, std::int64_t height) {
  Triangle3d out;
  for (int i = 0; i < 3; ++i) {
    out.vertices[i] = to_double(IVec3{t[i][0], t[i][1], height}, -kCoarse);
  }
  return out;
}

ShapePair triangles(Source& source, ScalarKind scalar) {
  ShapePair pair;
  pair.query = Query::tri_tri;
  const auto planar = planar_pair(source);
  // The plane z = c, c ≠ 0 so that "k ulps away" is a normal-number step.
  const std::int64_t height = signed_int(source, 1, 32);
  switch (pick(source, std::array{9, 6, 5})) {
    case 0:
      pair.tri_a = lift(planar[0], height);
      pair.tri_b = lift(planar[1], height);
      break;
    case 1: {
      // A tilted plane: the same in-plane layout mapped through a rotation.
      const Axes frame = random_rotation(source);
      const Vec3d origin{source.uniform(-1, 1), source.uniform(-1, 1), source.uniform(-1, 1)};
      for (int s = 0; s < 2; ++s) {
        Triangle3d& tri = s == 0 ? pair.tri_a : pair.tri_b;
        for (int i = 0; i < 3; ++i) {
          const Vec3d flat = to_double(planar[s][i], -kCoarse);
          tri.vertices[i] = origin + flat[0] * frame[0] + flat[1] * frame[1];
        }
      }
      round_to_scalar(pair, scalar);
      break;
    }
    default: {
      pair.tri_a = lift(planar[0], height);
      pair.tri_b = lift(planar[1], height);
      const double z = pair.tri_a.vertices[0][2];
      const int k = signed_int(source, 1, 8);
      if (chance(source, 0.5)) {
        for (Vec3d& v : pair.tri_b.vertices) v[2] = ulps_away(z, k, scalar);  // parallel planes
      } else {
        const int moved = uniform_int(source, 1, 2);  // B's plane tilted by a few ulps
        for (int i = 0; i < moved; ++i) pair.tri_b.vertices[i][2] = ulps_away(z, k, scalar);
      }
      break;
    }
  }
  shuffle_vertices(source, pair.tri_a);
  shuffle_vertices(source, pair.tri_b);
  if (source.coin()) swap_shapes(pair);
  return pair;
}

// ---- tri_obb -----------------------------------------------------------------

ShapePair triangle_box(Source& source, ScalarKind scalar) {
  ShapePair pair;
  pair.query = Query::tri_obb;
  const int mode = pick(source, std::array{4, 3, 3});
  // Modes 0 and 1: the box's top face z = top (the symmetry applied at the end
  // makes it any face).
  const int radius = uniform_int(source, 8, 48);
  ITriangle t = planar_triangle(source, radius);
  if (mode < 2) {
    const IVec3 center = random_ivec(source, -16, 16);
    const IVec3 half = random_ivec(source, 8, 48);
    std::int64_t top = center[2] + half[2];
    const std::int64_t shift = top == 0 ? 1 : 0;  // keep the plane off 0 (ulp steps)
    pair.obb_b = make_box(
        to_double(IVec3{center[0], center[1], center[2] + shift}, -kCoarse),
        {Vec3d::UnitX(), Vec3d::UnitY(), Vec3d::UnitZ()},
        {to_double(half[0], -kCoarse), to_double(half[1], -kCoarse), to_double(half[2], -kCoarse)});
    top += shift;
    const IVec3 offset = planar_offset(source, radius + std::max(half[0], half[1]));
    t = translated(t, IVec3{center[0], center[1], 0} + offset);
    pair.tri_a = lift(t, top);
    if (mode == 1) {
      // Above (outside, k > 0) or below (inside) the face by a few ulps; all
      // vertices (a parallel plane) or some (a plane through the face at a
      // tiny angle).
      const double z = pair.tri_a.vertices[0][2];
      const int k = signed_int(source, 1, 8);
      const int moved = chance(source, 0.5) ? 3 : uniform_int(source, 1, 2);
      for (int i = 0; i < moved; ++i) pair.tri_a.vertices[i][2] = ulps_away(z, k, scalar);
    }
  } else {
    // Nearly in a face plane of a rotated box: C + bk·Bk + x·Bu + y·Bv, rounded.
    pair.obb_b = random_box(source, Vec3d::Zero(), 0.25, 1.5);
    for (Vec3d& a : pair.obb_b.axes) a = to_scalar(a, scalar);
    const int k = uniform_int(source, 0, 2);
    const Obb3d& box = pair.obb_b;
    const double side = random_sign(source);
    const Vec3d face_center = side * box.extents[k] * box.axes[k];
    const double reach =
        to_double(radius, -kCoarse) + std::max(box.extents[(k + 1) % 3], box.extents[(k + 2) % 3]);
    const auto d = random_unit_2d(source);
    const double along = source.uniform(0, 1.3) * reach;
    for (int i = 0; i < 3; ++i) {
      const Vec3d flat = to_double(t[i], -kCoarse);
      pair.tri_a.vertices[i] = face_center + (flat[0] + along * d[0]) * box.axes[(k + 1) % 3] +
                               (flat[1] + along * d[1]) * box.axes[(k + 2) % 3];
    }
    const Vec3d center{source.uniform(-1, 1), source.uniform(-1, 1), source.uniform(-1, 1)};
    translate_all(pair, center);
    round_to_scalar(pair, scalar);
  }
  shuffle_vertices(source, pair.tri_a);
  return pair;
}

// ---- obb_obb -----------------------------------------------------------------

// A box rotated about z by a random angle: axes (c, s, 0), (−s, c, 0), e_z.
Axes rotation_about_z(Source& source, ScalarKind scalar) {
  const auto cs = random_unit_2d(source);
  Axes axes = planar_rotation(2, to_scalar(cs[0], scalar), to_scalar(cs[1], scalar));
  return axes;
}

// B moved in the plane z = const to near contact with A across an in-plane
// direction (placement.hpp), keeping z exact.
void place_in_plane(Source& source, ShapePair& pair, ScalarKind scalar) {
  const Features a = features(pair.obb_a);
  const Features b = features(pair.obb_b);
  const auto d = random_unit_2d(source);
  const Vec3d n{d[0], d[1], 0};
  const double length = std::min(a.size, b.size);
  Vec3d t = contact_translation(source, a, b, n, boundary_gap(source, length, scalar));
  t[2] = 0;
  pair.obb_b.center += t;
}

ShapePair boxes(Source& source, ScalarKind scalar) {
  ShapePair pair;
  pair.query = Query::obb_obb;
  const int mode = pick(source, std::array{4, 3, 3});
  std::int64_t plane = uniform_int(source, -16, 16);
  for (Obb3d* box : {&pair.obb_a, &pair.obb_b}) {
    box->axes = rotation_about_z(source, scalar);
    box->extents = {log_uniform(source, 0.25, 1.5), log_uniform(source, 0.25, 1.5),
                    to_double(uniform_int(source, 4, 32), -kCoarse)};
  }
  // Keep B's stacked centre off 0, where "k ulps away" would be subnormal.
  if (to_double(plane, -kCoarse) + pair.obb_b.extents[2] == 0) ++plane;
  const double a_half = pair.obb_a.extents[2];
  const double b_half = pair.obb_b.extents[2];
  const double level = to_double(plane, -kCoarse);
  switch (mode) {
    case 0:  // flat boxes in the plane z = level
      pair.obb_a.extents[2] = pair.obb_b.extents[2] = 0;
      pair.obb_a.center[2] = pair.obb_b.center[2] = level;
      break;
    case 1:  // top faces both at z = level (exact: few-bit dyadics)
      pair.obb_a.center[2] = level - a_half;
      pair.obb_b.center[2] = level - b_half;
      break;
    default:  // B's bottom face on A's top face, sometimes a few ulps off
      pair.obb_a.center[2] = level - a_half;
      pair.obb_b.center[2] = level + b_half;
      if (chance(source, 0.4)) {
        const int k = signed_int(source, 1, 8);
        pair.obb_b.center[2] = ulps_away(pair.obb_b.center[2], k, scalar);
      }
      break;
  }
  const Vec3d in_plane{source.uniform(-1, 1), source.uniform(-1, 1), 0};
  pair.obb_a.center += in_plane;
  pair.obb_b.center[0] = pair.obb_b.center[1] = 0;
  place_in_plane(source, pair, scalar);
  round_to_scalar(pair, scalar);  // x, y and the in-plane axes; z values are exact
  if (mode == 0 && source.coin()) {
    // The zero extent on another axis index (cyclic relabelling keeps handedness).
    for (Obb3d* box : {&pair.obb_a, &pair.obb_b}) {
      std::rotate(box->axes.begin(), box->axes.begin() + 1, box->axes.end());
      std::rotate(box->extents.begin(), box->extents.begin() + 1, box->extents.end());
    }
  }
  if (source.coin()) swap_shapes(pair);
  return pair;
}

}  // namespace

ShapePair generate_coplanar(Query query, ScalarKind scalar, Source& source) {
  ShapePair pair;
  switch (query) {
    case Query::obb_obb:
      pair = boxes(source, scalar);
      break;
    case Query::tri_obb:
      pair = triangle_box(source, scalar);
      break;
    case Query::tri_tri:
      pair = triangles(source, scalar);
      break;
  }
  // Exact: the plane becomes x, y or z = c, at any power-of-two scale.
  apply_exact_symmetry(source, pair, -3, 3);
  return pair;
}

}  // namespace sepax::gen::detail
