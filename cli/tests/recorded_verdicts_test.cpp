// `sepax check` on verdicts recorded in the case file ("verdicts"): results
// produced on a machine where sepax does not run, judged exactly like a
// kernel's answers. The truths are known by construction: unit cubes whose
// faces touch (closed sets: intersecting), and the same cubes a gap apart.
#include <string>

#include <gtest/gtest.h>

#include "command_run.hpp"

namespace sepax::cli::test {
namespace {

/// Unit cubes, b's centre at x = `bx`; `extra` is added at the top level.
std::string cubes(const std::string& id, const std::string& bx, const std::string& extra) {
  return R"({"id":")" + id + R"(","query":"obb_obb","scalar":"double",)"
         R"("a":{"center":[0,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":[1,1,1]},)"
         R"("b":{"center":[)" + bx + R"(,0,0],"axes":[[1,0,0],[0,1,0],[0,0,1]],"extents":[1,1,1]})" + extra + "}";
}

TEST(RecordedVerdicts, RightVerdictsAreOkAndTheCheckPasses) {
  const fs::path dir = scratch_dir();
  const std::string text =
      cubes("touching", "2", R"(,"verdicts":{"mylib/obb":true})") + "\n" +
      cubes("apart", "3", R"(,"motion":{"va":[0,0,0],"vb":[-1,0,0],"T":2},)"
                          R"("verdicts":{"mylib/obb":false,"mylib/sweep":{"meets":true},)"
                          R"("mylib/toi":{"state":"first_contact","t":1,"point":[1,0,0]}})") + "\n";
  const CommandRun run =
      run_sepax("check --json --kernel obb_obb/test_static/double '" + write_file(dir, "c.jsonl", text).string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  const auto lines = run.json_lines();
  ASSERT_EQ(lines.size(), 2u) << run.out;
  std::size_t recorded = 0;
  for (const auto& line : lines)
    for (const auto& k : line["kernels"])
      if (k["kernel"].get<std::string>().rfind("mylib/", 0) == 0) {
        ++recorded;
        EXPECT_EQ(k["class"], "ok") << k.dump();
      }
  EXPECT_EQ(recorded, 4u) << run.out;
}

TEST(RecordedVerdicts, KernelNamesARecordedVerdictAndOnlyItIsJudged) {
  const fs::path dir = scratch_dir();
  const std::string text =
      cubes("apart", "3", R"(,"motion":{"va":[0,0,0],"vb":[-1,0,0],"T":2},)"
                          R"("verdicts":{"mylib/obb":false,"mylib/toi":{"state":"first_contact","t":1,"point":[1,0,0]}})") +
      "\n";
  const CommandRun run = run_sepax("check --json --kernel mylib/toi '" + write_file(dir, "c.jsonl", text).string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  const auto lines = run.json_lines();
  ASSERT_EQ(lines.size(), 1u) << run.out;
  ASSERT_EQ(lines[0]["kernels"].size(), 1u) << run.out;
  EXPECT_EQ(lines[0]["kernels"][0]["kernel"], "mylib/toi");
  EXPECT_EQ(lines[0]["kernels"][0]["class"], "ok");
  // An id neither registered nor recorded is still refused, by name.
  const CommandRun unknown = run_sepax("check --kernel mylib/none '" + (dir / "c.jsonl").string() + "'", dir);
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("mylib/none"), std::string::npos) << unknown.err;
}

TEST(RecordedVerdicts, AWrongRecordedVerdictIsGrossAndFailsTheCheck) {
  const fs::path dir = scratch_dir();
  // Touching cubes called separated: the arithmetic is exact here, so there
  // is no rounding band to excuse it.
  const std::string text = cubes("touching", "2", R"(,"verdicts":{"mylib/obb":false})") + "\n";
  const CommandRun run = run_sepax("check --json '" + write_file(dir, "c.jsonl", text).string() + "'", dir);
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  const auto lines = run.json_lines();
  ASSERT_EQ(lines.size(), 1u) << run.out;
  bool seen = false;
  for (const auto& k : lines[0]["kernels"])
    if (k["kernel"] == "mylib/obb") {
      seen = true;
      EXPECT_EQ(k["class"], "gross") << k.dump();
    }
  EXPECT_TRUE(seen) << run.out;
}

TEST(RecordedVerdicts, AMalformedVerdictNamesItsFieldAndValue) {
  const fs::path dir = scratch_dir();
  const std::string text = cubes("v", "2", R"(,"verdicts":{"mylib/obb":3})") + "\n" +
                           cubes("m", "2", R"(,"verdicts":{"mylib/sweep":{"meets":true}})") + "\n" +
                           cubes("s", "2", R"(,"verdicts":{"mylib/toi":{"state":"touching"}})") + "\n";
  const CommandRun run = run_sepax("check --json '" + write_file(dir, "c.jsonl", text).string() + "'", dir);
  EXPECT_EQ(run.status, 1);
  const auto lines = run.json_lines();
  ASSERT_EQ(lines.size(), 3u) << run.out;
  EXPECT_NE(lines[0]["error"].get<std::string>().find("verdicts.mylib/obb = 3"), std::string::npos) << lines[0];
  EXPECT_NE(lines[1]["error"].get<std::string>().find("needs the case's \"motion\""), std::string::npos) << lines[1];
  EXPECT_NE(lines[2]["error"].get<std::string>().find("verdicts.mylib/toi.state = \"touching\""), std::string::npos)
      << lines[2];
}

}  // namespace
}  // namespace sepax::cli::test
