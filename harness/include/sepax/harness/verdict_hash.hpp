#pragma once
/// \file
/// A digest of every answer a kernel gave in a group (Box2D's
/// determinism hash, per kernel x family): two runs of the same seed and
/// cases give the same digest exactly when every verdict, separating axis,
/// direction, state, time and point is bit for bit the same. The per-case
/// mixes are summed (mod 2^64), so cases may be judged in any thread order.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sepax/core/registry.hpp"

namespace sepax::harness {

class VerdictHash {
 public:
  VerdictHash() = default;
  /// A digest as value() returned it (read back from a campaign's batch log).
  explicit VerdictHash(std::uint64_t value) : sum_(value) {}
  /// The static answer to case `index` (nullopt: the kernel threw).
  void add(std::uint64_t index, const std::optional<StaticOutcome>& outcome);
  /// The first-contact answer to case `index` (nullopt: the kernel threw).
  void add(std::uint64_t index, const std::optional<ContactOutcome>& outcome);
  /// A pair query's answer to case `index` as its layout's answer values
  /// (query_layout.hpp's flatten_answer); nullptr: the kernel threw or refused.
  void add(std::uint64_t index, const std::vector<double>* answer_values);
  VerdictHash& operator+=(const VerdictHash& other) {
    sum_ += other.sum_;
    return *this;
  }
  std::uint64_t value() const { return sum_; }
  /// "0x" and 16 hex digits.
  std::string hex() const;

 private:
  std::uint64_t sum_ = 0;
};

}  // namespace sepax::harness
