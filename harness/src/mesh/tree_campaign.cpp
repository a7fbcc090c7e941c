// The short OBB-tree campaign (sepax/harness/mesh/tree_campaign.hpp).
#include "sepax/harness/mesh/tree_campaign.hpp"

#include <exception>

#include <fmt/format.h>

#include "sepax/generators/poses.hpp"
#include "sepax/harness/mesh/mesh_file.hpp"
#include "sepax/harness/mesh/pose_file.hpp"

namespace sepax::harness {
namespace {

struct MeshPairSpec {
  const char* a;
  const char* b;
};
constexpr MeshPairSpec kPairs[] = {
    {"couplingdown", "couplingdown"}, {"elephant", "elephant"}, {"couplingdown", "elephant"}};

/// One pair's poses, every kernel judged on each.
void judge_pair(const TreeCampaignPlan& plan, const TriangleMesh& a, const TriangleMesh& b, TreePairResult& out) {
  const auto kernels = mesh_kernels(a, b, plan.with_peers);
  gen::PoseSetOptions po;
  po.seed = gen::seed_for(plan.seed, out.pair);  // each pair its own pose stream
  po.count = plan.poses_per_pair;
  po.resting = 4;  // exact contacts: on a face, at a shared vertex
  const auto poses = gen::near_contact_poses(a, b, po);
  std::vector<MeshKernelTally> tallies;
  std::vector<std::size_t> kept(kernels.size(), 0);
  std::size_t truth_hits = 0;
  double truth_seconds = 0;
  for (std::size_t i = 0; i < poses.size(); ++i) {
    const auto o = judge_mesh_pose(a, b, poses[i], kernels, tallies);
    truth_hits += o.truth_hit;
    truth_seconds += o.truth_seconds;
    for (std::size_t k = 0; k < kernels.size(); ++k) {
      const MeshAnswer& answer = o.answers[k];
      const auto& j = answer.judgement;
      if (j.cls != oracle::Class::gross || kept[k]++ >= plan.max_findings) continue;
      MeshPose mp;
      mp.id = fmt::format("{}-{}-{}", out.a, out.b, i);
      mp.pose = poses[i];
      const std::string kind = !answer.error.empty() ? "threw"
                               : j.missed            ? (j.extra ? "missed-and-extra-pairs" : "missed-pairs")
                               : j.extra             ? "extra-pairs"
                                                     : "wrong-verdict";
      const std::string detail =
          !answer.error.empty()
              ? fmt::format("{}: {} pose {}: {}", kernels[k].name, out.pair, i, answer.error)
              : fmt::format("{}: {} pose {}: {} extra, {} missed pairs{}", kernels[k].name, out.pair, i, j.extra,
                            j.missed,
                            j.first_gross ? fmt::format(", first gross pair {} x {}", j.first_gross->first,
                                                        j.first_gross->second)
                                          : "");
      out.findings.push_back({kernels[k].name, kernels[k].peer, i, mp.id, kind, detail, pose_line(mp)});
    }
  }
  out.poses = poses.size();
  for (std::size_t k = 0; k < kernels.size(); ++k)
    out.rows.push_back({kernels[k].name, kernels[k].peer, tallies[k], truth_hits, truth_seconds});
}

}  // namespace

void run_tree_campaign(const TreeCampaignPlan& plan, const std::function<void(const TreePairResult&)>& done) {
  for (const MeshPairSpec& spec : kPairs) {
    TreePairResult out;
    out.a = spec.a;
    out.b = spec.b;
    out.pair = fmt::format("{} x {}", spec.a, spec.b);
    out.path_a = plan.mesh_dir / (out.a + ".off");
    out.path_b = plan.mesh_dir / (out.b + ".off");
    TriangleMesh a, b;
    try {
      a = read_mesh(out.path_a);
      b = read_mesh(out.path_b);
    } catch (const std::exception& e) {
      out.skipped = e.what();
      done(out);
      continue;
    }
    judge_pair(plan, a, b, out);
    done(out);
  }
}

}  // namespace sepax::harness
