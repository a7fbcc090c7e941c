// `sepax generate` → an answer computed elsewhere → `sepax check`, for every
// query × mode: the cases generated are the campaign's own, and the answers
// judged from the arrays files are judged as the campaign judges the kernel
// that gave them — the counts equal `sepax verify`'s row of that kernel on
// the same group. Also the case-file form, read back by `sepax check`.
#include <gtest/gtest.h>

#include <string>

#include "command_run.hpp"
#include "sepax/harness/query/array_file.hpp"
#include "sepax/harness/query/judged_queries.hpp"

namespace sepax::cli::test {
namespace {

struct QueryMode {
  std::string query, mode;
};

/// From the layouts, which read no registry: the tests are made before the
/// peers register (peers_in_registry.cpp).
std::vector<QueryMode> every_query_mode() {
  std::vector<QueryMode> out;
  for (const harness::QueryLayout& l : harness::query_layouts()) out.push_back({l.query, l.mode});
  return out;
}

class GenerateThenCheck : public ::testing::TestWithParam<QueryMode> {};

/// verify's row of `kernel` on the group (a SAT row, or a pair-query row).
json verify_row(const fs::path& dir, const std::string& kernel, const std::string& family) {
  std::ifstream in(dir / "verify.jsonl");
  for (std::string line; std::getline(in, line);) {
    const json r = json::parse(line);
    if (r.value("kernel", "") == kernel && r.value("family", "") == family && r.contains("ok") && r.contains("gross"))
      return r;
  }
  ADD_FAILURE() << "no verify row of " << kernel << " on " << family << " in " << dir;
  return json::object();
}

TEST_P(GenerateThenCheck, AnswersJudgedFromArraysCountAsTheCampaignsRowAndTheCaseFileReadsBack) {
  const QueryMode& p = GetParam();
  const harness::JudgedQuery q = harness::find_judged_query(p.query, p.mode);
  const std::string family = q.families.size() > 1 ? q.families[1] : q.families[0];  // touching, parallel-edges, ...
  const std::uint64_t n = 40;
  const fs::path dir = scratch_dir() / ("generate-" + p.query + "-" + p.mode);
  fs::remove_all(dir);
  fs::create_directories(dir);
  // The signed distances have no sepax kernel, and their peers refuse the
  // pairs they cannot take (FCL's distance, overlapping boxes), which an
  // answers file has no way to say: their generate ≡ verify ≡ check chain is
  // the CaseFileValues tests', the corpus's and the Python package's.
  if (p.query.ends_with("_distance")) GTEST_SKIP() << p.query << ": a judge-only query, no kernel of sepax's";
  const std::string kernel = p.query + "/" + p.mode + "/float";
  const std::string group = "--query " + p.query + " --mode " + p.mode + " --family " + family +
                            " --scalar float --seed 3 --count " + std::to_string(n);
  const CommandRun arrays = run_sepax("generate " + group + " --format arrays -o " + (dir / "cases.arr").string(), dir);
  ASSERT_EQ(arrays.status, 0) << arrays.err;
  const CommandRun lines = run_sepax("generate " + group + " --format jsonl -o " + (dir / "cases.jsonl").string(), dir);
  ASSERT_EQ(lines.status, 0) << lines.err;

  // Elsewhere: the kernel run on the arrays, its answers written back.
  const harness::ArrayFile cases = harness::read_array_file(dir / "cases.arr");
  ASSERT_EQ(cases.count, n);
  harness::ArrayFile answers = cases;
  answers.kind = harness::ArrayFile::Kind::answers;
  answers.values.clear();
  answers.about = {{"kernel", kernel}};
  const std::size_t width = cases.width();
  for (std::uint64_t i = 0; i < n; ++i) {
    const auto a = q.run_kernel(kernel, ScalarKind::float32, std::span<const double>(cases.values).subspan(i * width, width));
    ASSERT_TRUE(a) << kernel << " refused case " << i;
    for (double v : harness::flatten_answer(q.layout->answer_form, *a)) answers.values.push_back(v);
  }
  harness::write_array_file(dir / "answers.arr", answers);
  const CommandRun judged = run_sepax("check " + (dir / "cases.arr").string() + " --answers " +
                                          (dir / "answers.arr").string() + " --kernel " + kernel + " --json",
                                      dir);
  ASSERT_NE(judged.status, 2) << judged.err;
  std::map<std::string, std::uint64_t> classes;
  for (const json& l : judged.json_lines()) ++classes[l["class"].get<std::string>()];

  // The campaign of the same group, with the same seed.
  const bool sat = p.query == "obb_obb" || p.query == "tri_obb" || p.query == "tri_tri";
  const CommandRun campaign =
      run_sepax("verify --query " + p.query + " --family " + family + " --seed 3 --cases " + std::to_string(n) +
                    " --kernel " + kernel + (sat ? "" : " --no-moving") + " --no-trees --out " + (dir / "v").string(),
                dir);
  ASSERT_NE(campaign.status, 2) << campaign.err;
  const json row = verify_row(dir / "v", kernel, family);
  ASSERT_EQ(row.value("cases", 0u), n) << row.dump();
  EXPECT_EQ(classes["ok"], row["ok"].get<std::uint64_t>()) << row.dump() << "\n" << judged.err;
  EXPECT_EQ(classes["boundary"] + classes["convention"], row["boundary"].get<std::uint64_t>()) << row.dump();
  EXPECT_EQ(classes["gross"], row["gross"].get<std::uint64_t>()) << row.dump();
  EXPECT_EQ(judged.status, row["gross"].get<std::uint64_t>() > 0 ? 1 : 0);

  // The case file: n lines, each read back and judged by `sepax check` with the same kernel.
  const CommandRun checked = run_sepax("check " + (dir / "cases.jsonl").string() + " --kernel " + kernel + " --json", dir);
  ASSERT_NE(checked.status, 2) << checked.err;
  const auto checked_lines = checked.json_lines();
  EXPECT_EQ(checked_lines.size(), n) << checked.err;
  std::size_t judged_kernels = 0;
  for (const json& l : checked_lines)
    for (const json& k : l.value("kernels", json::array())) judged_kernels += k.value("kernel", "") == kernel;
  EXPECT_EQ(judged_kernels, n) << checked.out.substr(0, 400);
}

INSTANTIATE_TEST_SUITE_P(EveryQuery, GenerateThenCheck, ::testing::ValuesIn(every_query_mode()),
                         [](const ::testing::TestParamInfo<QueryMode>& info) {
                           return info.param.query + "_" + info.param.mode;
                         });

TEST(Generate, NamesAnUnknownQueryModeOrFamilyAndRefusesABadShard) {
  const fs::path dir = scratch_dir() / "generate-errors";
  fs::create_directories(dir);
  const std::string out = " -o " + (dir / "x").string();
  const CommandRun query = run_sepax("generate --query box_box --count 3" + out, dir);
  EXPECT_EQ(query.status, 2);
  EXPECT_NE(query.err.find("unknown query \"box_box\""), std::string::npos) << query.err;
  const CommandRun mode = run_sepax("generate --query sphere_sphere --mode find_manifold --count 3" + out, dir);
  EXPECT_EQ(mode.status, 2);
  EXPECT_NE(mode.err.find("find_first_contact"), std::string::npos) << mode.err;
  const CommandRun family = run_sepax("generate --query rect_rect --family nowhere --count 3" + out, dir);
  EXPECT_EQ(family.status, 2);
  EXPECT_NE(family.err.find("\"nowhere\""), std::string::npos) << family.err;
  const CommandRun shard = run_sepax("generate --query rect_rect --count 3 --shard 3/2" + out, dir);
  EXPECT_EQ(shard.status, 2);
  EXPECT_NE(shard.err.find("--shard 3/2"), std::string::npos) << shard.err;
}

TEST(Generate, WrongAnswersAreGrossAndAnswersOfAnotherQueryAreRefused) {
  const fs::path dir = scratch_dir() / "generate-wrong-answers";
  fs::create_directories(dir);
  const fs::path cases = dir / "cases.arr", other = dir / "other.arr";
  ASSERT_EQ(run_sepax("generate --query obb_obb --family random --count 20 --format arrays -o " + cases.string(), dir).status, 0);
  ASSERT_EQ(run_sepax("generate --query tri_tri --count 20 --format arrays -o " + other.string(), dir).status, 0);
  // "Never meeting": the random pairs that overlap are answered apart.
  harness::ArrayFile answers = harness::read_array_file(cases);
  answers.kind = harness::ArrayFile::Kind::answers;
  answers.values.assign(answers.count, 0.0);
  harness::write_array_file(dir / "apart.arr", answers);
  const CommandRun run = run_sepax("check " + cases.string() + " --answers " + (dir / "apart.arr").string(), dir);
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  const CommandRun json_run =
      run_sepax("check " + cases.string() + " --answers " + (dir / "apart.arr").string() + " --json", dir);
  std::map<std::string, int> classes;
  for (const json& l : json_run.json_lines()) {
    ++classes[l["class"].get<std::string>()];
    if (l["class"] == "gross") {
      EXPECT_LT(l["margin"].get<double>(), 0) << l.dump();  // they overlap
    }
  }
  EXPECT_GT(classes["gross"], 0);
  EXPECT_GT(classes["ok"], 0);  // the separated pairs
  EXPECT_EQ(classes["ok"] + classes["boundary"] + classes["gross"], 20);
  // An answer that is not one: meets = 2, named with its case.
  answers.values[7] = 2;
  EXPECT_THROW(harness::write_array_file(dir / "bad.arr", answers), std::invalid_argument);
  const CommandRun mixed = run_sepax("check " + other.string() + " --answers " + (dir / "apart.arr").string(), dir);
  EXPECT_EQ(mixed.status, 2);
  EXPECT_NE(mixed.err.find("the answers are for query obb_obb, the cases query tri_tri"), std::string::npos) << mixed.err;
}

TEST(Generate, ShardsSplitTheCasesIntoDisjointRangesThatCoverThemAll) {
  const fs::path dir = scratch_dir() / "generate-shards";
  fs::create_directories(dir);
  std::uint64_t next = 0;
  std::vector<double> joined;
  for (int i = 1; i <= 3; ++i) {
    const fs::path file = dir / ("s" + std::to_string(i));
    const CommandRun run = run_sepax("generate --query aabb_aabb --mode find_first_contact --count 10 --format arrays --shard " +
                                         std::to_string(i) + "/3 -o " + file.string(),
                                     dir);
    ASSERT_EQ(run.status, 0) << run.err;
    const harness::ArrayFile f = harness::read_array_file(file);
    EXPECT_EQ(f.first_index, next);
    next += f.count;
    joined.insert(joined.end(), f.values.begin(), f.values.end());
  }
  EXPECT_EQ(next, 10u);
  const CommandRun whole = run_sepax("generate --query aabb_aabb --mode find_first_contact --count 10 --format arrays -o " +
                                         (dir / "all").string(),
                                     dir);
  ASSERT_EQ(whole.status, 0) << whole.err;
  EXPECT_EQ(harness::read_array_file(dir / "all").values, joined);
}

}  // namespace
}  // namespace sepax::cli::test
