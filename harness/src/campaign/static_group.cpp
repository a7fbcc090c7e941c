#include "sepax/harness/campaign/static_group.hpp"

#include <algorithm>
#include <cmath>
#include <exception>

#include <fmt/format.h>

#include "range_judge.hpp"
#include "sepax/harness/case_judgement.hpp"
#include "sepax/generators/generate.hpp"
#include "sepax/oracle/margin_estimate.hpp"

namespace sepax::harness {

int MarginBins::bin(double margin) {
  const double m = std::abs(margin);
  if (!(m >= 1e-18)) return 0;
  return std::clamp(static_cast<int>(std::floor(std::log10(m))) + 19, 1, kCount - 1);
}

std::optional<int> MarginBins::decade(int b) {
  if (b == 0) return std::nullopt;
  return b - 19;
}

MarginBins& MarginBins::operator+=(const MarginBins& other) {
  for (int b = 0; b < kCount; ++b) cases[b] += other.cases[b], wrong[b] += other.wrong[b];
  return *this;
}

namespace {

const char* verdict_name(bool intersects) { return intersects ? "intersecting" : "separated"; }

/// The kernel's answer against the exact one; the axis the kernel named,
/// when it named one.
std::string describe_gross(const KernelJudgement& run, const OracleVerdict& oracle, Query query) {
  if (run.error) return "kernel threw: " + *run.error;
  const std::string axis =
      run.outcome.intersects || run.outcome.axis.kind == AxisKind::none
          ? ""
          : " (axis " + to_string(run.outcome.axis, query != Query::obb_obb, query == Query::tri_tri) + ")";
  const double band = run.band.value_or(0);
  return fmt::format("kernel says {}{}, exact: {}; margin {:.6g}, {}{}",
                     verdict_name(run.outcome.intersects), axis, verdict_name(oracle.intersects),
                     run.margin.value_or(0), limit_text(run.tolerance, run.band),
                     band > 0 ? fmt::format(" ({:.3g}x the band)", run.severity() / band) : std::string());
}

std::string describe_disagreement(const OracleVerdict& oracle) {
  std::string others;
  if (oracle.cgal_intersects) others += fmt::format(", CGAL says {}", verdict_name(*oracle.cgal_intersects));
  if (oracle.unfiltered_intersects)
    others += fmt::format(", unfiltered rational SAT says {}", verdict_name(*oracle.unfiltered_intersects));
  return fmt::format("ORACLE DISAGREEMENT: filtered exact SAT says {}{}", verdict_name(oracle.intersects), others);
}

void count_costs(const OracleVerdict& oracle, OracleCosts& costs) {
  if (oracle.exact_fallback) {
    ++costs.exact_fallbacks;
    costs.exact_fallback_seconds += oracle.filtered_seconds;
  } else {
    ++costs.filter_decided;
    costs.filter_decided_seconds += oracle.filtered_seconds;
  }
  if (oracle.unfiltered_intersects) {
    ++costs.unfiltered;
    costs.unfiltered_seconds += oracle.unfiltered_seconds;
  }
  if (oracle.cgal_intersects) {
    ++costs.cgal;
    costs.cgal_seconds += oracle.cgal_seconds;
  }
}

/// A case generated and judged by the oracle, waiting for the kernels.
struct JudgedCase {
  std::uint64_t index = 0;
  ShapePair pair;
  OracleVerdict oracle;
};

class CaseJudge : public detail::RangeJudge<CaseJudge, JudgedCase, KernelJudgement, GroupResult> {
 public:
  CaseJudge(const Group& group, const GroupPlan& plan, ProgressCounters& progress)
      : RangeJudge(progress), group_(group), plan_(plan), identity_{group.query, group.scalar, group.family, false} {}

  // The phases RangeJudge::judge_range calls, in its order.
  const std::vector<const KernelInfo*>& kernels() const { return group_.kernels; }

  /// The pairs of the judged cases, once for every kernel.
  std::vector<ShapePair> kernel_inputs(const std::vector<JudgedCase>& judged) const {
    std::vector<ShapePair> pairs;
    pairs.reserve(judged.size());
    for (const JudgedCase& c : judged) pairs.push_back(c.pair);
    return pairs;
  }

  void harness_failure(GroupResult& tally, std::uint64_t index, std::optional<ShapePair> pair,
                       std::string detail) const {
    keep_finding(tally.harness_findings, Finding{index, std::move(pair), std::move(detail), std::nullopt, std::nullopt, std::nullopt},
         plan_.max_findings);
  }

  /// The case and its exact verdict, or nothing when the generator or the
  /// oracles failed or disagreed (counted and kept as a harness finding).
  std::optional<JudgedCase> judge_exactly(std::uint64_t index, GroupResult& tally) const {
    JudgedCase c{index, {}, {}};
    try {
      c.pair = gen::generate(group_.family, group_.query, group_.scalar, plan_.seed, index);
    } catch (const std::exception& e) {
      ++tally.harness_errors;
      harness_failure(tally, index, std::nullopt, std::string("generator threw: ") + e.what());
      return std::nullopt;
    }
    try {
      const bool sampled = index % plan_.cross_check_every == 0;
      const CaseWatchdog::Guard watched(plan_.watchdog, identity_, index, nullptr);
      c.oracle = harness::judge_exactly(c.pair, sampled, sampled);
    } catch (const std::exception& e) {
      ++tally.harness_errors;
      harness_failure(tally, index, c.pair, std::string("oracle threw: ") + e.what());
      return std::nullopt;
    }
    tally.exact_fallbacks += c.oracle.exact_fallback;
    tally.cross_checks += c.oracle.cgal_intersects.has_value();
    count_costs(c.oracle, tally.oracle_costs);
    if (c.oracle.oracles_disagree()) {
      ++tally.oracle_disagreements;
      harness_failure(tally, index, c.pair, describe_disagreement(c.oracle));
      return std::nullopt;
    }
    return c;
  }

  /// One kernel on every judged case, each call watched: a batch kernel in one
  /// call (watched as the batch's first case), any other case by case.
  std::vector<KernelJudgement> run_kernel_on(const KernelInfo& kernel, const std::vector<JudgedCase>& judged,
                                             const std::vector<ShapePair>& pairs) const {
    if (kernel.test_batch && !judged.empty()) {
      // Batches are consecutive indices (failed cases aside): the watchdog
      // names the batch's span.
      const CaseWatchdog::Guard watched(plan_.watchdog, identity_, judged.front().index, &kernel,
                                        judged.back().index - judged.front().index + 1);
      return run_kernel_batch(kernel, pairs);
    }
    std::vector<KernelJudgement> runs;
    runs.reserve(judged.size());
    for (const JudgedCase& c : judged) {
      const CaseWatchdog::Guard watched(plan_.watchdog, identity_, c.index, &kernel);
      runs.push_back(run_kernel(kernel, c.pair));
    }
    return runs;
  }

  void classify_and_count(const JudgedCase& judged, std::vector<std::vector<KernelJudgement>>& all_runs,
                          std::size_t c, GroupResult& tally) const {
    const std::uint64_t index = judged.index;
    const ShapePair& pair = judged.pair;
    const OracleVerdict& oracle = judged.oracle;
    // The margin at most once per case: if it fails, no kernel of this case
    // is counted, so every row keeps the same unjudged.
    LazyMargin margin(pair, oracle.intersects);
    try {
      const CaseWatchdog::Guard watched(plan_.watchdog, identity_, index, nullptr);
      for (std::size_t k = 0; k < all_runs.size(); ++k)
        classify_run(all_runs[k][c], *group_.kernels[k], pair, oracle, margin);
    } catch (const std::exception& e) {
      ++tally.harness_errors;
      harness_failure(tally, index, pair, std::string("margin or tolerance threw: ") + e.what());
      return;
    }

    // Judged with a zero band: every operation of a SAT test is exact here.
    tally.zero_band +=
        oracle::arithmetic_is_exact(pair, group_.scalar) || oracle::face_axes_decided_exactly(pair, group_.scalar);
    // One estimate per case, shared by every kernel (for the margin histogram).
    const int bin = MarginBins::bin(oracle::estimated_margin(pair, oracle.intersects));
    for (std::size_t k = 0; k < all_runs.size(); ++k) {
      const KernelJudgement& run = all_runs[k][c];
      KernelCounts& counts = tally.kernels[k];
      counts.verdicts.add(index, run.error ? std::nullopt : std::optional<StaticOutcome>(run.outcome));
      ++counts.paths[static_cast<std::size_t>(run.outcome.path)];
      ++counts.margins.cases[bin];
      counts.margins.wrong[bin] += run.verdict_class != oracle::Class::ok;
      switch (run.verdict_class) {
        case oracle::Class::ok: ++counts.ok; break;
        case oracle::Class::boundary:
          ++counts.boundary;
          counts.max_boundary_margin = std::max(counts.max_boundary_margin.value_or(0), std::abs(*run.margin));
          counts.severity.tolerated += run.tolerated();
          keep_finding(counts.boundary_findings,
                       Finding{index, pair, describe_gross(run, oracle, group_.query), std::nullopt, run.severity(),
                               run.band},
                       kBoundarySeeds, Keep::most_severe);
          break;
        case oracle::Class::gross:
          ++counts.gross;
          counts.severity.add_gross(run.severity());
          progress_.gross.fetch_add(1, std::memory_order_relaxed);
          keep_finding(counts.gross_findings,
                       Finding{index, pair, describe_gross(run, oracle, group_.query), std::nullopt, run.severity(),
                               run.band},
                       plan_.max_findings);
          break;
        case oracle::Class::convention: ++counts.convention; break;
      }
    }
  }

  const Group& group_;
  const GroupPlan& plan_;
  const CaseIdentity identity_;
};

}  // namespace

void merge_results(GroupResult& total, GroupResult& part, std::size_t max_findings) {
  total.cases += part.cases;
  total.exact_fallbacks += part.exact_fallbacks;
  total.cross_checks += part.cross_checks;
  total.zero_band += part.zero_band;
  total.oracle_disagreements += part.oracle_disagreements;
  total.harness_errors += part.harness_errors;
  total.oracle_costs += part.oracle_costs;
  merge_findings(total.harness_findings, part.harness_findings, max_findings);
  for (std::size_t k = 0; k < total.kernels.size(); ++k) {
    KernelCounts& t = total.kernels[k];
    KernelCounts& p = part.kernels[k];
    t.ok += p.ok;
    t.boundary += p.boundary;
    t.gross += p.gross;
    t.convention += p.convention;
    t.margins += p.margins;
    t.verdicts += p.verdicts;
    for (std::size_t i = 0; i < t.paths.size(); ++i) t.paths[i] += p.paths[i];
    if (p.max_boundary_margin)
      t.max_boundary_margin = std::max(t.max_boundary_margin.value_or(0), *p.max_boundary_margin);
    t.severity += p.severity;
    merge_findings(t.gross_findings, p.gross_findings, max_findings);
    merge_findings(t.boundary_findings, p.boundary_findings, kBoundarySeeds, Keep::most_severe);
  }
}

OracleCosts& OracleCosts::operator+=(const OracleCosts& other) {
  filter_decided += other.filter_decided;
  filter_decided_seconds += other.filter_decided_seconds;
  exact_fallbacks += other.exact_fallbacks;
  exact_fallback_seconds += other.exact_fallback_seconds;
  unfiltered += other.unfiltered;
  unfiltered_seconds += other.unfiltered_seconds;
  cgal += other.cgal;
  cgal_seconds += other.cgal_seconds;
  return *this;
}

GroupResult run_group(const Group& group, const GroupPlan& plan, ProgressCounters& progress) {
  return run_group_of<GroupResult>(plan, group.kernels.size(), CaseJudge(group, plan, progress),
                                   [&](GroupResult& total, GroupResult& part) { merge_results(total, part, plan.max_findings); });
}

}  // namespace sepax::harness
