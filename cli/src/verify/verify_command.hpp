#pragma once
/// \file `sepax verify`: the default campaign (SPEC §10). Every query × scalar
/// × family group is generated, judged once by the exact oracle and handed to
/// every static kernel of that query and scalar; then every moving group
/// (generate_moving, judged by the exact first-contact oracle) to every moving
/// kernel. Prints one row per kernel × family (static and moving tables) and
/// writes verify.jsonl, summary.md and a replayable case file per finding
/// under --out.
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "sepax/harness/campaign/campaign_batches.hpp"

namespace sepax::cli {

struct VerifyOptions {
  std::uint64_t seed = 1;
  /// Total wall-clock budget, split evenly over the groups (static and moving)
  /// still to run.
  double budget_seconds = 60;
  /// Each group then runs until its share is used and at least this many cases ran.
  std::uint64_t min_cases_per_group = 200;
  /// A fixed number of cases per group instead of the budget.
  std::optional<std::uint64_t> cases_per_group;
  int threads = 0;  ///< 0: TBB's default (every core)
  std::filesystem::path out = "sepax-results";
  std::vector<std::string> families;    ///< empty: all
  std::vector<std::string> kernel_ids;  ///< empty: every registered static kernel (and moving ones with `moving`)
  /// Only these queries (--query: obb_obb, ..., rect_rect, ..., general_motion); empty: all.
  std::vector<std::string> queries;
  /// Also run the moving kernels (constant velocity, issue 3) when no
  /// --kernel is given (--no-moving: the static campaign only).
  bool moving = true;
  /// Also the short OBB-tree campaign on the small meshes (when no --kernel
  /// or --family narrows the run).
  bool trees = true;
  std::size_t tree_poses = 32;          ///< near-contact poses per mesh pair
  std::filesystem::path mesh_dir;       ///< empty: the installed or source tree's small meshes
  /// Also the pair queries' campaigns (rect_rect, Gomez's tests,
  /// obb_obb_manifold, general_motion: when no --kernel or --family narrows the
  /// run, or --query names them).
  bool pair_queries = true;
  std::size_t pair_query_cases = 4000;  ///< cases per query x mode x scalar x family group
  std::size_t manifold_cases = 1000;    ///< cases per obb_obb_manifold scalar x family group
  std::size_t general_motion_cases = 1000;  ///< cases per general_motion scalar x family group
  /// Findings kept per kernel × family (and for the harness) per run; they
  /// are grouped into failure classes (failure_classes.hpp) …
  std::size_t max_replays = 100;
  /// … and each class's folder under gross/ gets at most this many replay
  /// files, its simplest cases first (the first one shrunk); its class.json
  /// counts the rest.
  std::size_t replays_per_class = 1;
  /// Candidates judged while shrinking each signature's case (0: not shrunk).
  std::size_t shrink_tries = 200;
  /// The --tolerance options as given (for campaign.json: a resumed or
  /// merged campaign is judged with the same ones).
  std::vector<std::string> tolerance_texts;
  /// Candidates judged while growing each failure class's worst case
  /// (harness/explain/grow.hpp; 0: no search).
  std::size_t grow_tries = 150;
  /// A single oracle or kernel call running longer than this stops the run
  /// (exit status 3) with the case written under hang/ (case_watchdog.hpp).
  double case_timeout_seconds = 60;
  /// How to call this binary in the printed replay commands (argv[0]).
  std::string program = "sepax";
  /// Kernels whose gross verdicts fail the run like sepax's own (those the
  /// user brought with --plugin or --external: the run is their gate); other
  /// libraries' gross verdicts are findings.
  std::vector<std::string> gated_kernel_ids;
  /// Options every printed replay command needs after `check FILE` (the
  /// --plugin / --external options that brought kernels).
  std::string replay_arguments;
  std::string mesh_replay_arguments;  ///< the --plugin and --external options again, for mesh-check replays
  /// The command line as typed, for summary.md.
  std::string command_line;
  /// With cases_per_group, a long campaign in batches (batched_campaign.hpp):
  /// this machine's share of it (--shard I/N) …
  harness::Shard shard;
  /// … cut into batches of this many cases of a group, each durable in
  /// batches.jsonl once done …
  std::uint64_t batch_cases = 256;
  /// … and continued from `out`'s batches.jsonl (--resume DIR) with the
  /// options of `out`/campaign.json.
  bool resume = false;
};

/// Runs the campaign. Returns 0 when no kernel is gross and the oracles never
/// disagreed or failed, 1 otherwise, 2 on usage errors (unknown kernel or
/// family, nothing to run, unwritable --out), explained on `err`. A call that
/// does not return within case_timeout_seconds ends the process with status 3.
int run_verify(const VerifyOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sepax::cli
