// sepax_bench_brought: what bringing a kernel costs, apart from sepax_bench so
// that its run stays as it was.
//
//  - kernel:example_fixed/obb_sat/double — the example plugin's fixed module,
//    load_plugin'ed, timed through its own prepare_set runner (one batch call
//    of the C ABI over the whole set);
//  - kernel:inprocess/obb_sat/double — the same C code compiled in
//    (inprocess_obb_sat.c), an ordinary registry entry called once per pair.
//    bench/thresholds.json holds the plugin to at most 1.2x its ns/test;
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
