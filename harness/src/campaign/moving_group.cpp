#include "sepax/harness/campaign/moving_group.hpp"

#include <algorithm>
#include <cmath>
#include <exception>

#include "range_judge.hpp"
#include "sepax/harness/moving_judgement.hpp"
#include "sepax/generators/generate.hpp"
#include "sepax/oracle/exact_sat.hpp"

namespace sepax::harness {
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

/// A moving case generated and judged by the oracle, waiting for the kernels.
struct JudgedMovingCase {
  std::uint64_t index = 0;
  gen::MovingPair moving;
  MovingOracleVerdict oracle;
};

/// What every moving kernel of a range is called on.
struct MovingInputs {
  std::vector<ShapePair> pairs;
  std::vector<LinearMotiond> motions;
};

class MovingCaseJudge
    : public detail::RangeJudge<MovingCaseJudge, JudgedMovingCase, MovingKernelJudgement, MovingGroupResult> {
 public:
  MovingCaseJudge(const MovingGroup& group, const GroupPlan& plan, ProgressCounters& progress)
      : RangeJudge(progress), group_(group), plan_(plan), identity_{group.query, group.scalar, group.family, true} {}

  // The phases RangeJudge::judge_range calls, in its order.
  const std::vector<const KernelInfo*>& kernels() const { return group_.kernels; }

  /// The pairs and motions of the judged cases, once for every kernel.
  MovingInputs kernel_inputs(const std::vector<JudgedMovingCase>& judged) const {
    MovingInputs inputs;
    inputs.pairs.reserve(judged.size());
    inputs.motions.reserve(judged.size());
    for (const JudgedMovingCase& c : judged) inputs.pairs.push_back(c.moving.pair), inputs.motions.push_back(c.moving.motion);
    return inputs;
  }

  void harness_failure(MovingGroupResult& tally, std::uint64_t index, const gen::MovingPair* moving,
                       std::string detail) const {
    Finding finding{index, std::nullopt, std::move(detail), std::nullopt, std::nullopt, std::nullopt};
    if (moving) {
      finding.pair = moving->pair;
      finding.motion = moving->motion;
    }
    keep_finding(tally.harness_findings, std::move(finding), plan_.max_findings);
  }

  /// The case and its exact first contact, or nothing when the generator or
  /// the oracles failed or disagreed (counted and kept as a harness finding).
  std::optional<JudgedMovingCase> judge_exactly(std::uint64_t index, MovingGroupResult& tally) const {
    JudgedMovingCase c;
    c.index = index;
    try {
      c.moving = gen::generate_moving(group_.family, group_.query, group_.scalar, plan_.seed, index);
    } catch (const std::exception& e) {
      ++tally.harness_errors;
      harness_failure(tally, index, nullptr, std::string("generator threw: ") + e.what());
      return std::nullopt;
    }
    try {
      const bool sampled = index % plan_.cross_check_every == 0;
      const CaseWatchdog::Guard watched(plan_.watchdog, identity_, index, nullptr);
      c.oracle = judge_moving_exactly(c.moving.pair, c.moving.motion, sampled);
      // The static oracle at t = 0 must see the same state there.
      if (sampled) c.oracle.static_intersects = oracle::sat_filtered(c.moving.pair).intersects;
    } catch (const std::exception& e) {
      ++tally.harness_errors;
      harness_failure(tally, index, &c.moving, std::string("oracle threw: ") + e.what());
      return std::nullopt;
    }
    tally.cross_checks += c.oracle.lp.has_value();
    count_costs(c.oracle, tally.oracle_costs);
    if (c.oracle.oracles_disagree()) {
      ++tally.oracle_disagreements;
      harness_failure(tally, index, &c.moving, "ORACLE DISAGREEMENT: " + c.oracle.describe());
      return std::nullopt;
    }
    return c;
  }

  /// One kernel on every judged case, each call watched: a batch kernel in one
  /// call (watched as the batch's first case), any other case by case.
  std::vector<MovingKernelJudgement> run_kernel_on(const KernelInfo& kernel,
                                                   const std::vector<JudgedMovingCase>& judged,
                                                   const MovingInputs& inputs) const {
    const bool batch = kernel.mode == KernelMode::moving_test ? bool(kernel.test_moving_batch)
                                                              : bool(kernel.find_first_contact_batch);
    if (batch && !judged.empty()) {
      // Batches are consecutive indices (failed cases aside): the watchdog
      // names the batch's span.
      const CaseWatchdog::Guard watched(plan_.watchdog, identity_, judged.front().index, &kernel,
                                        judged.back().index - judged.front().index + 1);
      return run_moving_kernel_batch(kernel, inputs.pairs, inputs.motions);
    }
    std::vector<MovingKernelJudgement> runs;
    runs.reserve(judged.size());
    for (const JudgedMovingCase& c : judged) {
      const CaseWatchdog::Guard watched(plan_.watchdog, identity_, c.index, &kernel);
      runs.push_back(run_moving_kernel(kernel, c.moving.pair, c.moving.motion));
    }
    return runs;
  }

  void classify_and_count(const JudgedMovingCase& judged, std::vector<std::vector<MovingKernelJudgement>>& all_runs,
                          std::size_t c, MovingGroupResult& tally) const {
    const std::uint64_t index = judged.index;
    const ShapePair& pair = judged.moving.pair;
    const LinearMotiond& motion = judged.moving.motion;
    const MovingOracleVerdict& oracle = judged.oracle;
    // If a margin or a score fails, no kernel of this case is counted, so
    // every row keeps the same unjudged count.
    try {
      const CaseWatchdog::Guard watched(plan_.watchdog, identity_, index, nullptr);
      MovingMargins margins(pair, motion, oracle);
      for (std::size_t k = 0; k < all_runs.size(); ++k)
        classify_moving_run(all_runs[k][c], *group_.kernels[k], pair, motion, oracle, margins);
    } catch (const std::exception& e) {
      ++tally.harness_errors;
      harness_failure(tally, index, &judged.moving, std::string("margin or score threw: ") + e.what());
      return;
    }

    for (std::size_t k = 0; k < all_runs.size(); ++k) {
      const MovingKernelJudgement& run = all_runs[k][c];
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
        case oracle::Class::boundary:
          ++counts.boundary;
          counts.severity.tolerated += run.tolerated();
          keep_finding(counts.boundary_findings,
                       Finding{index, pair, describe_moving_run(run, *group_.kernels[k], oracle), motion,
                               run.severity(), run.band},
                       kBoundarySeeds, Keep::most_severe);
          break;
        case oracle::Class::gross:
          ++counts.gross;
          counts.severity.add_gross(run.severity());
          progress_.gross.fetch_add(1, std::memory_order_relaxed);
          keep_finding(counts.gross_findings,
                       Finding{index, pair, describe_moving_run(run, *group_.kernels[k], oracle), motion,
                               run.severity(), run.band},
                       plan_.max_findings);
          break;
        case oracle::Class::convention:
          // Not produced: moving verdicts are classified without the
          // open-set convention (moving_judgement.cpp).
          break;
      }
    }
  }

  const MovingGroup& group_;
  const GroupPlan& plan_;
  const CaseIdentity identity_;
};

void append(std::vector<double>& to, const std::vector<double>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

}  // namespace

void merge_results(MovingGroupResult& total, MovingGroupResult& part, std::size_t max_findings) {
  total.cases += part.cases;
  total.cross_checks += part.cross_checks;
  total.oracle_costs += part.oracle_costs;
  total.oracle_disagreements += part.oracle_disagreements;
  total.harness_errors += part.harness_errors;
  merge_findings(total.harness_findings, part.harness_findings, max_findings);
  for (std::size_t k = 0; k < total.kernels.size(); ++k) {
    MovingKernelCounts& t = total.kernels[k];
    MovingKernelCounts& p = part.kernels[k];
    t.ok += p.ok;
    t.boundary += p.boundary;
    t.gross += p.gross;
    t.severity += p.severity;
    t.both_first_contact += p.both_first_contact;
    t.verdicts += p.verdicts;
    t.ill_conditioned += p.ill_conditioned;
    append(t.time_errors, p.time_errors);
    append(t.point_distances, p.point_distances);
    append(t.primary_point_distances, p.primary_point_distances);
    t.features_path += p.features_path;
    t.closest_points_path += p.closest_points_path;
    merge_findings(t.gross_findings, p.gross_findings, max_findings);
    merge_findings(t.boundary_findings, p.boundary_findings, kBoundarySeeds, Keep::most_severe);
  }
}

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
  return run_group_of<MovingGroupResult>(
      plan, group.kernels.size(), MovingCaseJudge(group, plan, progress),
      [&](MovingGroupResult& total, MovingGroupResult& part) { merge_results(total, part, plan.max_findings); });
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

}  // namespace sepax::harness
