// Family "degenerate-shapes" (SPEC §5): boxes with one, two or three zero
// extents (a flat rectangle, a segment, a point) and triangles that are
// segments or points — exactly collinear vertices, nearly collinear ones, two
// or three repeated vertices — against each other and against proper shapes.
// Every pair has at least one degenerate shape.
//
// Exactly collinear triangles are built on a dyadic lattice (V1 = V0 + a·D,
// V2 = V0 + b·D with integers a ≠ b) and only ever moved by lattice vectors,
// so they stay exactly collinear in float. Placement: when the two shapes'
// dimensions add up to 3 or more, contact is generic and B goes near contact
// with A (placement.hpp: about half intersect). Below 3 (point–segment,
// segment–segment, point–flat…) a random placement never hits, so half the
// time the shapes share a point exactly (B's centre at A's centre, a box
// centre at a triangle vertex, a shared triangle vertex) and half the time B
// is placed near contact, which for such shapes almost always misses narrowly.
#include <algorithm>
#include <cmath>

#include "families/families.hpp"
#include "building/lattice.hpp"
#include "building/placement.hpp"

namespace sepax::gen::detail {
namespace {

enum class TriangleKind { proper, collinear, nearly_collinear, two_repeated, point };
enum class BoxKind { proper, flat, segment, point };

struct Scene {
  double length;  // the shapes' scale, a power of two
  int lattice;    // triangle coordinates are multiples of 2^lattice
};

int dimension(TriangleKind kind) {
  switch (kind) {
    case TriangleKind::point:
      return 0;
    case TriangleKind::collinear:
    case TriangleKind::two_repeated:
      return 1;
    default:
      return 2;
  }
}

int dimension(BoxKind kind) { return 3 - static_cast<int>(kind); }

TriangleKind random_triangle_kind(Source& source) {
  return static_cast<TriangleKind>(pick(source, std::array{3, 4, 2, 2, 2}));
}

TriangleKind degenerate_triangle_kind(Source& source) {
  return static_cast<TriangleKind>(1 + pick(source, std::array{4, 2, 2, 2}));
}

BoxKind random_box_kind(Source& source) {
  return static_cast<BoxKind>(pick(source, std::array{3, 3, 3, 2}));
}

BoxKind degenerate_box_kind(Source& source) {
  return static_cast<BoxKind>(1 + pick(source, std::array{3, 3, 2}));
}

// A triangle of the kind on the lattice 2^scene.lattice, around the origin
// (|coordinates| ≤ ~L). Nearly collinear: the third vertex off the line by a
// relative 2^-10 .. 2^-40, in double (rounding may make it exactly collinear).
Triangle3d lattice_triangle(Source& source, const Scene& scene, TriangleKind kind) {
  const IVec3 v0 = random_ivec(source, -128, 128);
  IVec3 d = random_ivec(source, -48, 48);
  if (is_zero(d)) d = {1, 0, 0};
  std::array<IVec3, 3> v{v0, v0, v0};
  switch (kind) {
    case TriangleKind::proper:
      v[1] = v0 + random_ivec(source, -128, 128);
      v[2] = v0 + random_ivec(source, -128, 128);
      break;
    case TriangleKind::collinear:
    case TriangleKind::nearly_collinear: {
      const int a = signed_int(source, 1, 3);
      int b = uniform_int(source, -3, 3);
      if (b == a) b = -a;
      v[1] = v0 + a * d;
      v[2] = v0 + b * d;  // b = 0 repeats V0 on purpose: a segment with a double end
      break;
    }
    case TriangleKind::two_repeated:
      v[2] = v0 + d;
      break;
    case TriangleKind::point:
      break;
  }
  Triangle3d tri;
  for (int i = 0; i < 3; ++i) tri.vertices[i] = to_double(v[i], scene.lattice);
  if (kind == TriangleKind::nearly_collinear) {
    const Vec3d dir = to_double(d, scene.lattice);
    const Vec3d off = dir.cross(random_unit_vector(source));
    tri.vertices[2] += pow2_uniform(source, -40, -10) * off;
  }
  return tri;
}

Obb3d degenerate_box(Source& source, const Scene& scene, BoxKind kind, const Vec3d& center) {
  Obb3d box = random_box(source, center, 0.25 * scene.length, 1.5 * scene.length);
  // Zero the extents of `kind` randomly chosen axes.
  const int zeros = static_cast<int>(kind);
  const int first = uniform_int(source, 0, 2);
  for (int i = 0; i < zeros; ++i) box.extents[(first + i) % 3] = 0;
  return box;
}

Vec3d snap(const Vec3d& t, int lattice) {
  const double step = std::ldexp(1.0, lattice);
  return {std::nearbyint(t[0] / step) * step, std::nearbyint(t[1] / step) * step,
          std::nearbyint(t[2] / step) * step};
}

}  // namespace

ShapePair generate_degenerate_shapes(Query query, ScalarKind scalar, Source& source) {
  ShapePair pair;
  pair.query = query;
  const int scale_exponent = uniform_int(source, -2, 1);
  const Scene scene{std::ldexp(1.0, scale_exponent), scale_exponent - 8};
  const Vec3d center_a =
      scene.length * Vec3d{source.uniform(-1, 1), source.uniform(-1, 1), source.uniform(-1, 1)};
  int dims = 0;
  bool a_is_degenerate = false;
  switch (query) {
    case Query::obb_obb: {
      const BoxKind ka = random_box_kind(source);
      a_is_degenerate = ka != BoxKind::proper;
      const BoxKind kb = a_is_degenerate ? random_box_kind(source) : degenerate_box_kind(source);
      pair.obb_a = degenerate_box(source, scene, ka, center_a);
      pair.obb_b = degenerate_box(source, scene, kb, Vec3d::Zero());
      dims = dimension(ka) + dimension(kb);
      break;
    }
    case Query::tri_obb: {
      const TriangleKind ka = random_triangle_kind(source);
      a_is_degenerate = ka != TriangleKind::proper;
      const BoxKind kb = a_is_degenerate ? random_box_kind(source) : degenerate_box_kind(source);
      pair.tri_a = lattice_triangle(source, scene, ka);
      pair.obb_b = degenerate_box(source, scene, kb, Vec3d::Zero());
      dims = dimension(ka) + dimension(kb);
      break;
    }
    case Query::tri_tri: {
      const TriangleKind ka = random_triangle_kind(source);
      a_is_degenerate = ka != TriangleKind::proper;
      const TriangleKind kb =
          a_is_degenerate ? random_triangle_kind(source) : degenerate_triangle_kind(source);
      pair.tri_a = lattice_triangle(source, scene, ka);
      pair.tri_b = lattice_triangle(source, scene, kb);
      dims = dimension(ka) + dimension(kb);
      break;
    }
  }

  if (dims < 3 && source.coin()) {
    // Share a point exactly: stored numbers identical in both shapes.
    switch (query) {
      case Query::obb_obb:
        pair.obb_b.center = pair.obb_a.center;
        break;
      case Query::tri_obb:
        pair.obb_b.center = to_scalar(pair.tri_a.vertices[source.below(3)], scalar);
        break;
      case Query::tri_tri: {
        // Vertices 0 and 1 are always lattice points (a nearly collinear V2 is not).
        const Vec3d& target = pair.tri_a.vertices[source.below(2)];
        const Vec3d& mine = pair.tri_b.vertices[source.below(2)];
        translate_b(pair, snap(target - mine, scene.lattice));
        break;
      }
    }
  } else {
    Vec3d t = near_contact_translation(source, pair, scalar);
    // Triangles move by lattice vectors only (exact collinearity survives).
    if (query == Query::tri_tri) t = snap(t, scene.lattice);
    translate_b(pair, t);
  }
  round_to_scalar(pair, scalar);
  shuffle_vertices(source, pair.tri_a);
  shuffle_vertices(source, pair.tri_b);
  if (query != Query::tri_obb && source.coin()) swap_shapes(pair);
  return pair;
}

}  // namespace sepax::gen::detail
