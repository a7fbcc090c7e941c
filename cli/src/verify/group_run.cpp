#include "verify/group_run.hpp"

#include "common/harness_names.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>

#include <fmt/format.h>
#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/parallel_for.h>

#include "sepax/harness/case_judgement.hpp"
#include "sepax/generators/generate.hpp"
#include "sepax/oracle/margin_estimate.hpp"

namespace sepax::cli {

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

using Clock = std::chrono::steady_clock;

const char* verdict_name(bool intersects) { return intersects ? "intersecting" : "separated"; }

std::string describe_gross(const KernelJudgement& run, const OracleVerdict& oracle, Query query) {
  if (run.error) return "kernel threw: " + *run.error;
  const std::string axis =
      run.outcome.intersects
          ? ""
          : " (axis " + to_string(run.outcome.axis, query != Query::obb_obb, query == Query::tri_tri) + ")";
  return fmt::format("kernel says {}{}, exact: {}; margin {:.6g}, tolerance {:.6g}",
                     verdict_name(run.outcome.intersects), axis, verdict_name(oracle.intersects),
                     run.margin.value_or(0), run.tolerance.value_or(0));
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

class CaseJudge {
 public:
  CaseJudge(const Group& group, const GroupPlan& plan, ProgressCounters& progress)
      : group_(group), plan_(plan), progress_(progress), identity_{group.query, group.scalar, group.family, false} {}

  void judge(std::uint64_t index, GroupResult& tally) const {
    ++tally.cases;
    judge_counted(index, tally);
    progress_.cases.fetch_add(1, std::memory_order_relaxed);
  }

 private:
  void harness_failure(GroupResult& tally, std::uint64_t index, std::optional<ShapePair> pair,
                       std::string detail) const {
    keep_finding(tally.harness_findings, Finding{index, std::move(pair), std::move(detail), std::nullopt},
         plan_.max_findings);
  }

  void judge_counted(std::uint64_t index, GroupResult& tally) const {
    ShapePair pair;
    try {
      pair = gen::generate(group_.family, group_.query, group_.scalar, plan_.seed, index);
    } catch (const std::exception& e) {
      ++tally.harness_errors;
      harness_failure(tally, index, std::nullopt, std::string("generator threw: ") + e.what());
      return;
    }

    OracleVerdict oracle;
    try {
      const bool sampled = index % plan_.cross_check_every == 0;
      const CaseWatchdog::Guard watched(plan_.watchdog, identity_, index, nullptr);
      oracle = judge_exactly(pair, sampled, sampled);
    } catch (const std::exception& e) {
      ++tally.harness_errors;
      harness_failure(tally, index, pair, std::string("oracle threw: ") + e.what());
      return;
    }
    tally.exact_fallbacks += oracle.exact_fallback;
    tally.cross_checks += oracle.cgal_intersects.has_value();
    count_costs(oracle, tally.oracle_costs);
    if (oracle.oracles_disagree()) {
      ++tally.oracle_disagreements;
      harness_failure(tally, index, pair, describe_disagreement(oracle));
      return;
    }

    // All kernels first, then the margin (at most once): if the margin fails,
    // no kernel of this case is counted, so every row keeps the same unjudged.
    std::vector<KernelJudgement> runs;
    runs.reserve(group_.kernels.size());
    for (const KernelInfo* kernel : group_.kernels) {
      const CaseWatchdog::Guard watched(plan_.watchdog, identity_, index, kernel);
      runs.push_back(run_kernel(*kernel, pair));
    }
    LazyMargin margin(pair, oracle.intersects);
    try {
      const CaseWatchdog::Guard watched(plan_.watchdog, identity_, index, nullptr);
      for (std::size_t k = 0; k < runs.size(); ++k)
        classify_run(runs[k], *group_.kernels[k], pair, oracle, margin);
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
    for (std::size_t k = 0; k < runs.size(); ++k) {
      KernelCounts& counts = tally.kernels[k];
      counts.verdicts.add(index, runs[k].error ? std::nullopt : std::optional<StaticOutcome>(runs[k].outcome));
      ++counts.paths[static_cast<std::size_t>(runs[k].outcome.path)];
      ++counts.margins.cases[bin];
      counts.margins.wrong[bin] += runs[k].verdict_class != oracle::Class::ok;
      switch (runs[k].verdict_class) {
        case oracle::Class::ok: ++counts.ok; break;
        case oracle::Class::boundary:
          ++counts.boundary;
          counts.max_boundary_margin = std::max(counts.max_boundary_margin.value_or(0), std::abs(*runs[k].margin));
          break;
        case oracle::Class::gross:
          ++counts.gross;
          progress_.gross.fetch_add(1, std::memory_order_relaxed);
          keep_finding(counts.gross_findings, Finding{index, pair, describe_gross(runs[k], oracle, group_.query), std::nullopt},
               plan_.max_findings);
          break;
        case oracle::Class::convention: ++counts.convention; break;
      }
    }
  }

  const Group& group_;
  const GroupPlan& plan_;
  ProgressCounters& progress_;
  const CaseIdentity identity_;
};

void merge(GroupResult& total, GroupResult& part, std::size_t max_findings) {
  total.cases += part.cases;
  total.exact_fallbacks += part.exact_fallbacks;
  total.cross_checks += part.cross_checks;
  total.zero_band += part.zero_band;
  total.oracle_disagreements += part.oracle_disagreements;
  total.harness_errors += part.harness_errors;
  total.oracle_costs += part.oracle_costs;
  for (Finding& f : part.harness_findings) total.harness_findings.push_back(std::move(f));
  trim_findings(total.harness_findings, max_findings);
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
    for (Finding& f : p.gross_findings) t.gross_findings.push_back(std::move(f));
    trim_findings(t.gross_findings, max_findings);
  }
}

}  // namespace

void keep_finding(std::vector<Finding>& findings, Finding finding, std::size_t limit) {
  findings.push_back(std::move(finding));
  if (findings.size() < 2 * limit + 1) return;
  trim_findings(findings, limit);
}

void trim_findings(std::vector<Finding>& findings, std::size_t limit) {
  std::sort(findings.begin(), findings.end(),
            [](const Finding& a, const Finding& b) { return a.index < b.index; });
  if (findings.size() > limit) findings.resize(limit);
}

double run_planned(const GroupPlan& plan, const std::function<void(std::uint64_t, std::uint64_t)>& run_range) {
  const auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  if (plan.fixed_cases) {
    run_range(0, *plan.fixed_cases);
    return elapsed();
  }
  // Batches sized from the measured rate to end about 0.25 s apart, so the
  // group stops close to its share of the budget whatever a case costs.
  constexpr double kBatchSeconds = 0.25;
  constexpr std::uint64_t kMinBatch = 16;
  std::uint64_t done = 0;
  std::uint64_t batch = std::max<std::uint64_t>(plan.min_cases, 1);
  for (;;) {
    run_range(done, done + batch);
    done += batch;
    const double seconds = elapsed();
    if (done >= plan.min_cases && seconds >= plan.seconds) return seconds;
    if (done < plan.min_cases) {
      batch = plan.min_cases - done;
      continue;
    }
    const double rate = done / std::max(seconds, 1e-6);
    const double horizon = std::min(plan.seconds - seconds, kBatchSeconds);
    batch = std::max(kMinBatch, static_cast<std::uint64_t>(rate * horizon));
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
  GroupResult empty;
  empty.kernels.resize(group.kernels.size());
  tbb::combinable<GroupResult> per_thread([&] { return empty; });
  const CaseJudge judge(group, plan, progress);

  auto run_range = [&](std::uint64_t begin, std::uint64_t end) {
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(begin, end),
                      [&](const tbb::blocked_range<std::uint64_t>& range) {
                        GroupResult& tally = per_thread.local();
                        for (std::uint64_t i = range.begin(); i != range.end(); ++i) judge.judge(i, tally);
                      });
  };

  const double seconds = run_planned(plan, run_range);
  GroupResult result = empty;
  per_thread.combine_each([&](GroupResult& part) { merge(result, part, plan.max_findings); });
  result.seconds = seconds;
  return result;
}

}  // namespace sepax::cli
