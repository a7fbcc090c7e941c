// End-to-end: the 2D query rect_rect in `sepax verify` (its own campaign and
// table) and in `sepax check` (rect_rect lines in case files).
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "command_run.hpp"
#include "test_files.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace sepax::cli::test;

std::vector<json> planar_rows(const fs::path& verify_jsonl) {
  std::vector<json> out;
  std::ifstream in(verify_jsonl);
  for (std::string line; std::getline(in, line);) {
    const json row = json::parse(line);
    if (row.value("table", "") == "planar") out.push_back(row);
  }
  return out;
}

TEST(SepaxPlanar, VerifyJudgesEveryFamilyAndScalarWithNoSepaxGross) {
  const fs::path dir = scratch_dir("sepax_planar_tests");
  const CommandRun run = run_sepax(
      "verify --cases 2 --no-moving --no-trees --planar-cases 300 --out '" + (dir / "r").string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  const auto rows = planar_rows(dir / "r" / "verify.jsonl");
  std::set<std::string> groups;
  std::map<std::string, std::size_t> boundary_by_family;
  for (const json& r : rows) {
    EXPECT_EQ(r["query"], "rect_rect");
    EXPECT_EQ(r["cases"], 300) << r.dump();
    EXPECT_EQ(r["ok"].get<int>() + r["boundary"].get<int>() + r["gross"].get<int>() + r["refused"].get<int>(), 300)
        << r.dump();
    const std::string kernel = r["kernel"];
    if (kernel.rfind("sepax/", 0) == 0) {
      EXPECT_EQ(r["gross"], 0) << r.dump();
      EXPECT_EQ(r["refused"], 0) << r.dump();
      groups.insert(r["scalar"].get<std::string>() + "/" + r["family"].get<std::string>());
      boundary_by_family[r["family"]] += r["boundary"].get<std::size_t>();
    }
  }
  EXPECT_EQ(groups.size(), 10u);  // 2 scalars x 5 families
  // Exact contact is where rounding shows: the touching family has boundary verdicts.
  EXPECT_GT(boundary_by_family["touching"], 0u);
  EXPECT_NE(run.out.find("2D oriented rectangles (rect_rect)"), std::string::npos);
  EXPECT_NE(slurp(dir / "r" / "summary.md").find("## 2D rectangles"), std::string::npos);
}

TEST(SepaxPlanar, CheckReadsRectRectLinesAndJudgesThem) {
  const fs::path dir = scratch_dir("sepax_planar_tests");
  const fs::path cases = write_file(
      dir, "rects.jsonl",
      R"({"id":"touch","query":"rect_rect","scalar":"float","a":{"center":[0,0],"axes":[[1,0],[0,1]],"extents":[1,1]},"b":{"center":[2,0],"axes":[[1,0],[0,1]],"extents":[1,1]}})"
      "\n"
      R"({"id":"apart","query":"rect_rect","a":{"center":[0,0],"axes":[[1,0],[0,1]],"extents":[1,1]},"b":{"center":[2.5,0],"axes":[[1,0],[0,1]],"extents":[1,1]}})"
      "\n");
  const CommandRun run = run_sepax("check --json '" + cases.string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  const auto lines = run.json_lines();
  ASSERT_EQ(lines.size(), 2u) << run.out;
  EXPECT_EQ(lines[0]["oracle"]["intersects"], true);
  EXPECT_EQ(lines[1]["oracle"]["intersects"], false);
  for (const json& l : lines) {
    EXPECT_EQ(l["query"], "rect_rect");
    ASSERT_FALSE(l["kernels"].empty()) << l.dump();
    for (const json& k : l["kernels"]) EXPECT_EQ(k["class"], "ok") << l.dump();
  }
  // Naming a 2D kernel runs only it, on any scalar's case.
  const CommandRun one = run_sepax("check --json '" + cases.string() + "' --kernel sepax/rect_rect/double", dir);
  EXPECT_EQ(one.status, 0) << one.out << one.err;
  for (const json& l : one.json_lines()) {
    ASSERT_EQ(l["kernels"].size(), 1u) << l.dump();
    EXPECT_EQ(l["kernels"][0]["kernel"], "sepax/rect_rect/double");
  }
}

TEST(SepaxPlanar, AMalformedRectangleIsNamedWithItsLine) {
  const fs::path dir = scratch_dir("sepax_planar_tests");
  const fs::path cases = write_file(
      dir, "bad.jsonl",
      "\n"
      R"({"id":"bad","query":"rect_rect","a":{"center":[0,0],"axes":[[1,0],[0,1]],"extents":[1,1]},"b":{"center":[2,0],"axes":[[1,0],[0,1]],"extents":[-1,1]}})"
      "\n");
  const CommandRun run = run_sepax("check '" + cases.string() + "'", dir);
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("line 2: malformed: b.extents[0] = -1: negative extent"), std::string::npos) << run.out;
}

}  // namespace
