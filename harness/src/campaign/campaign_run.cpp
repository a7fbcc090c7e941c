// A verify campaign's loops: see sepax/harness/campaign/campaign_run.hpp.
#include "sepax/harness/campaign/campaign_run.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

namespace sepax::harness {

std::string group_label(const Group& g) {
  return fmt::format("{} {} {}", to_string(g.query), to_string(g.scalar), gen::to_string(g.family));
}

std::string group_label(const MovingGroup& g) {
  return fmt::format("{} {} {} moving", to_string(g.query), to_string(g.scalar), gen::to_string(g.family));
}

std::string CampaignGroups::label(std::size_t i) const {
  if (i < statics.size()) return group_label(statics[i]);
  if (i < sat_groups()) return group_label(moving[i - statics.size()]);
  return pairs[i - sat_groups()].label();
}

BatchRecord run_campaign_batch(const CampaignGroups& groups, const BatchRange& b, const CampaignPlan& plan,
                               ProgressCounters& counters) {
  GroupPlan gp;
  gp.seed = plan.seed;
  gp.fixed_cases = b.end - b.begin;
  gp.first_case = b.begin;
  gp.max_findings = plan.max_findings;
  gp.watchdog = plan.watchdog;
  BatchRecord r{groups.label(b.group), b.begin, b.end, {}};
  if (b.group < groups.statics.size()) {
    r.result = result_json(run_group(groups.statics[b.group], gp, counters));
  } else if (b.group < groups.sat_groups()) {
    r.result = result_json(run_moving_group(groups.moving[b.group - groups.statics.size()], gp, counters));
  } else {
    const QueryGroup& g = groups.pairs[b.group - groups.sat_groups()];
    const QueryBatch batch =
        g.query->run_batch(g.scalar, g.family, plan.seed, b.begin, b.end, plan.max_findings, plan.watchdog);
    counters.cases += batch.cases;
    for (const QueryRow& row : batch.rows) counters.gross += row.gross;
    r.result = query_batch_json(batch);
  }
  return r;
}

void run_campaign_batches(const CampaignGroups& groups, const std::vector<BatchRange>& pending,
                          const CampaignPlan& plan, const std::filesystem::path& log,
                          std::vector<BatchRecord>& records, const std::function<void(std::size_t group)>& group_done) {
  std::map<std::size_t, std::size_t> left_in_group;
  for (const BatchRange& b : pending) ++left_in_group[b.group];
  ProgressCounters counters;
  ProgressLine progress(counters, pending.size(), std::nullopt);
  std::uint64_t expected = 0;
  for (const BatchRange& b : pending) expected += b.end - b.begin;
  progress.set_expected_cases(expected);
  std::size_t number = 0;
  for (const BatchRange& b : pending) {
    progress.begin_group(++number, fmt::format("{} cases {}–{}", groups.label(b.group), b.begin, b.end));
    BatchRecord r = run_campaign_batch(groups, b, plan, counters);
    try {
      append_batch(log, r);
    } catch (...) {
      progress.finish();
      throw;
    }
    records.push_back(std::move(r));
    if (--left_in_group[b.group] == 0) group_done(b.group);
  }
  progress.finish();
}

CampaignGroupResult combine_batches(const CampaignGroups& groups, std::size_t i,
                                    const std::vector<const BatchRecord*>& batches, std::size_t max_findings) {
  if (i >= groups.sat_groups()) {
    QueryBatch total;
    for (const BatchRecord* b : batches) merge_query_batches(total, query_batch_from_json(b->result), max_findings);
    return total;
  }
  const bool is_static = i < groups.statics.size();
  const std::size_t kernels =
      is_static ? groups.statics[i].kernels.size() : groups.moving[i - groups.statics.size()].kernels.size();
  // A SAT group's batches summed: the same for static and moving results.
  const auto sum = [&]<class Result>(Result total, Result (*from_json)(const nlohmann::ordered_json&)) {
    total.kernels.resize(kernels);
    for (const BatchRecord* b : batches) {
      Result part = from_json(b->result);
      if (part.kernels.size() != kernels)
        throw std::runtime_error("a batch of " + groups.label(i) + " has another kernel count");
      total.seconds += part.seconds;
      merge_results(total, part, max_findings);
    }
    return CampaignGroupResult(std::move(total));
  };
  return is_static ? sum(GroupResult{}, &group_result_from_json) : sum(MovingGroupResult{}, &moving_group_result_from_json);
}

double run_budgeted_groups(const CampaignGroups& groups, const BudgetPlan& plan,
                           const std::function<void(const Group&, const GroupResult&)>& static_done,
                           const std::function<void(const MovingGroup&, MovingGroupResult&)>& moving_done) {
  using Clock = std::chrono::steady_clock;
  const std::size_t total = groups.sat_groups();
  ProgressCounters counters;
  ProgressLine progress(counters, total, plan.fixed_cases ? std::nullopt : std::optional<double>(plan.budget_seconds));
  const auto start = Clock::now();
  const auto plan_for = [&](std::size_t number) {
    GroupPlan gp;
    gp.seed = plan.run.seed;
    gp.fixed_cases = plan.fixed_cases;
    gp.min_cases = plan.min_cases;
    gp.max_findings = plan.run.max_findings;
    gp.watchdog = plan.run.watchdog;
    const double used = std::chrono::duration<double>(Clock::now() - start).count();
    gp.seconds = std::max(0.0, plan.budget_seconds - used) / static_cast<double>(total - number);
    return gp;
  };
  std::size_t number = 0;
  for (const Group& g : groups.statics) {
    progress.begin_group(number + 1, group_label(g));
    static_done(g, run_group(g, plan_for(number++), counters));
  }
  for (const MovingGroup& g : groups.moving) {
    progress.begin_group(number + 1, group_label(g));
    MovingGroupResult result = run_moving_group(g, plan_for(number++), counters);
    moving_done(g, result);
  }
  progress.finish();
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace sepax::harness
