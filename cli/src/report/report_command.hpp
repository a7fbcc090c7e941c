#pragma once
/// \file `sepax report RESULTS... -o DIR` (SPEC §9): the speed-versus-
/// robustness report. The tables and plots are made by reports/sepax_report.py
/// with Debian's matplotlib; this command finds the script and runs it with
/// Debian's interpreter, so the report step is one sepax subcommand like the
/// others.
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace sepax::cli {

struct ReportOptions {
  std::vector<std::string> inputs;  ///< verify results directories or .jsonl files, benchmark .json files
  std::filesystem::path out = "sepax-report";
  bool out_given = false;  ///< --compare writes files only when -o was given
  std::string title;  ///< empty: the script's default
  /// The two inputs are runs BASE and NEW: print what changed (Markdown).
  bool compare = false;
  std::optional<double> noise_floor;  ///< --compare: smallest relative speed change reported
  bool latex = false;                 ///< also booktabs tables and PDF plots
};

/// The script's exit status (0 written, 2 unreadable input), or 2 when it
/// cannot be started.
int run_report(const ReportOptions& options, std::ostream& err);

/// reports/sepax_report.py of the source tree this binary was built from.
std::filesystem::path report_script();

}  // namespace sepax::cli
