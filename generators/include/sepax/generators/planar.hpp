#pragma once
/// \file Generator families for the 2D rectangle query (SAT tutorial, the
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

}  // namespace sepax::gen
