#pragma once
/// \file
/// The short OBB-tree campaign of `sepax verify` (issue 10): on the small
/// meshes (couplingdown, elephant) each pair — both self-pairs and the mixed
/// one — at seeded poses near first contact (gen::near_contact_poses, a seed
/// of its own per pair), every mesh kernel (mesh_kernels.hpp: sepax's trees and
/// those brought through the door) judged against the exact set of
/// intersecting triangle pairs. Each pair's result goes to the caller as the
/// pair finishes (verify writes its rows and failure classes).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sepax/harness/mesh/mesh_kernels.hpp"

namespace sepax::harness {

struct TreeCampaignPlan {
  std::filesystem::path mesh_dir;  ///< holding `<name>.off` for every mesh of the pairs
  std::uint64_t seed = 1;
  std::size_t poses_per_pair = 32;  ///< near-contact poses, plus 4 exactly representable and 4 exactly resting ones
  bool with_peers = true;           ///< the peers' kernels too (FCL's); brought ones always run
  std::size_t max_findings = 10;    ///< gross poses kept per kernel × pair, lowest indices first
};

/// One kernel on one mesh pair.
struct TreeRowResult {
  std::string kernel;
  bool peer = false;
  MeshKernelTally tally;
  std::size_t truth_hits = 0;  ///< poses whose exact pair set is not empty
  double truth_seconds = 0;    ///< the exact judge, every pose of the pair
};

/// A gross answer, with the pose-file line that replays it.
struct TreeFinding {
  std::string kernel;
  bool peer = false;
  std::size_t index = 0;  ///< the pose's index
  std::string id, kind, detail, pose_line;
};

struct TreePairResult {
  std::string a, b;  ///< the meshes' names
  std::string pair;  ///< "couplingdown x elephant"
  std::filesystem::path path_a, path_b;
  std::optional<std::string> skipped;  ///< a mesh that could not be read: why (no rows)
  std::size_t poses = 0;
  std::vector<TreeRowResult> rows;
  std::vector<TreeFinding> findings;
};

/// Runs the campaign, handing each pair's result to `done` as it finishes.
void run_tree_campaign(const TreeCampaignPlan& plan, const std::function<void(const TreePairResult&)>& done);

}  // namespace sepax::harness
