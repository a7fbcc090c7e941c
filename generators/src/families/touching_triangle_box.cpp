// The "touching" family for tri_obb: a triangle and a box in exact contact
// (vertex on a face, edge across an edge, flat on a face, vertex at a corner,
// corner inside the triangle, edge on a rotated edge); family_touching.cpp
// says how exactness is kept.
#include "families/touching_lattice.hpp"

namespace sepax::gen::detail::touching {
namespace {

// ---- tri_obb -----------------------------------------------------------------

enum class TriangleBoxContact {
  vertex_on_face,
  edge_across_edge,
  flat_on_face,
  vertex_at_corner,
  corner_in_triangle,
  edge_on_rotated_edge,
};

// A random coarse offset, mapped to the fine lattice, with n·y > 0.
std::optional<IVec3> coarse_offset_beyond(Source& source, const Lattice& lattice, const IVec3& n) {
  const auto y = on_positive_side(n, random_ivec(source, -40, 40));
  if (!y) return std::nullopt;
  return lattice.from_coarse(*y);
}

struct TriangleBox {
  std::array<IVec3, 3> triangle;  // fine lattice
  LatticeBox box;
  Vec3d normal = Vec3d::Zero();  // from the triangle to the box (weakly separating)
  IVec3 point{0, 0, 0};          // the contact point, fine lattice
};

std::optional<TriangleBox> touching_triangle_box(Source& source, const Lattice& lattice,
                                                 TriangleBoxContact kind) {
  TriangleBox out;
  LatticeBox& b = out.box;
  auto& v = out.triangle;
  switch (kind) {
    case TriangleBoxContact::vertex_on_face: {
      b = aligned_box(source, lattice);
      const int w = uniform_int(source, 0, 2);
      const int side = random_sign(source);
      v[0] = point_in_face(source, lattice, b, w, side);
      out.normal = -side * Vec3d::Unit(w);
      out.point = v[0];
      for (int i = 1; i < 3; ++i) {
        IVec3 y = random_ivec(source, -40, 40);
        y[w] = side * uniform_int(source, 1, 40);
        v[i] = v[0] + lattice.from_coarse(y);
      }
      break;
    }
    case TriangleBoxContact::edge_across_edge: {
      // Box edge along e_e at the corner signs (su, sv); n = (su·p, sv·r) in the
      // (u, v) plane, so the box's extreme toward n is that edge. The triangle
      // edge runs through p perpendicular to n; the apex is beyond the plane.
      b = aligned_box(source, lattice);
      const int e = uniform_int(source, 0, 2);
      const int u = (e + 1) % 3;
      const int w = (e + 2) % 3;
      IVec3 n{0, 0, 0};
      n[u] = signed_int(source, 1, 4);
      n[w] = signed_int(source, 1, 4);
      IVec3 p;
      p[e] = strictly_inside(source, lattice, b.center[e], b.extents[e]);
      p[u] = b.center[u] + sign_of(n[u]) * b.extents[u];
      p[w] = b.center[w] + sign_of(n[w]) * b.extents[w];
      const int beta = uniform_int(source, -3, 3);
      const int gamma = uniform_int(source, -8, 8);
      if (beta == 0 && gamma == 0) return std::nullopt;
      IVec3 delta{0, 0, 0};
      delta[u] = -beta * n[w];
      delta[w] = beta * n[u];
      delta[e] = gamma;
      const auto y = coarse_offset_beyond(source, lattice, n);
      if (!y) return std::nullopt;
      v[0] = p + lattice.from_coarse(uniform_int(source, 1, 3) * delta);
      v[1] = p - lattice.from_coarse(uniform_int(source, 1, 3) * delta);
      v[2] = p + *y;
      out.normal = -to_double(n, 0);
      out.point = p;
      break;
    }
    case TriangleBoxContact::flat_on_face: {
      b = aligned_box(source, lattice);
      const int w = uniform_int(source, 0, 2);
      const int side = random_sign(source);
      v[0] = point_in_face(source, lattice, b, w, side);
      out.normal = -side * Vec3d::Unit(w);
      out.point = v[0];
      for (int i = 1; i < 3; ++i) {
        IVec3 y = random_ivec(source, -64, 64);
        y[w] = 0;
        v[i] = v[0] + lattice.from_coarse(y);
      }
      break;
    }
    case TriangleBoxContact::vertex_at_corner:
    case TriangleBoxContact::corner_in_triangle: {
      // K is the box's extreme vertex toward n (σj = sign(n·Bj)); the triangle
      // lies beyond the plane n·x = n·K, touching it at K (a vertex), or in that
      // plane with K strictly inside.
      IVec3 n = random_ivec(source, -4, 4);
      if (n[0] == 0 || n[1] == 0 || n[2] == 0) return std::nullopt;
      std::array<IVec3, 3> axes;
      if (chance(source, 0.2)) {
        const Axes permutation = random_signed_permutation(source);
        for (int i = 0; i < 3; ++i) {
          for (int t = 0; t < 3; ++t) {
            axes[i][t] = static_cast<std::int64_t>(permutation[i][t]) << lattice.q;
          }
        }
      } else {
        const auto rotation = quantised_rotation(source, lattice);
        if (!rotation) return std::nullopt;
        axes = *rotation;
      }
      b.axes = axes;
      b.extents = power_of_two_extents(source, lattice);
      const IVec3 corner = lattice.from_coarse(random_ivec(source, -16, 16));
      const Vec3d n_double(static_cast<double>(n[0]), static_cast<double>(n[1]),
                           static_cast<double>(n[2]));
      out.normal = -n_double;
      out.point = corner;
      b.center = corner;
      for (int j = 0; j < 3; ++j) {
        const double d = dot_double(lattice, n_double, b.axes[j]);
        if (std::abs(d) < 1e-3 * n_double.norm()) return std::nullopt;
        b.center = b.center - lattice.offset(b.extents[j], sign_of(d) * b.axes[j]);
      }
      if (kind == TriangleBoxContact::vertex_at_corner) {
        v[0] = corner;
        for (int i = 1; i < 3; ++i) {
          const auto y = coarse_offset_beyond(source, lattice, n);
          if (!y) return std::nullopt;
          v[i] = corner + *y;
        }
      } else {
        // u0 = α·t1, u1 = β·t2, u2 = −(γ·t1 + δ·t2) with t1, t2 ⊥ n: the origin
        // is a positive combination of the three, so K is strictly inside.
        const IVec3 t1 = cross(n, random_ivec(source, -3, 3));
        const IVec3 t2 = cross(n, random_ivec(source, -3, 3));
        if (is_zero(cross(t1, t2))) return std::nullopt;
        const int alpha = uniform_int(source, 1, 3);
        const int beta = uniform_int(source, 1, 3);
        const int gamma = uniform_int(source, 1, 3);
        const int delta = uniform_int(source, 1, 3);
        v[0] = corner + lattice.from_coarse(alpha * t1);
        v[1] = corner + lattice.from_coarse(beta * t2);
        v[2] = corner - lattice.from_coarse(gamma * t1 + delta * t2);
      }
      break;
    }
    case TriangleBoxContact::edge_on_rotated_edge: {
      // The box edge along B_k and the triangle edge along E' cross at p; n =
      // E' × B_k. The box's extreme edge toward n has σj = sign(n·Bj) (j ≠ k);
      // the apex lies beyond the plane (its side decided with a margin).
      const auto axes = quantised_rotation(source, lattice);
      if (!axes) return std::nullopt;
      b.axes = *axes;
      b.extents = power_of_two_extents(source, lattice);
      const int k = uniform_int(source, 0, 2);
      const IVec3 p = lattice.from_coarse(random_ivec(source, -16, 16));
      const IVec3 edge = random_ivec(source, -24, 24);
      const Vec3d edge_double(static_cast<double>(edge[0]), static_cast<double>(edge[1]),
                              static_cast<double>(edge[2]));
      const Vec3d bk = lattice.axis_to_double(b.axes[k]);
      const Vec3d n = edge_double.cross(bk);
      if (n.norm() < 0.05 * edge_double.norm()) return std::nullopt;
      const int tau = uniform_int(source, -1, 1);
      b.center = p - tau * lattice.offset(b.extents[k] / 2, b.axes[k]);
      for (int j = 0; j < 3; ++j) {
        if (j == k) continue;
        const double d = dot_double(lattice, n, b.axes[j]);
        if (std::abs(d) < 1e-3 * n.norm()) return std::nullopt;
        b.center = b.center - lattice.offset(b.extents[j], sign_of(d) * b.axes[j]);
      }
      IVec3 y = random_ivec(source, -40, 40);
      const Vec3d y_double(static_cast<double>(y[0]), static_cast<double>(y[1]),
                           static_cast<double>(y[2]));
      const double side = n.dot(y_double);
      if (std::abs(side) < 1e-3 * n.norm() * y_double.norm()) return std::nullopt;
      if (side < 0) y = -1 * y;
      v[0] = p - lattice.from_coarse(uniform_int(source, 1, 2) * edge);
      v[1] = p + lattice.from_coarse(uniform_int(source, 1, 2) * edge);
      v[2] = p + lattice.from_coarse(y);
      out.normal = -n;
      out.point = p;
      break;
    }
  }
  if (!box_fits(lattice, b) || !triangle_fits(v, lattice.scalar)) return std::nullopt;
  return out;
}

}  // namespace

TouchingPair triangle_box(Source& source, ScalarKind scalar) {
  const Lattice lattice(scalar);
  TouchingPair out;
  ShapePair& pair = out.pair;
  pair.query = Query::tri_obb;
  std::optional<TriangleBox> found;
  for (int attempt = 0; attempt < kAttempts && !found; ++attempt) {
    const int kind = pick(source, std::array{3, 3, 2, 3, 3, 3});
    found = touching_triangle_box(source, lattice, static_cast<TriangleBoxContact>(kind));
  }
  if (!found) {
    // Always exact: a triangle flat on a face of an axis-aligned box.
    found = touching_triangle_box(source, lattice, TriangleBoxContact::flat_on_face);
  }
  pair.tri_a = to_triangle(found->triangle, -lattice.fine);
  pair.obb_b = to_box(lattice, found->box);
  out.normal = found->normal;
  out.point = to_double(found->point, -lattice.fine);
  shuffle_vertices(source, pair.tri_a);
  return out;
}

}  // namespace sepax::gen::detail::touching
