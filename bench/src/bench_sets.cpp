#include "bench_sets.hpp"

#include <algorithm>
#include <list>
#include <memory>
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
  // Every group built is kept while they fit in kCacheBytes, least recently
  // used dropped first: with --benchmark_enable_random_interleaving the runs
  // hop from group to group, and rebuilding a group per run (the exact verdict
  // of every pair) made the gate's benchmark 14 minutes instead of 3. All
  // groups at N = 65,536 would hold about 2 GB, hence the bound. The group
  // just asked for is never dropped, so its reference stays valid until the
  // next call.
  constexpr std::size_t kCacheBytes = std::size_t(1) << 30;
  struct Entry {
    std::tuple<Query, ScalarKind, gen::Family> key;
    std::unique_ptr<BenchSets> sets;
  };
  static std::mutex mutex;
  static std::list<Entry> recent;  // most recently used first
  std::lock_guard lock(mutex);
  const auto wanted = std::make_tuple(query, scalar, family);
  auto it = std::find_if(recent.begin(), recent.end(), [&](const Entry& e) { return e.key == wanted; });
  if (it != recent.end()) {
    recent.splice(recent.begin(), recent, it);
    return *recent.front().sets;
  }
  const auto bytes = [](const BenchSets& s) {
    return (s.mixed.size() + s.separated.size() + s.intersecting.size()) * sizeof(ShapePair);
  };
  const std::size_t expected = 3 * config.pairs * sizeof(ShapePair);
  std::size_t held = 0;
  for (const Entry& e : recent) held += bytes(*e.sets);
  while (!recent.empty() && held + expected > kCacheBytes) {
    held -= bytes(*recent.back().sets);
    recent.pop_back();
  }
  recent.push_front({wanted, std::make_unique<BenchSets>(build(query, scalar, family, config))});
  return *recent.front().sets;
}

}  // namespace sepax::bench
