#include "verify/moving_group_run.hpp"

#include "common/harness_names.hpp"

#include <algorithm>
#include <cmath>
#include <exception>

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/parallel_for.h>

#include "sepax/harness/moving_judgement.hpp"
#include "sepax/generators/generate.hpp"
#include "sepax/oracle/exact_sat.hpp"

namespace sepax::cli {
namespace {

void count_costs(const MovingOracleVerdict& oracle, MovingOracleCosts& costs) {
  ++costs.sat;
  costs.sat_seconds += oracle.sat_seconds;
  if (oracle.lp) {
    ++costs.sat_on_sample;
    costs.sat_on_sample_seconds += oracle.sat_seconds;
    ++costs.lp;
    costs.lp_seconds += oracle.lp_seconds;
  }
}

class MovingCaseJudge {
 public:
  MovingCaseJudge(const MovingGroup& group, const GroupPlan& plan, ProgressCounters& progress)
      : group_(group), plan_(plan), progress_(progress), identity_{group.query, group.scalar, group.family, true} {}

  void judge(std::uint64_t index, MovingGroupResult& tally) const {
    ++tally.cases;
    judge_counted(index, tally);
    progress_.cases.fetch_add(1, std::memory_order_relaxed);
  }

 private:
  void harness_failure(MovingGroupResult& tally, std::uint64_t index, const gen::MovingPair* moving,
                       std::string detail) const {
    Finding finding{index, std::nullopt, std::move(detail), std::nullopt};
    if (moving) {
      finding.pair = moving->pair;
      finding.motion = moving->motion;
    }
    keep_finding(tally.harness_findings, std::move(finding), plan_.max_findings);
  }

  void judge_counted(std::uint64_t index, MovingGroupResult& tally) const {
    gen::MovingPair moving;
    try {
      moving = gen::generate_moving(group_.family, group_.query, group_.scalar, plan_.seed, index);
    } catch (const std::exception& e) {
      ++tally.harness_errors;
      harness_failure(tally, index, nullptr, std::string("generator threw: ") + e.what());
      return;
    }
    const ShapePair& pair = moving.pair;
    const LinearMotiond& motion = moving.motion;

    MovingOracleVerdict oracle;
    try {
      const bool sampled = index % plan_.cross_check_every == 0;
      const CaseWatchdog::Guard watched(plan_.watchdog, identity_, index, nullptr);
      oracle = judge_moving_exactly(pair, motion, sampled);
      // The static oracle at t = 0 must see the same state there.
      if (sampled) oracle.static_intersects = oracle::sat_filtered(pair).intersects;
    } catch (const std::exception& e) {
      ++tally.harness_errors;
      harness_failure(tally, index, &moving, std::string("oracle threw: ") + e.what());
      return;
    }
    tally.cross_checks += oracle.lp.has_value();
    count_costs(oracle, tally.oracle_costs);
    if (oracle.oracles_disagree()) {
      ++tally.oracle_disagreements;
      harness_failure(tally, index, &moving, "ORACLE DISAGREEMENT: " + oracle.describe());
      return;
    }

    // All kernels first, then the classification: if a margin or a score
    // fails, no kernel of this case is counted, so every row keeps the same
    // unjudged count.
    std::vector<MovingKernelJudgement> runs;
    runs.reserve(group_.kernels.size());
    for (const KernelInfo* kernel : group_.kernels) {
      const CaseWatchdog::Guard watched(plan_.watchdog, identity_, index, kernel);
      runs.push_back(run_moving_kernel(*kernel, pair, motion));
    }
    try {
      const CaseWatchdog::Guard watched(plan_.watchdog, identity_, index, nullptr);
      MovingMargins margins(pair, motion, oracle);
      for (std::size_t k = 0; k < runs.size(); ++k)
        classify_moving_run(runs[k], *group_.kernels[k], pair, motion, oracle, margins);
    } catch (const std::exception& e) {
      ++tally.harness_errors;
      harness_failure(tally, index, &moving, std::string("margin or score threw: ") + e.what());
      return;
    }

    for (std::size_t k = 0; k < runs.size(); ++k) {
      const MovingKernelJudgement& run = runs[k];
      MovingKernelCounts& counts = tally.kernels[k];
      if (run.mode == KernelMode::moving_test)
        counts.verdicts.add(index, run.error ? std::nullopt : std::optional<StaticOutcome>(run.verdict));
      else
        counts.verdicts.add(index, run.error ? std::nullopt : std::optional<ContactOutcome>(run.contact));
      if (run.rule == MovingRule::contact_errors) {
        ++counts.both_first_contact;
        counts.ill_conditioned += run.score->ill_conditioned;
      }
      if (run.mode == KernelMode::first_contact && !run.error &&
          run.contact.state == ContactState::first_contact)
        ++(run.contact.point_path == ContactPath::features ? counts.features_path : counts.closest_points_path);
      if (run.scored_first_contact()) {
        counts.time_errors.push_back(run.score->time_error);
        counts.point_distances.push_back(run.score->point_distance);
        if (run.primary_judged)
          counts.primary_point_distances.push_back(run.primary_point_distance.value_or(run.score->point_distance));
      }
      switch (run.verdict_class) {
        case oracle::Class::ok: ++counts.ok; break;
        case oracle::Class::boundary: ++counts.boundary; break;
        case oracle::Class::gross:
          ++counts.gross;
          progress_.gross.fetch_add(1, std::memory_order_relaxed);
          keep_finding(counts.gross_findings,
                       Finding{index, pair, describe_moving_run(run, *group_.kernels[k], oracle), motion},
                       plan_.max_findings);
          break;
      }
    }
  }

  const MovingGroup& group_;
  const GroupPlan& plan_;
  ProgressCounters& progress_;
  const CaseIdentity identity_;
};

void append(std::vector<double>& to, const std::vector<double>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

void merge(MovingGroupResult& total, MovingGroupResult& part, std::size_t max_findings) {
  total.cases += part.cases;
  total.cross_checks += part.cross_checks;
  total.oracle_costs += part.oracle_costs;
  total.oracle_disagreements += part.oracle_disagreements;
  total.harness_errors += part.harness_errors;
  for (Finding& f : part.harness_findings) total.harness_findings.push_back(std::move(f));
  trim_findings(total.harness_findings, max_findings);
  for (std::size_t k = 0; k < total.kernels.size(); ++k) {
    MovingKernelCounts& t = total.kernels[k];
    MovingKernelCounts& p = part.kernels[k];
    t.ok += p.ok;
    t.boundary += p.boundary;
    t.gross += p.gross;
    t.both_first_contact += p.both_first_contact;
    t.verdicts += p.verdicts;
    t.ill_conditioned += p.ill_conditioned;
    append(t.time_errors, p.time_errors);
    append(t.point_distances, p.point_distances);
    append(t.primary_point_distances, p.primary_point_distances);
    t.features_path += p.features_path;
    t.closest_points_path += p.closest_points_path;
    for (Finding& f : p.gross_findings) t.gross_findings.push_back(std::move(f));
    trim_findings(t.gross_findings, max_findings);
  }
}

}  // namespace

MovingOracleCosts& MovingOracleCosts::operator+=(const MovingOracleCosts& other) {
  sat += other.sat;
  sat_seconds += other.sat_seconds;
  sat_on_sample += other.sat_on_sample;
  sat_on_sample_seconds += other.sat_on_sample_seconds;
  lp += other.lp;
  lp_seconds += other.lp_seconds;
  return *this;
}

MovingGroupResult run_moving_group(const MovingGroup& group, const GroupPlan& plan, ProgressCounters& progress) {
  MovingGroupResult empty;
  empty.kernels.resize(group.kernels.size());
  tbb::combinable<MovingGroupResult> per_thread([&] { return empty; });
  const MovingCaseJudge judge(group, plan, progress);

  const double seconds = run_planned(plan, [&](std::uint64_t begin, std::uint64_t end) {
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(begin, end),
                      [&](const tbb::blocked_range<std::uint64_t>& range) {
                        MovingGroupResult& tally = per_thread.local();
                        for (std::uint64_t i = range.begin(); i != range.end(); ++i) judge.judge(i, tally);
                      });
  });

  MovingGroupResult result = empty;
  per_thread.combine_each([&](MovingGroupResult& part) { merge(result, part, plan.max_findings); });
  result.seconds = seconds;
  return result;
}

std::optional<Percentiles> percentiles(std::vector<double>& values) {
  if (values.empty()) return std::nullopt;
  std::sort(values.begin(), values.end());
  const auto rank = [&](double p) {
    const auto n = static_cast<double>(values.size());
    const auto k = static_cast<std::size_t>(std::ceil(p * n));
    return values[std::max<std::size_t>(k, 1) - 1];
  };
  return Percentiles{rank(0.50), rank(0.99), values.back()};
}

}  // namespace sepax::cli
