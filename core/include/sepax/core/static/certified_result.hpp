#pragma once
/// \file
/// What a certified kernel returns: the exact verdict with its witness
/// axis, and whether its exact arithmetic had to run.
#include <cstdint>

#include "sepax/core/static/separating_axis.hpp"

namespace sepax {

template <class S>
struct CertifiedResult {
  StaticResult<S> result;
  /// Some axis's gap was too close to 0 for the floating-point filter:
  /// decided exactly (expansions, integers or rationals).
  bool exact_path = false;
};

namespace detail {
/// How many signs the certified kernels' filters left undecided were then
/// decided, on this thread, by the OBB–OBB kernel's machine integers (asked
/// first, for pairs on a small dyadic grid), its 256-bit integers (next, on
/// a finer grid), by the floating-point expansions and by the 512-bit
/// integers or GMP rationals behind them (tests check that each stage is
/// exercised). The triangle kernel's machine integers, which it asks before
/// the expansions, are not counted.
struct ExactStageCounts {
  std::uint64_t machine_integers = 0;
  std::uint64_t wide_integers = 0;
  std::uint64_t expansion = 0;
  std::uint64_t integers_or_rationals = 0;
};
ExactStageCounts& exact_stage_counts();
}  // namespace detail

}  // namespace sepax
