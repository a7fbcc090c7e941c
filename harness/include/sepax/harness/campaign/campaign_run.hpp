#pragma once
/// \file
/// A verify campaign's loops: every group — the SAT queries' static and
/// moving groups, then the pair queries' (query/judged_queries.hpp) — run
/// under a time budget (each group's share what is left over the groups still
/// to run), or, for a fixed number of cases, batch by batch with each batch's
/// record appended to the log as it finishes (shards, --resume, merge:
/// campaign_batches.hpp, batch_log.hpp). What the results become (rows,
/// tables, failure classes) is the caller's.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "sepax/harness/campaign/batch_log.hpp"
#include "sepax/harness/campaign/campaign_batches.hpp"
#include "sepax/harness/campaign/moving_group.hpp"
#include "sepax/harness/campaign/progress.hpp"
#include "sepax/harness/campaign/static_group.hpp"
#include "sepax/harness/query/judged_queries.hpp"

namespace sepax::harness {

/// The groups of a campaign in its order: static, moving, pair queries'.
struct CampaignGroups {
  std::vector<Group> statics;
  std::vector<MovingGroup> moving;
  std::vector<QueryGroup> pairs;

  std::size_t sat_groups() const { return statics.size() + moving.size(); }
  std::size_t size() const { return sat_groups() + pairs.size(); }
  /// Group i's label ("tri_obb float coplanar", "... moving", or the pair
  /// query's "rect_rect/test_static/float/random"): its name in the batch log.
  std::string label(std::size_t i) const;
};

std::string group_label(const Group& g);
std::string group_label(const MovingGroup& g);

/// What every group of a run shares.
struct CampaignPlan {
  std::uint64_t seed = 1;
  std::size_t max_findings = 100;  ///< kept per kernel and group (the lowest indices)
  CaseWatchdog* watchdog = nullptr;
};

/// Batch `b`'s cases judged: its record for the log (result_json or query_batch_json).
BatchRecord run_campaign_batch(const CampaignGroups& groups, const BatchRange& b, const CampaignPlan& plan,
                               ProgressCounters& counters);

/// Runs `pending` in order, each record appended to `log` as it finishes and
/// to `records`; `group_done(g)` once the last pending batch of group g is
/// in (then `records` holds every batch of g this run made). The progress
/// line counts the cases. Throws what append_batch throws (the records
/// before it are on disk: --resume goes on from there).
void run_campaign_batches(const CampaignGroups& groups, const std::vector<BatchRange>& pending,
                          const CampaignPlan& plan, const std::filesystem::path& log,
                          std::vector<BatchRecord>& records, const std::function<void(std::size_t group)>& group_done);

/// Group i's result combined from its batches' records (any order): a static
/// group's, a moving group's or a pair query's. Throws std::runtime_error for
/// a record that does not fit the group (another kernel count, a bad field).
using CampaignGroupResult = std::variant<GroupResult, MovingGroupResult, QueryBatch>;
CampaignGroupResult combine_batches(const CampaignGroups& groups, std::size_t i,
                                    const std::vector<const BatchRecord*>& batches, std::size_t max_findings);

/// The budgeted run of the SAT groups: a group's share of `budget_seconds` is
/// what is left over the groups still to run, whatever their kind (unless
/// `fixed_cases`); each result goes to its callback as the group finishes.
/// Returns the wall time.
struct BudgetPlan {
  CampaignPlan run;
  double budget_seconds = 60;
  std::optional<std::uint64_t> fixed_cases;
  std::uint64_t min_cases = 200;
};
double run_budgeted_groups(const CampaignGroups& groups, const BudgetPlan& plan,
                           const std::function<void(const Group&, const GroupResult&)>& static_done,
                           const std::function<void(const MovingGroup&, MovingGroupResult&)>& moving_done);

}  // namespace sepax::harness
