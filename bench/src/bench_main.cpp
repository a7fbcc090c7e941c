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

struct Options {
  SetsConfig sets;
  std::size_t oracle_pairs = 256;
  std::vector<gen::Family> families;
  std::vector<SetKind> set_kinds{SetKind::mixed, SetKind::separated, SetKind::intersecting};
  bool peers = true;
  /// One benchmark running longer than this (they take seconds) stops the
  /// run: a kernel that never returns on some pair must not stall the main job.
  double stall_seconds = 300;
};

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

[[noreturn]] void usage_error(const std::string& message) {
  std::cerr << "sepax_bench: " << message << '\n';
  std::exit(2);
}

std::size_t positive(const std::string& flag, const std::string& value) {
  try {
    const long long n = std::stoll(value);
    if (n > 0) return static_cast<std::size_t>(n);
  } catch (const std::exception&) {
  }
  usage_error(flag + " must be a positive integer, got '" + value + "'");
}

/// Takes the --sepax_* flags out of argv (Google Benchmark rejects unknown ones).
Options parse(int& argc, char** argv) {
  Options o;
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&](const std::string& flag) -> std::optional<std::string> {
      if (arg.rfind(flag + "=", 0) == 0) return arg.substr(flag.size() + 1);
      return std::nullopt;
    };
    if (auto v = value("--sepax_pairs")) o.sets.pairs = positive("--sepax_pairs", *v);
    else if (auto v = value("--sepax_oracle_pairs")) o.oracle_pairs = positive("--sepax_oracle_pairs", *v);
    else if (auto v = value("--sepax_seed")) o.sets.seed = positive("--sepax_seed", *v);
    else if (auto v = value("--sepax_families")) {
      for (const std::string& name : split(*v)) {
        const auto f = gen::parse_family(name);
        if (!f) usage_error("--sepax_families: unknown family '" + name + "'");
        o.families.push_back(*f);
      }
    } else if (auto v = value("--sepax_sets")) {
      o.set_kinds.clear();
      for (const std::string& name : split(*v)) {
        bool found = false;
        for (SetKind s : {SetKind::mixed, SetKind::separated, SetKind::intersecting})
          if (to_string(s) == name) o.set_kinds.push_back(s), found = true;
        if (!found) usage_error("--sepax_sets: unknown set '" + name + "' (mixed, separated, intersecting)");
      }
    } else if (auto v = value("--sepax_peers")) o.peers = *v != "0";
    else if (auto v = value("--sepax_stall_seconds")) o.stall_seconds = double(positive("--sepax_stall_seconds", *v));
    else argv[kept++] = argv[i];
  }
  argc = kept;
  if (o.families.empty())
    for (gen::Family f : gen::all_families())
      if (f != gen::Family::motion) o.families.push_back(f);  // its static pairs are t = 0 of a motion
  return o;
}

void add_set_counters(benchmark::State& state, std::size_t pairs, std::size_t hits) {
  state.counters["pairs"] = double(pairs);
  state.counters["hit_rate"] = pairs ? double(hits) / double(pairs) : 0.0;
  state.counters["tests_per_s"] = benchmark::Counter(double(pairs), benchmark::Counter::kIsIterationInvariantRate);
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
  try {
    for (auto _ : state) {
      hits = run();
      benchmark::DoNotOptimize(hits);
    }
  } catch (const std::exception& e) {
    // A peer that cannot answer some pair of the set (it says why).
    state.SkipWithError(e.what());
    return;
  }
  add_set_counters(state, pairs.size(), hits);
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
        std::cerr << "\nsepax_bench: " << what << " of " << sepax::gen::to_string(call.group->family)
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
