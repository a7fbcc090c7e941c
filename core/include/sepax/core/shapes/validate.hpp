#pragma once
/// \file
/// validate(): the always-on input check for the CLI and file readers.
/// Kernels assume valid input and do not call it.
#include <cmath>
#include <optional>
#include <string>

#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/triangle3.hpp"

namespace sepax {

/// What is wrong, where: `field` is a path such as "b.axes[1][2]", `value` the
/// offending value as written back, `reason` a sentence.
struct ValidationError {
  std::string field;
  std::string value;
  std::string reason;

  std::string message() const { return field + " = " + value + ": " + reason; }
};

/// Finite numbers; extents ≥ 0; axes unit and pairwise orthogonal within
/// `tolerance` (|Ai·Aj − δij| ≤ tolerance); right-handed (A0×A1·A2 > 0).
std::optional<ValidationError> validate(const Obb3d& box, const std::string& name,
                                        double tolerance);
/// Finite coordinates. Degenerate triangles are valid.
std::optional<ValidationError> validate(const Triangle3d& tri, const std::string& name);

template <class S>
std::optional<ValidationError> validate(const Obb3<S>& box, const std::string& name = "box") {
  return validate(box.template cast<double>(), name, scalar_traits<S>::axis_tolerance);
}
template <class S>
std::optional<ValidationError> validate(const Triangle3<S>& tri, const std::string& name = "triangle") {
  return validate(tri.template cast<double>(), name);
}

}  // namespace sepax
