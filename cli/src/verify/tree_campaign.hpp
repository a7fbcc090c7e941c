#pragma once
/// \file verify's short OBB-tree campaign (harness/mesh/tree_campaign.hpp
/// runs it) as the command line records it: each pair's rows appended to
/// verify.jsonl ("table": "trees"), a gross answer written as a one-line pose
/// file in its failure class's folder under gross/ with its `sepax mesh-check`
/// replay command, the table printed.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/results_directory.hpp"
#include "common/table.hpp"
#include "sepax/harness/mesh/mesh_kernels.hpp"

namespace sepax::cli {

struct TreeCampaignOptions {
  std::filesystem::path mesh_dir;  ///< empty: default_mesh_dir()
  std::uint64_t seed = 1;
  std::size_t poses_per_pair = 32;  ///< near-contact poses, plus 4 exactly representable and 4 exactly resting ones
  bool with_fcl = true;
  std::string program = "sepax";   ///< argv[0], for the replay commands
  std::size_t max_replays = 10;    ///< gross poses kept per kernel x pair, grouped into failure classes
  std::size_t replays_per_class = 1;  ///< pose files per class
  std::string replay_arguments;       ///< " --plugin ..." after a brought kernel's replay command
};

/// One kernel on one mesh pair.
struct TreeRow {
  std::string kernel, pair;
  bool peer = false;
  harness::MeshKernelTally tally;
  std::size_t truth_hits = 0;   ///< poses whose exact pair set is not empty
  double truth_seconds = 0;     ///< the exact judge, every pose of the pair
};

struct TreeCampaignResult {
  std::vector<TreeRow> rows;
  std::vector<std::pair<std::string, std::string>> replays;  ///< (command, detail)
  std::vector<std::string> notes;
  std::size_t poses = 0;
  double seconds = 0;
};

/// The meshes of an installed sepax (share/sepax/meshes) or of the source tree (examples/meshes).
std::filesystem::path default_mesh_dir();

/// Runs the campaign; appends each pair's rows to verify.jsonl as the pair
/// finishes ("table": "trees"). A missing mesh skips its pairs with a note.
TreeCampaignResult run_tree_campaign(const TreeCampaignOptions& options, const ResultsDirectory& results,
                                     const std::string& run_id);

Table make_tree_table(const std::vector<TreeRow>& rows);
std::string tree_table_title();

}  // namespace sepax::cli
