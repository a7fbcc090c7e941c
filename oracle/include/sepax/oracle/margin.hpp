#pragma once
/// \file
/// The margin of a case (SPEC §4): signed distance from touching,
/// relative to the larger shape's size.
#include "sepax/core/shapes/query.hpp"

namespace sepax::oracle {

/// Diameter of a shape: 2·|(a0,a1,a2)| for a box (its full diagonal; exact
/// orthonormality assumed, rounding to double), longest edge for a triangle.
double shape_size(const Obb3d& box);
double shape_size(const Triangle3d& tri);

/// ℓ = max(size(a), size(b)); when both shapes are points, ℓ = 1.
double reference_length(const ShapePair& pair);

/// Signed margin / ℓ, given the exact verdict:
///  - separated (intersects = false): + Euclidean distance between the exact
///    sets (exact quadratic program, rounded once to double);
///  - intersecting: − penetration depth, the minimum over candidate axes L of
///    overlap(L)/|L| (the shortest translation that separates the sets); 0 when
///    touching, and 0 for sets overlapping within a common plane (coplanar
///    triangles, a point in a triangle's plane): one ulp off the plane separates
///    them, so either verdict is within every kernel's rounding band there.
double relative_margin(const ShapePair& pair, bool intersects);

}  // namespace sepax::oracle
