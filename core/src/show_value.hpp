#pragma once
// Internal to the validators: values written back into error messages with
// 17 significant digits, so that they read as the stored doubles.
#include <cstdio>
#include <string>

#include "sepax/core/shapes/vec3.hpp"

namespace sepax::detail {

inline std::string show(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

inline std::string show(const Vec3<double>& v) {
  return "[" + show(v[0]) + ", " + show(v[1]) + ", " + show(v[2]) + "]";
}

}  // namespace sepax::detail
