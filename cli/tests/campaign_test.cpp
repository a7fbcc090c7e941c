// Long campaigns: shards merged equal the unsharded run, and a run killed with
// SIGKILL at a random moment and resumed equals an uninterrupted one, row for
// row (timings aside) and replay file for replay file.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <map>
#include <random>
#include <set>
#include <thread>

#include "command_run.hpp"

extern char** environ;

namespace sepax::cli::test {
namespace {

// Small enough for CI, large enough that every group has several batches and
// the peers leave gross findings to compare.
const std::string kCampaign = "--cases 120 --batch-cases 32 --no-trees --family random --family parallel-edges --threads 2";
// The pair queries' engine (issue 30): a manifold query, a Gomez query and
// general motion, every family, through the same batches, shards and resume.
const std::string kPairCampaign =
    "--cases 160 --batch-cases 48 --query obb_obb_manifold --query sphere_sphere --query general_motion --threads 2";

/// verify.jsonl's rows without the run id and the timing fields.
std::vector<std::string> rows_without_timings(const fs::path& dir) {
  std::vector<std::string> rows;
  std::istringstream in(slurp(dir / "verify.jsonl"));
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    json j = json::parse(line);
    if (j.value("table", "") == "run_info") continue;
    j.erase("run");
    j.erase("replay");  // a failure class's replay commands name the output directory
    j.erase("worst_replay");
    for (auto it = j.begin(); it != j.end();) {
      const std::string& key = it.key();
      if (key.find("seconds") != std::string::npos || key.find("per_second") != std::string::npos ||
          key.rfind("ns_per_", 0) == 0)
        it = j.erase(it);
      else
        ++it;
    }
    rows.push_back(j.dump());
  }
  return rows;
}

/// Every replay file's path (in its failure class's folder) and content;
/// class.json without its replay commands, which name the output directory.
std::map<std::string, std::string> replay_files(const fs::path& dir) {
  std::map<std::string, std::string> files;
  for (const char* sub : {"gross", "boundary", "harness"})
    if (fs::exists(dir / sub))
      for (const auto& e : fs::recursive_directory_iterator(dir / sub)) {
        if (!e.is_regular_file()) continue;
        std::string text = slurp(e.path());
        if (e.path().filename() == "class.json") {
          json j = json::parse(text);
          j.erase("replay");
          j.erase("worst_replay");
          text = j.dump();
        }
        files[fs::relative(e.path(), dir).string()] = text;
      }
  return files;
}

void expect_same_campaign(const fs::path& expected, const fs::path& actual) {
  const auto a = rows_without_timings(expected), b = rows_without_timings(actual);
  ASSERT_FALSE(a.empty());
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i], b[i]) << "row " << i;
  const auto fa = replay_files(expected), fb = replay_files(actual);
  EXPECT_FALSE(fa.empty()) << "the campaign should leave peer findings to compare";
  EXPECT_EQ(fa, fb);
}

fs::path unsharded_run(const std::string& campaign = kCampaign) {
  // Shared by the tests of this process (scratch_dir() is per test and fresh).
  static std::map<std::string, fs::path> runs;
  if (const auto it = runs.find(campaign); it != runs.end()) return it->second;
  const fs::path d = fs::path(::testing::TempDir()) /
                     ("sepax_campaign_unsharded-" + std::to_string(getpid()) + "-" + std::to_string(runs.size()));
  fs::remove_all(d);
  fs::create_directories(d);
  const CommandRun run = run_sepax("verify " + campaign + " --out " + (d / "out").string(), d);
  EXPECT_EQ(run.status, 0) << run.err;
  return runs[campaign] = d / "out";
}

/// How many of verify.jsonl's rows are of one table.
std::size_t rows_of_table(const fs::path& dir, const std::string& table) {
  return read_rows(dir / "verify.jsonl", table).size();
}

void expect_three_shards_merged_equal_the_unsharded_run(const std::string& campaign, const std::string& name) {
  const std::string kCampaign = campaign;
  const fs::path dir = scratch_dir() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string folders;
  std::set<std::string> seen_batches;
  std::size_t batches = 0;
  for (int i = 1; i <= 3; ++i) {
    const fs::path out = dir / ("shard" + std::to_string(i));
    const CommandRun run = run_sepax(
        "verify " + kCampaign + " --shard " + std::to_string(i) + "/3 --out " + out.string(), dir);
    ASSERT_EQ(run.status, 0) << run.err;
    folders += " " + out.string();
    std::istringstream log(slurp(out / "batches.jsonl"));
    for (std::string line; std::getline(log, line);) {
      const json j = json::parse(line);
      ++batches;
      EXPECT_TRUE(seen_batches.insert(j["group"].get<std::string>() + "@" + std::to_string(j["begin"].get<int>())).second)
          << "shards overlap at " << line.substr(0, 80);
    }
  }
  // Without shard 3 the merge refuses, naming what is missing.
  const CommandRun partial = run_sepax("merge " + (dir / "shard1").string() + " " + (dir / "shard2").string() +
                                           " -o " + (dir / "partial").string(),
                                       dir);
  EXPECT_EQ(partial.status, 2);
  EXPECT_NE(partial.err.find("batches missing"), std::string::npos) << partial.err;
  // The same shard twice is refused too.
  const CommandRun twice = run_sepax("merge" + folders + " " + (dir / "shard1").string() + " -o " + (dir / "twice").string(), dir);
  EXPECT_EQ(twice.status, 2);
  EXPECT_NE(twice.err.find("appears twice"), std::string::npos) << twice.err;

  const CommandRun merged = run_sepax("merge" + folders + " -o " + (dir / "merged").string(), dir);
  ASSERT_EQ(merged.status, 0) << merged.err;
  std::istringstream unsharded_log(slurp(unsharded_run(campaign) / "batches.jsonl"));
  std::size_t unsharded_batches = 0;
  for (std::string line; std::getline(unsharded_log, line);) ++unsharded_batches;
  EXPECT_EQ(batches, unsharded_batches);
  expect_same_campaign(unsharded_run(campaign), dir / "merged");
}

TEST(Campaign, ThreeShardsMergedEqualTheUnshardedRun) {
  expect_three_shards_merged_equal_the_unsharded_run(kCampaign, "campaign-shards");
}

TEST(Campaign, ThreeShardsOfPairQueriesMergedEqualTheUnshardedRun) {
  expect_three_shards_merged_equal_the_unsharded_run(kPairCampaign, "campaign-pair-shards");
  // The pair queries' rows and failure classes are what was compared.
  EXPECT_EQ(rows_of_table(unsharded_run(kPairCampaign), "pair_queries"),
            2u * 8 * 4      // obb_obb_manifold: 8 families, sepax's and 3 peers, each scalar (Bullet's
                            // float, MuJoCo's double)
                + 2u * 9    // general_motion: 3 pairs x 3 families, each scalar
                + 3u * 4    // sphere_sphere tests: 3 families, sepax's (float, double), FCL's and MuJoCo's (double)
                + 2u * 4);  // sphere_sphere sweeps: 4 families, each scalar
  EXPECT_GT(rows_of_table(unsharded_run(kPairCampaign), "failure_class"), 0u);
}

/// The (group, first case) of every batch a run's batches.jsonl records.
std::set<std::string> batch_starts(const fs::path& out) {
  std::set<std::string> starts;
  std::istringstream log(slurp(out / "batches.jsonl"));
  for (std::string line; std::getline(log, line);) {
    const json j = json::parse(line);
    starts.insert(j["group"].get<std::string>() + "@" + std::to_string(j["begin"].get<int>()));
  }
  return starts;
}

TEST(Campaign, ShardAutoIsTheShardTheWorkloadManagerNames) {
  const fs::path dir = scratch_dir() / "campaign-shard-auto";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string campaign = "verify --cases 64 --batch-cases 16 --no-trees --family random --threads 2 ";
  const CommandRun given = run_sepax(campaign + "--shard 2/3 --out " + (dir / "given").string(), dir);
  ASSERT_EQ(given.status, 0) << given.err;
  // Task 5 of `sbatch --array=4-6`, and index 1 of a Kubernetes Indexed Job of 3 completions.
  const std::string slurm = "env SLURM_JOB_ID=9 SLURM_ARRAY_JOB_ID=8 SLURM_ARRAY_TASK_ID=5 SLURM_ARRAY_TASK_MIN=4 "
                            "SLURM_ARRAY_TASK_MAX=6 SLURM_ARRAY_TASK_COUNT=3 SLURM_ARRAY_TASK_STEP=1";
  const std::string kubernetes = "env -u SLURM_ARRAY_TASK_ID JOB_COMPLETION_INDEX=1 SEPAX_SHARD_COUNT=3";
  for (const auto& [name, env] : {std::pair{"slurm", slurm}, std::pair{"kubernetes", kubernetes}}) {
    const CommandRun run = run_sepax_with_env(env, campaign + "--shard auto --out " + (dir / name).string(), dir);
    ASSERT_EQ(run.status, 0) << name << ": " << run.err;
    EXPECT_EQ(json::parse(slurp(dir / name / "campaign.json"))["shard"], "2/3") << name;
    EXPECT_EQ(batch_starts(dir / name), batch_starts(dir / "given")) << name;
  }
  EXPECT_GT(batch_starts(dir / "given").size(), 1u);
  // Outside both, the error says which variables it looked for.
  const CommandRun none = run_sepax_with_env("env -u SLURM_ARRAY_TASK_ID -u JOB_COMPLETION_INDEX -u SLURM_JOB_ID",
                                             campaign + "--shard auto --out " + (dir / "none").string(), dir);
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("neither SLURM_ARRAY_TASK_ID (a Slurm array task) nor JOB_COMPLETION_INDEX"),
            std::string::npos)
      << none.err;
  const CommandRun no_count = run_sepax_with_env("env -u SLURM_ARRAY_TASK_ID JOB_COMPLETION_INDEX=0",
                                                 campaign + "--shard auto --out " + (dir / "no_count").string(), dir);
  EXPECT_EQ(no_count.status, 2);
  EXPECT_NE(no_count.err.find("SEPAX_SHARD_COUNT is not set"), std::string::npos) << no_count.err;
}

TEST(Campaign, MergeRefusesAnotherCampaign) {
  const fs::path dir = scratch_dir() / "campaign-other";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const CommandRun other = run_sepax("verify --cases 40 --batch-cases 32 --no-trees --family random --seed 7 --shard 2/2 --out " +
                                         (dir / "other").string(),
                                     dir);
  ASSERT_EQ(other.status, 0) << other.err;
  const CommandRun merged =
      run_sepax("merge " + unsharded_run().string() + " " + (dir / "other").string() + " -o " + (dir / "m").string(), dir);
  EXPECT_EQ(merged.status, 2);
  EXPECT_NE(merged.err.find("another campaign"), std::string::npos) << merged.err;
}

/// Starts the command without a shell, so that SIGKILL reaches sepax itself.
pid_t spawn_sepax(const std::vector<std::string>& args, const fs::path& log) {
  std::vector<std::string> all{SEPAX_BINARY};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  EXPECT_EQ(posix_spawn(&pid, SEPAX_BINARY, &actions, nullptr, argv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&actions);
  return pid;
}

void expect_killed_and_resumed_equal_an_uninterrupted_run(const std::string& campaign, const std::string& name) {
  const std::string kCampaign = campaign;
  const fs::path dir = scratch_dir() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  // How long the uninterrupted run takes here, so that the kill lands inside it.
  const auto t0 = std::chrono::steady_clock::now();
  const fs::path reference = unsharded_run(campaign);
  const fs::path timing = dir / "timing";
  const CommandRun timed = run_sepax("verify " + kCampaign + " --out " + timing.string(), dir);
  ASSERT_EQ(timed.status, 0) << timed.err;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / 2;
  const std::uint64_t seed = std::random_device{}();
  std::mt19937_64 rng(seed);
  for (int attempt = 0; attempt < 2; ++attempt) {
    const double delay = std::uniform_real_distribution<double>(0.05, 0.5)(rng) * seconds;
    SCOPED_TRACE("kill after " + std::to_string(delay) + " s (random seed " + std::to_string(seed) +
                 "; replay the scenario by hand: sepax verify " + kCampaign + " --out D, kill -9 it, sepax verify --resume D)");
    const fs::path out = dir / ("run" + std::to_string(attempt));
    std::vector<std::string> args{"verify"};
    std::istringstream words(kCampaign + " --out " + out.string());
    for (std::string w; words >> w;) args.push_back(w);
    const pid_t pid = spawn_sepax(args, dir / "killed.out");
    std::this_thread::sleep_for(std::chrono::duration<double>(delay));
    ASSERT_EQ(kill(pid, SIGKILL), 0);
    int status = 0;
    waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the run ended before the kill: choose more cases";
    const CommandRun resumed = run_sepax("verify --resume " + out.string(), dir);
    ASSERT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_NE(resumed.out.find("done before"), std::string::npos) << resumed.out;
    // No batch twice in the log, none missing.
    std::set<std::string> batches;
    std::istringstream log(slurp(out / "batches.jsonl"));
    for (std::string line; std::getline(log, line);) {
      const json j = json::parse(line);  // no torn line is ever read back
      EXPECT_TRUE(batches.insert(j["group"].get<std::string>() + "@" + std::to_string(j["begin"].get<int>())).second);
    }
    std::istringstream full(slurp(reference / "batches.jsonl"));
    std::size_t expected = 0;
    for (std::string line; std::getline(full, line);) ++expected;
    EXPECT_EQ(batches.size(), expected);
    expect_same_campaign(reference, out);
  }
}

TEST(Campaign, KilledAtARandomMomentAndResumedEqualsAnUninterruptedRun) {
  expect_killed_and_resumed_equal_an_uninterrupted_run(kCampaign, "campaign-killed");
}

TEST(Campaign, PairQueriesKilledAtARandomMomentAndResumedEqualAnUninterruptedRun) {
  expect_killed_and_resumed_equal_an_uninterrupted_run(kPairCampaign, "campaign-pair-killed");
}

TEST(Campaign, ResumeRefusesCampaignOptionsAndFoldersWithoutACampaign) {
  const fs::path dir = scratch_dir() / "campaign-resume-errors";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const CommandRun with_seed = run_sepax("verify --resume " + dir.string() + " --seed 3", dir);
  EXPECT_EQ(with_seed.status, 2);
  EXPECT_NE(with_seed.err.find("campaign.json"), std::string::npos) << with_seed.err;
  const CommandRun empty = run_sepax("verify --resume " + (dir / "nothing").string(), dir);
  EXPECT_EQ(empty.status, 2);
  EXPECT_NE(empty.err.find("not the results folder"), std::string::npos) << empty.err;
  const CommandRun bad_shard = run_sepax("verify --cases 10 --shard 4/3 --out " + (dir / "x").string(), dir);
  EXPECT_EQ(bad_shard.status, 2);
  EXPECT_NE(bad_shard.err.find("--shard 4/3"), std::string::npos) << bad_shard.err;
}

TEST(Campaign, AResumedCampaignKeepsItsTolerancesAndRefusesOthers) {
  const fs::path dir = scratch_dir() / "campaign-resume-tolerance";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path out = dir / "out";
  const std::string kernel = "obb_obb/test_static/float";
  const CommandRun first = run_sepax("verify --cases 40 --batch-cases 32 --no-trees --family random --kernel " +
                                         kernel + " --tolerance " + kernel + "=1e-3 --out " + out.string(), dir);
  ASSERT_EQ(first.status, 0) << first.err;
  const CommandRun other = run_sepax("verify --resume " + out.string() + " --tolerance " + kernel + "=1e-4", dir);
  EXPECT_EQ(other.status, 2) << other.out;
  EXPECT_NE(other.err.find("--tolerance " + kernel + "=1e-3"), std::string::npos) << other.err;
  // Without --tolerance the campaign's own is used: its rows say so.
  const CommandRun resumed = run_sepax("verify --resume " + out.string(), dir);
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  const std::vector<json> rows = read_rows(out / "verify.jsonl");
  ASSERT_FALSE(rows.empty());
  for (const json& row : rows) EXPECT_EQ(row["tolerance"].get<double>(), 1e-3) << row.dump();
}

}  // namespace
}  // namespace sepax::cli::test
