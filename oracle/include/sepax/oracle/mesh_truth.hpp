#pragma once
/// \file
/// The exact truth of two posed triangle meshes (issue 10).
///
/// Sets: every stored double is an exact rational. Mesh a stays where it is;
/// mesh b is placed by pose_b, each vertex mapped EXACTLY (rationals) by the
/// stored numbers x ↦ R x + t (R not assumed orthonormal). Each triangle is
/// the closed convex hull of its three vertices: a segment or a point when
/// they are collinear or repeated. Touching intersects.
///
/// Two judges that answer different questions:
///  - exact_intersecting_pairs / exact_intersects: which triangle pairs (i of
///    a, j of posed b) share a point — the SURFACES. One mesh strictly inside
///    the other's volume gives no pair.
///  - pmp_meshes_intersect (CGAL Polygon_mesh_processing::do_intersect, Epeck,
///    independent code): with MeshOverlap::surfaces it answers "do the
///    surfaces meet?", which must equal "the pair set is non-empty"; with
///    MeshOverlap::volumes (do_overlap_test_of_bounded_sides) it also reports
///    one closed mesh inside the other: the VOLUMES meet.
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "sepax/core/shapes/pose.hpp"
#include "sepax/core/shapes/triangle_mesh.hpp"

namespace sepax::oracle {

/// (index of a triangle of a, index of a triangle of b).
using TrianglePair = std::pair<std::uint32_t, std::uint32_t>;

struct MeshTruth {
  std::vector<TrianglePair> pairs;      ///< sorted, each once
  std::size_t candidate_pairs = 0;      ///< pairs whose conservative boxes overlap
  std::size_t exact_fallbacks = 0;      ///< candidates the interval filter could not decide
};

/// Every intersecting pair, with the broad-phase and filter counts. Throws
/// std::invalid_argument for an index out of range or a non-finite number.
/// Parallel (TBB) over candidate pairs.
MeshTruth exact_mesh_truth(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose_b);

/// exact_mesh_truth(a, b, pose_b).pairs.
std::vector<TrianglePair> exact_intersecting_pairs(const TriangleMesh& a, const TriangleMesh& b,
                                                   const Pose& pose_b);

/// Whether any pair intersects; stops at the first hit found.
bool exact_intersects(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose_b);

enum class MeshOverlap {
  surfaces,  ///< the triangle sets share a point
  volumes,   ///< the closed bounded solids share a point (containment counts)
};

/// The second judge: CGAL PMP::do_intersect on both meshes as Epeck surface
/// meshes, b posed exactly. Needs meshes CGAL accepts as polygon meshes
/// (manifold, no zero-area faces assumed by PMP) and, for volumes, closed ones;
/// throws std::invalid_argument otherwise.
bool pmp_meshes_intersect(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose_b,
                          MeshOverlap what);

/// The exact truth of a MOVING pose: B placed by pose_b, then translated by
/// t·velocity for t in [0, dt] (A at rest). Unlike the static truth, B's
/// vertices are posed in DOUBLE (pose_b.apply, rounded: the numbers a tree's
/// leaf tests see) and those triangles judged exactly as they move
/// (moving_intersects, first_contact_sat: rationals). Broad phase:
/// box_intersection_d over A's triangle boxes and B's swept boxes.
struct MovingMeshTruth {
  std::vector<TrianglePair> pairs;   ///< pairs that touch at some t in [0, dt], sorted
  double first_time = 0;             ///< the earliest exact first contact (rounded); meaningful when pairs is not empty
  TrianglePair first_pair{};         ///< a pair that touches first (the smallest such)
  std::size_t candidate_pairs = 0;
};

MovingMeshTruth exact_moving_mesh_truth(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose_b,
                                        const Vec3<double>& velocity, double dt);

}  // namespace sepax::oracle
