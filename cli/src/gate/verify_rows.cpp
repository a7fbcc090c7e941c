#include "gate/verify_rows.hpp"

#include "common/harness_names.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

#include <set>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sepax/harness/input_error.hpp"

namespace sepax::cli {
namespace {

using Json = nlohmann::json;

/// Where a row came from, for the messages of its fields.
struct Line {
  const std::filesystem::path& path;
  std::size_t number;

  [[noreturn]] void fail(const std::string& reason) const {
    throw InputError(fmt::format("{}: {}", file_position(path, number), reason));
  }
};

std::string text_field(const Json& row, const char* key, const Line& at) {
  const auto it = row.find(key);
  if (it == row.end()) at.fail(fmt::format("kernel row without \"{}\"", key));
  if (!it->is_string() || it->get_ref<const std::string&>().empty())
    at.fail(fmt::format("field \"{}\": expected a non-empty string, got {}", key, it->dump()));
  return it->get<std::string>();
}

std::uint64_t count_field(const Json& row, const char* key, const Line& at) {
  const auto it = row.find(key);
  if (it == row.end()) at.fail(fmt::format("kernel row without \"{}\"", key));
  if (!it->is_number_unsigned())
    at.fail(fmt::format("field \"{}\": expected a count (integer >= 0), got {}", key, it->dump()));
  return it->get<std::uint64_t>();
}

VerifyRow kernel_row(const Json& row, VerifyTable table, const Line& at) {
  VerifyRow r;
  r.table = table;
  r.kernel = text_field(row, "kernel", at);
  r.family = text_field(row, "family", at);
  if (row.contains("origin")) r.origin = text_field(row, "origin", at);
  r.cases = count_field(row, "cases", at);
  r.gross = count_field(row, "gross", at);
  r.boundary = count_field(row, "boundary", at);
  if (const auto paths = row.find("point_paths"); paths != row.end()) {
    if (!paths->is_object()) at.fail("field \"point_paths\": expected an object, got " + paths->dump());
    r.features_path = count_field(*paths, "features", at);
    r.closest_points_path = count_field(*paths, "closest_points", at);
  }
  r.oracle_disagreements = count_field(row, "oracle_disagreements", at);
  r.harness_errors = count_field(row, "harness_errors", at);
  if (const auto levels = row.find("gross_levels"); levels != row.end()) {
    if (!levels->is_object()) at.fail("field \"gross_levels\": expected an object, got " + levels->dump());
    r.gross_levels = std::array<std::uint64_t, 2>{count_field(*levels, "1e-6", at), count_field(*levels, "1e-3", at)};
  }
  if (const auto worst = row.find("max_gross_severity"); worst != row.end() && !worst->is_null()) {
    if (worst->is_number())
      r.max_gross_severity = worst->get<double>();
    else if (*worst == "threw")
      r.max_gross_severity = std::numeric_limits<double>::infinity();
    else
      at.fail("field \"max_gross_severity\": expected a number, \"threw\" or null, got " + worst->dump());
  }
  r.file = at.path;
  r.line = at.number;
  return r;
}

std::optional<std::string> run_of(const Json& row) {
  const auto it = row.find("run");
  if (it == row.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

Json parse_line(const std::string& text, const Line& at) {
  Json row;
  try {
    row = Json::parse(text);
  } catch (const Json::parse_error& e) {
    // nlohmann counts lines within the one line it was given.
    std::string reason = json_error_text(e.what());
    if (const auto pos = reason.find("at line 1, column"); pos != std::string::npos) reason.erase(pos + 3, 8);  // "line 1, "
    at.fail(fmt::format("not valid JSON ({})", reason));
  }
  if (!row.is_object()) at.fail(fmt::format("expected a JSON object, got {}", row.type_name()));
  return row;
}

/// Every kernel row and run_info row of the file, in file order.
struct AllRows {
  std::vector<std::pair<std::optional<std::string>, VerifyRow>> kernel_rows;
  std::vector<std::pair<std::optional<std::string>, std::string>> commits;  ///< run_info
};

void add_row(const Json& row, const Line& at, AllRows& all) {
  const auto table = row.find("table");
  if (table == row.end()) {
    all.kernel_rows.emplace_back(run_of(row), kernel_row(row, VerifyTable::static_kernels, at));
  } else if (*table == "moving") {
    all.kernel_rows.emplace_back(run_of(row), kernel_row(row, VerifyTable::moving_kernels, at));
  } else if (*table == "run_info") {
    const auto commit = row.find("commit");
    if (commit != row.end() && commit->is_string() && *commit != "unknown")
      all.commits.emplace_back(run_of(row), commit->get<std::string>());
  }
  // Other tables (oracle costs, future ones) hold no verdicts.
}

}  // namespace

std::string_view to_string(VerifyTable table) {
  return table == VerifyTable::static_kernels ? "static" : "moving";
}

VerifyFile read_verify_rows(const std::filesystem::path& path, const std::string& text) {
  AllRows all;
  std::istringstream in(text);
  std::size_t number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const Line at{path, number};
    add_row(parse_line(line, at), at, all);
  }
  if (all.kernel_rows.empty())
    throw InputError(path.string() + ": no kernel x family rows (an empty or unfinished sepax verify run?)");

  VerifyFile file;
  file.path = path;
  file.run = all.kernel_rows.back().first;
  std::set<std::optional<std::string>> runs;
  for (auto& [run, row] : all.kernel_rows) {
    runs.insert(run);
    if (run == file.run) file.rows.push_back(std::move(row));
  }
  file.older_runs = runs.size() - 1;
  for (const auto& [run, commit] : all.commits)
    if (run == file.run) file.commit = commit;
  return file;
}

std::vector<VerifyRow> merged_rows(const std::vector<VerifyFile>& inputs) {
  std::vector<VerifyRow> merged;
  std::map<std::tuple<VerifyTable, std::string, std::string>, std::size_t> index;
  for (const VerifyFile& file : inputs)
    for (const VerifyRow& row : file.rows) {
      const auto [it, inserted] = index.try_emplace({row.table, row.kernel, row.family}, merged.size());
      if (inserted) {
        merged.push_back(row);
        continue;
      }
      VerifyRow& sum = merged[it->second];
      sum.cases += row.cases;
      sum.gross += row.gross;
      sum.boundary += row.boundary;
      sum.features_path += row.features_path;
      sum.closest_points_path += row.closest_points_path;
      sum.oracle_disagreements += row.oracle_disagreements;
      sum.harness_errors += row.harness_errors;
      if (sum.gross_levels && row.gross_levels)
        for (std::size_t i = 0; i < 2; ++i) (*sum.gross_levels)[i] += (*row.gross_levels)[i];
      else
        sum.gross_levels.reset();
      if (row.max_gross_severity)
        sum.max_gross_severity = std::max(sum.max_gross_severity.value_or(0), *row.max_gross_severity);
    }
  return merged;
}

std::uint64_t VerifyRow::gross_beyond(double tolerance) const {
  if (tolerance <= 0 || gross == 0) return gross;
  // A row with gross verdicts but no recorded worst predates severities: all count.
  if (max_gross_severity && *max_gross_severity <= tolerance) return 0;
  if (!gross_levels) return gross;
  if (tolerance >= 1e-3) return (*gross_levels)[1];
  if (tolerance >= 1e-6) return (*gross_levels)[0];
  return gross;
}

}  // namespace sepax::cli
