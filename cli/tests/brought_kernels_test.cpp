// Kernels brought with --plugin that misbehave (plugins/misbehaving.c): a
// crash or a hang inside a plugin stops the campaign with the case that did
// it written and replayable, and never takes the rows already written with it.
#include <map>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "command_run.hpp"

namespace sepax::cli::test {
namespace {

std::string plugin() { return std::string(" --plugin '") + SEPAX_MISBEHAVING_PLUGIN + "'"; }

/// Every line of the case files under dir/sub, or "" when there are none.
std::string case_files(const fs::path& dir) {
  std::string text;
  if (!fs::is_directory(dir)) return text;
  for (const auto& entry : fs::directory_iterator(dir)) text += slurp(entry.path());
  return text;
}

TEST(BroughtKernels, APluginThatCrashesIsNamedWithItsCasesAndEarlierRowsSurvive) {
  const fs::path dir = scratch_dir();
  const CommandRun run = run_sepax("verify --cases 30 --out '" + (dir / "out").string() + "'" + plugin() +
                                       " --kernel misbehaving/fine/float --kernel misbehaving/crash/double",
                                   dir);
  EXPECT_EQ(run.status, 3) << run.out << run.err;
  EXPECT_NE(run.err.find("misbehaving/crash/double crashed (SIGSEGV)"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("check "), std::string::npos) << "no replay command:\n" << run.err;
  EXPECT_NE(run.err.find("--plugin"), std::string::npos) << "the replay must load the plugin:\n" << run.err;
  // The crashing batch's cases, replayable; the float groups' rows, on disk.
  const std::string cases = case_files(dir / "out" / "crash");
  EXPECT_NE(cases.find("\"query\":\"obb_obb\""), std::string::npos) << cases;
  EXPECT_NE(cases.find("misbehaving/crash/double"), std::string::npos) << cases;
  const std::string rows = slurp(dir / "out" / "verify.jsonl");
  EXPECT_NE(rows.find("\"kernel\":\"misbehaving/fine/float\""), std::string::npos) << rows;
  EXPECT_EQ(rows.find("\"kernel\":\"misbehaving/crash/double\""), std::string::npos) << rows;
}

TEST(BroughtKernels, APluginThatNeverReturnsStopsAtTheCaseTimeoutWithItsCases) {
  const fs::path dir = scratch_dir();
  const CommandRun run = run_sepax("verify --cases 5 --case-timeout 1 --family random --out '" +
                                       (dir / "out").string() + "'" + plugin() + " --kernel misbehaving/hang/double",
                                   dir);
  EXPECT_EQ(run.status, 3) << run.out << run.err;
  EXPECT_NE(run.err.find("misbehaving/hang/double has not returned"), std::string::npos) << run.err;
  EXPECT_NE(case_files(dir / "out" / "hang").find("\"query\":\"obb_obb\""), std::string::npos);
}

// The same for a pair query's kernel (plugins/misbehaving_v2.c): its cases,
// as case-file lines naming the kernel, under crash/ or hang/.
TEST(BroughtKernels, APairQueryKernelThatCrashesOrHangsIsNamedWithItsCases) {
  const fs::path dir = scratch_dir();
  const std::string v2 = std::string(" --plugin '") + SEPAX_MISBEHAVING_PLUGIN_V2 + "'";
  CommandRun run = run_sepax("verify --query sphere_sphere --cases 40 --out '" + (dir / "crash").string() + "'" + v2 +
                                 " --kernel misbehaving_v2/crash/double",
                             dir);
  EXPECT_EQ(run.status, 3) << run.out << run.err;
  EXPECT_NE(run.err.find("misbehaving_v2/crash/double crashed (SIGSEGV) on case"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("--kernel misbehaving_v2/crash/double"), std::string::npos) << "no replay:\n" << run.err;
  std::string cases = case_files(dir / "crash" / "crash");
  EXPECT_NE(cases.find("\"query\":\"sphere_sphere\""), std::string::npos) << cases;
  EXPECT_NE(cases.find("\"kernel\":\"misbehaving_v2/crash/double\""), std::string::npos) << cases;
  // The written cases are a case file sepax's own kernels judge.
  const fs::path written = fs::directory_iterator(dir / "crash" / "crash")->path();
  const CommandRun check = run_sepax("check '" + written.string() + "'", dir);
  EXPECT_EQ(check.status, 0) << check.out << check.err;

  run = run_sepax("verify --query sphere_sphere --cases 5 --case-timeout 1 --out '" + (dir / "hang").string() + "'" +
                      v2 + " --kernel misbehaving_v2/hang/double",
                  dir);
  EXPECT_EQ(run.status, 3) << run.out << run.err;
  EXPECT_NE(run.err.find("misbehaving_v2/hang/double has not returned"), std::string::npos) << run.err;
  cases = case_files(dir / "hang" / "hang");
  EXPECT_NE(cases.find("\"kernel\":\"misbehaving_v2/hang/double\""), std::string::npos) << cases;
}

// `sepax check` replaying such a case stops the same way: exit 3, the kernel,
// the signal or the time, and the case's line printed in full (not a bare
// "Segmentation fault", not a silent hang); earlier cases' verdicts stay printed.
TEST(BroughtKernels, CheckNamesTheKernelAndTheLineThatCrashedOrHung) {
  const fs::path dir = scratch_dir();
  const std::string v2 = std::string(" --plugin '") + SEPAX_MISBEHAVING_PLUGIN_V2 + "'";
  const std::string sat_case =
      R"({"id":"first","query":"obb_obb","a":{"center":[0,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":[1,1,1]},)"
      R"("b":{"center":[3,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":[1,1,1]}})";
  const std::string ball_case =
      R"({"id":"balls","query":"sphere_sphere","a":{"center":[0,0,0],"radius":1},"b":{"center":[1.5,0,0],"radius":1}})";
  const fs::path cases = write_file(dir, "cases.jsonl", sat_case + "\n" + ball_case + "\n");
  CommandRun run = run_sepax("check '" + cases.string() + "'" + v2 + " --kernel misbehaving_v2/crash/double "
                                 "--kernel obb_obb/test_static/double",
                             dir);
  EXPECT_EQ(run.status, 3) << run.out << run.err;
  EXPECT_NE(run.err.find("misbehaving_v2/crash/double crashed (SIGSEGV) on the case at line 2 of"), std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find(ball_case), std::string::npos) << "the case's line, in full:\n" << run.err;
  EXPECT_NE(run.out.find("first"), std::string::npos) << "the first case's verdicts:\n" << run.out;

  run = run_sepax("check '" + cases.string() + "' --case-timeout 1" + v2 + " --kernel misbehaving_v2/hang/double", dir);
  EXPECT_EQ(run.status, 3) << run.out << run.err;
  EXPECT_NE(run.err.find("misbehaving_v2/hang/double did not return within 1 s"), std::string::npos) << run.err;

  // A SAT kernel brought by a version 1 plugin, called through the registry.
  run = run_sepax("check '" + cases.string() + "'" + plugin() + " --kernel misbehaving/crash/double", dir);
  EXPECT_EQ(run.status, 3) << run.out << run.err;
  EXPECT_NE(run.err.find("misbehaving/crash/double crashed (SIGSEGV) on the case at line 1"), std::string::npos)
      << run.err;
}

TEST(BroughtKernels, AFileThatIsNoPluginIsAUsageErrorNamingIt) {
  const fs::path dir = scratch_dir();
  const fs::path bogus = write_file(dir, "not-a-plugin.so", "hello");
  const CommandRun run = run_sepax("verify --cases 5 --plugin '" + bogus.string() + "'", dir);
  EXPECT_EQ(run.status, 2) << run.out << run.err;
  EXPECT_NE(run.err.find("not-a-plugin.so"), std::string::npos) << run.err;
  const CommandRun check = run_sepax("check x.jsonl --plugin '" + bogus.string() + "'", dir);
  EXPECT_EQ(check.status, 2) << check.out << check.err;
}

}  // namespace
}  // namespace sepax::cli::test

namespace sepax::cli::test {
namespace {

// A version 2 plugin (harness/tests/query/plugins/queries_v2.c) brings kernels
// of several queries: `verify --plugin` runs exactly their queries, gates
// them like sepax's own, and each failure class replays with `check --plugin`.
TEST(BroughtKernels, AVersion2PluginsQueriesAreRunGatedAndReplayed) {
  const fs::path dir = scratch_dir();
  const std::string plugin = std::string(" --plugin '") + SEPAX_TEST_PLUGIN_QUERIES_V2 + "'";
  const CommandRun run = run_sepax("verify --cases 64 --no-trees --out '" + (dir / "out").string() + "'" + plugin, dir);
  EXPECT_EQ(run.status, 1) << run.out << run.err;  // its wrong kernels are gated
  std::map<std::string, std::uint64_t> gross;
  std::set<std::string> queries;
  for (const json& r : read_rows(dir / "out" / "verify.jsonl", "pair_queries")) {
    gross[r["kernel"].get<std::string>()] += r["gross"].get<std::uint64_t>();
    queries.insert(r["query"].get<std::string>());
  }
  EXPECT_EQ(queries, (std::set<std::string>{"sphere_sphere", "obb_to_aabb", "aabb_aabb"}));  // theirs only
  EXPECT_EQ(gross["queries_v2/spheres/float"], 0u);
  EXPECT_EQ(gross["queries_v2/spheres/double"], 0u);
  EXPECT_GT(gross["queries_v2/enclose_naive/double"], 0u);
  EXPECT_GT(gross["queries_v2/failing/double"], 0u);
  EXPECT_EQ(gross.count("sphere_sphere/test_static/double"), 0u);  // not brought, not run
  // The SAT kernel it brought ran in the SAT groups.
  bool always = false;
  for (const json& r : read_rows(dir / "out" / "verify.jsonl"))
    if (r.value("kernel", "") == "queries_v2/always/double") always = r["gross"].get<std::uint64_t>() > 0 || always;
  EXPECT_TRUE(always);
  // Their failure classes are the run's own, not peer findings (the report and
  // sepax gate read "peer"): in the SAT groups as in the pair queries.
  std::set<std::string> classes_of;
  for (const json& c : read_rows(dir / "out" / "verify.jsonl", "failure_class"))
    if (c["kernel"].get<std::string>().rfind("queries_v2/", 0) == 0) {
      EXPECT_FALSE(c["peer"].get<bool>()) << c.dump();
      classes_of.insert(c["kernel"].get<std::string>());
    }
  EXPECT_TRUE(classes_of.count("queries_v2/always/double")) << "no class of the brought SAT kernel to check";
  EXPECT_TRUE(classes_of.count("queries_v2/enclose_naive/double")) << "no class of the brought pair query to check";
  // A failure class of the enclosure replays, loading the plugin.
  fs::path replay;
  for (const auto& e : fs::recursive_directory_iterator(dir / "out" / "gross"))
    if (e.path().filename().string().rfind("01-obb_to_aabb-queries_v2_enclose_naive", 0) == 0) replay = e.path();
  ASSERT_FALSE(replay.empty()) << run.out;
  const CommandRun check =
      run_sepax("check --json '" + replay.string() + "' --kernel queries_v2/enclose_naive/double" + plugin, dir);
  EXPECT_EQ(check.status, 1) << check.out << check.err;
  EXPECT_NE(check.out.find("\"class\":\"gross\""), std::string::npos) << check.out;
}

}  // namespace
}  // namespace sepax::cli::test
