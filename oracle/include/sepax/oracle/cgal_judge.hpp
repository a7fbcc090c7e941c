#pragma once
/// \file
/// Oracle 2: CGAL with the exact-constructions kernel (Epeck),
/// independent of the rational SAT. Answers for the same exact sets, including
/// degenerate triangles (segments, points) which CGAL's Triangle_3 predicates
/// reject; how each case is routed is documented in the implementation header.
#include "sepax/core/shapes/query.hpp"

namespace sepax::oracle {

/// Whether the exact sets of SPEC §4 named by `pair.query` share a point
/// (closed sets: touching intersects). Exact; ~1 µs for tri_tri, ~50–110 µs
/// for obb_obb and tri_obb (an exact LP).
bool cgal_intersects(const ShapePair& pair);

}  // namespace sepax::oracle
