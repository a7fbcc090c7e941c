#pragma once
/// \file One function per generator family (SPEC §5), one family per file.
/// Each returns a pair already rounded to the scalar; generate.cpp dispatches.
#include "sepax/core/shapes/query.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/generators/motion_case.hpp"
#include "sepax/generators/source.hpp"
#include "building/shape_builders.hpp"

namespace sepax::gen::detail {

/// "random": uniform rotations, sizes in [0.1, 2], placed near contact.
ShapePair generate_random(Query query, ScalarKind scalar, Source& source);
/// "parallel-edges": edges shared or tilted by 1e-8..1e-2 rad, edge to edge.
ShapePair generate_parallel_edges(Query query, ScalarKind scalar, Source& source);
/// "touching": exact contact in the stored numbers (margin exactly 0).
ShapePair generate_touching(Query query, ScalarKind scalar, Source& source);
/// A touching pair with its certificate: `point` lies in both shapes and
/// a ⊂ {normal·x ≤ normal·point}, b ⊂ {normal·x ≥ normal·point}, all exact.
struct TouchingPair {
  ShapePair pair;
  Vec3d normal = Vec3d::UnitX();  ///< from a to b
  Vec3d point = Vec3d::Zero();
};
/// generate_touching with the certificate (the same choices, the same pair).
TouchingPair generate_touching_contact(Query query, ScalarKind scalar, Source& source);
/// "coplanar": shapes in one plane, or a few ulps from it.
ShapePair generate_coplanar(Query query, ScalarKind scalar, Source& source);
/// "scale": sizes 1e-6..1e6, far from the origin.
ShapePair generate_scale(Query query, ScalarKind scalar, Source& source);
/// "degenerate-shapes": zero extents, collinear or repeated triangle vertices.
ShapePair generate_degenerate_shapes(Query query, ScalarKind scalar, Source& source);
/// "near-parallel": B is A turned by 1e-7..1e-2 rad, from deep overlap to clear
/// separation (tilted_copy.hpp).
ShapePair generate_near_parallel(Query query, ScalarKind scalar, Source& source);
/// "ultra-parallel": the same with 1e-12..1e-7 rad.
ShapePair generate_ultra_parallel(Query query, ScalarKind scalar, Source& source);

/// "motion", the modes built on exact touching pairs (family_motion.cpp).
MotionCase generate_motion(Query query, ScalarKind scalar, Source& source);
/// "motion", mode pass_through (motion_pass_through.cpp).
MotionCase generate_pass_through(Query query, ScalarKind scalar, Source& source);
/// Every family but motion: the family's pair, moved back and given a velocity
/// that brings it into contact within [0, T] about half the time (moving.cpp).
MovingPair give_velocity(ShapePair pair, ScalarKind scalar, Source& source);

}  // namespace sepax::gen::detail
