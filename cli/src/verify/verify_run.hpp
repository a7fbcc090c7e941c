#pragma once
/// \file One `sepax verify` run as an object: its groups run (or their batch
/// results combined: batched_campaign.hpp), recorded as rows, printed, written
/// to the results folder. Shared by verify, --resume and `sepax merge`.
#include "common/harness_names.hpp"
#include "sepax/harness/campaign/campaign.hpp"
#include "sepax/harness/crash_guard.hpp"
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <tuple>
#include <ostream>
#include <fmt/chrono.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <tbb/global_control.h>
#include "common/build_info.hpp"
#include "sepax/harness/case_file.hpp"
#include "common/kernel_selection.hpp"
#include "verify/failure_classes.hpp"
#include "verify/kernel_classes.hpp"
#include "verify/moving_report.hpp"
#include "verify/static_summary.hpp"
#include "verify/stuck_call_report.hpp"
#include "verify/query_groups.hpp"
#include "sepax/harness/query/judged_queries.hpp"
#include "sepax/harness/query/query_kernels.hpp"
#include "sepax/harness/mesh/mesh_kernels.hpp"
#include "verify/tree_campaign.hpp"
#include "common/results_directory.hpp"
#include "sepax/generators/generate.hpp"
#include "common/table.hpp"
#include "verify/verify_command.hpp"
#include "sepax/harness/campaign/moving_group.hpp"
#include "sepax/harness/campaign/static_group.hpp"
#include "sepax/harness/campaign/shrink.hpp"
#include "sepax/harness/campaign/campaign_run.hpp"
#include <tbb/parallel_for.h>

namespace sepax::cli {
namespace verify_detail {


using Json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

inline constexpr std::array kQueries{Query::obb_obb, Query::tri_obb, Query::tri_tri};
inline constexpr std::array kScalars{ScalarKind::float32, ScalarKind::float64};

/// Replay files listed on the terminal; summary.md lists them all.
inline constexpr std::size_t kReplaysPrinted = 10;

inline std::vector<Group> make_groups(const std::vector<const KernelInfo*>& kernels,
                               const std::vector<gen::Family>& families) {
  std::vector<Group> groups;
  for (Query q : kQueries)
    for (ScalarKind s : kScalars) {
      std::vector<const KernelInfo*> matching;
      for (const KernelInfo* k : kernels)
        if (k->mode == KernelMode::static_test && k->query == q && k->scalar == s) matching.push_back(k);
      if (matching.empty()) continue;
      for (gen::Family f : families) groups.push_back(Group{q, s, f, matching});
    }
  return groups;
}

/// The moving kernels' groups: cases from generate_moving, every family.
inline std::vector<MovingGroup> make_moving_groups(const std::vector<const KernelInfo*>& kernels,
                                            const std::vector<gen::Family>& families) {
  std::vector<MovingGroup> groups;
  for (Query q : kQueries)
    for (ScalarKind s : kScalars) {
      std::vector<const KernelInfo*> matching;
      for (const KernelInfo* k : kernels)
        if (k->mode != KernelMode::static_test && k->query == q && k->scalar == s) matching.push_back(k);
      if (matching.empty()) continue;
      for (gen::Family f : families) groups.push_back(MovingGroup{q, s, f, matching});
    }
  return groups;
}



/// Cases of one pair-query group in a run without --cases.
inline std::uint64_t pair_query_cases(const VerifyOptions& o, const harness::JudgedQuery& q) {
  if (q.name == "obb_obb_manifold") return o.manifold_cases;
  if (q.name == "general_motion") return o.general_motion_cases;
  return o.pair_query_cases;
}

/// What a run judges: the SAT kernels and families with their static and
/// moving groups, and the pair queries' groups (pointing into pair_queries).
struct Selection {
  std::vector<const KernelInfo*> kernels;
  std::vector<gen::Family> families;
  harness::CampaignGroups campaign;  ///< its groups: static, moving, pair queries' (pointing into pair_queries)
  std::shared_ptr<const std::vector<harness::JudgedQuery>> pair_queries;
  bool trees = false;  ///< the OBB-tree campaign (query mesh_mesh): sepax's trees, the peers' and the brought ones
};

/// The query name of the OBB-tree campaign's mesh pairs (sepax_plugin.h's "mesh_mesh").
inline constexpr std::string_view kMeshQuery = "mesh_mesh";

/// The kernels a selection runs: the SAT ones and the pair queries' (each id once).
inline std::size_t kernel_count(const Selection& s) {
  std::set<std::string> pair;
  for (const harness::JudgedQuery& q : *s.pair_queries)
    for (const auto& ids : q.kernel_ids) pair.insert(ids.begin(), ids.end());
  return s.kernels.size() + pair.size();
}

/// The selection the options make; nullopt with `error` for an unknown
/// kernel, family or query. --query keeps the queries named (the SAT ones
/// among them: their kernels); --family applies to every query that has the
/// family; without --query, a --kernel or --family narrows the run to SAT groups.
inline std::optional<Selection> select_campaign(const VerifyOptions& o, std::string& error) {
  const auto named = [&](std::string_view q) {
    return o.queries.empty() || std::find(o.queries.begin(), o.queries.end(), q) != o.queries.end();
  };
  Selection sel;
  // --kernel ids of pair-query kernels (sepax's, peers', a plugin's) select
  // those kernels' queries, a brought mesh kernel's the OBB-tree campaign;
  // the others are the SAT registry's.
  const std::vector<std::string> mesh_ids = harness::brought_mesh_kernel_ids();
  std::vector<std::string> sat_ids, pair_ids;
  bool mesh_kernel_named = false;
  for (const std::string& id : o.kernel_ids) {
    if (std::find(mesh_ids.begin(), mesh_ids.end(), id) != mesh_ids.end()) {
      mesh_kernel_named = true;
      continue;
    }
    (harness::find_query_kernel(id) ? pair_ids : sat_ids).push_back(id);
  }
  std::vector<std::string> queries;  // the judged queries named, mesh_mesh aside
  for (const std::string& q : o.queries)
    if (q != kMeshQuery) queries.push_back(q);
  const bool mesh_named = queries.size() != o.queries.size();
  sel.trees = o.trees && o.families.empty() &&
              (mesh_named || mesh_kernel_named || (o.queries.empty() && o.kernel_ids.empty()));
  // Only mesh queries or kernels named: nothing else runs.
  const bool only_meshes = (mesh_named && queries.empty()) || (mesh_kernel_named && sat_ids.empty() && pair_ids.empty());
  auto pair_queries = std::make_shared<std::vector<harness::JudgedQuery>>();
  const bool with_pairs = o.pair_queries && !only_meshes &&
                          (!queries.empty() || !pair_ids.empty() || (o.kernel_ids.empty() && o.families.empty()));
  try {
    if (with_pairs && (pair_ids.empty() ? sat_ids.empty() : true)) {
      *pair_queries = harness::select_judged_queries(queries, pair_ids);
    } else if (!queries.empty()) {
      harness::select_judged_queries(queries);  // names checked all the same
    }
  } catch (const std::exception& e) {
    error = e.what();
    return std::nullopt;
  }
  sel.pair_queries = pair_queries;
  // --family: SAT families for the SAT groups; the others must be a selected pair query's.
  std::vector<std::string> sat_families;
  for (const std::string& name : o.families) {
    if (gen::parse_family(name)) {
      sat_families.push_back(name);
      continue;
    }
    const bool pair_family = std::any_of(pair_queries->begin(), pair_queries->end(), [&](const harness::JudgedQuery& q) {
      return std::find(q.families.begin(), q.families.end(), name) != q.families.end();
    });
    if (!pair_family) {
      select_families({name}, error);  // names the SAT queries' families
      error += pair_queries->empty() ? "" : "; nor is it a family of the pair queries selected";
      return std::nullopt;
    }
  }
  const bool sat = !only_meshes && std::any_of(kQueries.begin(), kQueries.end(), [&](Query q) { return named(to_string(q)); }) &&
                   (o.families.empty() || !sat_families.empty()) && (pair_ids.empty() || !sat_ids.empty());
  if (sat) {
    auto kernels = select_kernels(sat_ids, error);
    if (!kernels) return std::nullopt;
    auto families = select_families(sat_families, error);
    if (!families) return std::nullopt;
    for (const KernelInfo* k : *kernels)
      if (named(to_string(k->query))) sel.kernels.push_back(k);
    sel.families = *families;
    sel.campaign.statics = make_groups(sel.kernels, sel.families);
    if (o.moving || !sat_ids.empty()) sel.campaign.moving = make_moving_groups(sel.kernels, sel.families);
  }
  sel.campaign.pairs = harness::query_groups(*pair_queries, o.families);
  return sel;
}

class VerifyRun {
 public:
  VerifyRun(const VerifyOptions& options, std::ostream& out, std::ostream& err,
            const ResultsDirectory& results, std::string run_id)
      : options_(options), out_(out), err_(err), results_(results), run_id_(std::move(run_id)) {}

  /// Runs every SAT group under the budget (campaign_run.hpp); rows and replays accumulate.
  void run(const Selection& selection) {
    harness::BudgetPlan plan;
    plan.run = {options_.seed, options_.max_replays, watchdog_};
    plan.budget_seconds = options_.budget_seconds;
    plan.fixed_cases = options_.cases_per_group;
    plan.min_cases = options_.min_cases_per_group;
    seconds_ = harness::run_budgeted_groups(
        selection.campaign,
        plan, [&](const Group& g, const GroupResult& r) { record(g, r, selection.kernels, selection.families); },
        [&](const MovingGroup& g, MovingGroupResult& r) { record(g, r, selection.kernels, selection.families); });
  }

  /// The OBB-tree campaign (after the groups: it has no share of the budget,
  /// a fixed number of poses).
  void run_trees() {
    TreeCampaignOptions o;
    o.mesh_dir = options_.mesh_dir;
    o.seed = options_.seed;
    o.poses_per_pair = options_.tree_poses;
    o.program = options_.program;
    o.replay_arguments = options_.mesh_replay_arguments;
    o.replays_per_class = options_.replays_per_class;
    out_ << fmt::format("trees: {} poses per mesh pair (couplingdown, elephant) ...\n", options_.tree_poses + 8)
         << std::flush;
    trees_ = run_tree_campaign(o, results_, run_id_);
    for (const TreeRow& r : trees_.rows) {
      totals_.verdicts_ok += r.tally.ok;
      totals_.verdicts_boundary += r.tally.boundary;
      if (r.peer) {
        totals_.peer_gross += r.tally.gross;
        if (r.tally.gross) totals_.peer_gross_by_kernel[r.kernel] += r.tally.gross;
      } else {
        totals_.verdicts_gross += r.tally.gross;
        if (r.tally.gross) totals_.gross_by_kernel[r.kernel] += r.tally.gross;
      }
    }
    for (const auto& [command, detail] : trees_.replays) replays_.push_back({command, detail});
    for (const std::string& note : trees_.notes) notes_.push_back(note);
  }

  /// The pair queries' groups (2D rectangles, Gomez's tests, OBB–OBB
  /// manifolds, general motion), each run whole: a fixed number of cases per
  /// group, no share of the budget.
  void run_pair_queries(const std::vector<harness::QueryGroup>& groups) {
    if (groups.empty()) return;
    out_ << fmt::format("pair queries: {} groups; {} cases per group of rect_rect, sphere_sphere, aabb_sphere, "
                        "sphere_plane, aabb_aabb, obb_segment and obb_to_aabb, {} of obb_obb_manifold, {} of "
                        "general_motion ...\n",
                        groups.size(), options_.pair_query_cases, options_.manifold_cases,
                        options_.general_motion_cases)
         << std::flush;
    // Progress on long runs (a group of 10^5 manifold cases takes minutes).
    const bool progress = options_.manifold_cases >= 10000 || options_.pair_query_cases >= 100000;
    harness::run_query_groups(
        groups, [&](const harness::JudgedQuery& q) { return pair_query_cases(options_, q); }, options_.seed,
        options_.max_replays, [&](const harness::QueryGroup& g, const harness::QueryBatch& result) {
          record_pair_group(g, result);
          if (progress)
            out_ << fmt::format("  {}: {} cases ({:.1f} s)\n", g.label(), result.cases, result.seconds) << std::flush;
        },
        watchdog_);
    finish_pair_queries();
  }

  /// One pair-query group's result (whole, or combined from its batches).
  void record_pair_group(const harness::QueryGroup& group, const harness::QueryBatch& whole) {
    const std::size_t first = pair_queries_.rows.size();
    const PairGroupContext context{options_.seed, run_id_, options_.program, options_.replay_arguments,
                                   options_.replays_per_class, options_.gated_kernel_ids};
    harness::QueryBatch result = whole;  // its classes' first findings shrunk
    harness::shrink_query_findings(group, result, options_.seed, options_.shrink_tries);
    cli::record_pair_group(group, result, context, results_, pair_queries_);
    totals_.pair_cases += result.cases;
    ++totals_.pair_groups;
    for (std::size_t i = first; i < pair_queries_.rows.size(); ++i) {
      const harness::QueryRow& r = pair_queries_.rows[i].row;
      totals_.verdicts_ok += r.ok;
      totals_.verdicts_boundary += r.boundary;
      if (r.peer) {  // record_pair_group: brought kernels are not peers
        totals_.peer_gross += r.gross;
        if (r.gross) totals_.peer_gross_by_kernel[r.kernel] += r.gross;
      } else {
        totals_.verdicts_gross += r.gross;
        if (r.gross) totals_.gross_by_kernel[r.kernel] += r.gross;
      }
    }
    if (group.query->name == "general_motion") ran_general_motion_ = true;
  }

  /// After the last pair-query group: the integrators' drift (with
  /// general_motion), and the replays and notes of every group.
  void finish_pair_queries() {
    if (ran_general_motion_) record_drift(run_id_, results_, pair_queries_);
    for (const auto& [command, detail] : pair_queries_.replays) replays_.push_back({command, detail});
    for (const std::string& note : pair_queries_.notes) notes_.push_back(note);
  }

  void print(std::size_t group_count) {
    std::sort(rows_.begin(), rows_.end(), [](const Row& a, const Row& b) {
      return std::tie(a.kernel_order, a.family_order) < std::tie(b.kernel_order, b.family_order);
    });
    std::sort(moving_rows_.begin(), moving_rows_.end(), [](const MovingRow& a, const MovingRow& b) {
      return std::tie(a.kernel_order, a.family_order) < std::tie(b.kernel_order, b.family_order);
    });
    if (!rows_.empty()) {
      out_ << '\n' << make_table(rows_).to_text();
      out_ << '\n' << cost_table_title() << '\n' << make_cost_table(cost_rows_).to_text();
    }
    if (!moving_rows_.empty()) {
      out_ << '\n' << moving_table_title() << '\n' << make_moving_table(moving_rows_).to_text();
      out_ << '\n' << moving_cost_table_title() << '\n' << make_moving_cost_table(moving_cost_rows_).to_text();
      for (const std::string& note : acceptance_notes(moving_rows_)) out_ << note << '\n';
    }
    if (!trees_.rows.empty())
      out_ << '\n' << tree_table_title() << fmt::format(" ({} poses, {:.1f} s)", trees_.poses, trees_.seconds) << '\n'
           << make_tree_table(trees_.rows).to_text();
    if (!pair_queries_.rows.empty())
      out_ << '\n' << pair_query_table_title()
           << fmt::format(" ({} cases, {:.1f} s)", pair_queries_.cases, pair_queries_.seconds) << '\n'
           << make_pair_query_table(pair_queries_.rows).to_text();
    if (!pair_queries_.drift.empty())
      out_ << '\n' << drift_table_title() << '\n' << make_drift_table(pair_queries_.drift).to_text();
    // The worst first: a missing axis before a few picometres (stable: ties keep the order found).
    std::stable_sort(replays_.begin(), replays_.end(),
                     [](const Replay& a, const Replay& b) { return a.severity > b.severity; });
    if (!replays_.empty()) {
      out_ << fmt::format("\n{} replay file{} (each reproduces its finding; the worst first):\n", replays_.size(),
                          replays_.size() == 1 ? "" : "s");
      for (std::size_t i = 0; i < replays_.size() && i < kReplaysPrinted; ++i)
        out_ << "  " << replays_[i].command << "\n      " << replays_[i].detail << '\n';
      if (replays_.size() > kReplaysPrinted)
        out_ << fmt::format("  ... and {} more, listed in {}\n", replays_.size() - kReplaysPrinted,
                            (results_.root() / "summary.md").string());
    }
    for (const std::string& note : notes_) out_ << note << '\n';
    out_ << '\n' << totals_line(totals_, group_count, seconds_) << '\n';
    if (totals_.peer_gross) out_ << peer_findings_line(totals_) << '\n';
    out_ << exit_reason(totals_) << '\n';
  }

  void write_summary(std::size_t group_count, int threads) const {
    std::string md = "# sepax verify\n\n";
    md += fmt::format("- command: `{}`\n", options_.command_line);
    md += fmt::format("- run: {}\n- seed: {}\n", run_id_, options_.seed);
    if (options_.cases_per_group)
      md += fmt::format("- cases: {} per group\n", *options_.cases_per_group);
    else
      md += fmt::format("- budget: {} s over {} groups, at least {} cases per group\n",
                        options_.budget_seconds, group_count, options_.min_cases_per_group);
    md += fmt::format("- threads: {}\n", threads);
    md += fmt::format("- commit: {}\n", source_commit().value_or("unknown (no git repository)"));
    md += fmt::format("- compiler: {}\n", compiler_description());
    md += fmt::format("- wall time: {:.1f} s\n\n", seconds_);
    if (!rows_.empty()) {
      md += make_table(rows_).to_markdown();
      md += fmt::format("\n{}\n\n{}", cost_table_title(), make_cost_table(cost_rows_).to_markdown());
    }
    if (!moving_rows_.empty()) {
      md += fmt::format("\n## Moving kernels\n\n{}\n\n{}", moving_table_title(),
                        make_moving_table(moving_rows_).to_markdown());
      md += fmt::format("\n{}\n\n{}", moving_cost_table_title(),
                        make_moving_cost_table(moving_cost_rows_).to_markdown());
      for (const std::string& note : acceptance_notes(moving_rows_)) md += "\n" + note + "\n";
    }
    if (!trees_.rows.empty())
      md += fmt::format("\n## OBB trees\n\n{} ({} poses, {:.1f} s)\n\n{}", tree_table_title(), trees_.poses,
                        trees_.seconds, make_tree_table(trees_.rows).to_markdown());
    if (!pair_queries_.rows.empty())
      md += fmt::format("\n## 2D rectangles, Gomez's tests, manifolds, general motion\n\n{} ({} cases, {:.1f} s)\n\n{}",
                        pair_query_table_title(), pair_queries_.cases, pair_queries_.seconds,
                        make_pair_query_table(pair_queries_.rows).to_markdown());
    if (!pair_queries_.drift.empty())
      md += fmt::format("\n{}\n\n{}", drift_table_title(), make_drift_table(pair_queries_.drift).to_markdown());
    md += fmt::format("\n{}\n\n", totals_line(totals_, group_count, seconds_));
    if (totals_.peer_gross) md += peer_findings_line(totals_) + "\n\n";
    md += fmt::format("**{}**\n", exit_reason(totals_));
    if (!replays_.empty()) {
      md += "\n## Replays\n\n";
      for (const Replay& r : replays_) md += fmt::format("- `{}` — {}\n", r.command, r.detail);
    }
    for (const std::string& note : notes_) md += "\n" + note + "\n";
    results_.write_summary(md);
  }

  /// Appends the cost table's rows ("table": "oracle_costs") to verify.jsonl.
  void append_cost_rows() const {
    std::vector<Json> lines;
    for (const CostRow& r : cost_rows_) lines.push_back(cost_row_json(r, options_.seed, run_id_));
    for (const MovingCostRow& r : moving_cost_rows_)
      lines.push_back(moving_cost_row_json(r, options_.seed, run_id_));
    results_.append_rows(lines);
  }

  const Totals& totals() const { return totals_; }

  void set_watchdog(CaseWatchdog* watchdog) { watchdog_ = watchdog; }

  /// The watchdog's report (on its thread): a call has not returned within
  /// --case-timeout.
  [[noreturn]] void stop_on_stuck(const StuckCall& call) {
    stop_on_stuck_call(options_, results_, err_, call, "hang", fmt::format("has not returned after {:.3g} s (--case-timeout {} s)", call.seconds,
                                           options_.case_timeout_seconds),
                 "it will hang the same way", "with a longer --case-timeout");
  }

  /// A fatal signal on a thread inside a watched call (on that thread): the
  /// kernel (a plugin's, a peer library's) crashed the process.
  [[noreturn]] void stop_on_crash(const StuckCall& call, const char* signal_name) {
    stop_on_stuck_call(options_, results_, err_, call, "crash", fmt::format("crashed ({})", signal_name), "it will crash the same way",
                 "after a fix");
  }

  /// Wall time of the run, for the totals line (batched campaigns sum it themselves).
  void set_seconds(double seconds) { seconds_ = seconds; }

  /// One group's combined result as rows (verify.jsonl, the tables), tallies
  /// and replay files.
  void record(const Group& g, const GroupResult& result, const std::vector<const KernelInfo*>& kernels,
              const std::vector<gen::Family>& families) {
    totals_.cases += result.cases;
    totals_.exact_fallbacks += result.exact_fallbacks;
    totals_.cross_checks += result.cross_checks;
    totals_.oracle_disagreements += result.oracle_disagreements;
    totals_.harness_errors += result.harness_errors;
    add_costs(g, result);

    std::vector<Json> lines;
    for (std::size_t k = 0; k < g.kernels.size(); ++k) {
      const KernelInfo* kernel = g.kernels[k];
      const KernelCounts& counts = result.kernels[k];
      Row row;
      row.kernel_order = std::find(kernels.begin(), kernels.end(), kernel) - kernels.begin();
      row.family_order = std::find(families.begin(), families.end(), g.family) - families.begin();
      row.kernel = kernel;
      row.family = g.family;
      row.cases = result.cases;
      row.counts.ok = counts.ok;
      row.counts.boundary = counts.boundary;
      row.counts.convention = counts.convention;
      row.zero_band = result.zero_band;
      row.counts.gross = counts.gross;
      row.counts.max_boundary_margin = counts.max_boundary_margin;
      row.counts.severity = counts.severity;
      row.counts.margins = counts.margins;
      row.counts.verdicts = counts.verdicts;
      row.counts.paths = counts.paths;
      row.unjudged = result.unjudged();
      row.exact_fallbacks = result.exact_fallbacks;
      row.cases_per_second = result.cases_per_second();
      rows_.push_back(row);
      lines.push_back(row_json(row, g, result, options_.seed, run_id_));

      tally(g, *kernel, counts, lines);
    }
    finish_group(g, result.harness_findings, lines);
  }

  void record(const MovingGroup& g, MovingGroupResult& result, const std::vector<const KernelInfo*>& kernels,
              const std::vector<gen::Family>& families) {
    totals_.moving_cases += result.cases;
    totals_.lp_cross_checks += result.cross_checks;
    totals_.oracle_disagreements += result.oracle_disagreements;
    totals_.harness_errors += result.harness_errors;
    if (moving_cost_rows_.empty() || moving_cost_rows_.back().query != g.query ||
        moving_cost_rows_.back().scalar != g.scalar)
      moving_cost_rows_.push_back(MovingCostRow{g.query, g.scalar, 0, {}});
    moving_cost_rows_.back().cases += result.cases;
    moving_cost_rows_.back().costs += result.oracle_costs;

    std::vector<Json> lines;
    for (std::size_t k = 0; k < g.kernels.size(); ++k) {
      const KernelInfo* kernel = g.kernels[k];
      MovingRow row = make_moving_row(g, result, k);
      row.kernel_order = std::find(kernels.begin(), kernels.end(), kernel) - kernels.begin();
      row.family_order = std::find(families.begin(), families.end(), g.family) - families.begin();
      lines.push_back(moving_row_json(row, options_.seed, run_id_));
      moving_rows_.push_back(row);

      const MovingKernelCounts& counts = result.kernels[k];
      tally(g, *kernel, counts, lines);
    }
    finish_group(g, result.harness_findings, lines);
  }

 private:
  /// Adds one kernel's verdicts on a group (static or moving) to the totals
  /// and saves its gross cases as replay files.
  template <class GroupT, class Counts>
  void tally(const GroupT& g, const KernelInfo& kernel, const Counts& counts, std::vector<Json>& lines) {
    totals_.verdicts_ok += counts.ok;
    totals_.verdicts_boundary += counts.boundary;
    if constexpr (requires { counts.convention; }) totals_.verdicts_convention += counts.convention;
    const bool gated = !kernel.is_peer() || std::find(options_.gated_kernel_ids.begin(),
                                                      options_.gated_kernel_ids.end(),
                                                      kernel.id) != options_.gated_kernel_ids.end();
    if (!gated) {
      totals_.peer_gross += counts.gross;
      if (counts.gross) totals_.peer_gross_by_kernel[kernel.id] += counts.gross;
    } else {
      totals_.verdicts_gross += counts.gross;
      if (counts.gross) totals_.gross_by_kernel[kernel.id] += counts.gross;
    }
    save_classes(g.query, g.scalar, g.family, kernel, counts.gross_findings, counts.gross, counts.boundary_findings,
                 gated, lines);
  }

  /// Saves the group's harness findings and appends its rows to verify.jsonl
  /// (as soon as the group finishes, so a killed run keeps them).
  template <class GroupT>
  void finish_group(const GroupT& g, const std::vector<Finding>& harness_findings,
                    const std::vector<Json>& lines) {
    for (const Finding& f : harness_findings) save_harness(g.query, g.scalar, g.family, f);
    try {
      results_.append_rows(lines);
    } catch (const std::exception& e) {
      err_ << "sepax verify: " << e.what() << '\n';
    }
  }

  /// Groups come query by query, scalar by scalar, so one cost row follows another.
  void add_costs(const Group& g, const GroupResult& result) {
    if (cost_rows_.empty() || cost_rows_.back().query != g.query || cost_rows_.back().scalar != g.scalar)
      cost_rows_.push_back(CostRow{g.query, g.scalar, 0, {}});
    cost_rows_.back().cases += result.cases;
    cost_rows_.back().costs += result.oracle_costs;
  }

  Case finding_case(Query query, ScalarKind scalar, gen::Family family, const Finding& f, std::string id) const {
    return harness::finding_case(query, scalar, family, f, options_.seed, std::move(id));
  }

  /// The kernel's classes on a family (kernel_classes.hpp): folders under
  /// gross/ (and boundary/), "failure_class" / "boundary_class" rows in
  /// `lines`, replay lines; a boundary class grown gross fails the run like a
  /// gross verdict (a peer's is a finding).
  void save_classes(Query query, ScalarKind scalar, gen::Family family, const KernelInfo& kernel,
                    const std::vector<Finding>& gross_findings, std::uint64_t gross,
                    const std::vector<Finding>& boundary_findings, bool gated, std::vector<Json>& lines) {
    if (gross_findings.empty() && boundary_findings.empty()) return;
    KernelClasses classes = write_kernel_classes(
        KernelFindings{query, scalar, family, &kernel, &gross_findings, gross, &boundary_findings, gated}, options_,
        results_);
    for (const std::string& e : classes.errors) err_ << "sepax verify: " << e << '\n';
    for (Json& row : classes.rows) lines.push_back(std::move(row));
    for (Replay& r : classes.replays) replays_.push_back(std::move(r));
    if (classes.grown_gross)
      (gated ? totals_.grown_gross_by_kernel : totals_.peer_grown_gross_by_kernel)[kernel.id] += classes.grown_gross;
  }

  void save_harness(Query query, ScalarKind scalar, gen::Family family, const Finding& f) {
    const std::string label = fmt::format("{} {} {}{}", to_string(query), to_string(scalar),
                                          gen::to_string(family), f.motion ? " moving" : "");
    if (!f.pair) {
      replays_.push_back({"(no file) " + label, fmt::format("index {}: {}", f.index, f.detail), std::numeric_limits<double>::infinity()});
      return;
    }
    const std::string stem = fmt::format("{}-{}-{}{}-{}", to_string(query), to_string(scalar),
                                         gen::to_string(family), f.motion ? "-moving" : "", f.index);
    try {
      const auto path = results_.write_case("harness", stem, finding_case(query, scalar, family, f, stem));
      replays_.push_back({check_replay_command(options_, path, nullptr), f.detail, std::numeric_limits<double>::infinity()});
    } catch (const std::exception& e) {
      err_ << "sepax verify: " << e.what() << '\n';
    }
  }

  const VerifyOptions& options_;
  std::ostream& out_;
  std::ostream& err_;
  const ResultsDirectory& results_;
  std::string run_id_;
  std::vector<Row> rows_;
  std::vector<CostRow> cost_rows_;
  std::vector<MovingRow> moving_rows_;
  std::vector<MovingCostRow> moving_cost_rows_;
  std::vector<Replay> replays_;
  TreeCampaignResult trees_;
  PairQueryResult pair_queries_;  ///< the pair queries' groups
  bool ran_general_motion_ = false;
  CaseWatchdog* watchdog_ = nullptr;
  std::vector<std::string> notes_;
  Totals totals_;
  double seconds_ = 0;
};

inline std::string utc_now() {
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", fmt::gmtime(std::time(nullptr)));
}

}  // namespace verify_detail
}  // namespace sepax::cli
