#pragma once
/// \file `sepax report RESULTS... -o DIR` (SPEC §9): the speed-versus-
/// robustness report. The tables and plots are made by reports/sepax_report.py
/// with Debian's matplotlib; this command finds the script and runs it with
/// Debian's interpreter, so the report step is one sepax subcommand like the
/// others.
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

namespace sepax::cli {

struct ReportOptions {
  std::vector<std::string> inputs;  ///< verify results directories or .jsonl files, benchmark .json files
  std::filesystem::path out = "sepax-report";
  std::string title;  ///< empty: the script's default
};

/// The script's exit status (0 written, 2 unreadable input), or 2 when it
/// cannot be started.
int run_report(const ReportOptions& options, std::ostream& err);

/// reports/sepax_report.py of the source tree this binary was built from.
std::filesystem::path report_script();

}  // namespace sepax::cli
