// Kernels brought with --plugin that misbehave (plugins/misbehaving.c): a
// crash or a hang inside a plugin stops the campaign with the case that did
// it written and replayable, and never takes the rows already written with it.
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
