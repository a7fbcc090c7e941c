#include "bench_sets.hpp"

#include <optional>
#include <mutex>
#include <tuple>

#include <tbb/parallel_for.h>

#include "sepax/generators/generate.hpp"
#include "sepax/oracle/exact_sat.hpp"

namespace sepax::bench {

std::string_view to_string(SetKind s) {
  switch (s) {
    case SetKind::mixed: return "mixed";
    case SetKind::separated: return "separated";
    case SetKind::intersecting: return "intersecting";
  }
  return "?";
}

const std::vector<ShapePair>& BenchSets::get(SetKind s) const {
  switch (s) {
    case SetKind::separated: return separated;
    case SetKind::intersecting: return intersecting;
    default: return mixed;
  }
}

namespace {

BenchSets build(Query query, ScalarKind scalar, gen::Family family, const SetsConfig& config) {
  BenchSets sets;
  const std::size_t n = config.pairs;
  const std::size_t limit = n * config.max_generated_factor;
  constexpr std::size_t kChunk = 8192;
  std::vector<ShapePair> chunk(kChunk);
  std::vector<char> hit(kChunk);
  while (sets.generated < limit &&
         (sets.mixed.size() < n || sets.separated.size() < n || sets.intersecting.size() < n)) {
    const std::size_t base = sets.generated;
    // Generation and the exact verdict are the expensive part: in parallel.
    tbb::parallel_for(std::size_t(0), kChunk, [&](std::size_t k) {
      chunk[k] = gen::generate(family, query, scalar, config.seed, base + k);
      hit[k] = oracle::sat_filtered(chunk[k]).intersects;
    });
    for (std::size_t k = 0; k < kChunk; ++k) {
      if (sets.mixed.size() < n) sets.mixed.push_back(chunk[k]);
      auto& side = hit[k] ? sets.intersecting : sets.separated;
      if (side.size() < n) side.push_back(chunk[k]);
    }
    sets.generated += kChunk;
  }
  return sets;
}

}  // namespace

const BenchSets& bench_sets(Query query, ScalarKind scalar, gen::Family family, const SetsConfig& config) {
  // One group at a time: benchmarks are registered group by group, and all
  // groups at N = 65,536 would hold gigabytes.
  static std::mutex mutex;
  static std::optional<std::tuple<Query, ScalarKind, gen::Family>> key;
  static BenchSets sets;
  std::lock_guard lock(mutex);
  const auto wanted = std::make_tuple(query, scalar, family);
  if (key != wanted) {
    sets = {};
    sets = build(query, scalar, family, config);
    key = wanted;
  }
  return sets;
}

}  // namespace sepax::bench
