#pragma once
/// \file The 2D rect_rect kernels the commands judge: sepax's (float and
/// double, core/planar/rect_rect.hpp) and, when sepax is built with the peers,
/// Box2D's polygon overlap test (float).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/rect2.hpp"

namespace sepax::cli {

struct RectKernel {
  std::string id;  ///< "sepax/rect_rect/float", "box2d/b2TestOverlap"
  ScalarKind scalar = ScalarKind::float64;
  bool peer = false;
  /// Intersects? The rectangles are representable in `scalar`; nullopt: a
  /// pair the library cannot take (Box2D: a rectangle thinner than its slop).
  std::function<std::optional<bool>(const Rect2<double>&, const Rect2<double>&)> test;
};

std::vector<RectKernel> rect_kernels();

}  // namespace sepax::cli
