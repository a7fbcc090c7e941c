// The "touching" family for obb_obb: two boxes in exact contact (face–face,
// edge–face, vertex–face, edge–edge, vertex–vertex) on the lattice of
// touching_lattice.hpp; family_touching.cpp says how exactness is kept.
#include "families/touching_lattice.hpp"

namespace sepax::gen::detail::touching {
namespace {

// ---- obb_obb ------------------------------------------------------------------

enum class BoxContact { face_face, edge_face, vertex_face, edge_edge, vertex_vertex };

// B, and the contact point with the normal (from A to B) of a plane through it
// that separates the boxes weakly: A ⊂ {n·x ≤ n·point}, B ⊂ {n·x ≥ n·point}.
struct BoxTouch {
  LatticeBox b;
  Vec3d normal;
  IVec3 point;
};

// B touches the axis-aligned box A with the contact `kind`; nullopt when a
// random choice was degenerate or B's centre does not fit the scalar.
std::optional<BoxTouch> touching_box(Source& source, const Lattice& lattice, const LatticeBox& a,
                                     BoxContact kind) {
  LatticeBox b;
  Vec3d normal = Vec3d::Zero();
  IVec3 point{0, 0, 0};
  b.extents = power_of_two_extents(source, lattice);
  switch (kind) {
    case BoxContact::face_face: {
      // B rotated about A's face normal: B's face lies in A's face plane.
      const int w = uniform_int(source, 0, 2);
      const int side = random_sign(source);
      const IVec3 p = point_in_face(source, lattice, a, w, side);
      normal = side * Vec3d::Unit(w);
      point = p;
      const auto axes = quantised_planar_rotation(source, lattice, w);
      if (!axes) return std::nullopt;
      b.axes = *axes;
      b.center = p;
      for (int k = 0; k < 3; ++k) {
        if (b.axes[k][w] != 0) {  // the axis ±e_w: step out of A by B's extent
          b.center =
              b.center + lattice.offset(b.extents[k], side * sign_of(b.axes[k][w]) * b.axes[k]);
        }
      }
      break;
    }
    case BoxContact::edge_face: {
      // B rotated about an axis t in A's face plane: B's edge along e_t lies on
      // the face, its point p at parameter τ ∈ {−1/2, 0, 1/2} along the edge.
      const int w = uniform_int(source, 0, 2);
      const int side = random_sign(source);
      const int t = (w + uniform_int(source, 1, 2)) % 3;
      const IVec3 p = point_in_face(source, lattice, a, w, side);
      normal = side * Vec3d::Unit(w);
      point = p;
      const auto axes = quantised_planar_rotation(source, lattice, t);
      if (!axes) return std::nullopt;
      b.axes = *axes;
      const int tau = uniform_int(source, -1, 1);
      b.center = p;
      for (int k = 0; k < 3; ++k) {
        if (b.axes[k][w] == 0) {  // the edge direction ±e_t
          b.center = b.center - tau * lattice.offset(b.extents[k] / 2, b.axes[k]);
        } else {  // σk = −sign(side·Bk[w]): B's edge extreme toward A
          b.center =
              b.center + lattice.offset(b.extents[k], side * sign_of(b.axes[k][w]) * b.axes[k]);
        }
      }
      break;
    }
    case BoxContact::vertex_face: {
      const int w = uniform_int(source, 0, 2);
      const int side = random_sign(source);
      const IVec3 p = point_in_face(source, lattice, a, w, side);
      normal = side * Vec3d::Unit(w);
      point = p;
      const auto axes = quantised_rotation(source, lattice);
      if (!axes) return std::nullopt;
      b.axes = *axes;
      b.center = p;
      for (int k = 0; k < 3; ++k) {
        if (b.axes[k][w] == 0) return std::nullopt;  // an edge or face would touch, not a vertex
        b.center =
            b.center + lattice.offset(b.extents[k], side * sign_of(b.axes[k][w]) * b.axes[k]);
      }
      break;
    }
    case BoxContact::edge_edge: {
      // A's edge along e_e; B's edge along B_k through the same point p. The
      // plane through both edges has normal n = e_e × B_k; A's edge must be A's
      // extreme one toward +n (choose which of A's 4 parallel edges by the
      // signs of n) and B's edge B's extreme one toward −n (σj = −sign(n·Bj)).
      const int e = uniform_int(source, 0, 2);
      const auto axes = quantised_rotation(source, lattice);
      if (!axes) return std::nullopt;
      b.axes = *axes;
      const int k = uniform_int(source, 0, 2);
      const IVec3 n = cross(unit_ivec(e, 1), b.axes[k]);  // exact; n[e] = 0
      IVec3 p;
      for (int t = 0; t < 3; ++t) {
        if (t == e) {
          p[t] = strictly_inside(source, lattice, a.center[t], a.extents[t]);
        } else {
          if (n[t] == 0) return std::nullopt;
          p[t] = a.center[t] + sign_of(n[t]) * a.extents[t];
        }
      }
      const Vec3d n_double = lattice.axis_to_double(n);
      normal = n_double;
      point = p;
      const int tau = uniform_int(source, -1, 1);
      b.center = p - tau * lattice.offset(b.extents[k] / 2, b.axes[k]);
      for (int j = 0; j < 3; ++j) {
        if (j == k) continue;
        const double d = dot_double(lattice, n_double, b.axes[j]);
        if (std::abs(d) < 1e-3 * n_double.norm()) return std::nullopt;
        b.center = b.center + lattice.offset(b.extents[j], sign_of(d) * b.axes[j]);
      }
      break;
    }
    case BoxContact::vertex_vertex: {
      // A's corner in the octant of n and B's vertex extreme toward −n.
      const IVec3 corner_signs{random_sign(source), random_sign(source), random_sign(source)};
      Vec3d n = random_unit_vector(source);
      IVec3 corner;
      for (int t = 0; t < 3; ++t) {
        n[t] = corner_signs[t] * std::max(std::abs(n[t]), 0.1);
        corner[t] = a.center[t] + corner_signs[t] * a.extents[t];
      }
      normal = n;
      point = corner;
      const auto axes = quantised_rotation(source, lattice);
      if (!axes) return std::nullopt;
      b.axes = *axes;
      b.center = corner;
      for (int j = 0; j < 3; ++j) {
        const double d = dot_double(lattice, n, b.axes[j]);
        if (std::abs(d) < 1e-3 * n.norm()) return std::nullopt;
        b.center = b.center + lattice.offset(b.extents[j], sign_of(d) * b.axes[j]);
      }
      break;
    }
  }
  if (!box_fits(lattice, b)) return std::nullopt;
  return BoxTouch{b, normal, point};
}

}  // namespace

TouchingPair boxes(Source& source, ScalarKind scalar) {
  const Lattice lattice(scalar);
  TouchingPair out;
  ShapePair& pair = out.pair;
  pair.query = Query::obb_obb;
  const LatticeBox a = aligned_box(source, lattice);
  std::optional<BoxTouch> b;
  for (int attempt = 0; attempt < kAttempts && !b; ++attempt) {
    const int kind = pick(source, std::array{2, 2, 3, 4, 2});
    b = touching_box(source, lattice, a, static_cast<BoxContact>(kind));
  }
  if (!b) {
    // Always exact: two axis-aligned boxes face to face.
    LatticeBox fallback = aligned_box(source, lattice);
    const int w = uniform_int(source, 0, 2);
    const IVec3 p = point_in_face(source, lattice, a, w, 1);
    fallback.center = p;
    fallback.center[w] += fallback.extents[w];
    b = BoxTouch{fallback, Vec3d::Unit(w), p};
  }
  pair.obb_a = to_box(lattice, a);
  pair.obb_b = to_box(lattice, b->b);
  out.normal = b->normal;
  out.point = to_double(b->point, -lattice.fine);
  if (source.coin()) {
    swap_shapes(pair);
    out.normal = -out.normal;
  }
  return out;
}

}  // namespace sepax::gen::detail::touching
