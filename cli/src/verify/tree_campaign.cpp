// verify's short OBB-tree campaign: see tree_campaign.hpp.
#include "verify/tree_campaign.hpp"

#include "verify/failure_classes.hpp"

#include <chrono>
#include <system_error>

#include <fmt/format.h>

#include "sepax/generators/poses.hpp"
#include "sepax/harness/campaign/campaign.hpp"
#include "sepax/harness/mesh/mesh_file.hpp"
#include "sepax/harness/mesh/pose_file.hpp"

namespace sepax::cli {
namespace {

using Json = nlohmann::ordered_json;
namespace fs = std::filesystem;

struct MeshPairSpec {
  const char* a;
  const char* b;
};
constexpr MeshPairSpec kPairs[] = {
    {"couplingdown", "couplingdown"}, {"elephant", "elephant"}, {"couplingdown", "elephant"}};

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
  const fs::path dir = options.mesh_dir.empty() ? default_mesh_dir() : options.mesh_dir;
  for (std::size_t p = 0; p < std::size(kPairs); ++p) {
    const fs::path pa = dir / (std::string(kPairs[p].a) + ".off"), pb = dir / (std::string(kPairs[p].b) + ".off");
    const std::string pair = fmt::format("{} x {}", kPairs[p].a, kPairs[p].b);
    TriangleMesh a, b;
    try {
      a = harness::read_mesh(pa);
      b = harness::read_mesh(pb);
    } catch (const std::exception& e) {
      out.notes.push_back(fmt::format("note: tree campaign: {} skipped: {}", pair, e.what()));
      continue;
    }
    const auto kernels = harness::mesh_kernels(a, b, options.with_fcl);
    gen::PoseSetOptions po;
    po.seed = gen::seed_for(options.seed, pair);  // each pair its own pose stream
    po.count = options.poses_per_pair;
    po.resting = 4;  // exact contacts: on a face, at a shared vertex
    const auto poses = gen::near_contact_poses(a, b, po);
    std::vector<harness::MeshKernelTally> tallies;
    std::vector<std::size_t> replays(kernels.size(), 0);
    std::vector<PendingReplay> pending;  // written by failure class once the pair is done
    std::size_t truth_hits = 0;
    double truth_seconds = 0;
    for (std::size_t i = 0; i < poses.size(); ++i) {
      const auto o = harness::judge_mesh_pose(a, b, poses[i], kernels, tallies);
      truth_hits += o.truth_hit;
      truth_seconds += o.truth_seconds;
      for (std::size_t k = 0; k < kernels.size(); ++k) {
        const auto& j = o.answers[k].judgement;
        if (j.cls != oracle::Class::gross || replays[k]++ >= options.max_replays) continue;
        harness::MeshPose mp;
        mp.id = fmt::format("{}-{}-{}", kPairs[p].a, kPairs[p].b, i);
        mp.pose = poses[i];
        pending.push_back(
            {fmt::format("trees-{}-{}", harness::case_file_stem(kernels[k].name), mp.id), harness::pose_line(mp) + "\n",
             fmt::format("mesh-check {} {} --pose ", pa.string(), pb.string()), "",
             fmt::format("{}: {} pose {}: {} extra, {} missed pairs{}", kernels[k].name, pair, i, j.extra, j.missed,
                         j.first_gross ? fmt::format(", first gross pair {} x {}", j.first_gross->first,
                                                     j.first_gross->second)
                                       : ""),
             kernels[k].name, j.missed ? (j.extra ? "missed-and-extra-pairs" : "missed-pairs") : "extra-pairs",
             kernels[k].peer});
      }
    }
    out.poses += poses.size();
    std::vector<Json> lines;
    ClassGroup group{"mesh_pair", "double", pair, options.program, {}, options.replays_per_class};
    for (std::size_t k = 0; k < kernels.size(); ++k) {
      TreeRow r{kernels[k].name, pair, kernels[k].peer, tallies[k], truth_hits, truth_seconds};
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
  }
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
