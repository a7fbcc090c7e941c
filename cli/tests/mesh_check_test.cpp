// End-to-end: `sepax mesh-check A B --pose FILE` as a user runs it, on the
// repository's small meshes (examples/meshes) and pose files written here.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "command_run.hpp"
#include "test_files.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace sepax::cli::test;

const std::string kMeshes = SEPAX_SMALL_MESH_DIR;
const std::string kCoupling = kMeshes + "/couplingdown.off";
const std::string kElephant = kMeshes + "/elephant.off";

// couplingdown spans [-0.5, 0.5]² × [-0.182, 0.182]; elephant [-0.36, 0.36] × [-0.5, 0.5] × [-0.3, 0.3].
constexpr const char* kPoses =
    "{\"id\": \"overlap\", \"pose\": [[1,0,0,0],[0,1,0,0],[0,0,1,0]]}\n"
    "{\"id\": \"apart\", \"pose\": [[1,0,0,2],[0,1,0,0],[0,0,1,0]]}\n"
    "{\"id\": \"quarter-turn\", \"pose\": [[0,-1,0,\"0x1.8p-1\"],[1,0,0,0],[0,0,1,0.1]]}\n";

TEST(SepaxMeshCheck, EveryKernelMatchesTheExactTruthOnTheSmallMeshes) {
  const fs::path dir = scratch_dir("sepax_mesh_check_tests");
  const fs::path poses = write_file(dir, "poses.jsonl", kPoses);
  const CommandRun run = run_sepax("mesh-check --json '" + kCoupling + "' '" + kElephant + "' --pose '" +
                                       poses.string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  const auto lines = run.json_lines();
  ASSERT_EQ(lines.size(), 3u) << run.out;
  std::set<std::string> ids;
  for (const json& p : lines) {
    ids.insert(p["id"].get<std::string>());
    const bool truth = p["truth"]["intersects"];
    EXPECT_EQ(truth, p["truth"]["pairs"].get<std::size_t>() > 0);
    ASSERT_GE(p["kernels"].size(), 4u);  // four sepax trees, and FCL's two when built with the peers
#ifdef SEPAX_HAVE_PEERS
    // FCL's come in through the mesh kernels' door (peers register its makers).
    std::set<std::string> fcl;
    for (const json& k : p["kernels"])
      if (k["kernel"].get<std::string>().rfind("fcl/", 0) == 0) fcl.insert(k["kernel"].get<std::string>());
    EXPECT_EQ(fcl, (std::set<std::string>{"fcl/obb", "fcl/obbrss"})) << p["id"];
#endif
    for (const json& k : p["kernels"]) {
      EXPECT_EQ(k["class"], "ok") << p["id"] << " " << k["kernel"];
      EXPECT_EQ(k["intersects"], truth) << p["id"] << " " << k["kernel"];
      EXPECT_EQ(k["pairs"], p["truth"]["pairs"]) << p["id"] << " " << k["kernel"];
    }
  }
  EXPECT_EQ(ids, (std::set<std::string>{"overlap", "apart", "quarter-turn"}));
  // The poses are not trivial: two hit, one misses.
  EXPECT_EQ(lines[0]["truth"]["intersects"], true);
  EXPECT_EQ(lines[1]["truth"]["intersects"], false);
  EXPECT_EQ(lines[2]["truth"]["intersects"], true);
}

TEST(SepaxMeshCheck, ReadableOutputHasAPoseBlockAndASummary) {
  const fs::path dir = scratch_dir("sepax_mesh_check_tests");
  const fs::path poses = write_file(dir, "poses.jsonl", kPoses);
  const CommandRun run =
      run_sepax("mesh-check '" + kCoupling + "' '" + kElephant + "' --pose '" + poses.string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("pose apart (line 2): exact truth miss, 0 pairs"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("sepax/center/leaf1/double"), std::string::npos);
  EXPECT_NE(run.out.find("summary over 3 poses"), std::string::npos);
}

TEST(SepaxMeshCheck, BadInputIsNamedWithFileLineAndField) {
  const fs::path dir = scratch_dir("sepax_mesh_check_tests");
  const fs::path bad_pose = write_file(dir, "bad.jsonl",
                                       std::string(kPoses).substr(0, std::string(kPoses).find('\n') + 1) +
                                           "{\"id\": \"b\", \"pose\": [[1,0,0,0],[0,1,0,0],[0,0,1,\"Infinity\"]]}\n");
  CommandRun run = run_sepax("mesh-check '" + kCoupling + "' '" + kElephant + "' --pose '" + bad_pose.string() + "'", dir);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("bad.jsonl:2: pose[2][3] = \"Infinity\": not finite"), std::string::npos) << run.err;

  const fs::path bad_mesh = write_file(dir, "quad.off", "OFF\n4 1 0\n0 0 0\n1 0 0\n1 1 0\n0 1 0\n4 0 1 2 3\n");
  const fs::path poses = write_file(dir, "poses.jsonl", kPoses);
  run = run_sepax("mesh-check '" + bad_mesh.string() + "' '" + kElephant + "' --pose '" + poses.string() + "'", dir);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("quad.off:7: face 0 has 4 vertices"), std::string::npos) << run.err;

  const fs::path rotating = write_file(dir, "rotating.jsonl",
                                       "{\"id\": \"r\", \"pose\": [[1,0,0,2],[0,1,0,0],[0,0,1,0]], \"velocity\": "
                                       "[-1,0,0], \"angular\": [0,0,1], \"dt\": 1}\n");
  run = run_sepax("mesh-check '" + kCoupling + "' '" + kElephant + "' --pose '" + rotating.string() + "'", dir);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("rotating.jsonl:1: pose \"r\" rotates (angular): there is no exact oracle"), std::string::npos)
      << run.err;
}

TEST(SepaxMeshCheck, MovingPosesAreJudgedAgainstTheExactFirstContact) {
  const fs::path dir = scratch_dir("sepax_mesh_check_tests");
  // B starts 1.5 to the right of A (apart: their boxes span about 1) and comes toward A, or goes away.
  const fs::path poses = write_file(dir, "moving.jsonl",
                                    "{\"id\": \"approach\", \"pose\": [[1,0,0,1.5],[0,1,0,0],[0,0,1,0]], \"velocity\": "
                                    "[-1,0,0], \"dt\": 1}\n"
                                    "{\"id\": \"away\", \"pose\": [[1,0,0,1.5],[0,1,0,0],[0,0,1,0]], \"velocity\": "
                                    "[1,0,0], \"dt\": 1}\n");
  const CommandRun run = run_sepax("mesh-check --json '" + kCoupling + "' '" + kElephant + "' --pose '" +
                                       poses.string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  const auto lines = run.json_lines();
  ASSERT_EQ(lines.size(), 2u);
  const json& approach = lines[0];
  ASSERT_EQ(approach["truth"]["intersects"], true);
  const double t_star = approach["truth"]["first_time"];
  // Contact needs B's left end (about 1.5 − 0.36) to reach A's right end (0.5): t* ≈ 0.64 .. 0.9.
  EXPECT_GT(t_star, 0.5);
  EXPECT_LT(t_star, 1.0);
  int judged = 0;
  for (const json& k : approach["kernels"]) {
    if (k.contains("ran")) {
      EXPECT_EQ(k["ran"], false);
      continue;
    }
    ++judged;
    EXPECT_NE(k["class"], "gross") << k.dump();
    if (k["kernel"].get<std::string>().ends_with("/double")) {
      EXPECT_EQ(k["class"], "ok") << k.dump();
      EXPECT_EQ(k["pairs"], approach["truth"]["pairs"]);
      EXPECT_NEAR(k["first_time"].get<double>(), t_star, 1e-12);
    }
  }
  EXPECT_EQ(judged, 4);
  EXPECT_EQ(lines[1]["truth"]["intersects"], false);
  EXPECT_TRUE(lines[1]["truth"]["first_time"].is_null());
}

std::vector<json> tree_rows(const fs::path& verify_jsonl) {
  std::vector<json> out;
  std::ifstream in(verify_jsonl);
  for (std::string line; std::getline(in, line);) {
    const json row = json::parse(line);
    if (row.value("table", "") == "trees") out.push_back(row);
  }
  return out;
}

TEST(SepaxVerifyTrees, TheShortTreeCampaignJudgesEveryMeshKernelOnThreePairs) {
  const fs::path dir = scratch_dir("sepax_mesh_check_tests");
  const CommandRun run = run_sepax("verify --cases 2 --no-moving --tree-poses 4 --out '" + (dir / "r").string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  const auto rows = tree_rows(dir / "r" / "verify.jsonl");
  std::set<std::string> pairs;
  std::size_t sepax_rows = 0;
  for (const json& r : rows) {
    pairs.insert(r["pair"].get<std::string>());
    EXPECT_EQ(r["poses"], 12) << r.dump();  // 4 near contact + 4 exactly representable + 4 resting
    EXPECT_EQ(r["gross"], 0) << r.dump();
    EXPECT_EQ(r["ok"].get<int>() + r["boundary"].get<int>(), 12) << r.dump();
    sepax_rows += r["kernel"].get<std::string>().rfind("sepax/", 0) == 0;
  }
  EXPECT_EQ(pairs, (std::set<std::string>{"couplingdown x couplingdown", "elephant x elephant",
                                          "couplingdown x elephant"}));
  EXPECT_EQ(sepax_rows, 12u);  // four trees on three pairs
  EXPECT_NE(run.out.find("OBB trees on real meshes"), std::string::npos);
  EXPECT_NE(slurp(dir / "r" / "summary.md").find("## OBB trees"), std::string::npos);
}

TEST(SepaxVerifyTrees, NoTreesAndANarrowedRunSkipTheCampaign) {
  const fs::path dir = scratch_dir("sepax_mesh_check_tests");
  CommandRun run = run_sepax("verify --cases 2 --no-moving --no-trees --out '" + (dir / "a").string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(tree_rows(dir / "a" / "verify.jsonl").empty());
  run = run_sepax("verify --cases 2 --no-moving --family random --out '" + (dir / "b").string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(tree_rows(dir / "b" / "verify.jsonl").empty());
}

TEST(SepaxVerifyTrees, QueryMeshMeshRunsTheTreeCampaignAlone) {
  const fs::path dir = scratch_dir("sepax_mesh_check_tests");
  const CommandRun run =
      run_sepax("verify --query mesh_mesh --tree-poses 2 --out '" + (dir / "r").string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  const auto rows = tree_rows(dir / "r" / "verify.jsonl");
  EXPECT_GE(rows.size(), 12u);  // four sepax trees on three pairs, FCL's too when built with the peers
  std::ifstream in(dir / "r" / "verify.jsonl");
  for (std::string line; std::getline(in, line);) {
    const json row = json::parse(line);
    const std::string table = row.value("table", "");
    EXPECT_TRUE(table == "trees" || table == "run_info" || table == "oracle_costs") << "no other group runs: " << line;
  }
  // Named with another query, both run; an unknown one is still refused.
  const CommandRun both = run_sepax("verify --query mesh_mesh --query sphere_plane --cases 20 --tree-poses 1 --out '" +
                                        (dir / "b").string() + "'",
                                    dir);
  EXPECT_EQ(both.status, 0) << both.out << both.err;
  EXPECT_FALSE(tree_rows(dir / "b" / "verify.jsonl").empty());
  EXPECT_NE(both.out.find("sphere_plane"), std::string::npos) << both.out;
  const CommandRun typo = run_sepax("verify --query mesh_meshes --out '" + (dir / "c").string() + "'", dir);
  EXPECT_EQ(typo.status, 2) << typo.out << typo.err;
  EXPECT_NE(typo.err.find("mesh_meshes"), std::string::npos) << typo.err;
}

TEST(SepaxVerifyTrees, AMissingMeshIsANoteNotAFailure) {
  const fs::path dir = scratch_dir("sepax_mesh_check_tests");
  fs::create_directories(dir / "meshes");
  fs::copy_file(kCoupling, dir / "meshes" / "couplingdown.off", fs::copy_options::overwrite_existing);
  const CommandRun run = run_sepax("verify --cases 2 --no-moving --tree-poses 2 --mesh-dir '" +
                                       (dir / "meshes").string() + "' --out '" + (dir / "r").string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.err;
  std::set<std::string> pairs;
  for (const json& r : tree_rows(dir / "r" / "verify.jsonl")) pairs.insert(r["pair"].get<std::string>());
  EXPECT_EQ(pairs, (std::set<std::string>{"couplingdown x couplingdown"}));
  EXPECT_NE(run.out.find("note: tree campaign: elephant x elephant skipped"), std::string::npos) << run.out;
}

}  // namespace
