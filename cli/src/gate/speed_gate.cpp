#include "gate/speed_gate.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

namespace sepax::cli {
namespace {

/// One rule being judged, with what every check of it needs.
struct RuleRun {
  const SpeedRule& rule;
  const Thresholds& thresholds;
  const Baseline* baseline;
  bool several_files;
  SpeedResult& result;
};

std::string subject(const RuleRun& r, const std::string& family, const BenchmarkFile* file) {
  std::string s = fmt::format("{} / {} on {} ({} set)", r.rule.kernel, r.rule.reference, family, r.rule.set);
  if (file && r.several_files) s += " in " + file->path.string();
  return s;
}

GateCheck rule_check(const RuleRun& r, std::string subject) {
  GateCheck c;
  c.group = "speed";
  c.subject = std::move(subject);
  c.limit = fmt::format("ratio <= {:g} (max_ratio)", r.rule.max_ratio);
  if (!r.rule.note.empty()) c.note = "rule: " + r.rule.note;
  return c;
}

void add_note(GateCheck& c, const std::string& note) { c.note = c.note.empty() ? note : note + "; " + c.note; }

/// Why `file` cannot give the rule's ratio on `family`, or "" when it can.
std::string missing_in(const BenchmarkFile& file, const SpeedRule& rule, const std::string& family) {
  std::vector<std::string> reasons;
  for (const std::string* id : {&rule.kernel, &rule.reference}) {
    const auto it = file.results.find(BenchKey{*id, family, rule.set});
    if (it == file.results.end())
      reasons.push_back(fmt::format("{} not measured on family {}, set {}", *id, family, rule.set));
    else if (!it->second.ns_per_test)
      reasons.push_back(fmt::format("{}'s benchmark reported an error ({})", *id, it->second.error));
  }
  if (reasons.empty()) return "";
  return fmt::format("{}: {}", file.path.string(), fmt::join(reasons, ", "));
}

/// Families where both ids are measured on the rule's set in one file.
std::vector<std::string> every_family(const SpeedRule& rule, const std::vector<BenchmarkFile>& inputs) {
  std::set<std::string> families;
  for (const BenchmarkFile& file : inputs)
    for (const auto& [key, m] : file.results)
      if (key.id == rule.kernel && key.set == rule.set && file.results.contains({rule.reference, key.family, key.set}))
        families.insert(key.family);
  return {families.begin(), families.end()};
}

void check_baseline(const RuleRun& r, const MeasuredRatio& measured, GateCheck& c) {
  if (!r.baseline) return;
  const MeasuredRatio* base = r.baseline->find(measured.key);
  if (!base) {
    add_note(c, fmt::format("no ratio for this kernel, reference, family and set in baseline {}: max_ratio only",
                            r.baseline->path.string()));
    return;
  }
  const double tolerance = r.thresholds.tolerance;
  const double limit = base->ratio * (1 + tolerance);
  c.limit += fmt::format(" and <= baseline {:.3f} x (1 + {:g}) = {:.3f}", base->ratio, tolerance, limit);
  if (measured.ratio > limit)
    c.failures.push_back(fmt::format(
        "ratio {:.3f} > baseline {:.3f} x (1 + tolerance {:g}) = {:.3f}: {} got {:.0f}% slower relative to {} "
        "than in {}",
        measured.ratio, base->ratio, tolerance, limit, r.rule.kernel, (measured.ratio / base->ratio - 1) * 100,
        r.rule.reference, r.baseline->path.string()));
}

GateCheck ratio_check(const RuleRun& r, const std::string& family, const BenchmarkFile& file) {
  MeasuredRatio m;
  m.key = {r.rule.kernel, r.rule.reference, family, r.rule.set};
  m.kernel_ns = *file.results.at({r.rule.kernel, family, r.rule.set}).ns_per_test;
  m.reference_ns = *file.results.at({r.rule.reference, family, r.rule.set}).ns_per_test;
  m.ratio = m.kernel_ns / m.reference_ns;

  GateCheck c = rule_check(r, subject(r, family, &file));
  c.measured = fmt::format("ratio {:.3f} ({:.4g} / {:.4g} ns per test)", m.ratio, m.kernel_ns, m.reference_ns);
  if (m.ratio > r.rule.max_ratio)
    c.failures.push_back(fmt::format("ratio {:.3f} > max_ratio {:g}: {} takes {:.2f}x the time of {}", m.ratio,
                                     r.rule.max_ratio, r.rule.kernel, m.ratio, r.rule.reference));
  check_baseline(r, m, c);
  auto& ratios = r.result.ratios;
  if (std::none_of(ratios.begin(), ratios.end(), [&](const MeasuredRatio& x) { return x.key == m.key; }))
    ratios.push_back(m);
  return c;
}

GateCheck missing_check(const RuleRun& r, const std::string& family, const std::vector<std::string>& reasons) {
  GateCheck c = rule_check(r, subject(r, family, nullptr));
  c.measured = "no ratio";
  c.failures.push_back(fmt::format("missing data: {}", fmt::join(reasons, "; ")));
  return c;
}

void judge_rule(const RuleRun& r, const std::vector<BenchmarkFile>& inputs) {
  auto& checks = r.result.checks;
  const std::string all = fmt::format("every family measured for both (\"families\": \"*\")");
  if (inputs.empty()) {
    checks.push_back(missing_check(r, r.rule.every_family ? all : fmt::format("{}", fmt::join(r.rule.families, ", ")),
                                   {"no benchmark input (the rule needs a Google Benchmark JSON file)"}));
    return;
  }
  const std::vector<std::string> families = r.rule.every_family ? every_family(r.rule, inputs) : r.rule.families;
  if (families.empty()) {
    std::vector<std::string> files;
    for (const BenchmarkFile& f : inputs) files.push_back(f.path.string());
    checks.push_back(missing_check(r, all,
                                   {fmt::format("no family where both are measured on set {} in one file of {}",
                                                r.rule.set, fmt::join(files, ", "))}));
    return;
  }
  for (const std::string& family : families) {
    std::vector<std::string> reasons;
    for (const BenchmarkFile& file : inputs) {
      std::string reason = missing_in(file, r.rule, family);
      if (reason.empty())
        checks.push_back(ratio_check(r, family, file));
      else
        reasons.push_back(std::move(reason));
    }
    if (reasons.size() == inputs.size()) checks.push_back(missing_check(r, family, reasons));
  }
}

}  // namespace

SpeedResult speed_checks(const std::vector<BenchmarkFile>& inputs, const Thresholds& thresholds,
                         const Baseline* baseline) {
  SpeedResult result;
  for (const SpeedRule& rule : thresholds.rules)
    judge_rule(RuleRun{rule, thresholds, baseline, inputs.size() > 1, result}, inputs);
  return result;
}

}  // namespace sepax::cli
