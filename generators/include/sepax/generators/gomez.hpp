#pragma once
/// \file
/// Generator families for Gomez's sphere tests and sweeps: pairs of
/// balls and sphere–sphere sweeps over one frame (u ∈ [0, 1]).
/// - random: centres and radii at random, the sweeps heading roughly at each other;
/// - touching: balls in exact contact for the stored numbers (the centres a
///   Pythagorean vector apart, the radii summing to its length); sweeps that
///   first touch at an exact dyadic time u* ∈ (0, 1);
/// - grazing (sweeps only): B passes A at a closest approach of exactly
///   r_a + r_b, so first = last = the tangent time;
/// - scale: a random pair scaled by a power of two far from 1.
#include <span>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/aabb3.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/shapes/segment3.hpp"
#include "sepax/core/shapes/plane3.hpp"
#include "sepax/core/shapes/sphere3.hpp"
#include "sepax/generators/source.hpp"

namespace sepax::gen {

enum class SphereFamily { random, touching, grazing, scale };

/// "random", "touching", "grazing", "scale".
const char* to_string(SphereFamily f);
std::span<const SphereFamily> sphere_families();

struct SpherePair {
  Sphere3<double> a, b;
};

struct SphereSweepCase {
  Sphere3<double> a, b;
  Vec3<double> da, db;  ///< displacements over the frame
  /// touching and grazing: the exact time of first contact (dyadic); else −1.
  double contact_time = -1;
};

/// Every number representable in `scalar`. Grazing is a sweep family only:
/// for pairs it gives touching ones.
SpherePair generate_sphere_pair(SphereFamily family, ScalarKind scalar, Source& source);
SphereSweepCase generate_sphere_sweep(SphereFamily family, ScalarKind scalar, Source& source);

/// A box and a ball for Arvo's test (aabb_sphere).
struct BoxSpherePair {
  Aabb3<double> box;
  Sphere3<double> sphere;
};

/// random, touching, scale. touching: a box with dyadic corners and a ball
/// touching it exactly — across a face, an edge or a corner, the centre's
/// offset from the box a Pythagorean vector (k·(a, b, c) with the right number
/// of zero coordinates) whose length is the radius.
std::span<const SphereFamily> box_sphere_families();
BoxSpherePair generate_box_sphere(SphereFamily family, ScalarKind scalar, Source& source);

/// A ball and a plane for Gomez's sphere–plane test and sweep (sphere_plane):
/// the ball's centre moves by u·displacement over the frame (zero for the
/// static test). Planes are valid (unit normal within the scalar's tolerance).
/// - random: a random unit normal (rounded to the scalar), offset, ball, and a
///   sweep heading roughly at the plane;
/// - touching: an axis-aligned normal (±e_k: the only unit normals exact in
///   binary) and a ball touching the plane exactly; sweeps that first touch at
///   an exact dyadic time u* ∈ (0, 1];
/// - grazing (sweeps): the ball slides parallel to the plane at exactly its
///   radius (touching all the frame), or meets it at a shallow angle exactly
///   at u*;
/// - scale: a random case scaled by a power of two far from 1.
struct SpherePlaneCase {
  Sphere3<double> sphere;
  Plane3<double> plane;
  Vec3<double> displacement = Vec3<double>::Zero();
  double contact_time = -1;  ///< touching and grazing sweeps: the exact first time; else −1
};

std::span<const SphereFamily> sphere_plane_families();
/// sweep = false: displacement zero (grazing then gives touching pairs).
SpherePlaneCase generate_sphere_plane(SphereFamily family, ScalarKind scalar, Source& source, bool sweep);

/// Two AABBs for Gomez's overlap test and sweep (aabb_aabb): A moves by
/// u·da, B by u·db over the frame (zero for the static test).
/// - random: boxes at random, the sweeps heading roughly at each other;
/// - touching: boxes with dyadic corners sharing a face plane, an edge line or
///   a corner exactly; sweeps that first touch at an exact dyadic time u*;
/// - grazing (sweeps): B slides along A's face, touching it all the frame, or
///   meets it exactly at u* across an edge;
/// - scale: a random case scaled by a power of two far from 1.
struct AabbPairCase {
  Aabb3<double> a, b;
  Vec3<double> da = Vec3<double>::Zero(), db = Vec3<double>::Zero();
  double contact_time = -1;  ///< touching and grazing sweeps: the exact first time; else −1
};

std::span<const SphereFamily> aabb_families();
AabbPairCase generate_aabb_pair(SphereFamily family, ScalarKind scalar, Source& source, bool sweep);

/// A box and a segment for Gomez's OBB–segment test (obb_segment).
/// - random: a randomly turned box and a segment near it (they meet about
///   half the time; one case in eight is a point, p0 = p1);
/// - touching: a box turned by a signed permutation, dyadic numbers, and a
///   segment touching it exactly — an endpoint on a face, the segment lying in
///   a face's plane, or crossing a box edge or corner from outside (it leaves
///   the box on both sides of the touching point); a point on the surface;
/// - parallel: a randomly turned box and a segment along one of its axes, or
///   turned from it by 2^-k radians (k up to 40), a tiny distance outside or
///   inside a face (Gomez's cross-product axes are ill-conditioned there);
/// - point: p0 = p1 near or in the box (only the three face axes decide);
/// - scale: a random case scaled by a power of two far from 1.
enum class SegmentFamily { random, touching, parallel, point, scale };

const char* to_string(SegmentFamily f);
std::span<const SegmentFamily> segment_families();

struct BoxSegmentPair {
  Obb3<double> box;
  Segment3<double> segment;
};

/// Every number representable in `scalar`; the box's axes orthonormal within
/// the scalar's tolerance.
BoxSegmentPair generate_box_segment(SegmentFamily family, ScalarKind scalar, Source& source);

}  // namespace sepax::gen
