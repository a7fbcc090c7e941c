#pragma once
/// \file
/// A case of the 2D query rect_rect (two oriented rectangles in the
/// plane, the SAT tutorial's 2D case), as case files carry it:
///
///   {"id":"r1","query":"rect_rect","scalar":"float","family":"touching",
///    "a":{"center":[0,0],"axes":[[1,0],[0,1]],"extents":[1,1]},
///    "b":{"center":[2,0],"axes":[[1,0],[0,1]],"extents":[1,1]}}
///
/// The same reading rules as the 3D cases (case_file.hpp): numbers as JSON
/// numbers or hex-float strings, rounded once to the case's scalar; extents
/// ≥ 0; axes unit and orthogonal within the scalar's tolerance. Optional
/// "motion": {"va":[x,y],"vb":[x,y],"T":t}, constant velocities over [0, T].
#include <cstddef>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/rect2.hpp"

namespace sepax::harness {

struct PlanarCase {
  std::string id;
  std::size_t line = 0;  ///< 1-based line it was read from; 0 when built in memory
  ScalarKind scalar = ScalarKind::float64;
  std::optional<std::string> family;
  Rect2<double> a, b;  ///< every number representable in `scalar`
  std::optional<LinearMotion2<double>> motion;
  nlohmann::ordered_json origin;  ///< free-form provenance; null when absent
};

}  // namespace sepax::harness
