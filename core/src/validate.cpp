#include "sepax/core/shapes/validate.hpp"

#include <cmath>
#include <cstdio>
#include <string>

#include "show_value.hpp"

namespace sepax {
namespace {

using detail::show;

/// "name.member[i]" (no index when i < 0). Field names are made only for
/// an error: valid input, nearly every call (a fuzz target validates every
/// case it decodes), formats nothing.
std::string field_name(const std::string& name, const char* member, int i = -1) {
  return name + "." + member + (i >= 0 ? "[" + std::to_string(i) + "]" : "");
}

std::optional<ValidationError> finite(const Vec3<double>& v, const std::string& name, const char* member,
                                      int i = -1) {
  for (int k = 0; k < 3; ++k)
    if (!std::isfinite(v[k]))
      return ValidationError{field_name(name, member, i) + "[" + std::to_string(k) + "]", show(v[k]),
                             "not a finite number"};
  return std::nullopt;
}

}  // namespace

std::optional<ValidationError> validate(const Obb3d& box, const std::string& name,
                                        double tolerance) {
  if (auto err = finite(box.center, name, "center")) return err;
  for (int i = 0; i < 3; ++i)
    if (auto err = finite(box.axes[i], name, "axes", i)) return err;
  for (int i = 0; i < 3; ++i) {
    const double x = box.extents[i];
    if (!std::isfinite(x)) return ValidationError{field_name(name, "extents", i), show(x), "not a finite number"};
    if (x < 0) return ValidationError{field_name(name, "extents", i), show(x), "extents must be >= 0"};
  }
  for (int i = 0; i < 3; ++i) {
    const double dev = std::abs(box.axes[i].squaredNorm() - 1.0);
    if (dev > tolerance)
      return ValidationError{field_name(name, "axes", i), show(box.axes[i]),
                             "axis is not unit length (| |A|^2 - 1 | = " + show(dev) +
                                 " > tolerance " + show(tolerance) + ")"};
  }
  for (int i = 0; i < 3; ++i)
    for (int j = i + 1; j < 3; ++j) {
      const double dev = std::abs(box.axes[i].dot(box.axes[j]));
      if (dev > tolerance)
        return ValidationError{
            name + ".axes", "[" + show(box.axes[0]) + ", " + show(box.axes[1]) + ", " + show(box.axes[2]) + "]",
            "axes " + std::to_string(i) + " and " + std::to_string(j) +
                " are not orthogonal (|A" + std::to_string(i) + ".A" + std::to_string(j) +
                "| = " + show(dev) + " > tolerance " + show(tolerance) + ")"};
    }
  if (box.axes[0].cross(box.axes[1]).dot(box.axes[2]) <= 0)
    return ValidationError{
        name + ".axes", "[" + show(box.axes[0]) + ", " + show(box.axes[1]) + ", " + show(box.axes[2]) + "]",
        "axes are not right-handed (A0 x A1 . A2 <= 0)"};
  return std::nullopt;
}

std::optional<ValidationError> validate(const Triangle3d& tri, const std::string& name) {
  for (int k = 0; k < 3; ++k)
    if (auto err = finite(tri.vertices[k], name, "vertices", k)) return err;
  return std::nullopt;
}

}  // namespace sepax
