#pragma once
/// \file What `sepax gate` compares a run against: the thresholds file
/// (committed as bench/thresholds.json) and a baseline of speed ratios
/// (committed under bench/baselines/<machine>/). Both schemas, with examples,
/// are documented at the top of gate_command.hpp; the readers here reject
/// unknown fields, so a misspelt limit fails loudly instead of never applying.
#include <compare>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "gate/bench_results.hpp"

namespace sepax::cli {

/// A speed rule: ns_per_test(kernel) / ns_per_test(reference) on the same
/// family and set of one benchmark run must stay at most max_ratio (and at
/// most the baseline's ratio × (1 + tolerance) when a baseline is given).
struct SpeedRule {
  std::string kernel;
  std::string reference;
  std::vector<std::string> families;  ///< empty when every_family
  bool every_family = false;          ///< "families": "*": every family measured for both
  std::string set = "mixed";
  double max_ratio = 0;
  std::string note;  ///< why the rule exists, printed with its checks
};

struct Thresholds {
  std::filesystem::path path;
  std::uint64_t max_gross = 0;       ///< per sepax kernel × family row
  std::vector<std::string> kernels;  ///< must appear in the verify rows
  /// Certified kernels: their verdict is the exact one, so every row of
  /// theirs has 0 boundary verdicts too (and must appear in the rows).
  std::vector<std::string> exact_kernels;
  /// find_first_contact rows: the share of first contacts whose point came
  /// from the primary path (the supporting features, not the closest-points
  /// rescue) must be at least this. 0: not checked.
  double min_primary_share = 0;
  double tolerance = 0.25;           ///< allowed slowdown against the baseline's ratio
  std::vector<SpeedRule> rules;
};

/// One ratio of one benchmark run: what --write-baseline stores and
/// --baseline is looked up by.
struct RatioKey {
  std::string kernel;
  std::string reference;
  std::string family;
  std::string set;

  auto operator<=>(const RatioKey&) const = default;
};

struct MeasuredRatio {
  RatioKey key;
  double ratio = 0;
  double kernel_ns = 0;
  double reference_ns = 0;
};

struct Baseline {
  std::filesystem::path path;
  BenchContext context;
  std::vector<MeasuredRatio> ratios;

  const MeasuredRatio* find(const RatioKey& key) const;
};

/// Read and validated; InputError names the file and the line (invalid
/// JSON) or the field (`speed.rules[2].max_ratio: …`).
Thresholds read_thresholds(const std::filesystem::path& path);
Baseline read_baseline(const std::filesystem::path& path);

/// The baseline file's text (pretty JSON) for `ratios` measured in the run
/// described by `context`; read_baseline reads it back.
std::string baseline_text(const BenchContext& context, const std::filesystem::path& benchmark_file,
                          const std::vector<MeasuredRatio>& ratios);

}  // namespace sepax::cli
