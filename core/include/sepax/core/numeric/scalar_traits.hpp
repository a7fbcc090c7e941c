#pragma once
/// \file
/// Per-scalar facts used by kernels, validation, oracles and reports.
#include <string_view>

namespace sepax {

/// The two scalar types every fast kernel is instantiated for.
enum class ScalarKind { float32, float64 };

template <class S>
struct scalar_traits;

/// `axis_tolerance` bounds |Ai·Aj − δij| accepted by validate(): about 170 ulps
/// for float (a rotation matrix built in float from a quaternion drifts a few
/// ulps; chained products drift more), and 1e-9 for double, which still rejects
/// float-accurate axes handed to a double kernel.
template <>
struct scalar_traits<float> {
  static constexpr std::string_view name = "float";
  static constexpr ScalarKind kind = ScalarKind::float32;
  static constexpr double unit_roundoff = 0x1p-24;
  static constexpr double axis_tolerance = 1e-5;
};

template <>
struct scalar_traits<double> {
  static constexpr std::string_view name = "double";
  static constexpr ScalarKind kind = ScalarKind::float64;
  static constexpr double unit_roundoff = 0x1p-53;
  static constexpr double axis_tolerance = 1e-9;
};

constexpr std::string_view to_string(ScalarKind k) {
  return k == ScalarKind::float32 ? "float" : "double";
}
constexpr double unit_roundoff(ScalarKind k) {
  return k == ScalarKind::float32 ? scalar_traits<float>::unit_roundoff
                                  : scalar_traits<double>::unit_roundoff;
}
constexpr double axis_tolerance(ScalarKind k) {
  return k == ScalarKind::float32 ? scalar_traits<float>::axis_tolerance
                                  : scalar_traits<double>::axis_tolerance;
}

}  // namespace sepax
