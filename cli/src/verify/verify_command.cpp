#include "verify/verify_command.hpp"

#include "common/harness_names.hpp"
#include "sepax/harness/campaign/campaign.hpp"
#include "sepax/harness/crash_guard.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <ostream>

#include <fmt/chrono.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <tbb/global_control.h>

#include "common/build_info.hpp"
#include "sepax/harness/case_file.hpp"
#include "common/kernel_selection.hpp"
#include "verify/moving_report.hpp"
#include "verify/static_summary.hpp"
#include "verify/stuck_call_report.hpp"
#include "verify/tree_campaign.hpp"
#include "common/results_directory.hpp"
#include "sepax/generators/generate.hpp"
#include "common/table.hpp"
#include "verify/verify_run.hpp"
#include "verify/batched_campaign.hpp"

namespace sepax::cli {

using namespace verify_detail;


int run_verify(const VerifyOptions& options, std::ostream& out, std::ostream& err) {
  // A fixed number of cases is a campaign that can be sharded and resumed.
  if (options.cases_per_group || options.resume || options.shard.count > 1)
    return run_batched_verify(options, out, err);
  std::string error;
  const auto selection = select_campaign(options, error);
  if (!selection) {
    err << "sepax verify: " << error << '\n';
    return 2;
  }
  const harness::CampaignGroups& campaign = selection->campaign;
  const std::size_t group_count = campaign.sat_groups();
  if (campaign.size() == 0 && !selection->trees) {
    err << "sepax verify: no kernel to run (" << static_kernels().size() << " registered static and "
        << moving_kernels().size() << " moving kernels; --kernel selected " << selection->kernels.size() << ")\n";
    return 2;
  }

  std::unique_ptr<ResultsDirectory> results;
  try {
    results = std::make_unique<ResultsDirectory>(options.out);
  } catch (const std::exception& e) {
    err << "sepax verify: cannot create " << options.out.string() << ": " << e.what() << '\n';
    return 2;
  }

  std::optional<tbb::global_control> thread_limit;
  if (options.threads > 0)
    thread_limit.emplace(tbb::global_control::max_allowed_parallelism,
                         static_cast<std::size_t>(options.threads));
  const int threads = static_cast<int>(
      tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism));

  const std::string run_id = utc_now();
  out << fmt::format(
      "sepax verify: seed {}, {} static and {} moving groups (query x scalar x family) and {} of the pair queries, "
      "{} kernels, {} threads; ",
      options.seed, campaign.statics.size(), campaign.moving.size(), campaign.pairs.size(), kernel_count(*selection),
      threads);
  if (options.cases_per_group)
    out << fmt::format("{} cases per group", *options.cases_per_group);
  else
    out << fmt::format("budget {} s (~{:.2g} s per group, at least {} cases each)", options.budget_seconds,
                       options.budget_seconds / double(std::max<std::size_t>(group_count, 1)), options.min_cases_per_group);
  out << fmt::format("; results in {}\n", results->root().string()) << std::flush;

  VerifyRun run(options, out, err, *results, run_id);
  CaseWatchdog watchdog(std::chrono::duration<double>(options.case_timeout_seconds),
                        [&run](const StuckCall& call) { run.stop_on_stuck(call); });
  run.set_watchdog(&watchdog);
  const harness::CrashGuard crash_guard(
      watchdog, [&run](const StuckCall& call, const char* signal) { run.stop_on_crash(call, signal); });
  try {
    results->append_rows({run_info_json(options, run_id, threads)});
  } catch (const std::exception& e) {
    err << "sepax verify: " << e.what() << '\n';
  }
  run.run(*selection);
  if (selection->trees) run.run_trees();
  run.run_pair_queries(campaign.pairs);
  run.print(group_count);
  try {
    run.append_cost_rows();
  } catch (const std::exception& e) {
    err << "sepax verify: " << e.what() << '\n';
  }
  try {
    run.write_summary(group_count, threads);
  } catch (const std::exception& e) {
    err << "sepax verify: " << e.what() << '\n';
  }
  return run.totals().failed() ? 1 : 0;
}

}  // namespace sepax::cli
