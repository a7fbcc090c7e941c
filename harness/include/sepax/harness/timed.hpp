#pragma once
/// \file
/// Timing one oracle call, for verify's oracle cost tables.
#include <chrono>

namespace sepax::harness {

/// Calls `f`, storing the wall time it took in `seconds` (steady_clock: ~20 ns
/// per reading, ~2 % of the cheapest oracle call).
template <class F>
auto timed(double& seconds, F&& f) {
  const auto start = std::chrono::steady_clock::now();
  auto result = f();
  seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace sepax::harness
