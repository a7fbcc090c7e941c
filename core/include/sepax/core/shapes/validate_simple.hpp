#pragma once
/// \file
/// validate() for the shapes of Gomez's tests: spheres, AABBs, planes and
/// segments. Same contract as validate.hpp: always on, for the CLI and file
/// readers; kernels assume valid input and do not call it.
#include <optional>
#include <string>

#include "sepax/core/shapes/aabb3.hpp"
#include "sepax/core/shapes/plane3.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/segment3.hpp"
#include "sepax/core/shapes/sphere3.hpp"
#include "sepax/core/shapes/validate.hpp"

namespace sepax {

/// Finite centre and radius; radius ≥ 0.
std::optional<ValidationError> validate(const Sphere3d& sphere, const std::string& name);
/// Finite corners; min_k ≤ max_k on every axis (an empty box is rejected).
std::optional<ValidationError> validate(const Aabb3d& box, const std::string& name);
/// Finite numbers; normal unit within `tolerance` (| |n|² − 1 | ≤ tolerance).
std::optional<ValidationError> validate(const Plane3d& plane, const std::string& name,
                                        double tolerance);
/// Finite endpoints. p0 = p1 (a point) is valid.
std::optional<ValidationError> validate(const Segment3d& segment, const std::string& name);

template <class S>
std::optional<ValidationError> validate(const Sphere3<S>& sphere, const std::string& name = "sphere") {
  return validate(sphere.template cast<double>(), name);
}
template <class S>
std::optional<ValidationError> validate(const Aabb3<S>& box, const std::string& name = "aabb") {
  return validate(box.template cast<double>(), name);
}
/// The normal's tolerance is scalar_traits<S>::axis_tolerance, as for box axes.
template <class S>
std::optional<ValidationError> validate(const Plane3<S>& plane, const std::string& name = "plane") {
  return validate(plane.template cast<double>(), name, scalar_traits<S>::axis_tolerance);
}
template <class S>
std::optional<ValidationError> validate(const Segment3<S>& segment, const std::string& name = "segment") {
  return validate(segment.template cast<double>(), name);
}

}  // namespace sepax
