#include "gate/bench_results.hpp"

#include "common/harness_names.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sepax/harness/input_error.hpp"

namespace sepax::cli {
namespace {

using Json = nlohmann::json;

constexpr std::array kSuites{std::string_view("kernel"), std::string_view("oracle")};
/// Suites whose names have no set, `suite:id:family` (sepax_bench_gomez,
/// sepax_bench_manifold): their one set of mixed pairs is read as "mixed".
constexpr std::array kSetlessSuites{std::string_view("gomez"), std::string_view("manifold")};

/// A trailing `/…` segment Google Benchmark adds to a name: a run option or a
/// numeric argument.
bool is_gb_suffix(std::string_view segment) {
  for (std::string_view option : {"min_time:", "min_warmup_time:", "iterations:", "repeats:", "threads:"})
    if (segment.starts_with(option)) return true;
  if (segment == "real_time" || segment == "manual_time" || segment == "process_time") return true;
  if (segment.starts_with('-')) segment.remove_prefix(1);
  return !segment.empty() &&
         std::all_of(segment.begin(), segment.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

std::string_view without_gb_suffixes(std::string_view name) {
  for (auto slash = name.rfind('/'); slash != std::string_view::npos; slash = name.rfind('/')) {
    if (!is_gb_suffix(name.substr(slash + 1))) break;
    name = name.substr(0, slash);
  }
  return name;
}

/// A string field, or "" when absent or of another type (Google Benchmark's
/// optional fields are not sepax's to validate).
std::string text_or_empty(const Json& entry, const char* key) {
  const auto it = entry.find(key);
  return it != entry.end() && it->is_string() ? it->get<std::string>() : std::string();
}

/// The name without an aggregate's `_median` etc.: `run_name` when the file
/// has it (Google Benchmark >= 1.5).
std::string run_name_of(const Json& entry) {
  if (std::string run_name = text_or_empty(entry, "run_name"); !run_name.empty()) return run_name;
  std::string name = text_or_empty(entry, "name");
  const std::string aggregate = text_or_empty(entry, "aggregate_name");
  if (text_or_empty(entry, "run_type") == "aggregate" && !aggregate.empty() && name.ends_with("_" + aggregate))
    name.resize(name.size() - aggregate.size() - 1);
  return name;
}

bool is_aggregate(const Json& entry) { return text_or_empty(entry, "run_type") == "aggregate"; }

bool is_median(const Json& entry) { return is_aggregate(entry) && text_or_empty(entry, "aggregate_name") == "median"; }

bool reported_error(const Json& entry) {
  const auto it = entry.find("error_occurred");
  return it != entry.end() && it->is_boolean() && it->get<bool>();
}

std::optional<double> positive_number(const Json& entry, const char* key) {
  const auto it = entry.find(key);
  if (it == entry.end() || !it->is_number()) return std::nullopt;
  const double value = it->get<double>();
  return std::isfinite(value) && value > 0 ? std::optional<double>(value) : std::nullopt;
}

std::optional<double> ns_per_unit(const std::string& unit) {
  if (unit == "ns") return 1.0;
  if (unit == "us") return 1e3;
  if (unit == "ms") return 1e6;
  if (unit == "s") return 1e9;
  return std::nullopt;
}

/// ns per test of one row: the counter, else real_time in ns / pairs.
double row_ns_per_test(const Json& entry, const std::string& where) {
  if (const auto ns = positive_number(entry, "ns_per_test")) return *ns;
  std::string unit = text_or_empty(entry, "time_unit");
  if (unit.empty()) unit = "ns";
  const auto scale = ns_per_unit(unit);
  if (!scale) throw InputError(fmt::format("{}: unknown time_unit \"{}\"", where, unit));
  const auto it = entry.find("real_time");
  if (it == entry.end() || !it->is_number() || !std::isfinite(it->get<double>()))
    throw InputError(where + ": no ns_per_test counter and no numeric real_time");
  const auto pairs = positive_number(entry, "pairs");
  if (!pairs) throw InputError(where + ": no ns_per_test counter and no positive pairs counter to divide real_time by");
  return it->get<double>() * *scale / *pairs;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/// Finds each entry's `"name": "…"` in the text, entries being in file order,
/// so that messages can give a line.
class NameLines {
 public:
  explicit NameLines(const std::string& text) : text_(text) {}

  std::size_t next(const std::string& name) {
    const std::string quoted = Json(name).dump();
    for (auto at = text_.find("\"name\"", cursor_); at != std::string::npos; at = text_.find("\"name\"", at + 1)) {
      auto value = text_.find_first_not_of(" \t\r\n", at + 6);
      if (value == std::string::npos || text_[value] != ':') continue;
      value = text_.find_first_not_of(" \t\r\n", value + 1);
      if (value == std::string::npos || text_.compare(value, quoted.size(), quoted) != 0) continue;
      cursor_ = value + quoted.size();
      return line_of_offset(text_, at);
    }
    return 0;
  }

 private:
  const std::string& text_;
  std::size_t cursor_ = 0;
};

/// A benchmark entry with the line it starts on.
struct Entry {
  const Json* json;
  std::size_t line;
};

BenchContext read_context(const Json& doc) {
  BenchContext context;
  const auto it = doc.find("context");
  if (it == doc.end() || !it->is_object()) return context;
  const Json& c = *it;
  context.host_name = text_or_empty(c, "host_name");
  context.date = text_or_empty(c, "date");
  if (c.contains("num_cpus") && c["num_cpus"].is_number_integer()) context.num_cpus = c["num_cpus"].get<long long>();
  if (c.contains("mhz_per_cpu") && c["mhz_per_cpu"].is_number()) context.mhz = c["mhz_per_cpu"].get<double>();
  for (const char* key : {"sepax_commit", "commit", "git_commit"})
    if (std::string commit = text_or_empty(c, key); !commit.empty()) {
      context.commit = std::move(commit);
      break;
    }
  return context;
}


/// run name -> the entries to use: its median aggregate when there is one,
/// else every iteration row.
std::map<std::string, std::vector<Entry>> select_rows(const std::filesystem::path& path, const Json& list,
                                                     const std::string& text) {
  std::map<std::string, std::vector<Entry>> groups;
  NameLines lines(text);
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Json& entry = list[i];
    if (!entry.is_object() || !entry.contains("name") || !entry["name"].is_string())
      throw InputError(fmt::format("{}: benchmarks[{}] is not an object with a \"name\"", path.string(), i));
    groups[run_name_of(entry)].push_back({&entry, lines.next(entry["name"].get<std::string>())});
  }
  for (auto& [run_name, entries] : groups) {
    const bool has_median = std::any_of(entries.begin(), entries.end(), [](const Entry& e) { return is_median(*e.json); });
    std::erase_if(entries, [&](const Entry& e) { return has_median ? !is_median(*e.json) : is_aggregate(*e.json); });
  }
  return groups;
}

}  // namespace

std::optional<std::pair<std::string, BenchKey>> split_benchmark_name(std::string_view name) {
  const std::string_view base = without_gb_suffixes(name);
  const auto colon = base.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const std::string_view suite = base.substr(0, colon);
  std::string_view rest = base.substr(colon + 1);
  if (std::find(kSetlessSuites.begin(), kSetlessSuites.end(), suite) != kSetlessSuites.end()) {
    const auto family_colon = rest.rfind(':');
    if (family_colon == std::string_view::npos) return std::nullopt;
    const std::string_view id = rest.substr(0, family_colon), family = rest.substr(family_colon + 1);
    if (id.empty() || family.empty() || id.find(':') != std::string_view::npos) return std::nullopt;
    return std::pair{std::string(suite), BenchKey{std::string(id), std::string(family), "mixed"}};
  }
  if (std::find(kSuites.begin(), kSuites.end(), suite) == kSuites.end()) return std::nullopt;
  const auto set_colon = rest.rfind(':');
  if (set_colon == std::string_view::npos) return std::nullopt;
  const std::string_view set = rest.substr(set_colon + 1);
  rest = rest.substr(0, set_colon);
  const auto family_colon = rest.rfind(':');
  if (family_colon == std::string_view::npos) return std::nullopt;
  const std::string_view family = rest.substr(family_colon + 1);
  const std::string_view id = rest.substr(0, family_colon);
  if (id.empty() || family.empty() || set.empty() || id.find(':') != std::string_view::npos) return std::nullopt;
  return std::pair{std::string(suite), BenchKey{std::string(id), std::string(family), std::string(set)}};
}

bool looks_like_benchmark(const std::filesystem::path& path, const std::string& text) {
  if (path.extension() == ".jsonl") return false;
  const auto start = text.find_first_not_of(" \t\r\n");
  if (start == std::string::npos) return false;
  const auto end = text.find('\n', start);
  const Json first = Json::parse(text.substr(start, end == std::string::npos ? end : end - start), nullptr, false);
  if (first.is_discarded()) return text[start] == '{';
  return first.is_object() && (first.contains("benchmarks") || first.contains("context"));
}

BenchmarkFile read_benchmark_json(const std::filesystem::path& path, const std::string& text) {
  const Json doc = parse_json_document(path, without_nonfinite_tokens(text));
  if (!doc.is_object() || !doc.contains("benchmarks") || !doc["benchmarks"].is_array())
    throw InputError(path.string() + ": not a Google Benchmark JSON file (no \"benchmarks\" list)");
  BenchmarkFile file;
  file.path = path;
  file.context = read_context(doc);
  std::map<BenchKey, std::vector<double>> times;
  for (const auto& [run_name, entries] : select_rows(path, doc["benchmarks"], text)) {
    const auto split = split_benchmark_name(run_name);
    if (!split || entries.empty()) continue;  // not one of sepax's benchmarks
    BenchMeasurement& m = file.results[split->second];
    m.suite = split->first;
    if (!m.line) m.line = entries.front().line;
    for (const Entry& e : entries) {
      const Json& row = *e.json;
      if (reported_error(row)) {
        if (m.error.empty()) m.error = text_or_empty(row, "error_message");
        if (m.error.empty()) m.error = "no error message";
        continue;
      }
      const std::string where =
          fmt::format("{} (benchmark {})", file_position(path, e.line), row["name"].get<std::string>());
      times[split->second].push_back(row_ns_per_test(row, where));
    }
  }
  if (file.results.empty())
    throw InputError(path.string() + ": no benchmark named <suite>:<id>:<family>:<set> (suite kernel or oracle) or gomez:<id>:<family>, manifold:<id>:<family>");
  for (auto& [key, m] : file.results)
    if (const auto it = times.find(key); it != times.end() && !it->second.empty()) m.ns_per_test = median(it->second);
  return file;
}

}  // namespace sepax::cli
