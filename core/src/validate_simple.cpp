#include "sepax/core/shapes/validate_simple.hpp"

#include <cmath>
#include <cstdio>
#include <string>

#include "show_value.hpp"

namespace sepax {
namespace {

using detail::show;

std::string component(const std::string& field, int k) { return field + "[" + std::to_string(k) + "]"; }

std::optional<ValidationError> finite(const Vec3<double>& v, const std::string& field) {
  for (int k = 0; k < 3; ++k)
    if (!std::isfinite(v[k])) return ValidationError{component(field, k), show(v[k]), "not a finite number"};
  return std::nullopt;
}

std::optional<ValidationError> finite(double x, const std::string& field) {
  if (!std::isfinite(x)) return ValidationError{field, show(x), "not a finite number"};
  return std::nullopt;
}

}  // namespace

std::optional<ValidationError> validate(const Sphere3d& sphere, const std::string& name) {
  if (auto err = finite(sphere.center, name + ".center")) return err;
  if (auto err = finite(sphere.radius, name + ".radius")) return err;
  if (sphere.radius < 0) return ValidationError{name + ".radius", show(sphere.radius), "radius must be >= 0"};
  return std::nullopt;
}

std::optional<ValidationError> validate(const Aabb3d& box, const std::string& name) {
  if (auto err = finite(box.min, name + ".min")) return err;
  if (auto err = finite(box.max, name + ".max")) return err;
  for (int k = 0; k < 3; ++k)
    if (box.min[k] > box.max[k])
      return ValidationError{component(name + ".min", k), show(box.min[k]),
                             "min exceeds " + component(name + ".max", k) + " = " + show(box.max[k]) +
                                 ": the box is empty"};
  return std::nullopt;
}

std::optional<ValidationError> validate(const Plane3d& plane, const std::string& name,
                                        double tolerance) {
  if (auto err = finite(plane.normal, name + ".normal")) return err;
  if (auto err = finite(plane.offset, name + ".offset")) return err;
  const double dev = std::abs(plane.normal.squaredNorm() - 1.0);
  if (dev > tolerance)
    return ValidationError{name + ".normal", show(plane.normal),
                           "normal is not unit length (| |n|^2 - 1 | = " + show(dev) +
                               " > tolerance " + show(tolerance) + ")"};
  return std::nullopt;
}

std::optional<ValidationError> validate(const Segment3d& segment, const std::string& name) {
  if (auto err = finite(segment.p0, name + ".p0")) return err;
  if (auto err = finite(segment.p1, name + ".p1")) return err;
  return std::nullopt;
}

}  // namespace sepax
