#pragma once
/// \file The fuzzer's bytes as the generators' randomness: every choice a
/// generator makes (family parameters, signs, exponents, snapping to a grid,
/// which axis is shared) reads bytes, so libFuzzer's mutations move through the
/// same degenerate configurations the generators aim at — structure-aware
/// fuzzing without a grammar. Once the bytes run out, a PRNG seeded by the
/// input's hash continues (deterministic per input, and no generator that
/// retries until a condition holds can spin forever on a stream of zeros).
#include <cstddef>
#include <cstdint>
#include <span>

#include "sepax/generators/source.hpp"

namespace sepax::fuzz {

class ByteSource final : public gen::Source {
 public:
  explicit ByteSource(std::span<const std::uint8_t> bytes);
  std::uint64_t below(std::uint64_t n) override;
  double unit() override;
  /// The next byte (from the tail PRNG once the input is used up).
  std::uint8_t byte();
  std::size_t remaining() const { return bytes_.size() - pos_; }

 private:
  std::uint64_t bits(int count);  ///< `count` (≤ 64) bits, little-endian from the bytes
  std::span<const std::uint8_t> bytes_;
  std::size_t pos_ = 0;
  gen::SeededSource tail_;
};

/// FNV-1a of the bytes: the tail PRNG's seed and the findings' file names.
std::uint64_t hash_bytes(std::span<const std::uint8_t> bytes);

}  // namespace sepax::fuzz
