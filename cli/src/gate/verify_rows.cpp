#include "gate/verify_rows.hpp"

#include "common/harness_names.hpp"

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
    }
  return merged;
}

}  // namespace sepax::cli
