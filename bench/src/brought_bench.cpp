// sepax_bench_brought: what bringing a kernel costs, apart from sepax_bench so
// that its run stays as it was.
//
//  - kernel:example_fixed/obb_sat/double — the example plugin's fixed module,
//    load_plugin'ed, timed through its own prepare_set runner (one batch call
//    of the C ABI over the whole set);
//  - kernel:inprocess/obb_sat/double — the same C code compiled in
//    (inprocess_obb_sat.c), an ordinary registry entry called once per pair.
//    bench/thresholds.json holds the plugin to at most 1.2x its ns/test;
//  - kernel:mybox_fixed/box_box/double — the example manifold plugin's fixed
//    module (examples/manifold_plugin, plugin ABI version 2), load_plugin'ed,
//    timed through its query kernel's batch form on the set in calls of 256
//    cases (sepax's conversions to the layout's arrays and back included), against
//  - kernel:inprocess/box_box_manifold/double — the same C code compiled in
//    (inprocess_manifold.c) and registered in process as a C++ user would
//    (a query kernel making each case's arrays and answer). The thresholds
//    hold the plugin to at most 1.2x;
//  - kernel:trivial/obb_obb_test_static/double:<family>:mixed/<framing>/<B> —
//    examples/external/trivial.py (answers "intersecting" without looking)
//    through start_external, in the JSON and the binary framing, on the first
//    B pairs of the mixed set: one request per run for B up to the session's
//    4096 pairs per request (fixed inside the harness: start_external takes no
//    options). Counters calls_per_s (kernel calls = pairs answered per second)
//    and requests_per_s (round trips), over real time (Google Benchmark adds
//    "/real_time" to these names): this thread mostly waits on the pipe.
//
// Both OBB kernels see the same pairs: bench_sets' obb_obb double sets of each
// family. Names and counters (pairs, hit_rate, tests_per_s; ns per test is
// real_time / pairs) are sepax_bench's, so `sepax gate` reads them.
//
// Options besides Google Benchmark's own:
//   --sepax_pairs=N        pairs per set (default 65536)
//   --sepax_seed=S         generator seed (default 20261123)
//   --sepax_families=a,b   families (default random,parallel-edges)
//   --sepax_sets=a,b       sets of the OBB kernels (default mixed,separated,intersecting)
//   --sepax_plugin=PATH    the module timed as example_fixed/obb_sat/double
//                          (default the example plugin's fixed module; another
//                          module must provide that id, as the regressed one of
//                          reports/tests/fixtures/compare does)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bench_flags.hpp"
#include "bench_sets.hpp"
#include "inprocess_kernel.hpp"
#include "inprocess_manifold.h"
#include "sepax/core/registry.hpp"
#include "sepax/harness/external_kernels.hpp"
#include "sepax/harness/plugin_kernels.hpp"

namespace sepax::bench {
namespace {

constexpr const char* inprocess_id = "inprocess/obb_sat/double";
constexpr const char* plugin_id = "example_fixed/obb_sat/double";
constexpr const char* external_id = "trivial/obb_obb_test_static/double";
// The external session's pairs per request (SessionOptions::max_batch).
constexpr std::size_t external_max_batch = 4096;

constexpr const char* kProgram = "sepax_bench_brought";

using Options = SetFlags;

std::string plugin_module = SEPAX_EXAMPLE_PLUGIN_FIXED;

Options parse(int& argc, char** argv) {
  Options o;
  o.families = {gen::Family::random, gen::Family::parallel_edges};
  take_flags(argc, argv, kProgram, o, [](const std::string& arg) {
    const std::string flag = "--sepax_plugin=";
    if (arg.rfind(flag, 0) != 0) return false;
    plugin_module = arg.substr(flag.size());
    return true;
  });
  return o;
}

const std::vector<ShapePair>& obb_set(gen::Family family, SetKind set, const Options& o) {
  return bench_sets(Query::obb_obb, ScalarKind::float64, family, o.sets).get(set);
}



void kernel_benchmark(benchmark::State& state, const KernelInfo& k, gen::Family family, SetKind set,
                      const Options& o) {
  const std::vector<ShapePair>& pairs = obb_set(family, set, o);
  if (pairs.empty()) {
    state.SkipWithError("empty set: the family never produced such a pair");
    return;
  }
  const SetRunner run = k.prepare_set(pairs);  // converted to the kernel's arrays, untimed
  std::size_t hits = 0;
  if (time_runner(state, run, hits)) add_set_counters(state, pairs.size(), hits);
}

enum class Framing { json, binary };
const char* to_string(Framing f) { return f == Framing::json ? "json" : "binary"; }

/// trivial.py's obb_obb static kernel in one framing, started on first use
/// (a run filtered to the OBB kernels starts no Python) and kept running.
const KernelInfo& external_kernel(Framing framing) {
  static std::map<Framing, std::vector<KernelInfo>> started;
  auto it = started.find(framing);
  if (it == started.end()) {
    const std::string command = std::string("'") + SEPAX_PYTHON3 + "' '" + SEPAX_EXTERNAL_EXAMPLES +
                                "/trivial.py'" + (framing == Framing::binary ? " --binary" : "");
    it = started.emplace(framing, harness::start_external(command).sat).first;
  }
  for (const KernelInfo& k : it->second)
    if (k.id == external_id) return k;
  throw std::runtime_error(std::string("trivial.py does not announce ") + external_id);
}

void external_benchmark(benchmark::State& state, Framing framing, gen::Family family, std::size_t batch,
                        const Options& o) {
  const std::vector<ShapePair>& mixed = obb_set(family, SetKind::mixed, o);
  const std::span<const ShapePair> pairs(mixed.data(), std::min(batch, mixed.size()));
  std::size_t hits = 0;
  try {
    const SetRunner run = external_kernel(framing).prepare_set(pairs);  // encoded once, untimed
    if (!time_runner(state, run, hits)) return;
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  add_set_counters(state, pairs.size(), hits);
  const double requests = double((pairs.size() + external_max_batch - 1) / external_max_batch);
  state.counters["calls_per_s"] = benchmark::Counter(double(pairs.size()), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["requests_per_s"] = benchmark::Counter(requests, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["batch"] = double(std::min(pairs.size(), external_max_batch));
}

constexpr const char* manifold_inprocess_id = "inprocess/box_box_manifold/double";
constexpr const char* manifold_plugin_id = "mybox_fixed/box_box/double";

/// The manifold plugin's double kernel (loaded once).
const harness::QueryKernel& manifold_plugin_kernel() {
  static const harness::KernelSet loaded = harness::load_plugin(SEPAX_MANIFOLD_PLUGIN_FIXED);
  for (const harness::QueryKernel& k : loaded.queries)
    if (k.id == manifold_plugin_id) return k;
  throw std::runtime_error(std::string("the manifold plugin does not provide ") + manifold_plugin_id);
}

/// The same C code registered in process, as a C++ user brings it: a query
/// kernel that puts each case's boxes in its arrays, calls the code on that
/// one case and makes the answer (the plugin's route, without the ABI).
harness::QueryKernel manifold_inprocess_kernel() {
  return harness::query_kernel<ShapePair>(
      manifold_inprocess_id, "inprocess", "obb_obb_manifold", "find_manifold", ScalarKind::float64,
      [](const ShapePair& p) {
        const auto put = [](const Obb3d& box, double* out) {
          for (int k = 0; k < 3; ++k) out[k] = box.center[k];
          for (int j = 0; j < 3; ++j)
            for (int k = 0; k < 3; ++k) out[3 + 3 * j + k] = box.axes[j][k];
          for (int j = 0; j < 3; ++j) out[12 + j] = box.extents[j];
        };
        double a[15], b[15], normal[3], depth = 0, points[24];
        unsigned char contact = 0;
        std::int32_t count = 0;
        put(p.obb_a, a);
        put(p.obb_b, b);
        if (sepax_bench_inprocess_manifold_double(1, a, b, &contact, normal, &depth, &count, points) != 0)
          throw std::runtime_error("inprocess/box_box_manifold/double failed");
        harness::ManifoldAnswer m{contact != 0, Vec3<double>(normal[0], normal[1], normal[2]), depth, {}};
        for (std::int32_t i = 0; i < count; ++i) m.points.emplace_back(points[3 * i], points[3 * i + 1], points[3 * i + 2]);
        harness::QueryAnswer answer;
        answer.meets = m.contact;
        answer.manifold = std::move(m);
        return answer;
      });
}

/// A set's cases, prepared once, through the plugin's batch form (calls of
/// 256 cases, as the campaign's batches) or the in-process kernel case by case.
SetRunner manifold_runner(bool plugin, std::span<const ShapePair> pairs) {
  std::vector<harness::QueryInput> inputs(pairs.begin(), pairs.end());
  if (plugin)
    return [inputs = std::move(inputs)] {
      // In calls of 256 cases, as a campaign's batches of --batch-cases 256 call it.
      constexpr std::size_t batch = 256;
      const std::span<const harness::QueryInput> all(inputs);
      std::size_t hits = 0;
      for (std::size_t begin = 0; begin < all.size(); begin += batch)
        for (const auto& a : manifold_plugin_kernel().run_batch(all.subspan(begin, std::min(batch, all.size() - begin))))
          hits += a && a->meets;
      return hits;
    };
  return [inputs = std::move(inputs), k = manifold_inprocess_kernel()] {
    std::size_t hits = 0;
    for (const harness::QueryInput& in : inputs) {
      const auto a = k.run(in);
      hits += a && a->meets;
    }
    return hits;
  };
}

void manifold_benchmark(benchmark::State& state, bool plugin, gen::Family family, SetKind set, const Options& o) {
  const std::vector<ShapePair>& pairs = obb_set(family, set, o);
  std::size_t hits = 0;
  try {
    if (time_runner(state, manifold_runner(plugin, pairs), hits)) add_set_counters(state, pairs.size(), hits);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
  }
}

void register_all(const Options& o) {
  static const Options options = o;
  const KernelInfo* inprocess = find_kernel(inprocess_id);
  const KernelInfo* plugin = find_kernel(plugin_id);
  if (!inprocess || !plugin) usage_error(kProgram, std::string("the plugin does not provide ") + plugin_id);
  for (gen::Family family : options.families) {
    // Grouped by family: bench_sets builds one family's sets at a time.
    const std::string tail = ":" + std::string(gen::to_string(family)) + ":";
    for (const KernelInfo* k : {inprocess, plugin})
      for (SetKind set : options.set_kinds)
        benchmark::RegisterBenchmark(("kernel:" + k->id + tail + std::string(to_string(set))).c_str(),
                                     [k, family, set](benchmark::State& s) {
                                       kernel_benchmark(s, *k, family, set, options);
                                     })
            ->Unit(benchmark::kMicrosecond);
    for (const bool plugin : {false, true})
      for (SetKind set : options.set_kinds)
        benchmark::RegisterBenchmark(("kernel:" + std::string(plugin ? manifold_plugin_id : manifold_inprocess_id) +
                                      tail + std::string(to_string(set)))
                                         .c_str(),
                                     [plugin, family, set](benchmark::State& s) {
                                       manifold_benchmark(s, plugin, family, set, options);
                                     })
            ->Unit(benchmark::kMicrosecond);
    for (Framing framing : {Framing::json, Framing::binary})
      for (std::size_t batch : {std::size_t(1), std::size_t(16), std::size_t(256), external_max_batch}) {
        if (batch > options.sets.pairs) continue;  // the mixed set has exactly sets.pairs pairs
        const std::string name = "kernel:" + std::string(external_id) + tail + "mixed/" + to_string(framing) + "/" +
                                 std::to_string(batch);
        benchmark::RegisterBenchmark(name.c_str(),
                                     [framing, family, batch](benchmark::State& s) {
                                       external_benchmark(s, framing, family, batch, options);
                                     })
            ->Unit(benchmark::kMicrosecond)
            ->UseRealTime();  // the time is spent in the other process: CPU time would flatter the rates
      }
  }
}

}  // namespace
}  // namespace sepax::bench

int main(int argc, char** argv) {
  const sepax::bench::Options options = sepax::bench::parse(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  try {
    // Both OBB kernels go through the registry, as `sepax verify --plugin` has them.
    std::vector<sepax::KernelInfo> brought = sepax::harness::load_plugin(sepax::bench::plugin_module).sat;
    brought.push_back(sepax::bench::inprocess_obb_sat_double());
    sepax::register_kernels(std::move(brought));
  } catch (const std::exception& e) {
    std::cerr << "sepax_bench_brought: " << e.what() << '\n';
    return 2;
  }
  benchmark::AddCustomContext("sepax_pairs", std::to_string(options.sets.pairs));
  benchmark::AddCustomContext("sepax_seed", std::to_string(options.sets.seed));
  benchmark::AddCustomContext("sepax_compiler", SEPAX_BENCH_COMPILER);
  benchmark::AddCustomContext("sepax_plugin", sepax::bench::plugin_module);
  sepax::bench::register_all(options);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
