// sepax_bench (SPEC §8): every static kernel — sepax's and the peers' — and
// the oracles, on identical inputs from the shared generators, per query ×
// scalar × family and per set (mixed, separated, intersecting).
//
// Benchmark names are "<suite>:<id>:<family>:<set>" (suite kernel or oracle),
// read by `sepax report` and `sepax gate`. One iteration runs the kernel over
// the whole set; counters: pairs (set size), hit_rate (fraction the kernel
// reported intersecting: it must match the set — 0 on separated, 1 on
// intersecting — up to the kernel's errors), tests_per_s. ns per test is
// real_time / pairs.
//
// Options besides Google Benchmark's own:
//   --sepax_pairs=N          pairs per set (default 65536)
//   --sepax_oracle_pairs=N   pairs an oracle benchmark judges per iteration (default 256)
//   --sepax_seed=S           generator seed (default 20261123)
//   --sepax_families=a,b     only these families (default: all but motion)
//   --sepax_sets=a,b         only these sets (default: mixed,separated,intersecting)
//   --sepax_peers=0          leave the peer libraries out
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "bench_flags.hpp"
#include "bench_sets.hpp"
#include "sepax/harness/case_watchdog.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/oracle/cgal_judge.hpp"
#include "sepax/oracle/exact_sat.hpp"
#if SEPAX_HAVE_PEERS
#include "sepax/peers/peers.hpp"
#endif

namespace sepax::bench {
namespace {

struct Options : SetFlags {
  std::size_t oracle_pairs = 256;
  bool peers = true;
  /// One benchmark running longer than this (they take seconds) stops the
  /// run: a kernel that never returns on some pair must not stall the main job.
  double stall_seconds = 300;
};

constexpr const char* kProgram = "sepax_bench";

Options parse(int& argc, char** argv) {
  Options o;
  take_flags(argc, argv, kProgram, o, [&](const std::string& arg) {
    if (auto v = flag_value(arg, "--sepax_oracle_pairs")) o.oracle_pairs = positive_flag(kProgram, "--sepax_oracle_pairs", *v);
    else if (auto v = flag_value(arg, "--sepax_peers")) o.peers = *v != "0";
    else if (auto v = flag_value(arg, "--sepax_stall_seconds"))
      o.stall_seconds = double(positive_flag(kProgram, "--sepax_stall_seconds", *v));
    else return false;
    return true;
  });
  if (o.families.empty())
    for (gen::Family f : gen::all_families())
      if (f != gen::Family::motion) o.families.push_back(f);  // its static pairs are t = 0 of a motion
  return o;
}

/// Watches every benchmark (set in main; see Options::stall_seconds).
harness::CaseWatchdog* watchdog = nullptr;

void kernel_benchmark(benchmark::State& state, const KernelInfo& k, gen::Family family, SetKind set,
                      const Options& o) {
  const harness::CaseIdentity group{k.query, k.scalar, family, false};
  const harness::CaseWatchdog::Guard watched(watchdog, group, std::uint64_t(set), &k);
  const std::vector<ShapePair>& pairs = bench_sets(k.query, k.scalar, family, o.sets).get(set);
  if (pairs.empty()) {
    state.SkipWithError("empty set: the family never produced such a pair");
    return;
  }
  SetRunner run = k.prepare_set(pairs);  // converted to the kernel's own types, untimed
  std::size_t hits = 0;
  if (time_runner(state, run, hits)) add_set_counters(state, pairs.size(), hits);
}

/// The oracles on the first oracle_pairs pairs of the mixed set: the cost of
/// robustness on the same table.
struct OracleInfo {
  std::string name;  ///< sat_filtered, sat_exact, cgal
  std::function<bool(const ShapePair&)> judge;
};

std::vector<OracleInfo> oracles() {
  return {{"sat_filtered", [](const ShapePair& p) { return oracle::sat_filtered(p).intersects; }},
          {"sat_exact", [](const ShapePair& p) { return oracle::sat_exact(p); }},
          {"cgal", [](const ShapePair& p) { return oracle::cgal_intersects(p); }}};
}

void oracle_benchmark(benchmark::State& state, const OracleInfo& oracle, Query query, ScalarKind scalar,
                      gen::Family family, const Options& o) {
  const harness::CaseIdentity group{query, scalar, family, false};
  const harness::CaseWatchdog::Guard watched(watchdog, group, 0, nullptr);
  const std::vector<ShapePair>& mixed = bench_sets(query, scalar, family, o.sets).mixed;
  const std::vector<ShapePair> pairs(mixed.begin(), mixed.begin() + std::min(mixed.size(), o.oracle_pairs));
  std::size_t hits = 0;
  for (auto _ : state) {
    hits = 0;
    for (const ShapePair& p : pairs) hits += oracle.judge(p) ? 1 : 0;
    benchmark::DoNotOptimize(hits);
  }
  add_set_counters(state, pairs.size(), hits);
}

void register_all(const Options& o) {
  static const std::vector<OracleInfo> judges = oracles();
  static const Options options = o;
  for (Query query : {Query::obb_obb, Query::tri_obb, Query::tri_tri})
    for (ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64})
      for (gen::Family family : options.families) {
        // Grouped by query × scalar × family: the sets are built once per group.
        const std::string tail = ":" + std::string(gen::to_string(family)) + ":";
        for (const KernelInfo& k : static_kernels()) {
          if (k.query != query || k.scalar != scalar || !k.prepare_set) continue;
          for (SetKind set : options.set_kinds)
            benchmark::RegisterBenchmark(("kernel:" + k.id + tail + std::string(to_string(set))).c_str(),
                                         [&k, family, set](benchmark::State& s) {
                                           kernel_benchmark(s, k, family, set, options);
                                         })
                ->Unit(benchmark::kMicrosecond);
        }
        for (const OracleInfo& judge : judges) {
          const std::string id = "oracle/" + judge.name + "/" + std::string(to_string(query)) + "/" +
                                 std::string(to_string(scalar));
          benchmark::RegisterBenchmark(("oracle:" + id + tail + "mixed").c_str(),
                                       [&judge, query, scalar, family](benchmark::State& s) {
                                         oracle_benchmark(s, judge, query, scalar, family, options);
                                       })
              ->Unit(benchmark::kMicrosecond);
        }
      }
}

}  // namespace
}  // namespace sepax::bench

int main(int argc, char** argv) {
  const sepax::bench::Options options = sepax::bench::parse(argc, argv);
#if SEPAX_HAVE_PEERS
  if (options.peers) sepax::peers::register_peer_kernels();
#endif
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  benchmark::AddCustomContext("sepax_pairs", std::to_string(options.sets.pairs));
  benchmark::AddCustomContext("sepax_oracle_pairs", std::to_string(options.oracle_pairs));
  benchmark::AddCustomContext("sepax_seed", std::to_string(options.sets.seed));
  benchmark::AddCustomContext("sepax_compiler", SEPAX_BENCH_COMPILER);
  sepax::bench::register_all(options);
  sepax::harness::CaseWatchdog watchdog(
      std::chrono::duration<double>(options.stall_seconds), [&](const sepax::harness::StuckCall& call) {
        const std::string what =
            call.kernel ? "kernel " + call.kernel->id + " on its " +
                              std::string(sepax::bench::to_string(sepax::bench::SetKind(call.index))) + " set"
                        : std::string("an oracle on the mixed set");
        std::cerr << "\nsepax_bench: " << what << " of " << sepax::gen::to_string(call.group.family)
                  << " has not finished after " << call.seconds << " s (--sepax_stall_seconds="
                  << options.stall_seconds
                  << "): a kernel that does not return on some pair? Stopping; leave it out with "
                     "--benchmark_filter, or find the pair with `sepax verify --kernel ID --family F`.\n"
                  << std::flush;
        std::_Exit(3);
      });
  sepax::bench::watchdog = &watchdog;
  benchmark::RunSpecifiedBenchmarks();
  sepax::bench::watchdog = nullptr;
  benchmark::Shutdown();
  return 0;
}
