#pragma once
/// \file `sepax gate` (SPEC §9): a CI regression gate over the results of one
/// run.
///
///     sepax gate INPUT... --thresholds FILE [--baseline FILE] [--junit FILE]
///                [--write-baseline FILE]
///
/// INPUTs: `sepax verify` results directories (their verify.jsonl) or
/// verify.jsonl files (verify_rows.hpp: the last run of each file), and Google
/// Benchmark JSON files of sepax's suites (bench_results.hpp). Which reader a
/// file gets is decided as reports/sepax_report.py decides it.
///
/// Checks (one printed line and one JUnit testcase each):
///  - robustness (robustness_gate.hpp), absolute: every sepax kernel × family
///    row (static and moving) has gross <= max_gross; every row has
///    oracle_disagreements + harness_errors = 0; peers' gross verdicts are
///    reported, never failures; every kernel the thresholds name has a row;
///    a certified kernel (exact_kernels) has no boundary verdict either;
///  - speed (speed_gate.hpp), relative: ns_per_test(kernel) /
///    ns_per_test(reference) on the same family and set of one benchmark
///    file <= max_ratio, and <= the baseline's ratio × (1 + tolerance) when
///    --baseline is given (a ratio the baseline lacks: max_ratio only, with a
///    note). A rule without data fails and says what is missing.
///
///  - boundary (boundary_gate.hpp), relative, with --boundary-baseline: a
///    sepax kernel × family whose boundary share rose beyond the baseline's
///    (one-sided binomial test, false alarm 1e-6 per check) fails.
///
/// Exit status: 0 every check passed, 1 a check failed, 2 a usage or input
/// error (unreadable or malformed file, named with its line; nothing written).
///
/// ## Thresholds file (bench/thresholds.json)
///
/// Both sections and every field marked optional may be left out; unknown
/// fields are errors (a misspelt limit must not silently stop applying);
/// fields whose name starts with '$' ("$comment") are ignored anywhere.
///
///     {
///       "$comment": "why these limits",
///       "robustness": {
///         "max_gross": 0,                              // optional, default 0; per sepax kernel × family row
///         "kernels": ["obb_obb/test_static/float"],    // optional; each must appear in the verify rows
///         "exact_kernels": ["obb_obb/test_certified/float"]  // optional; present, and 0 boundary + gross per row
///       },
///       "speed": {
///         "tolerance": 0.25,                           // optional, default 0.25: allowed growth over the baseline ratio
///         "rules": [
///           {"kernel": "obb_obb/test_static/float",         // measured id (benchmark name <suite>:<id>:<family>:<set>)
///            "reference": "textbook/obb_obb_sat/float",     // the id it is divided by, same file, family and set
///            "families": ["random", "touching"],            // or "*": every family measured for both
///            "set": "mixed",                                // optional, default "mixed"
///            "max_ratio": 1.25,                             // > 0
///            "note": "why this rule"}                       // optional, printed with its checks
///         ]
///       }
///     }
///
/// ## Baseline file (--write-baseline writes it, --baseline reads it)
///
/// The ratios one benchmark file measured, for every rule × family that had
/// data (also those that failed: it is a measurement, judged when read back),
/// with the machine they were measured on, to commit under
/// bench/baselines/<machine>/:
///
///     {
///       "format": "sepax-gate-baseline/1",
///       "context": {"host_name": "ci-runner-3", "num_cpus": 2, "mhz": 2400,
///                   "date": "2026-11-20T10:00:00+00:00",     // the benchmark's context
///                   "commit": "b779687…" or null,            // context sepax_commit/commit/git_commit, else verify's run_info
///                   "benchmark_file": "bench.json"},
///       "ratios": [
///         {"kernel": "obb_obb/test_static/float", "reference": "textbook/obb_obb_sat/float",
///          "family": "random", "set": "mixed", "ratio": 1.0625,
///          "kernel_ns_per_test": 4.25, "reference_ns_per_test": 4.0}
///       ]
///     }
///
/// Ratios are looked up by (kernel, reference, family, set); ratio must be > 0.
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>
#include "common/tolerance_option.hpp"

namespace sepax::cli {

struct GateOptions {
  std::vector<std::string> inputs;  ///< verify results directories or verify.jsonl files, benchmark JSON files
  std::filesystem::path thresholds;
  std::optional<std::filesystem::path> baseline;
  std::optional<std::filesystem::path> junit;           ///< JUnit XML written here
  std::optional<std::filesystem::path> write_baseline;  ///< needs exactly one benchmark input
  /// Boundary rates (boundary_gate.hpp): read from / written to these files.
  std::optional<std::filesystem::path> boundary_baseline;
  std::optional<std::filesystem::path> write_boundary_baseline;  ///< needs verify inputs
  /// On failure, `sepax report --compare` of this run against the inputs.
  std::optional<std::string> compare_base;
  /// --tolerance: a row fails on the gross verdicts beyond its kernel's
  /// tolerance only (VerifyRow::gross_beyond).
  Tolerances tolerances;
};

/// Prints one line per check, the failed checks again and a summary on `out`;
/// input and usage errors on `err`. Returns 0, 1 or 2 as above.
int run_gate(const GateOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sepax::cli
