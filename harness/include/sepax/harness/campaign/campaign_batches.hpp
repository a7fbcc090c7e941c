#pragma once
/// \file
/// How a fixed-size campaign is cut into batches, and which batches a
/// shard runs: N machines given the same options and `--shard I/N` run
/// disjoint, deterministic sets of cases with no coordination, and together
/// exactly the unsharded campaign's.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sepax::harness {

/// Shard `index` of `count` (1-based, as Slurm array and Kubernetes indices are
/// usually written: 1/3, 2/3, 3/3).
struct Shard {
  std::uint64_t index = 1;
  std::uint64_t count = 1;
  std::string text() const;
};

/// Reads "I/N" (1 ≤ I ≤ N); nullopt with `error` naming the problem.
std::optional<Shard> parse_shard(std::string_view text, std::string& error);

/// Cases [begin, end) of group `group` (its position in the campaign's order).
struct BatchRange {
  std::size_t group = 0;
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
  bool operator==(const BatchRange&) const = default;
};

/// Every group's cases 0 … cases−1 cut into batches of `batch_cases` (the last
/// one of a group may be shorter), numbered over all groups in order; batch k
/// belongs to shard (k mod N) + 1, so that every shard gets a share of every
/// kind of group. Returns the shard's batches, in that order.
std::vector<BatchRange> campaign_batches(std::size_t groups, std::uint64_t cases, std::uint64_t batch_cases,
                                         const Shard& shard);

}  // namespace sepax::harness
