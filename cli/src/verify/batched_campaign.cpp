#include "verify/batched_campaign.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <tbb/global_control.h>

#include "common/kernel_selection.hpp"
#include "common/results_directory.hpp"
#include "sepax/harness/campaign/batch_log.hpp"
#include "sepax/harness/campaign/campaign_run.hpp"
#include "sepax/harness/crash_guard.hpp"
#include "sepax/harness/query/query_batch.hpp"
#include "verify/static_summary.hpp"
#include "verify/verify_run.hpp"

namespace sepax::cli {

using namespace verify_detail;
namespace fs = std::filesystem;

namespace {

constexpr const char* kLogName = "batches.jsonl";
constexpr const char* kCampaignName = "campaign.json";

/// What defines a campaign's cases: equal for every shard of one campaign.
Json campaign_json(const VerifyOptions& o) {
  Json j;
  j["seed"] = o.seed;
  j["cases"] = *o.cases_per_group;
  j["batch_cases"] = o.batch_cases;
  j["kernels"] = o.kernel_ids;
  j["queries"] = o.queries;
  j["families"] = o.families;
  j["pair_queries"] = o.pair_queries;
  j["moving"] = o.moving;
  j["max_replays"] = o.max_replays;
  j["replays_per_class"] = o.replays_per_class;
  j["shrink_tries"] = o.shrink_tries;
  j["grow_tries"] = o.grow_tries;
  j["tolerances"] = o.tolerance_texts;
  j["shard"] = o.shard.text();
  j["trees"] = o.trees;
  j["tree_poses"] = o.tree_poses;
  return j;
}

/// Where this campaign's rows start in verify.jsonl: rows of earlier runs in
/// the folder stay; the campaign's own (a killed run's partial ones included)
/// are replaced by the complete set at the end.
std::uint64_t rows_offset(const fs::path& dir) {
  const fs::path file = dir / "verify.jsonl";
  return fs::exists(file) ? fs::file_size(file) : 0;
}

std::uint64_t stored_rows_offset(const fs::path& dir) {
  std::ifstream in(dir / kCampaignName);
  const Json j = Json::parse(in, nullptr, false);
  return j.is_object() && j.contains("verify_rows_offset") ? j["verify_rows_offset"].get<std::uint64_t>() : 0;
}

/// Cuts verify.jsonl back to `offset` (a no-op when it is shorter).
void truncate_rows(const fs::path& dir, std::uint64_t offset) {
  const fs::path file = dir / "verify.jsonl";
  if (fs::exists(file) && fs::file_size(file) > offset) fs::resize_file(file, offset);
}

/// Reads DIR/campaign.json into `o`; false with `error` naming the file and field.
bool load_campaign(const fs::path& dir, VerifyOptions& o, std::string& error) {
  const fs::path file = dir / kCampaignName;
  std::ifstream in(file);
  if (!in) {
    error = fmt::format("{} not found: {} is not the results folder of a `sepax verify --cases` campaign",
                        file.string(), dir.string());
    return false;
  }
  try {
    const Json j = Json::parse(in);
    o.seed = j.at("seed").get<std::uint64_t>();
    o.cases_per_group = j.at("cases").get<std::uint64_t>();
    o.batch_cases = j.at("batch_cases").get<std::uint64_t>();
    o.kernel_ids = j.at("kernels").get<std::vector<std::string>>();
    o.families = j.at("families").get<std::vector<std::string>>();
    o.queries = j.value("queries", std::vector<std::string>{});
    o.pair_queries = j.value("pair_queries", o.pair_queries);
    o.moving = j.at("moving").get<bool>();
    o.max_replays = j.at("max_replays").get<std::size_t>();
    o.shrink_tries = j.value("shrink_tries", o.shrink_tries);
    o.grow_tries = j.value("grow_tries", o.grow_tries);
    o.tolerance_texts = j.value("tolerances", std::vector<std::string>{});
    o.replays_per_class = j.value("replays_per_class", o.replays_per_class);
    o.trees = j.at("trees").get<bool>();
    o.tree_poses = j.at("tree_poses").get<std::size_t>();
    const auto shard = harness::parse_shard(j.at("shard").get<std::string>(), error);
    if (!shard) return false;
    o.shard = *shard;
  } catch (const std::exception& e) {
    error = fmt::format("{}: {}", file.string(), e.what());
    return false;
  }
  return true;
}

void write_campaign(const fs::path& dir, const VerifyOptions& o, std::uint64_t offset) {
  Json j = campaign_json(o);
  j["verify_rows_offset"] = offset;
  std::ofstream f(dir / kCampaignName, std::ios::trunc);
  f << j.dump(2) << '\n';
  if (!f) throw std::runtime_error("cannot write " + (dir / kCampaignName).string());
}

/// The campaign's groups, static, moving, then the pair queries', in verify's order.
struct Plan {
  Selection selection;
  std::vector<std::string> labels;  ///< of every group, static, moving, pair

  const harness::CampaignGroups& groups() const { return selection.campaign; }
  std::size_t size() const { return labels.size(); }
  std::size_t sat_groups() const { return groups().sat_groups(); }
};

std::optional<Plan> make_plan(const VerifyOptions& o, std::string& error) {
  Plan p;
  auto selection = select_campaign(o, error);
  if (!selection) return std::nullopt;
  p.selection = std::move(*selection);
  for (std::size_t i = 0; i < p.groups().size(); ++i) p.labels.push_back(p.groups().label(i));
  if (p.labels.empty() && !p.selection.trees) {
    error = "no kernel to run";
    return std::nullopt;
  }
  return p;
}

using BatchKey = std::pair<std::size_t, std::uint64_t>;  // group number, first case

/// The records by batch; false with `error` when one is not a batch of this
/// campaign or appears twice.
bool index_records(const Plan& plan, const VerifyOptions& o, const std::vector<harness::BatchRecord>& records,
                   std::map<BatchKey, const harness::BatchRecord*>& by_batch, std::string& error) {
  std::map<std::string, std::size_t> group_of;
  for (std::size_t i = 0; i < plan.size(); ++i) group_of[plan.labels[i]] = i;
  for (const harness::BatchRecord& r : records) {
    const auto g = group_of.find(r.group);
    const std::uint64_t cases = *o.cases_per_group;
    if (g == group_of.end() || r.begin % o.batch_cases != 0 || r.begin >= cases ||
        r.end != std::min(cases, r.begin + o.batch_cases)) {
      error = fmt::format("batch \"{}\" cases {}–{} is not a batch of this campaign ({} cases per group in batches of {})",
                          r.group, r.begin, r.end, cases, o.batch_cases);
      return false;
    }
    if (!by_batch.emplace(BatchKey{g->second, r.begin}, &r).second) {
      error = fmt::format("batch \"{}\" cases {}–{} appears twice", r.group, r.begin, r.end);
      return false;
    }
  }
  return true;
}

/// Sums group `i`'s batches in `batches` and records it in `run` (rows, tallies,
/// replay files); false when no batch of the group is there (another shard's).
/// Throws std::runtime_error for a batch that does not fit the group.
bool record_group(const VerifyOptions& o, const Plan& plan, std::size_t i,
                  const std::map<BatchKey, const harness::BatchRecord*>& batches, VerifyRun& run, double& seconds) {
  const Selection& sel = plan.selection;
  std::vector<const harness::BatchRecord*> mine;
  for (auto it = batches.lower_bound({i, 0}); it != batches.end() && it->first.first == i; ++it)
    mine.push_back(it->second);
  if (mine.empty()) return false;
  harness::CampaignGroupResult result = harness::combine_batches(plan.groups(), i, mine, o.max_replays);
  if (auto* pair = std::get_if<harness::QueryBatch>(&result)) {
    run.record_pair_group(plan.groups().pairs[i - plan.sat_groups()], *pair);
  } else if (auto* group = std::get_if<GroupResult>(&result)) {
    seconds += group->seconds;
    run.record(plan.groups().statics[i], *group, sel.kernels, sel.families);
  } else {
    auto& moving = std::get<MovingGroupResult>(result);
    seconds += moving.seconds;
    run.record(plan.groups().moving[i - plan.groups().statics.size()], moving, sel.kernels, sel.families);
  }
  return true;
}

/// Replaces the campaign's rows in verify.jsonl by the complete set, records
/// every group from its batches, prints and writes the run's tables. Returns
/// verify's exit status.
int finalize(const VerifyOptions& o, const Plan& plan, const std::map<BatchKey, const harness::BatchRecord*>& batches,
             VerifyRun& run, const ResultsDirectory& results, int threads, std::ostream& err, bool with_trees,
             const std::string& run_id) {
  double seconds = 0;
  try {
    truncate_rows(results.root(), stored_rows_offset(results.root()));
    results.append_rows(std::vector<Json>{run_info_json(o, run_id, threads)});
    for (std::size_t i = 0; i < plan.size(); ++i) record_group(o, plan, i, batches, run, seconds);
    run.finish_pair_queries();
  } catch (const std::exception& e) {
    err << "sepax verify: " << (results.root() / kLogName).string() << ": " << e.what() << '\n';
    return 2;
  }
  run.set_seconds(seconds);
  if (with_trees) run.run_trees();
  run.print(plan.sat_groups());  // the totals line adds the pair-query groups it recorded
  try {
    run.append_cost_rows();
    run.write_summary(plan.sat_groups(), threads);
  } catch (const std::exception& e) {
    err << "sepax verify: " << e.what() << '\n';
  }
  return run.totals().failed() ? 1 : 0;
}

int active_threads() {
  return static_cast<int>(tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism));
}

}  // namespace

int run_batched_verify(VerifyOptions o, std::ostream& out, std::ostream& err) {
  std::string error;
  if (o.resume) {
    VerifyOptions stored = o;
    if (!load_campaign(o.out, stored, error)) {
      err << "sepax verify --resume: " << error << '\n';
      return 2;
    }
    o = stored;
  }
  if (!o.cases_per_group || o.batch_cases == 0) {
    err << "sepax verify: --shard and --resume need --cases N (a time budget's case counts depend on the machine) "
           "and --batch-cases of at least 1\n";
    return 2;
  }
  const auto plan = make_plan(o, error);
  if (!plan) {
    err << "sepax verify: " << error << '\n';
    return 2;
  }
  std::unique_ptr<ResultsDirectory> results;
  try {
    results = std::make_unique<ResultsDirectory>(o.out);
  } catch (const std::exception& e) {
    err << "sepax verify: cannot create " << o.out.string() << ": " << e.what() << '\n';
    return 2;
  }
  const fs::path log = results->root() / kLogName;
  std::vector<harness::BatchRecord> records;
  try {
    if (o.resume) {
      records = harness::read_batch_log(log, /*repair=*/true);
    } else {
      fs::remove(log);  // a new campaign in this folder starts a new log
      write_campaign(results->root(), o, rows_offset(results->root()));
    }
  } catch (const std::exception& e) {
    err << "sepax verify: " << e.what() << '\n';
    return 2;
  }
  std::map<BatchKey, const harness::BatchRecord*> done;
  if (!index_records(*plan, o, records, done, error)) {
    err << "sepax verify --resume: " << log.string() << ": " << error << '\n';
    return 2;
  }

  std::optional<tbb::global_control> thread_limit;
  if (o.threads > 0)
    thread_limit.emplace(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(o.threads));
  const int threads = active_threads();

  std::vector<harness::BatchRange> pending;
  const auto mine = harness::campaign_batches(plan->size(), *o.cases_per_group, o.batch_cases, o.shard);
  for (const harness::BatchRange& b : mine)
    if (!done.count({b.group, b.begin})) pending.push_back(b);
  out << fmt::format(
      "sepax verify: seed {}, {} static, {} moving and {} pair-query groups, {} kernels, {} threads; {} cases per "
      "group in batches of {}; shard {}: {} batches, {} done before, {} to run; results in {}\n",
      o.seed, plan->groups().statics.size(), plan->groups().moving.size(), plan->groups().pairs.size(),
      kernel_count(plan->selection), threads, *o.cases_per_group,
      o.batch_cases, o.shard.text(), mine.size(), mine.size() - pending.size(), pending.size(),
      results->root().string())
      << std::flush;

  const std::string run_id = utc_now();
  VerifyRun run(o, out, err, *results, run_id);
  CaseWatchdog watchdog(std::chrono::duration<double>(o.case_timeout_seconds),
                        [&run](const StuckCall& call) { run.stop_on_stuck(call); });
  run.set_watchdog(&watchdog);
  const harness::CrashGuard crash_guard(
      watchdog, [&run](const StuckCall& call, const char* signal) { run.stop_on_crash(call, signal); });

  // Rows of the groups this run completes are appended as they complete (a
  // run stopped by a hung or crashing kernel keeps them); the end replaces
  // them by the complete set (finalize).
  std::ostringstream quiet;
  VerifyOptions unshrunk = o;  // the end writes the shrunk replay files
  unshrunk.shrink_tries = 0;
  unshrunk.grow_tries = 0;
  VerifyRun rows_so_far(unshrunk, quiet, quiet, *results, run_id);
  try {
    results->append_rows(std::vector<Json>{run_info_json(o, run_id, threads)});
  } catch (const std::exception& e) {
    err << "sepax verify: " << e.what() << '\n';
  }
  try {
    harness::run_campaign_batches(plan->groups(), pending, {o.seed, o.max_replays, &watchdog}, log, records,
                                  [&](std::size_t group) {
                                    std::map<BatchKey, const harness::BatchRecord*> group_batches;
                                    for (const harness::BatchRecord& rec : records)
                                      if (rec.group == plan->labels[group]) group_batches[{group, rec.begin}] = &rec;
                                    double unused = 0;
                                    try {
                                      record_group(o, *plan, group, group_batches, rows_so_far, unused);
                                    } catch (const std::exception& e) {
                                      err << "sepax verify: " << e.what() << '\n';
                                    }
                                  });
  } catch (const std::exception& e) {
    err << "sepax verify: " << e.what() << " (the batches before this one are kept: --resume "
        << results->root().string() << ")\n";
    return 2;
  }
  // `records` may have moved while growing: index it again.
  done.clear();
  if (!index_records(*plan, o, records, done, error)) {
    err << "sepax verify: " << error << '\n';
    return 2;
  }
  const bool with_trees = o.shard.count == 1 && plan->selection.trees;
  if (o.shard.count > 1 && plan->selection.trees) out << "(the OBB-tree campaign runs in unsharded runs only)\n";
  return finalize(o, *plan, done, run, *results, threads, err, with_trees, run_id);
}

std::optional<std::vector<std::string>> campaign_tolerances(const fs::path& dir) {
  std::ifstream in(dir / kCampaignName);
  if (!in) return std::nullopt;
  const Json j = Json::parse(in, nullptr, false);
  if (!j.is_object()) return std::nullopt;
  const auto it = j.find("tolerances");
  if (it == j.end() || !it->is_array()) return std::vector<std::string>{};
  std::vector<std::string> texts;
  for (const Json& t : *it)
    if (t.is_string()) texts.push_back(t.get<std::string>());
  return texts;
}

int run_merge(const MergeOptions& m, std::ostream& out, std::ostream& err) {
  std::string error;
  if (m.inputs.empty()) {
    err << "sepax merge: no results folder given\n";
    return 2;
  }
  VerifyOptions o;
  o.gated_kernel_ids = m.gated_kernel_ids;
  if (!load_campaign(m.inputs[0], o, error)) {
    err << "sepax merge: " << error << '\n';
    return 2;
  }
  const Json reference = [&] {
    Json j = campaign_json(o);
    j.erase("shard");
    return j;
  }();
  std::vector<harness::BatchRecord> records;
  std::vector<std::uint64_t> shard_seen;
  for (const fs::path& dir : m.inputs) {
    VerifyOptions di;
    if (!load_campaign(dir, di, error)) {
      err << "sepax merge: " << error << '\n';
      return 2;
    }
    Json j = campaign_json(di);
    j.erase("shard");
    for (const auto& [key, value] : reference.items())
      if (j[key] != value) {
        err << fmt::format("sepax merge: {} is another campaign: {} is {} there, {} in {}\n", dir.string(), key,
                           j[key].dump(), value.dump(), m.inputs[0].string());
        return 2;
      }
    try {
      for (harness::BatchRecord& r : harness::read_batch_log(dir / kLogName, /*repair=*/false)) records.push_back(std::move(r));
    } catch (const std::exception& e) {
      err << "sepax merge: " << e.what() << '\n';
      return 2;
    }
  }
  o.shard = {};
  o.resume = false;
  o.out = m.out;
  o.program = m.program;
  o.command_line = m.command_line;
  o.replay_arguments = m.replay_arguments;
  const auto plan = make_plan(o, error);
  if (!plan) {
    err << "sepax merge: " << error << " (kernels brought with --plugin or --external need the same options here)\n";
    return 2;
  }
  std::map<BatchKey, const harness::BatchRecord*> batches;
  if (!index_records(*plan, o, records, batches, error)) {
    err << "sepax merge: " << error << " (are two folders the same shard?)\n";
    return 2;
  }
  std::size_t missing = 0;
  std::optional<harness::BatchRange> first_missing;
  const auto all = harness::campaign_batches(plan->size(), *o.cases_per_group, o.batch_cases, {});
  for (const harness::BatchRange& b : all)
    if (!batches.count({b.group, b.begin}) && !missing++) first_missing = b;
  if (missing) {
    err << fmt::format("sepax merge: {} of {} batches missing, the first \"{}\" cases {}–{}: merge every shard's "
                       "folder, each run to its end (--resume finishes a killed one)\n",
                       missing, all.size(), plan->labels[first_missing->group], first_missing->begin,
                       first_missing->end);
    return 2;
  }
  std::unique_ptr<ResultsDirectory> results;
  try {
    results = std::make_unique<ResultsDirectory>(o.out);
    const fs::path log = results->root() / kLogName;
    fs::remove(log);
    write_campaign(results->root(), o, rows_offset(results->root()));
    for (const auto& [key, r] : batches) harness::append_batch(log, *r);
  } catch (const std::exception& e) {
    err << "sepax merge: cannot write " << o.out.string() << ": " << e.what() << '\n';
    return 2;
  }
  out << fmt::format("sepax merge: {} folders, {} batches of {} groups; results in {}\n", m.inputs.size(),
                     batches.size(), plan->size(), results->root().string());
  const std::string run_id = utc_now();
  VerifyRun run(o, out, err, *results, run_id);
  return finalize(o, *plan, batches, run, *results, active_threads(), err, false, run_id);
}

}  // namespace sepax::cli
