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
    if (row.value("table", "") == "pair_queries") out.push_back(row);
  }
  return out;
}

TEST(SepaxPlanar, VerifyJudgesEveryFamilyAndScalarWithNoSepaxGross) {
  const fs::path dir = scratch_dir("sepax_planar_tests");
  const CommandRun run = run_sepax(
      "verify --query rect_rect --query sphere_sphere --query aabb_sphere --pair-query-cases 300 --out '" + (dir / "r").string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  const auto rows = planar_rows(dir / "r" / "verify.jsonl");
  std::set<std::string> groups;
  std::map<std::string, std::size_t> boundary_by_family;
  for (const json& r : rows) {
    if (r["query"] != "rect_rect") continue;
    EXPECT_EQ(r["cases"], 300) << r.dump();
    EXPECT_EQ(r["ok"].get<int>() + r["boundary"].get<int>() + r["gross"].get<int>() + r["refused"].get<int>(), 300)
        << r.dump();
    const std::string kernel = r["kernel"];
    if (!r["peer"].get<bool>()) {
      EXPECT_EQ(r["gross"], 0) << r.dump();
      EXPECT_EQ(r["refused"], 0) << r.dump();
      groups.insert(r["scalar"].get<std::string>() + "/" + r["family"].get<std::string>());
      boundary_by_family[r["family"]] += r["boundary"].get<std::size_t>();
    }
  }
  EXPECT_EQ(groups.size(), 10u);  // 2 scalars x 5 families
  // Exact contact is where rounding shows: the touching family has boundary verdicts.
  EXPECT_GT(boundary_by_family["touching"], 0u);
  EXPECT_NE(run.out.find("Queries of the seed articles beyond the SAT registry"), std::string::npos);
  EXPECT_NE(slurp(dir / "r" / "summary.md").find("## 2D rectangles, Gomez's tests, manifolds, general motion"), std::string::npos);
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
  const CommandRun one = run_sepax("check --json '" + cases.string() + "' --kernel rect_rect/test_static/double", dir);
  EXPECT_EQ(one.status, 0) << one.out << one.err;
  for (const json& l : one.json_lines()) {
    ASSERT_EQ(l["kernels"].size(), 1u) << l.dump();
    EXPECT_EQ(l["kernels"][0]["kernel"], "rect_rect/test_static/double");
  }
}

TEST(SepaxSpheres, VerifyJudgesTheTestAndTheSweepOnEveryFamilyWithNoSepaxGross) {
  const fs::path dir = scratch_dir("sepax_planar_tests");
  const CommandRun run = run_sepax(
      "verify --query rect_rect --query sphere_sphere --query aabb_sphere --pair-query-cases 300 --out '" + (dir / "r").string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  std::set<std::string> groups;
  std::size_t timed = 0;
  for (const json& r : planar_rows(dir / "r" / "verify.jsonl")) {
    if (r["query"] != "sphere_sphere") continue;
    EXPECT_EQ(r["ok"].get<int>() + r["boundary"].get<int>() + r["gross"].get<int>() + r["refused"].get<int>(), 300)
        << r.dump();
    if (r["peer"].get<bool>()) continue;
    EXPECT_EQ(r["gross"], 0) << r.dump();
    groups.insert(r["mode"].get<std::string>() + "/" + r["scalar"].get<std::string>() + "/" +
                  r["family"].get<std::string>());
    if (r.contains("time_error")) timed += r["time_error"]["n"].get<std::size_t>();
  }
  EXPECT_EQ(groups.size(), 14u);  // static: 2 scalars x 3 families; sweep: 2 x 4 (grazing: sweeps only)
  EXPECT_GT(timed, 300u);         // first contacts whose time was judged
  // Arvo's box-ball test: 2 scalars x 3 families, sepax's with no gross.
  std::set<std::string> arvo;
  for (const json& r : planar_rows(dir / "r" / "verify.jsonl"))
    if (r["query"] == "aabb_sphere" && !r["peer"].get<bool>()) {
      EXPECT_EQ(r["gross"], 0) << r.dump();
      arvo.insert(r["scalar"].get<std::string>() + "/" + r["family"].get<std::string>());
    }
  EXPECT_EQ(arvo.size(), 6u);
}

TEST(SepaxSpheres, CheckJudgesASweepCaseAndNamesABadRadius) {
  const fs::path dir = scratch_dir("sepax_planar_tests");
  // Head on: gap 3 closed at speed 8, first contact at u = 3/8.
  const fs::path cases = write_file(
      dir, "spheres.jsonl",
      R"({"id":"head-on","query":"sphere_sphere","a":{"center":[0,0,0],"radius":0.5},"b":{"center":[4,0,0],"radius":0.5},"motion":{"va":[2,0,0],"vb":[-6,0,0],"T":1}})"
      "\n");
  const CommandRun run = run_sepax("check --json '" + cases.string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  const auto lines = run.json_lines();
  ASSERT_EQ(lines.size(), 1u) << run.out;
  EXPECT_EQ(lines[0]["oracle"]["sweep"]["first"], 0.375);
  std::set<std::string> kernels;
  for (const json& k : lines[0]["kernels"]) {
    kernels.insert(k["kernel"].get<std::string>());
    EXPECT_EQ(k["class"], "ok") << k.dump();
  }
  EXPECT_TRUE(kernels.count("sphere_sphere/test_static/double")) << run.out;
  EXPECT_TRUE(kernels.count("sphere_sphere/find_first_contact/double")) << run.out;
  const fs::path bad = write_file(
      dir, "bad_sphere.jsonl",
      R"({"query":"sphere_sphere","a":{"center":[0,0,0],"radius":-1},"b":{"center":[4,0,0],"radius":0.5}})"
      "\n"
      R"({"query":"sphere_sphere","a":{"center":[0,0,0],"radius":1},"b":{"center":[4,0,0],"radius":0.5},"motion":{"va":[0,0,0],"vb":[1,0,0],"T":2}})"
      "\n");
  const CommandRun b = run_sepax("check '" + bad.string() + "'", dir);
  EXPECT_EQ(b.status, 1) << b.out << b.err;
  EXPECT_NE(b.out.find("line 1: malformed: a.radius = -1: negative radius"), std::string::npos) << b.out;
  EXPECT_NE(b.out.find("line 2: malformed: motion.T = 2: Gomez's sweeps span one frame"), std::string::npos) << b.out;
}

TEST(SepaxPlanar, CheckJudgesAFirstContact) {
  const fs::path dir = scratch_dir("sepax_planar_tests");
  // B slides in from x = 4 at speed 4: the gap of 2 closes at t* = 1/2.
  const fs::path cases = write_file(
      dir, "moving_rects.jsonl",
      R"({"id":"slide","query":"rect_rect","a":{"center":[0,0],"axes":[[1,0],[0,1]],"extents":[1,1]},"b":{"center":[4,0],"axes":[[1,0],[0,1]],"extents":[1,1]},"motion":{"va":[0,0],"vb":[-4,0],"T":1}})"
      "\n");
  const CommandRun run = run_sepax("check --json '" + cases.string() + "'", dir);
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  const auto lines = run.json_lines();
  ASSERT_EQ(lines.size(), 1u) << run.out;
  EXPECT_EQ(lines[0]["oracle"]["first_contact"]["t_exact"], "1/2");
  bool contact_judged = false;
  for (const json& k : lines[0]["kernels"]) {
    EXPECT_EQ(k["class"], "ok") << k.dump();
    if (k["kernel"] == "rect_rect/find_first_contact/double") {
      contact_judged = true;
      EXPECT_EQ(k["t"], 0.5);
    }
  }
  EXPECT_TRUE(contact_judged) << run.out;
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
