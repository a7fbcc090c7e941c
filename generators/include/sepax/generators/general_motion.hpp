#pragma once
/// \file
/// Generator families for Eberly §5's general rigid motion
/// (general_motion): a pair of shapes (obb_obb, tri_obb or tri_tri) at t = 0,
/// each with a constant linear and angular velocity about a centre, over
/// T = 1, split into N constant-velocity steps.
/// - random: shapes near each other, A heading at B while both turn up to
///   about two radians over T, rotation centres near the shapes;
/// - spin: no linear velocity; A is long and turns about its own centre, B
///   sits within A's reach off its axis, so the rotation alone brings them
///   together (the step's frozen orientation misses contacts: the re-run);
/// - no-spin: Ω = 0 for both; the motion is then constant-velocity exactly,
///   every step a piece of the same straight sweep.
/// The step count N is 1 to 16 and the integrator Euler or RK4, both drawn.
#include <span>

#include "sepax/core/moving/general_motion.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/generators/source.hpp"

namespace sepax::gen {

enum class GeneralMotionFamily { random, spin, no_spin };

/// "random", "spin", "no-spin".
const char* to_string(GeneralMotionFamily f);
std::span<const GeneralMotionFamily> general_motion_families();

struct GeneralMotionCase {
  ShapePair pair;  ///< query obb_obb, tri_obb or tri_tri; the shapes at t = 0
  RigidMotion<double> motion_a, motion_b;  ///< the same duration
  int steps = 8;
  Integrator integrator = Integrator::rk4;
};

/// Every number representable in `scalar`; box axes orthonormal within its tolerance.
GeneralMotionCase generate_general_motion(Query query, GeneralMotionFamily family, ScalarKind scalar,
                                          Source& source);

}  // namespace sepax::gen
