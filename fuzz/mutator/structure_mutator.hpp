#pragma once
/// \file libFuzzer's custom mutator and cross-over for the case targets: a
/// mutation decodes the input (fuzz_case.hpp), applies one or two of the
/// degenerate families' moves (case_moves.hpp) and writes the result in the
/// explicit form (explicit_case.hpp); half the time, or when the input does
/// not decode or the move cannot be built, it is libFuzzer's own byte
/// mutation (LLVMFuzzerMutate), which walks the generators' randomness as
/// before. Deterministic given libFuzzer's seed: every choice comes from a PRNG
/// seeded with the `seed` libFuzzer passes.
///
/// A target adds the hooks with SEPAX_FUZZ_CASE_MUTATOR(query, moving).
#include <cstddef>
#include <cstdint>

#include "sepax/core/shapes/query.hpp"

namespace sepax::fuzz {

/// libFuzzer's byte mutation (LLVMFuzzerMutate's signature).
using RawMutate = std::size_t (*)(std::uint8_t* data, std::size_t size, std::size_t max_size);

/// The body of LLVMFuzzerCustomMutator: mutates data[0, size) in place into at
/// most max_size bytes and returns the new size. `raw` may be null (a build
/// without libFuzzer): the input is then left as it is when no move applies.
std::size_t mutate_case(std::uint8_t* data, std::size_t size, std::size_t max_size, unsigned seed, Query query,
                        bool moving, RawMutate raw);

/// The body of LLVMFuzzerCustomCrossOver: shape A (and its velocity) of the
/// first input with shape B (and its) of the second, in the first's scalar;
/// 0 (libFuzzer then mutates instead) in 3 calls of 4, and when either input
/// does not decode or the result is not valid.
std::size_t cross_over_cases(const std::uint8_t* data1, std::size_t size1, const std::uint8_t* data2,
                             std::size_t size2, std::uint8_t* out, std::size_t max_out_size, unsigned seed,
                             Query query, bool moving);

}  // namespace sepax::fuzz

/// Weak: defined by libFuzzer, null in builds without it (replay_main.cpp).
extern "C" __attribute__((weak)) std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size,
                                                              std::size_t max_size);

#define SEPAX_FUZZ_CASE_MUTATOR(QUERY, MOVING)                                                                    \
  extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t max_size,    \
                                                 unsigned seed) {                                                \
    return sepax::fuzz::mutate_case(data, size, max_size, seed, QUERY, MOVING, LLVMFuzzerMutate);               \
  }                                                                                                              \
  extern "C" std::size_t LLVMFuzzerCustomCrossOver(const std::uint8_t* data1, std::size_t size1,                \
                                                   const std::uint8_t* data2, std::size_t size2,                \
                                                   std::uint8_t* out, std::size_t max_out_size, unsigned seed) { \
    return sepax::fuzz::cross_over_cases(data1, size1, data2, size2, out, max_out_size, seed, QUERY, MOVING);   \
  }
