#pragma once
/// \file The kernel × family rows of a `sepax verify` results file
/// (verify.jsonl, JSON Lines), as `sepax gate` judges them.
///
/// A row without "table" is a static kernel × family row, "table":"moving" a
/// moving one; both carry kernel, family, cases, gross, oracle_disagreements
/// and harness_errors. Other tables (run_info, oracle_costs, …) are not
/// verdicts and are skipped, except that run_info's commit is kept.
/// "origin" is "sepax" or a peer library's name; a row without it is sepax's
/// (rows written before peers existed).
///
/// verify.jsonl is append-only: several runs may follow one another in one
/// file. Only the last run's rows are kept (the run of the file's last
/// kernel row, by its "run" field), so an old failure does not fail a new
/// run and an old success cannot hide a new one.
#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sepax::cli {

enum class VerifyTable { static_kernels, moving_kernels };

std::string_view to_string(VerifyTable table);

/// One kernel on one generator family in one run.
struct VerifyRow {
  VerifyTable table = VerifyTable::static_kernels;
  std::string kernel;
  std::string family;
  std::string origin = "sepax";
  std::uint64_t cases = 0;
  std::uint64_t gross = 0;
  std::uint64_t boundary = 0;
  /// find_first_contact rows: first-contact answers by the path of their
  /// point (absent in older rows: both 0).
  std::uint64_t features_path = 0;
  std::uint64_t closest_points_path = 0;
  std::uint64_t oracle_disagreements = 0;
  std::uint64_t harness_errors = 0;
  /// The gross verdicts at >= 1e-6 and >= 1e-3 of the size, and the largest
  /// severity (+inf: a kernel threw); absent in rows written before them.
  std::optional<std::array<std::uint64_t, 2>> gross_levels;
  std::optional<double> max_gross_severity;
  std::filesystem::path file;  ///< where the row was read, for messages
  std::size_t line = 0;

  bool is_peer() const { return origin != "sepax"; }
  /// The gross verdicts a tolerance (relative to size) does not excuse,
  /// counted from the severity levels, never fewer than there are: none when
  /// the worst is within it; else those at the largest level the tolerance
  /// reaches (>= 1e-3, >= 1e-6), or all of them below 1e-6 or without levels.
  std::uint64_t gross_beyond(double tolerance) const;
};

/// The rows of the last run in one verify.jsonl.
struct VerifyFile {
  std::filesystem::path path;
  std::vector<VerifyRow> rows;
  std::optional<std::string> run;     ///< the kept run's id, when rows carry one
  std::size_t older_runs = 0;         ///< runs before it in the file, left out
  std::optional<std::string> commit;  ///< from the kept run's run_info row
};

/// Parses `text` (the contents of `path`). Throws InputError naming
/// `path:line` for a line that is not a JSON object, or a kernel row whose
/// kernel, family or counts are missing or of the wrong type, and naming
/// `path` when the file holds no kernel row at all.
VerifyFile read_verify_rows(const std::filesystem::path& path, const std::string& text);

/// Rows of the same kernel × family × table from every input, added up, in
/// the order they first appear.
std::vector<VerifyRow> merged_rows(const std::vector<VerifyFile>& inputs);

}  // namespace sepax::cli
