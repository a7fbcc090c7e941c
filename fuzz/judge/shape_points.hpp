#pragma once
/// \file Points of a case's shapes in long double, for the fast path's
/// screens (contact_screen.hpp, boundary_screen.hpp): a point of a shape near
/// a given point, and an upper bound of the distance between the two shapes.
/// Every point returned lies in its shape up to long double rounding (about
/// 1e-19 of the coordinates), so a distance between two of them bounds the
/// exact distance from above. A box is the parallelepiped of its stored
/// numbers; its point near p is p clamped in the box's own (nearly
/// orthonormal) frame: the nearest point when the frame is orthonormal.
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/query.hpp"

namespace sepax::fuzz::geometry {

using L3 = Vec3<long double>;

/// A point of the box (moved by `offset`) near p.
L3 point_in_box(const Obb3d& box, const L3& offset, const L3& p);
/// The point of the triangle (moved by `offset`) nearest to p; segments and
/// points included.
L3 point_in_triangle(const Triangle3d& tri, const L3& offset, const L3& p);
/// The point of the pair's shape A (a = true) or B at offset nearest to p (boxes: near).
L3 point_in_shape(const ShapePair& pair, bool a, const L3& offset, const L3& p);

/// An upper bound of the distance between the pair's shapes (moved by
/// offset_a and offset_b): the least distance over vertex-to-shape and
/// edge-to-edge point pairs (which contains the closest pair of two
/// polytopes), plus a rounding allowance; 0 when some vertex lies in the
/// other shape. The search stops at the first bound of at most `enough`
/// (a screen asks only whether the bound is that small; 0 searches all).
long double distance_upper_bound(const ShapePair& pair, const L3& offset_a = L3::Zero(),
                                 const L3& offset_b = L3::Zero(), long double enough = 0);

/// With constant velocities over [0, T]: an upper bound of the least distance
/// between the shapes, distance_upper_bound at the best of a golden-section
/// search over t (the exact least distance is convex in t); it stops at the
/// first bound of at most `enough`, as distance_upper_bound.
long double swept_distance_upper_bound(const ShapePair& pair, const LinearMotiond& motion, long double enough = 0);
/// An upper bound of the penetration depth of A into B swept over [0, T]: the
/// least overlap of their projections over the moving SAT's directions (face
/// normals, and cross products of every two edge directions and W), each an
/// upper bound of the depth.
long double swept_depth_upper_bound(const ShapePair& pair, const LinearMotiond& motion);

}  // namespace sepax::fuzz::geometry
