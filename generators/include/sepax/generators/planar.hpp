#pragma once
/// \file
/// Generator families for the 2D rectangle query (SAT tutorial, the
/// plane): the 3D families' names where they have a meaning in the plane —
/// random, parallel-edges, touching (exact contact for the stored numbers),
/// scale (a random pair scaled by a power of two far from 1) and
/// degenerate-shapes (segments and points).
#include <span>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/rect2.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/generators/source.hpp"

namespace sepax::gen {

struct RectPair {
  Rect2<double> a, b;  ///< numbers representable in the scalar asked for
};

/// The families generate_rect_pair accepts, in enum order.
std::span<const Family> planar_families();

/// One pair of the family, every number representable in `scalar`, axes
/// orthogonal exactly (A1 = perp(A0)) and unit within the scalar's axis
/// tolerance. Throws std::invalid_argument for a family not in planar_families().
RectPair generate_rect_pair(Family family, ScalarKind scalar, Source& source);

/// Two rectangles and their constant velocities over [0, T] (T = 1).
struct RectMotionCase {
  Rect2<double> a, b;
  LinearMotion2<double> motion;
  /// touching: the exact first time of contact (a dyadic j/8); else −1.
  double contact_time = -1;
};

/// The families generate_rect_motion accepts: random, parallel-edges,
/// touching, scale.
std::span<const Family> planar_motion_families();

/// One moving pair, every number representable in `scalar`: a pair of the
/// static family, B heading at A (its velocity −k·(C_B − C_A) plus a sideways
/// part) and A still or drifting. touching: a touching pair, B moved back
/// along C_B − C_A by t*·|v| so that the pair first touches at exactly t*
/// (moving B away from A along that direction separates them: it lies on B's
/// side of the line that weakly separates the touching pair).
RectMotionCase generate_rect_motion(Family family, ScalarKind scalar, Source& source);

}  // namespace sepax::gen
