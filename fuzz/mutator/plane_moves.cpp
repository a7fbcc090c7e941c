// onto_plane (case_moves.hpp): a vertex of one shape exactly on a face of the
// other box or on the other triangle's plane — the touching and coplanar
// families' structure, where every separation test is decided by an exact 0.
// First on the stored numbers; when some step rounds, again on the lattice
// (exact_shapes.hpp) on which such points are exact.
#include "exact_moves.hpp"
#include "exact_shapes.hpp"

namespace sepax::fuzz::detail {
namespace {

using V3 = Vec3<double>;

/// A coefficient of a face or plane point: inside the face/triangle mostly,
/// sometimes beyond it (the vertex then lies on the plane, off the shape).
/// Few bits, so that its products stay exact (float: only −1, 0, 1).
double coefficient(gen::Source& rng, ScalarKind scalar) {
  if (scalar == ScalarKind::float32) return double(int(rng.below(3)) - 1);
  return double(int(rng.below(11)) - 5) / 4;  // −1.25 … 1.25
}

/// One attempt on `c`; false when some step rounds.
bool place(FuzzCase& c, const MoveReport& r, bool keep_shape, const double x, const double y) {
  ShapePair& p = c.pair;
  const ScalarKind scalar = c.scalar;
  V3 point;
  switch (p.query) {
    case Query::obb_obb: {
      const Obb3d& face = r.b_onto_a ? p.obb_a : p.obb_b;
      Obb3d& moved = r.b_onto_a ? p.obb_b : p.obb_a;
      return exact::face_point(face, r.a, r.sign, x, y, scalar, point) &&
             exact::place_box_vertex(moved, unsigned(r.b), point, scalar);
    }
    case Query::tri_obb:
      if (r.b_onto_a)  // the box's vertex on the triangle's plane
        return exact::plane_point(p.tri_a, x, y, scalar, point) &&
               exact::place_box_vertex(p.obb_b, unsigned(r.b), point, scalar);
      if (!exact::face_point(p.obb_b, r.a, r.sign, x, y, scalar, point)) return false;
      exact::place_triangle_vertex(p.tri_a, r.b, point, keep_shape, scalar);
      return true;
    case Query::tri_tri: {
      const Triangle3d& plane = r.b_onto_a ? p.tri_a : p.tri_b;
      Triangle3d& moved = r.b_onto_a ? p.tri_b : p.tri_a;
      if (!exact::plane_point(plane, x, y, scalar, point)) return false;
      exact::place_triangle_vertex(moved, r.b, point, keep_shape, scalar);
      return true;
    }
  }
  return false;
}

}  // namespace

std::optional<MoveReport> onto_plane_move(FuzzCase& c, gen::Source& rng) {
  const ScalarKind scalar = c.scalar;
  MoveReport r;
  r.move = Move::onto_plane;
  r.b_onto_a = rng.coin();
  r.sign = rng.coin() ? 1 : -1;
  const Query q = c.pair.query;
  // The plane: a box face (axis a) or a triangle's plane (a = −1).
  const bool onto_box = q == Query::obb_obb || (q == Query::tri_obb && !r.b_onto_a);
  r.a = onto_box ? int(rng.below(3)) : -1;
  // The vertex placed: a box's sign bits or a triangle's index.
  const bool box_vertex = q == Query::obb_obb || (q == Query::tri_obb && r.b_onto_a);
  r.b = box_vertex ? int(rng.below(8)) : int(rng.below(3));
  const bool keep_shape = rng.coin();
  const double x = coefficient(rng, scalar), y = coefficient(rng, scalar);
  const FuzzCase before = c;
  if (place(c, r, keep_shape, x, y)) return r;
  c = before;
  // Onto the lattice (the scene on a coarse grid, boxes quantised), and again.
  if (!exact::snap_scene(c, scalar == ScalarKind::float32 ? 8 : 26)) return std::nullopt;
  for (Obb3d* box : {&c.pair.obb_a, &c.pair.obb_b}) {
    const bool used = q == Query::obb_obb || (q == Query::tri_obb && box == &c.pair.obb_b);
    if (used && !exact::quantise_box(*box, scalar)) return std::nullopt;
  }
  if (!place(c, r, keep_shape, x, y)) return std::nullopt;
  return r;
}

}  // namespace sepax::fuzz::detail
