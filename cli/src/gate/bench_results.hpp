#pragma once
/// \file The results of one Google Benchmark run (`--benchmark_out_format=json`)
/// of sepax's suites, as `sepax gate` compares them: ns per test for every
/// benchmark named `<suite>:<id>:<family>:<set>` (SPEC §8; suite `kernel` or
/// `oracle`, set `mixed`, `separated` or `intersecting`).
///
/// Google Benchmark's own suffixes (`/repeats:5`, `/min_time:0.5`, `/real_time`,
/// numeric arguments) are not part of the key. With repetitions the `median`
/// aggregate row is used, otherwise the iteration rows (their median, when
/// there are several). ns per test is the `ns_per_test` counter when present,
/// else real_time (converted from time_unit) divided by the `pairs` counter.
/// Benchmarks with other names are not sepax's and are ignored; rows that
/// report error_occurred are kept out, and a benchmark all of whose rows
/// failed carries the error message instead of a time.
#include <compare>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace sepax::cli {

/// What a benchmark measured: a kernel or oracle id on one family and set.
struct BenchKey {
  std::string id;  ///< `obb_obb/test_static/float`, `fcl/obb_overlap/float`, `oracle/sat_exact/obb_obb/double`
  std::string family;
  std::string set;

  auto operator<=>(const BenchKey&) const = default;
};

struct BenchMeasurement {
  std::string suite;                  ///< kernel or oracle
  std::optional<double> ns_per_test;  ///< absent when every row reported an error
  std::string error;                  ///< the benchmark's error_message then
  std::size_t line = 0;               ///< of its first row in the file (0: not found)
};

/// The machine and build the run measured, from the file's "context".
struct BenchContext {
  std::string host_name;
  std::optional<long long> num_cpus;
  std::optional<double> mhz;  ///< mhz_per_cpu
  std::string date;
  std::optional<std::string> commit;  ///< custom context sepax_commit, commit or git_commit
};

struct BenchmarkFile {
  std::filesystem::path path;
  BenchContext context;
  std::map<BenchKey, BenchMeasurement> results;
};

/// `<suite>:<id>:<family>:<set>[/gb options]` split into suite and key, or
/// nullopt when `name` is not in that shape.
std::optional<std::pair<std::string, BenchKey>> split_benchmark_name(std::string_view name);

/// Whether a result file is benchmark JSON (one document with "benchmarks" or
/// "context") rather than verify JSON Lines; `.jsonl` never is. Decided from
/// the first line so that a malformed file still gets the right reader's
/// message (the same rule as reports/sepax_report.py).
bool looks_like_benchmark(const std::filesystem::path& path, const std::string& text);

/// Parses `text` (the contents of `path`). Throws InputError naming
/// `path:line` for invalid JSON or a sepax benchmark without a usable time,
/// and `path` when it is not Google Benchmark output or holds no benchmark
/// named as above.
BenchmarkFile read_benchmark_json(const std::filesystem::path& path, const std::string& text);

}  // namespace sepax::cli
