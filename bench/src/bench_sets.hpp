#pragma once
/// \file The benchmark inputs (SPEC §8): for one query × scalar × family, pairs
/// from the shared generators, judged once by the exact oracle and split into
/// the three sets every kernel is timed on:
///  - mixed: the first N generated pairs, as the family makes them;
///  - separated: the first N exactly separated pairs (early-out friendly);
///  - intersecting: the first N exactly intersecting pairs (the worst case:
///    every axis must be tested).
/// Built once, outside every timed loop, and cached.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sepax/core/shapes/query.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/generators/family.hpp"

namespace sepax::bench {

enum class SetKind { mixed, separated, intersecting };
std::string_view to_string(SetKind s);

struct SetsConfig {
  std::uint64_t seed = 20261123;
  std::size_t pairs = 65536;  ///< N, per set
  /// Stop generating after this many times N pairs even if a set is short
  /// (a family may almost never separate): that set is then smaller.
  std::size_t max_generated_factor = 16;
};

struct BenchSets {
  std::vector<ShapePair> mixed, separated, intersecting;
  std::size_t generated = 0;
  const std::vector<ShapePair>& get(SetKind s) const;
};

/// The sets of (query, scalar, family), cached (every group while they fit in
/// 1 GiB, least recently used dropped first); thread-safe. The reference stays
/// valid until the next call.
const BenchSets& bench_sets(Query query, ScalarKind scalar, gen::Family family, const SetsConfig& config);

}  // namespace sepax::bench
