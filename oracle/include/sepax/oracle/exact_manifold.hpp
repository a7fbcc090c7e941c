#pragma once
/// \file
/// What an OBB–OBB contact manifold should be, exactly (issue: seed
/// features, Gaul's manifold generation). Boxes are the parallelepipeds of
/// their stored numbers; every quantity below is computed in GMP rationals and
/// rounded once. The penetration depth itself is relative_margin (margin.hpp):
/// the minimum over the complete candidate-axis set of overlap/|L|.
#include <array>
#include <optional>
#include <vector>

#include "sepax/core/shapes/obb3.hpp"

namespace sepax::oracle {

using Point3 = std::array<double, 3>;

/// The overlap of the boxes' projections on n, oriented from a to b:
/// (max over a of n·x − min over b of n·x) / |n|, divided by `ell`.
/// Translating b by that much along n/|n| leaves the boxes touching; for a
/// contact normal it should equal the penetration depth. NaN for n = 0.
double oriented_overlap(const Obb3d& a, const Obb3d& b, const Point3& n, double ell);

/// How far p lies outside the box, in the box's own coordinates: with
/// p = C + Σ y_i A_i exactly, √Σ max(|y_i| − a_i, 0)², divided by `ell`.
/// 0 exactly when p lies in the box; the Euclidean distance for orthonormal
/// axes, and within a factor 1 ± 2δ of it for axes with Gram defect δ.
double outside_distance(const Obb3d& box, const Point3& p, double ell);

/// The contact polygon of a face contact (Gaul, "Something to Face"): the
/// incident face clipped to the reference face's side planes and to the
/// reference box's far face (deep in, the incident face reaches beyond it),
/// its corners on or below the reference face. `must` holds the corners deeper
/// than plane_band × conditioning below the reference face (a manifold has to
/// cover them); `may` those down to that much above it, and the corners of the
/// polygon clipped to the reference box grown by plane_band (a kernel's
/// rounding moves the planes by that much; a manifold may report points in
/// the hull of `may`). When no
/// corner is that deep (the incident face beyond a reference box nested in the
/// incident box along the normal), the reference face clipped to the incident
/// box is a candidate too, and the only one when no corner is left at all.
struct FacePolygon {
  std::vector<Point3> must, may;
  /// How far a corner moves per unit a clipping plane moves: 1/sin α for the
  /// smallest angle α at which a clipped edge crosses its plane (1 without
  /// crossings). A kernel's rounding moves the planes by its band, its corners
  /// by band × conditioning, and the must/may split uses that band too.
  double conditioning = 1;
};

/// The reference face is face k of `reference` on side `side` (the face
/// through C + side·a_k·A_k, side = ±1); the incident face is the face of
/// `incident` whose outward normal is most opposed to the reference face's.
/// One polygon per incident face whose cosine is within cos_band of the most
/// opposed (ties and near ties: an incident box edge-on to the reference face
/// makes either face right). plane_band is a length.
std::vector<FacePolygon> face_contact_polygons(const Obb3d& reference, int k, int side, const Obb3d& incident,
                                               double cos_band, double plane_band);

/// Edge–edge (Gaul, "Edge to Edge"): the closest points of a's edge along A_i
/// furthest along n and b's edge along B_j furthest against n (segments,
/// closest points found over the whole parameter rectangle), b's first. An
/// edge contact point lies on the segment between them, where it is inside
/// both boxes (Gaul takes the midpoint; deep in, a thin box does not reach it).
/// nullopt when a supporting edge is ambiguous — |n̂·A_k| or |n̂·B_m| below
/// `tie` for a side axis of nonzero extent — the edges are parallel, or no part
/// of that segment lies in both boxes (a flat box it does not cross, met
/// elsewhere along the edges: no one place is the answer).
std::optional<std::array<Point3, 2>> edge_contact_segment(const Obb3d& a, int i, const Obb3d& b, int j,
                                                          const Point3& n, double tie);

}  // namespace sepax::oracle

namespace sepax::oracle {

/// The distance from p to the convex hull of `points` (a measurement in
/// double, CGAL's point–triangle distances over every triple; +∞ for no points).
double distance_to_hull(const Point3& p, const std::vector<Point3>& points);

}  // namespace sepax::oracle
