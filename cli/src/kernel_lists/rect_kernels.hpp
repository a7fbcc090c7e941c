#pragma once
/// \file The 2D rect_rect kernels the commands judge: sepax's static test and
/// first time of contact (float and double, core/planar/rect_rect.hpp) and,
/// when sepax is built with the peers, Box2D's polygon overlap test (float).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "kernel_lists/query_answer.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/rect2.hpp"

namespace sepax::cli {

struct RectKernel {
  std::string id;  ///< "rect_rect/test_static/float", "rect_rect/find_first_contact/double", "box2d/test_overlap/float"
  ScalarKind scalar = ScalarKind::float64;
  bool peer = false;
  /// Intersects? The rectangles are representable in `scalar`; nullopt: a
  /// pair the library cannot take (Box2D: a rectangle thinner than its slop).
  /// Empty for a first-contact kernel.
  std::function<std::optional<bool>(const Rect2<double>&, const Rect2<double>&)> test;
  /// First contact over [0, T]: meets? and the first time (none when
  /// overlapping at the start). Empty for a static kernel.
  std::function<QueryAnswer(const Rect2<double>&, const Rect2<double>&, const LinearMotion2<double>&)> contact;
};

std::vector<RectKernel> rect_kernels();

}  // namespace sepax::cli
