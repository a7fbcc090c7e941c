#pragma once
/// \file The --out directory of `sepax verify`:
///   verify.jsonl   one JSON object per kernel × family row, appended and
///                  flushed as each group finishes (append-only: a killed run
///                  keeps every finished group, and runs accumulate);
///   summary.md     the last run's table, command line, seed, commit, compiler;
///   gross/         one folder per failure class (kernel × family × what went
///                  wrong, verify/failure_classes.hpp): its simplest cases
///                  as replayable case files, and class.json;
///   harness/       one per oracle disagreement or oracle failure;
///   hang/, crash/  the case(s) of a kernel or oracle call that did not
///                  return or crashed the process (the run stops there).
#include "common/harness_names.hpp"
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sepax/harness/case_file.hpp"

namespace sepax::cli {

class ResultsDirectory {
 public:
  /// Creates `root` and its parents; throws std::filesystem::filesystem_error
  /// when that is impossible.
  explicit ResultsDirectory(std::filesystem::path root);

  const std::filesystem::path& root() const { return root_; }

  /// Appends one line per row to verify.jsonl and flushes; throws
  /// std::runtime_error when the write fails.
  void append_rows(const std::vector<nlohmann::ordered_json>& rows) const;

  /// Writes `c` as a one-line case file `<subdir>/<stem>.jsonl` (replacing an
  /// older one of the same name) and returns its path.
  std::filesystem::path write_case(const std::string& subdir, const std::string& stem,
                                   const Case& c) const;
  /// The same with several cases, one per line.
  std::filesystem::path write_cases(const std::string& subdir, const std::string& stem,
                                    const std::vector<Case>& cases) const;

  /// Writes `text` as `<subdir>/<name>` (replacing an older file) and returns its path.
  std::filesystem::path write_text(const std::string& subdir, const std::string& name, const std::string& text) const;

  /// Replaces summary.md.
  void write_summary(const std::string& markdown) const;

 private:
  std::filesystem::path root_;
};

}  // namespace sepax::cli
