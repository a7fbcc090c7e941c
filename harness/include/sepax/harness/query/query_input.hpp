#pragma once
/// \file
/// The input of one case of a judged pair query, as its generator made
/// it: what a query kernel (query_kernels.hpp) is handed. Which alternative a
/// query uses is fixed by the query (judged_queries.hpp).
#include <variant>

#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/generators/gomez.hpp"
#include "sepax/generators/planar.hpp"
#include "sepax/harness/general_motion_judgement.hpp"

namespace sepax::harness {

/// A general_motion case with the scalar it was made for (the truth depends
/// on it: the steps are built in the kernel's scalar).
struct GeneralMotionPair {
  GeneralMotionSetup setup;
  ScalarKind scalar = ScalarKind::float64;
};

/// rect_rect (static, moving), sphere_sphere (static, sweep), aabb_sphere,
/// sphere_plane (static and sweep), aabb_aabb (static and sweep),
/// obb_segment, obb_to_aabb (a box), obb_obb_manifold (a ShapePair of two
/// boxes), general_motion.
using QueryInput = std::variant<gen::RectPair, gen::RectMotionCase, gen::SpherePair, gen::SphereSweepCase,
                                gen::BoxSpherePair, gen::SpherePlaneCase, gen::AabbPairCase, gen::BoxSegmentPair,
                                Obb3<double>, ShapePair, GeneralMotionPair>;

}  // namespace sepax::harness
