// Family "touching" (SPEC §5): pairs in EXACT contact for the stored numbers —
// they share a point and a plane separates them weakly, so the exact margin is
// 0 and, the sets being closed, every pair intersects. Contacts: face–face,
// edge–face, vertex–face, edge–edge, vertex–vertex for boxes; a triangle vertex
// on a box face, a triangle edge across a box edge, a triangle flat on a face,
// a triangle vertex at a box corner, a box corner inside a triangle for
// triangle–box; a shared vertex, a vertex inside the other triangle, edges
// crossing at one point, a vertex on an edge, overlapping collinear edges for
// triangle pairs.
//
// How exactness is kept (lattice.hpp): every coordinate is an integer on a
// dyadic lattice. Axis-aligned boxes have exact face planes. A rotated box has
// axes quantised to 2^-q and power-of-two extents, so each vertex offset
// Σ σk·bk·Bk lies on the fine lattice and its centre can be placed at
// "contact point − offset" exactly; whether that centre fits the scalar is
// checked and the construction retried otherwise. The side conditions — the
// contact feature of each shape is its extreme one along the separating
// normal n — are decided from integers, or from doubles only when the value is
// far from zero (|n·Bj| ≥ 1e-3·|n|), so the sign is certain.
//
// The constructions live in touching_boxes.cpp, touching_triangle_box.cpp and
// touching_triangles.cpp, on the lattice helpers of touching_lattice.hpp; this
// file chooses among them and applies the exact symmetry.
//
// generate_touching_contact() also returns that certificate — the contact
// point and the normal of a plane through it with A on one side and B on the
// other — which the motion family uses to build contacts exactly at a chosen time.
#include <cmath>
#include <optional>

#include "families/touching_lattice.hpp"

namespace sepax::gen::detail {

using touching::boxes;
using touching::triangle_box;
using touching::triangles;

TouchingPair generate_touching_contact(Query query, ScalarKind scalar, Source& source) {
  TouchingPair out;
  switch (query) {
    case Query::obb_obb:
      out = boxes(source, scalar);
      break;
    case Query::tri_obb:
      out = triangle_box(source, scalar);
      break;
    case Query::tri_tri:
      out = triangles(source);
      break;
  }
  // A signed permutation and a power-of-two scale keep every contact exact.
  const ExactSymmetry symmetry = ExactSymmetry::draw(source, -4, 4);
  symmetry.apply(out.pair);
  out.normal = symmetry.direction(out.normal);
  out.point = symmetry.point(out.point);
  return out;
}

ShapePair generate_touching(Query query, ScalarKind scalar, Source& source) {
  return generate_touching_contact(query, scalar, source).pair;
}

}  // namespace sepax::gen::detail
