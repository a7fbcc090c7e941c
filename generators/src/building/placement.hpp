#pragma once
/// \file Placing shape B near contact with shape A, on a chosen side.
///
/// The construction (used by the random, scale, parallel-edges and
/// degenerate-shapes families): pick a direction n (a face normal of A or of
/// B, a cross product of an edge of A and an edge of B, or a random
/// direction); take a point P of A's support set toward +n and a point Q of
/// B's support set toward −n; translate B by P − Q + gap·n. Then the plane
/// n·x = n·P has A on one side and B on the other, so a positive gap
/// separates the shapes by at least `gap`, zero makes them touch at P (in
/// exact arithmetic, before rounding to the scalar) and a small negative gap
/// pushes B's feature into A (for boxes, a point of A then lies inside B and
/// they intersect). Gaps are mostly tiny relative to the shapes, so most cases
/// sit near the boundary between the two verdicts, on both sides.
#include <vector>

#include "building/shape_builders.hpp"

namespace sepax::gen::detail {

/// A shape seen as the points whose convex hull it is, with the directions
/// that name its features (duplicates and zero vectors are harmless).
struct Features {
  std::vector<Vec3d> points;
  std::vector<Vec3d> face_normals;     ///< both signs of each 2-D face's normal
  std::vector<Vec3d> edge_directions;  ///< nonzero edge directions
  double size = 0;                     ///< shape_size()
};

Features features(const Obb3d& box);
Features features(const Triangle3d& tri);
/// The first / second shape the pair's query uses.
Features features_a(const ShapePair& pair);
Features features_b(const ShapePair& pair);

/// Moves the second shape of the query (obb_b or tri_b) by t.
void translate_b(ShapePair& pair, const Vec3d& t);
/// Moves both shapes of the query by t.
void translate_all(ShapePair& pair, const Vec3d& t);

/// A unit direction naming a contact feature pair (see the file comment).
Vec3d contact_normal(Source& source, const Features& a, const Features& b);
/// Translation of B so that B's support toward −n meets A's support toward +n
/// at a random point of each support set, then `gap` further along unit n.
Vec3d contact_translation(Source& source, const Features& a, const Features& b, const Vec3d& n,
                          double gap);
/// A signed gap: mostly ±length·2^−u with u up to a few bits past the scalar's
/// precision (so rounding decides some cases), sometimes 0, sometimes a bulk
/// value in (−length, length).
double boundary_gap(Source& source, double length, ScalarKind scalar);
/// contact_translation along contact_normal with a boundary_gap relative to the
/// smaller shape.
Vec3d near_contact_translation(Source& source, const ShapePair& pair, ScalarKind scalar);
/// The unit direction, from A toward B, of the candidate axis (face normal or
/// edge × edge product) along which the shapes are farthest apart: the best
/// separating axis of a separated pair, the axis of least overlap of an
/// intersecting one — for a pair placed near contact, about its contact normal.
/// The centre difference (or e_x) when the shapes offer no candidate.
Vec3d separating_direction(const ShapePair& pair);

}  // namespace sepax::gen::detail
