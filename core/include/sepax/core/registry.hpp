#pragma once
/// \file The kernel registry: every kernel has one string id
/// ("obb_obb/test_static/float", STYLE.md) used alike by tests, the CLI,
/// campaigns and reports. Adding a kernel is one line in registry.cpp.
#include <array>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "sepax/core/query.hpp"
#include "sepax/core/scalar_traits.hpp"
#include "sepax/core/separating_axis.hpp"

namespace sepax {

/// A static kernel's answer, widened to double for the harness.
struct StaticOutcome {
  bool intersects = true;
  SeparatingAxis axis{};
  std::array<double, 3> direction{0, 0, 0};
};

struct KernelInfo {
  std::string id;          ///< "<query>/<mode>/<scalar>"
  Query query;
  ScalarKind scalar;
  /// Extra width of the boundary band, relative to the larger shape's size,
  /// on the side where this kernel is deliberately conservative (epsilon-biased
  /// kernels report touching for pairs separated by up to about this much).
  /// 0 for kernels that claim to be exact up to rounding.
  double conservative_bias = 0;
  /// Runs the kernel on the pair, converting the stored doubles to the kernel's
  /// scalar (exact for cases whose scalar is this kernel's).
  std::function<StaticOutcome(const ShapePair&)> test;
};

/// Every registered static kernel, in a stable order.
std::span<const KernelInfo> static_kernels();
/// The kernel with this id, or nullptr.
const KernelInfo* find_kernel(std::string_view id);

}  // namespace sepax
