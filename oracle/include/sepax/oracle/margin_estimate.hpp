#pragma once
/// \file
/// A cheap estimate of a case's margin, for histograms (error rate
/// against margin in reports), not for verdicts or classification.
///
/// relative_margin (margin.hpp) is exact but costs a quadratic program per
/// case (0.2–0.8 ms); a campaign that bins every case by its margin cannot
/// afford it. This estimate evaluates the candidate axes of the exact oracle's
/// construction in long double, with the exact verdict's sign:
///  - intersecting: − min over axes L of overlap(L)/|L| — the penetration
///    depth itself (the axes include every facet normal of the Minkowski
///    difference), up to rounding;
///  - separated: + max over axes L of gap(L)/|L| — a lower bound of the
///    distance (equal to it when the closest features are a face and a vertex
///    or two edges; smaller, never larger, for a vertex or an edge against an
///    edge or vertex at an angle).
/// Both relative to reference_length(pair). Axes: face normals of both shapes
/// (cross products of two edges of one shape), cross products of an edge of
/// each shape, and for coplanar configurations the in-plane normals n × e of
/// every face normal n and edge e; near-zero cross products are skipped.
#include "sepax/core/shapes/query.hpp"

namespace sepax::oracle {

/// See the file comment. `intersects` is the exact verdict (sat_filtered).
double estimated_margin(const ShapePair& pair, bool intersects);

}  // namespace sepax::oracle
