#pragma once
/// \file
/// A case of Gomez's sphere–sphere query (sphere_sphere), as case files
/// carry it:
///
///   {"id":"s1","query":"sphere_sphere","scalar":"double","family":"touching",
///    "a":{"center":[0,0,0],"radius":1},"b":{"center":[3,4,0],"radius":4},
///    "motion":{"va":[0,0,0],"vb":[-1,0,0],"T":1}}
///
/// Closed balls; "motion" (optional) is Gomez's sweep over one frame, u ∈
/// [0, 1]: the centres move by u·va and u·vb, so T must be 1. The same
/// reading rules as the other cases (case_file.hpp); radii ≥ 0. The query
/// aabb_sphere has a box as "a" ({"min":[..],"max":[..]}, min ≤ max) and no
/// motion. The query sphere_plane has the ball as "a" and a plane as "b"
/// ({"normal":[..],"offset":d}: the surface n·x = d, n unit within the
/// scalar's axis tolerance); its motion moves the ball only (vb = 0). The
/// query aabb_aabb has boxes as "a" and "b", and optionally Gomez's sweep.
/// The query obb_segment has an oriented box as "a" (as obb_obb cases write
/// it) and a segment as "b" ({"p0":[..],"p1":[..]}; p0 = p1 is a point), and
/// no motion. The query obb_to_aabb has the oriented box as "a" alone.
#include <cstddef>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/aabb3.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/shapes/plane3.hpp"
#include "sepax/core/shapes/segment3.hpp"
#include "sepax/core/shapes/sphere3.hpp"

namespace sepax::harness {

struct SphereCase {
  std::string id;
  std::size_t line = 0;  ///< 1-based line it was read from; 0 when built in memory
  ScalarKind scalar = ScalarKind::float64;
  std::optional<std::string> family;
  Sphere3<double> a, b;  ///< every number representable in `scalar`
  /// Set for the query aabb_sphere (Arvo's test): the box, in place of `a`;
  /// case files write it as "a": {"min":[x,y,z],"max":[x,y,z]}.
  std::optional<Aabb3<double>> box;
  /// Set for the query aabb_aabb: B's box, in place of `b` (A's is `box`).
  std::optional<Aabb3<double>> box_b;
  /// Set for the query sphere_plane: the plane, in place of `b`.
  std::optional<Plane3<double>> plane;
  /// Set for the queries obb_segment and obb_to_aabb: the oriented box, in place of `a`.
  std::optional<Obb3<double>> obb;
  /// Set for the query obb_segment: the segment, in place of `b`.
  std::optional<Segment3<double>> segment;
  /// The sweep: displacements of a and b over the frame.
  struct Sweep {
    Vec3<double> da = Vec3<double>::Zero(), db = Vec3<double>::Zero();
  };
  std::optional<Sweep> sweep;
  nlohmann::ordered_json origin;  ///< free-form provenance; null when absent
};

}  // namespace sepax::harness
