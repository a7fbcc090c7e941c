// The "touching" family for tri_tri: two triangles in exact contact (a shared
// vertex, a vertex inside the other, edges crossing at one point, a vertex on
// an edge, overlapping collinear edges) on the coarse lattice.
#include "families/touching_lattice.hpp"

namespace sepax::gen::detail::touching {
namespace {

// ---- tri_tri -------------------------------------------------------------------

enum class TriangleContact {
  shared_vertex,
  vertex_in_interior,
  edges_crossing,
  vertex_on_edge,
  collinear_edges,
};

using ITriangle = std::array<IVec3, 3>;

struct TrianglesTouch {
  ITriangle a, b;
  IVec3 normal;  // A ⊂ {normal·x ≤ normal·point}, B ⊂ {normal·x ≥ normal·point}
  IVec3 point;   // in both triangles
};

// Two triangles on the coarse lattice touching as `kind`. A lies in
// {n·x ≤ n·p}, B in {n·x ≥ n·p}, and p belongs to both.
std::optional<TrianglesTouch> touching_triangles(Source& source, TriangleContact kind) {
  ITriangle a;
  ITriangle b;
  IVec3 normal{0, 0, 0};
  IVec3 contact{0, 0, 0};
  const IVec3 p = random_ivec(source, -16, 16);
  contact = p;
  auto beyond = [&](const IVec3& n) { return on_positive_side(n, random_ivec(source, -40, 40)); };
  switch (kind) {
    case TriangleContact::shared_vertex: {
      const IVec3 n = random_ivec(source, -4, 4);
      if (is_zero(n)) return std::nullopt;
      normal = n;
      a[0] = b[0] = p;
      for (int i = 1; i < 3; ++i) {
        const auto ya = beyond(-1 * n);
        const auto yb = beyond(n);
        if (!ya || !yb) return std::nullopt;
        a[i] = p + *ya;
        b[i] = p + *yb;
      }
      break;
    }
    case TriangleContact::vertex_in_interior: {
      // B's vertex at p + (α·e1 + β·e2)/8 with α, β ≥ 1, α + β ≤ 7: strictly
      // inside A; e1, e2 multiples of 8 keep it on the lattice.
      const IVec3 f1 = random_ivec(source, -5, 5);
      const IVec3 f2 = random_ivec(source, -5, 5);
      normal = cross(f1, f2);
      if (is_zero(normal)) return std::nullopt;
      const int alpha = uniform_int(source, 1, 6);
      const int beta = uniform_int(source, 1, 7 - alpha);
      a = {p, p + 8 * f1, p + 8 * f2};
      const IVec3 q = p + alpha * f1 + beta * f2;
      contact = q;
      b[0] = q;
      for (int i = 1; i < 3; ++i) {
        const auto y = beyond(normal);
        if (!y) return std::nullopt;
        b[i] = q + *y;
      }
      break;
    }
    case TriangleContact::edges_crossing: {
      const IVec3 da = random_ivec(source, -24, 24);
      const IVec3 db = random_ivec(source, -24, 24);
      const IVec3 n = cross(da, db);
      if (is_zero(n)) return std::nullopt;
      const auto ya = beyond(-1 * n);
      const auto yb = beyond(n);
      if (!ya || !yb) return std::nullopt;
      normal = n;
      a = {p - uniform_int(source, 1, 2) * da, p + uniform_int(source, 1, 2) * da, p + *ya};
      b = {p - uniform_int(source, 1, 2) * db, p + uniform_int(source, 1, 2) * db, p + *yb};
      break;
    }
    case TriangleContact::vertex_on_edge:
    case TriangleContact::collinear_edges: {
      // A's edge through p along δ; the plane through that edge with normal
      // n = δ × r has A's apex on its negative side. B touches at p (a vertex)
      // or along a collinear overlapping edge, its apex on the positive side.
      const IVec3 delta = random_ivec(source, -24, 24);
      IVec3 n = cross(delta, random_ivec(source, -4, 4));
      const IVec3 apex_a = random_ivec(source, -40, 40);
      const std::int64_t side = dot(n, apex_a);
      if (is_zero(delta) || side == 0) return std::nullopt;
      if (side > 0) n = -1 * n;
      normal = n;
      a = {p - uniform_int(source, 1, 2) * delta, p + uniform_int(source, 1, 2) * delta,
           p + apex_a};
      const auto yb = beyond(n);
      if (!yb) return std::nullopt;
      if (kind == TriangleContact::vertex_on_edge) {
        const auto yc = beyond(n);
        if (!yc) return std::nullopt;
        b = {p, p + *yb, p + *yc};
      } else {
        b = {p - uniform_int(source, 1, 3) * delta, p + uniform_int(source, 1, 3) * delta, p + *yb};
      }
      break;
    }
  }
  return TrianglesTouch{a, b, normal, contact};
}

}  // namespace

TouchingPair triangles(Source& source) {
  TouchingPair out;
  ShapePair& pair = out.pair;
  pair.query = Query::tri_tri;
  std::optional<TrianglesTouch> found;
  for (int attempt = 0; attempt < kAttempts && !found; ++attempt) {
    const int kind = pick(source, std::array{2, 3, 3, 2, 1});
    found = touching_triangles(source, static_cast<TriangleContact>(kind));
  }
  if (!found) {
    // Always exact: two triangles sharing the vertex 0, on either side of z = 0.
    found = TrianglesTouch{ITriangle{IVec3{0, 0, 0}, IVec3{32, 0, -8}, IVec3{0, 32, -16}},
                           ITriangle{IVec3{0, 0, 0}, IVec3{-32, 8, 8}, IVec3{8, -32, 16}},
                           IVec3{0, 0, 1}, IVec3{0, 0, 0}};
  }
  // Coarse coordinates have ≤ 8 significant bits: exact in either scalar.
  pair.tri_a = to_triangle(found->a, -kCoarse);
  pair.tri_b = to_triangle(found->b, -kCoarse);
  out.normal = to_double(found->normal, 0);
  out.point = to_double(found->point, -kCoarse);
  shuffle_vertices(source, pair.tri_a);
  shuffle_vertices(source, pair.tri_b);
  if (source.coin()) {
    swap_shapes(pair);
    out.normal = -out.normal;
  }
  return out;
}

}  // namespace sepax::gen::detail::touching
