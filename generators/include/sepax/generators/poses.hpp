#pragma once
/// \file
/// Seeded poses of mesh B near first contact with mesh A (issue 10): the
/// inputs of the OBB tree tests and of the tree benchmark, identical for every
/// kernel that answers them.
///
/// A pose: a random rotation (a unit quaternion, uniform by rejection from the
/// 4-cube), B's box center moved onto A's, then B pushed along a random unit
/// direction; the distance of first contact is bisected with sepax's own OBB
/// tree (tree::test_intersection in double — not an exact oracle: this folder
/// depends on core only), and the final distance perturbed by ±(1…10)·10^-k of
/// the larger diameter, k in 3…7 (both signs: some hits, some near misses).
/// Like the other generators: its own PRNG and IEEE-exact operations only
/// (no libm transcendental functions), so a seed gives the same poses everywhere.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "sepax/core/shapes/pose.hpp"
#include "sepax/core/shapes/triangle_mesh.hpp"
#include "sepax/core/tree/obb_tree.hpp"
#include "sepax/generators/source.hpp"

namespace sepax::gen {

/// Center of the axis-aligned bounding box of the mesh's vertices (zero when empty).
Vec3<double> mesh_box_center(const TriangleMesh& m);
/// Diagonal of the axis-aligned bounding box of the mesh's vertices (zero when empty).
double mesh_diameter(const TriangleMesh& m);

/// One pose near first contact (see the file comment). `ta`, `tb` are double
/// trees of `a` and `b` (any split and leaf size: they only answer hit or miss).
Pose pose_near_contact(const tree::ObbTree<double>& ta, const tree::ObbTree<double>& tb, const TriangleMesh& a,
                       const TriangleMesh& b, Source& src);

/// A pose whose numbers are exactly what they mean: a signed permutation
/// rotation (entries 0, ±1: exactly orthonormal) and a translation bisected to
/// first contact like pose_near_contact's along a random axis direction, then
/// rounded to a multiple of 2^-12 of a power of two near the diameter (a short
/// dyadic: exact in float too) — on either side of contact.
Pose exact_pose_near_contact(const tree::ObbTree<double>& ta, const tree::ObbTree<double>& tb,
                             const TriangleMesh& a, const TriangleMesh& b, Source& src);

/// B resting on A exactly: a signed permutation rotation and a translation
/// that puts B's lowest point along a random axis direction exactly on A's
/// highest one (the difference of two stored doubles, used only when it is
/// exact), so that the exact sets touch — on couplingdown's axis-aligned flat
/// faces, over coplanar faces. `on_a_vertex`: the two extreme vertices coincide
/// (a shared vertex); else B is centred over A's box on the other two axes,
/// shifted by up to a quarter of it on a dyadic grid. nullopt when no exact
/// placement was found in 16 tries.
std::optional<Pose> resting_pose(const TriangleMesh& a, const TriangleMesh& b, Source& src, bool on_a_vertex);

/// A pose and a velocity of B over [0, dt] (A at rest) that first touch inside
/// [0, dt]: pose_near_contact moved back by a tenth of the larger diameter along
/// a random direction, coming back at 0.9·dt.
struct MovingPose {
  Pose pose;
  Vec3<double> velocity = Vec3<double>::Zero();
  double dt = 1;
};
MovingPose moving_pose_near_contact(const tree::ObbTree<double>& ta, const tree::ObbTree<double>& tb,
                                    const TriangleMesh& a, const TriangleMesh& b, Source& src, double dt);

/// A seed of its own for one mesh pair (or any label) from a campaign seed:
/// FNV-1a over the label, mixed with the seed by splitmix64's finaliser — so
/// that pairs do not share a pose stream, the same on every platform.
std::uint64_t seed_for(std::uint64_t seed, std::string_view label);

struct PoseSetOptions {
  std::uint64_t seed = 20261125;
  std::size_t count = 256;  ///< near-contact poses
  std::size_t exact = 4;    ///< exactly representable poses appended after them
  std::size_t resting = 0;  ///< exact resting contacts after those (on a face, then on a vertex, alternating)
};

/// `count` poses from pose_near_contact, `exact` from exact_pose_near_contact,
/// then `resting` from resting_pose (exact_pose_near_contact where it finds
/// none), from SeededSource(seed); builds the double trees it bisects with itself.
std::vector<Pose> near_contact_poses(const TriangleMesh& a, const TriangleMesh& b, const PoseSetOptions& options);

}  // namespace sepax::gen
