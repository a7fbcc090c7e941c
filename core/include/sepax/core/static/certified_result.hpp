#pragma once
/// \file What a certified kernel returns: the exact verdict with its witness
/// axis, and whether its exact arithmetic had to run.
#include "sepax/core/static/separating_axis.hpp"

namespace sepax {

template <class S>
struct CertifiedResult {
  StaticResult<S> result;
  /// Some axis's gap was too close to 0 for the floating-point filter:
  /// decided in rationals.
  bool exact_path = false;
};

}  // namespace sepax
