// Box2D 2.4 (Debian libbox2d-dev): b2TestOverlap on two box polygons
// (box2d_rect.hpp says what it computes and where it refuses).
#include <box2d/b2_collision.h>
#include <box2d/b2_polygon_shape.h>

#include "sepax/peers/box2d_rect.hpp"

namespace sepax::peers {
namespace {

/// The rectangle as a Box2D polygon in its own frame (centred, axis-aligned)
/// and the transform placing it.
bool make_box(const Rect2<float>& r, b2PolygonShape& shape, b2Transform& xf) {
  if (r.extents[0] < box2d_min_extent() || r.extents[1] < box2d_min_extent()) return false;
  shape.SetAsBox(r.extents[0], r.extents[1]);
  shape.m_radius = 0;  // the rectangle itself, no skin
  // A's axes are (cos, sin) and (−sin, cos): Box2D's rotation (b2Rot: s, c).
  xf.p.Set(r.center[0], r.center[1]);
  xf.q.s = r.axes[0][1];
  xf.q.c = r.axes[0][0];
  return true;
}

}  // namespace

float box2d_min_extent() { return 0.5f * b2_linearSlop; }

std::optional<bool> box2d_rect_overlap(const Rect2<float>& a, const Rect2<float>& b) {
  b2PolygonShape sa, sb;
  b2Transform xa, xb;
  if (!make_box(a, sa, xa) || !make_box(b, sb, xb)) return std::nullopt;
  return b2TestOverlap(&sa, 0, &sb, 0, xa, xb);
}

}  // namespace sepax::peers
