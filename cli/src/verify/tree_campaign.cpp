// verify's short OBB-tree campaign: see tree_campaign.hpp.
#include "verify/tree_campaign.hpp"

#include "verify/failure_classes.hpp"

#include <chrono>
#include <system_error>

#include <fmt/format.h>

#include "sepax/harness/campaign/campaign.hpp"
#include "sepax/harness/mesh/tree_campaign.hpp"

namespace sepax::cli {
namespace {

using Json = nlohmann::ordered_json;
namespace fs = std::filesystem;

Json row_json(const TreeRow& r, std::uint64_t seed, const std::string& run_id) {
  Json j;
  j["run"] = run_id;
  j["table"] = "trees";
  j["seed"] = seed;
  j["kernel"] = r.kernel;
  j["pair"] = r.pair;
  j["peer"] = r.peer;
  j["poses"] = r.tally.poses;
  j["truth_hits"] = r.truth_hits;
  j["hits"] = r.tally.hits;
  j["ok"] = r.tally.ok;
  j["boundary"] = r.tally.boundary;
  j["gross"] = r.tally.gross;
  j["seconds"] = r.tally.seconds;
  j["queries_per_s"] = r.tally.seconds > 0 ? 2.0 * double(r.tally.poses) / r.tally.seconds : 0.0;
  j["truth_seconds"] = r.truth_seconds;
  return j;
}

}  // namespace

fs::path default_mesh_dir() {
  std::error_code ec;
  const auto exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const auto installed = exe.parent_path().parent_path() / "share" / "sepax" / "meshes";
    if (fs::exists(installed / "couplingdown.off", ec)) return installed;
  }
  return fs::path(SEPAX_SOURCE_DIR) / "examples" / "meshes";
}

TreeCampaignResult run_tree_campaign(const TreeCampaignOptions& options, const ResultsDirectory& results,
                                     const std::string& run_id) {
  const auto start = std::chrono::steady_clock::now();
  TreeCampaignResult out;
  harness::TreeCampaignPlan plan;
  plan.mesh_dir = options.mesh_dir.empty() ? default_mesh_dir() : options.mesh_dir;
  plan.seed = options.seed;
  plan.poses_per_pair = options.poses_per_pair;
  plan.with_peers = options.with_fcl;
  plan.max_findings = options.max_replays;
  harness::run_tree_campaign(plan, [&](const harness::TreePairResult& pair) {
    if (pair.skipped) {
      out.notes.push_back(fmt::format("note: tree campaign: {} skipped: {}", pair.pair, *pair.skipped));
      return;
    }
    out.poses += pair.poses;
    std::vector<PendingReplay> pending;  // written by failure class
    for (const harness::TreeFinding& f : pair.findings) {
      // Trees are judged by rules of their own: no severity, band or cause.
      PendingReplay& p = pending.emplace_back();
      p.stem = fmt::format("trees-{}-{}", harness::case_file_stem(f.kernel), f.id);
      p.line = f.pose_line + "\n";
      p.command_head = fmt::format("mesh-check {} {} --pose ", pair.path_a.string(), pair.path_b.string());
      p.command_tail = f.peer || f.kernel.starts_with("sepax/") ? "" : options.replay_arguments;
      p.detail = f.detail;
      p.kernel = f.kernel;
      p.kind = f.kind;
      p.peer = f.peer;
    }
    std::vector<Json> lines;
    ClassGroup group{"mesh_pair", "double", pair.pair, options.program, {}, options.replays_per_class};
    for (const harness::TreeRowResult& k : pair.rows) {
      TreeRow r{k.kernel, pair.pair, k.peer, k.tally, k.truth_hits, k.truth_seconds};
      lines.push_back(row_json(r, options.seed, run_id));
      group.gross_by_kernel[r.kernel] = r.tally.gross;
      out.rows.push_back(std::move(r));
    }
    for (Json& row : write_text_classes(pending, group, results, out.replays, out.notes)) lines.push_back(std::move(row));
    try {
      results.append_rows(lines);
    } catch (const std::exception& e) {
      out.notes.push_back(fmt::format("note: tree campaign: {}", e.what()));
    }
  });
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

std::string tree_table_title() {
  return "OBB trees on real meshes: poses near first contact, each answer (first hit and every intersecting triangle "
         "pair) against the exact pair set; queries/s of one thread, both queries";
}

Table make_tree_table(const std::vector<TreeRow>& rows) {
  Table t({{"kernel"}, {"pair"}, {"poses", Table::Align::right}, {"truth hits", Table::Align::right},
           {"ok", Table::Align::right}, {"boundary", Table::Align::right}, {"gross", Table::Align::right},
           {"queries/s", Table::Align::right}});
  for (const TreeRow& r : rows)
    t.add_row({r.kernel, r.pair, std::to_string(r.tally.poses), std::to_string(r.truth_hits),
               std::to_string(r.tally.ok), std::to_string(r.tally.boundary), std::to_string(r.tally.gross),
               r.tally.seconds > 0 ? fmt::format("{:.0f}", 2.0 * double(r.tally.poses) / r.tally.seconds) : "-"});
  return t;
}

}  // namespace sepax::cli
