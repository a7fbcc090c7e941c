#include "gate/gate_command.hpp"

#include "common/harness_names.hpp"

#include <algorithm>
#include <fstream>
#include <ostream>

#include <fmt/format.h>

#include "gate/bench_results.hpp"
#include "gate/boundary_gate.hpp"
#include "gate/gate_check.hpp"
#include "gate/gate_thresholds.hpp"
#include "sepax/harness/input_error.hpp"
#include "gate/junit_xml.hpp"
#include "gate/robustness_gate.hpp"
#include "gate/speed_gate.hpp"
#include "gate/verify_rows.hpp"
#include "report/report_command.hpp"

namespace sepax::cli {
namespace {

namespace fs = std::filesystem;

/// Every input read, by kind.
struct RunInputs {
  std::vector<VerifyFile> verify;
  std::vector<BenchmarkFile> benchmarks;
};

void read_input(const std::string& arg, RunInputs& inputs) {
  fs::path path(arg);
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    path /= "verify.jsonl";
    if (!fs::is_regular_file(path, ec)) throw InputError(arg + ": a directory without verify.jsonl");
  } else if (!fs::exists(path, ec)) {
    throw InputError(arg + ": no such file or directory");
  }
  const std::string text = read_text_file(path);
  if (looks_like_benchmark(path, text))
    inputs.benchmarks.push_back(read_benchmark_json(path, text));
  else
    inputs.verify.push_back(read_verify_rows(path, text));
}

/// Everything the checks need; InputError when any of it is unusable.
struct GateData {
  RunInputs inputs;
  Thresholds thresholds;
  std::optional<Baseline> baseline;
  std::optional<BoundaryBaseline> boundary_baseline;
};

GateData read_all(const GateOptions& options) {
  GateData data;
  for (const std::string& arg : options.inputs) read_input(arg, data.inputs);
  data.thresholds = read_thresholds(options.thresholds);
  if (options.baseline) data.baseline = read_baseline(*options.baseline);
  if (options.boundary_baseline) data.boundary_baseline = read_boundary_baseline(*options.boundary_baseline);
  return data;
}

std::string input_summary(const GateOptions& options, const GateData& data) {
  std::string line = fmt::format("sepax gate: {} verify input{}, {} benchmark file{}; thresholds {}",
                                 data.inputs.verify.size(), data.inputs.verify.size() == 1 ? "" : "s",
                                 data.inputs.benchmarks.size(), data.inputs.benchmarks.size() == 1 ? "" : "s",
                                 options.thresholds.string());
  if (options.baseline) line += ", baseline " + options.baseline->string();
  return line;
}

/// What the reader should know before trusting the numbers.
std::vector<std::string> input_notes(const GateData& data) {
  std::vector<std::string> notes;
  for (const VerifyFile& f : data.inputs.verify)
    if (f.older_runs)
      notes.push_back(fmt::format("note: {} holds {} earlier run{}; only the last ({}) is judged", f.path.string(),
                                  f.older_runs, f.older_runs == 1 ? "" : "s", f.run.value_or("no run id")));
  if (!data.baseline) return notes;
  const std::string& base_host = data.baseline->context.host_name;
  for (const BenchmarkFile& b : data.inputs.benchmarks)
    if (!base_host.empty() && !b.context.host_name.empty() && base_host != b.context.host_name)
      notes.push_back(fmt::format("note: baseline {} was measured on {}, {} on {}: ratios travel better than times, "
                                  "but not perfectly",
                                  data.baseline->path.string(), base_host, b.path.string(), b.context.host_name));
  return notes;
}

std::string summary_line(const std::vector<GateCheck>& checks) {
  const auto failed = [&](const char* group) {
    return std::count_if(checks.begin(), checks.end(),
                         [&](const GateCheck& c) { return !c.passed() && (!group || c.group == group); });
  };
  const auto findings = std::count_if(checks.begin(), checks.end(), [](const GateCheck& c) { return c.peer_finding; });
  std::string line =
      fmt::format("total: {} checks, {} passed, {} failed ({} robustness, {} boundary, {} speed)", checks.size(),
                  checks.size() - failed(nullptr), failed(nullptr), failed("robustness"), failed("boundary"),
                  failed("speed"));
  if (findings) line += fmt::format("; {} peer findings (informational, not failures)", findings);
  return line;
}

void print_report(const std::vector<GateCheck>& checks, std::ostream& out) {
  for (const GateCheck& c : checks) out << check_line(c) << '\n';
  const bool failed = std::any_of(checks.begin(), checks.end(), [](const GateCheck& c) { return !c.passed(); });
  if (failed) {
    out << "\nfailed checks:\n";
    for (const GateCheck& c : checks)
      if (!c.passed()) out << "  " << check_line(c) << '\n';
  }
  out << '\n' << summary_line(checks) << '\n';
  out << (failed ? "exit 1: the gate failed (reasons above)" : "exit 0: every check passed") << '\n';
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream file(path, std::ios::trunc);
  file << text;
  file.flush();
  if (!file) throw InputError(path.string() + ": cannot write");
}

/// The run's commit for the baseline: the benchmark's own, else the one
/// the verify results' run_info recorded.
BenchContext baseline_context(const GateData& data) {
  BenchContext context = data.inputs.benchmarks.front().context;
  for (const VerifyFile& f : data.inputs.verify)
    if (!context.commit && f.commit) context.commit = f.commit;
  return context;
}

/// Checks what cannot be known before reading: --write-baseline needs one
/// benchmark file. Returns the reason, or "".
std::string usage_problem(const GateOptions& options, const GateData& data) {
  if (options.write_baseline && data.inputs.benchmarks.size() != 1)
    return fmt::format("--write-baseline needs exactly one Google Benchmark JSON input (a baseline is one machine's "
                       "run), got {}",
                       data.inputs.benchmarks.size());
  if (options.write_boundary_baseline && data.inputs.verify.empty())
    return "--write-boundary-baseline needs verify results among the inputs";
  const std::vector<VerifyRow> rows = merged_rows(data.inputs.verify);
  for (const auto& [id, value] : options.tolerances.by_id)
    if (std::none_of(rows.begin(), rows.end(), [&id = id](const VerifyRow& r) { return r.kernel == id; }))
      return fmt::format("--tolerance {}={}: no row of kernel '{}' in the verify results", id, value, id);
  return "";
}

/// What changed against the baseline run, as `sepax report --compare`
/// prints it (the report script writes to this process's stdout).
void print_compare(const GateOptions& options, std::ostream& out, std::ostream& err) {
  ReportOptions compare;
  compare.compare = true;
  std::string current;
  for (const std::string& input : options.inputs) current += (current.empty() ? "" : ",") + input;
  compare.inputs = {*options.compare_base, current};
  out << "\nWhat changed against the baseline run " << *options.compare_base << ":\n";
  out.flush();
  if (run_report(compare, err) != 0) err << "sepax gate: the comparison with the baseline run failed (see above)\n";
}

}  // namespace

int run_gate(const GateOptions& options, std::ostream& out, std::ostream& err) {
  GateData data;
  try {
    data = read_all(options);
  } catch (const std::exception& e) {  // InputError, and any surprise of the file system
    err << "sepax gate: " << e.what() << '\n';
    return 2;
  }
  if (const std::string problem = usage_problem(options, data); !problem.empty()) {
    err << "sepax gate: " << problem << '\n';
    return 2;
  }

  std::vector<GateCheck> checks = robustness_checks(data.inputs.verify, data.thresholds, options.tolerances);
  SpeedResult speed = speed_checks(data.inputs.benchmarks, data.thresholds, data.baseline ? &*data.baseline : nullptr);
  checks.insert(checks.end(), speed.checks.begin(), speed.checks.end());
  const std::vector<VerifyRow> rows = merged_rows(data.inputs.verify);
  if (data.boundary_baseline) {
    const std::vector<GateCheck> boundary = boundary_checks(rows, *data.boundary_baseline);
    checks.insert(checks.end(), boundary.begin(), boundary.end());
  }
  if (checks.empty()) {
    err << "sepax gate: nothing to check: no verify results among the inputs and no speed rule in "
        << options.thresholds.string() << '\n';
    return 2;
  }

  out << input_summary(options, data) << '\n';
  for (const std::string& note : input_notes(data)) out << note << '\n';
  print_report(checks, out);

  try {
    if (options.junit) write_file(*options.junit, junit_xml(checks));
    if (options.write_baseline)
      write_file(*options.write_baseline,
                 baseline_text(baseline_context(data), data.inputs.benchmarks.front().path, speed.ratios));
    if (options.write_boundary_baseline)
      write_file(*options.write_boundary_baseline,
                 boundary_baseline_text(rows, data.inputs.verify.empty() ? std::nullopt : data.inputs.verify.front().commit));
  } catch (const InputError& e) {
    err << "sepax gate: " << e.what() << '\n';
    return 2;
  }
  if (options.write_baseline)
    out << fmt::format("wrote {} ratio{} to {}\n", speed.ratios.size(), speed.ratios.size() == 1 ? "" : "s",
                       options.write_baseline->string());
  const bool failed = std::any_of(checks.begin(), checks.end(), [](const GateCheck& c) { return !c.passed(); });
  if (failed && options.compare_base) print_compare(options, out, err);
  return failed ? 1 : 0;
}

}  // namespace sepax::cli
