#pragma once
/// \file The --sepax_* flags both benchmark binaries take (Google Benchmark
/// rejects flags it does not know, so they are taken out of argv first), and
/// the counters every set benchmark reports.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "bench_sets.hpp"

namespace sepax::bench {

/// What both binaries run on: the sets' size and seed, families and kinds.
struct SetFlags {
  SetsConfig sets;
  std::vector<gen::Family> families;  ///< --sepax_families replaces the binary's default
  std::vector<SetKind> set_kinds{SetKind::mixed, SetKind::separated, SetKind::intersecting};
};

/// Prints "PROGRAM: message" and exits with status 2.
/// "a,b,,c" → {"a", "b", "c"}: the comma lists of the --sepax_* flags.
std::vector<std::string> split_list(const std::string& text);

[[noreturn]] void usage_error(const std::string& program, const std::string& message);

/// `value` as a positive integer, or a usage error naming `flag`.
std::size_t positive_flag(const std::string& program, const std::string& flag, const std::string& value);

/// Reads --sepax_pairs, --sepax_seed, --sepax_families and --sepax_sets into
/// `flags` and passes any other --sepax_* argument to `other(arg)`, which
/// returns whether it knew it (else a usage error); the rest of argv is kept
/// for Google Benchmark.
void take_flags(int& argc, char** argv, const std::string& program, SetFlags& flags,
                const std::function<bool(const std::string& arg)>& other);

/// "--flag=value" → value, for `other`.
std::optional<std::string> flag_value(const std::string& arg, const std::string& flag);

/// Times `run` (a prepare_set runner) with `hits` its last count; false when
/// it threw, after SkipWithError with the reason (a kernel that cannot answer
/// some pair of the set says why).
bool time_runner(benchmark::State& state, const std::function<std::size_t()>& run, std::size_t& hits);

/// pairs, hit_rate and tests_per_s (sepax gate reads ns per test as time / pairs).
void add_set_counters(benchmark::State& state, std::size_t pairs, std::size_t hits);

/// For the benchmarks that take no other --sepax_* flag: removes
/// --sepax_pairs=N from argv and returns N (`fallback` without it); a bad
/// count or any other --sepax_* argument is a usage error.
std::size_t take_pairs_flag(int& argc, char** argv, const std::string& program, std::size_t fallback);

/// One call of `test(i)` per pair i < n of a set, the loop Google Benchmark
/// times, with the set's counters.
template <class Test>
void time_pair_loop(benchmark::State& state, std::size_t n, Test&& test) {
  std::size_t hits = 0;
  for (auto _ : state) {
    hits = 0;
    for (std::size_t i = 0; i < n; ++i) hits += test(i);
    benchmark::DoNotOptimize(hits);
  }
  add_set_counters(state, n, hits);
}

}  // namespace sepax::bench
