#pragma once
/// \file
/// Benchmark sets in a kernel's own input types (SPEC §8): the inputs
/// are converted once, outside the timed loop, and the runner calls the kernel
/// through a lambda the compiler sees, so the loop measures the kernel and not
/// the harness (no std::function, no conversion per test). Shared by sepax's
/// registry and the peer adapters so both are timed the same way.
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "sepax/core/shapes/query.hpp"
#include "sepax/core/registry.hpp"

namespace sepax {

/// convert(const ShapePair&) -> Input, once per pair; call(const Input&) -> bool
/// (true: intersecting), once per pair and run.
template <class Convert, class Call>
SetRunner make_set_runner(std::span<const ShapePair> pairs, Convert convert, Call call) {
  using Input = decltype(convert(std::declval<const ShapePair&>()));
  std::vector<Input> inputs;
  inputs.reserve(pairs.size());
  for (const ShapePair& p : pairs) inputs.push_back(convert(p));
  return [inputs = std::move(inputs), call]() mutable {
    std::size_t hits = 0;
    for (const Input& in : inputs) hits += call(in) ? 1 : 0;
    return hits;
  };
}

}  // namespace sepax
