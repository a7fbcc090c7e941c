#pragma once
/// \file Box2D 2.4's polygon overlap test on two oriented rectangles: the peer
/// of sepax's 2D rect_rect query (float, Box2D's only scalar). Box2D is not
/// included here (peers/src/box2d_adapters.cpp).
///
/// What Box2D does, from its documentation and source: b2TestOverlap runs GJK
/// on the two polygons and calls them overlapping when the distance between
/// their cores is below 10·b2_epsilon (≈ 1.2e-6, absolute) plus their "skin"
/// radii. The skin (b2_polygonRadius, 0.01 by default) is set to 0 here, so
/// the shapes compared are the rectangles themselves, and the absolute
/// tolerance is the library's own bias. b2PolygonShape::Set welds corners
/// closer than half b2_linearSlop and needs three distinct ones: rectangles
/// thinner than that are not Box2D input (nullopt).
#include <optional>

#include "sepax/core/shapes/rect2.hpp"

namespace sepax::peers {

/// Box2D's answer (true: overlapping), or nullopt for a rectangle Box2D cannot hold.
std::optional<bool> box2d_rect_overlap(const Rect2<float>& a, const Rect2<float>& b);

/// Box2D's smallest extent it accepts (corners welded closer than half its linear slop).
float box2d_min_extent();

}  // namespace sepax::peers
