// The campaign's batches (campaign_batches.hpp) and their durable log
// (batch_log.hpp): shards partition the batches; results read back bit for
// bit; a torn last line is never read and is cut on repair.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <set>

#include "sepax/harness/campaign/batch_log.hpp"
#include "sepax/harness/campaign/campaign_batches.hpp"

namespace sepax::harness {
namespace {

TEST(CampaignBatches, ShardsPartitionTheUnshardedBatches) {
  for (std::uint64_t count : {1u, 2u, 3u, 7u}) {
    const auto all = campaign_batches(5, 1000, 96, {});
    std::set<std::pair<std::size_t, std::uint64_t>> seen;
    std::size_t total = 0;
    for (std::uint64_t i = 1; i <= count; ++i)
      for (const BatchRange& b : campaign_batches(5, 1000, 96, {i, count})) {
        ++total;
        EXPECT_TRUE(seen.insert({b.group, b.begin}).second) << "shard " << i << "/" << count;
        EXPECT_EQ(b.end, std::min<std::uint64_t>(1000, b.begin + 96));
      }
    EXPECT_EQ(total, all.size());
    EXPECT_EQ(all.size(), 5u * 11u);  // ⌈1000 / 96⌉ batches a group
  }
}

TEST(CampaignBatches, ShardTextIsCheckedWithAClearError) {
  std::string error;
  ASSERT_TRUE(parse_shard("2/8", error));
  EXPECT_EQ(parse_shard("2/8", error)->index, 2u);
  for (const char* bad : {"0/3", "4/3", "3", "a/b", "1/0", "1/3x", ""}) {
    error.clear();
    EXPECT_FALSE(parse_shard(bad, error)) << bad;
    EXPECT_NE(error.find("--shard"), std::string::npos) << bad;
  }
}

GroupResult sample_static() {
  GroupResult r;
  r.cases = 96;
  r.exact_fallbacks = 3;
  r.zero_band = 5;
  r.oracle_costs.cgal = 2;
  r.oracle_costs.cgal_seconds = 0.1;
  r.seconds = 1.0 / 3;
  KernelCounts k;
  k.ok = 90;
  k.boundary = 4;
  k.gross = 2;
  k.max_boundary_margin = 0x1.23456789abcdep-40;
  k.margins.cases[3] = 7;
  k.margins.wrong[3] = 1;
  k.verdicts = VerdictHash(0xfedcba9876543210ull);
  k.paths = {0, 60, 36};
  Finding f;
  f.index = 17;
  f.detail = "separated, exact: intersecting";
  ShapePair p;
  p.query = Query::tri_obb;
  p.tri_a.vertices[1] = Vec3<double>(std::numeric_limits<double>::denorm_min(), -0.0, 1e308);
  p.obb_b.extents = {0.1, std::numeric_limits<double>::infinity(), 3};
  f.pair = p;
  k.gross_findings.push_back(f);
  r.kernels.push_back(k);
  return r;
}

TEST(BatchLog, StaticResultsReadBackBitForBit) {
  const GroupResult r = sample_static();
  const GroupResult back = group_result_from_json(result_json(r));
  EXPECT_EQ(result_json(back).dump(), result_json(r).dump());
  ASSERT_EQ(back.kernels.size(), 1u);
  EXPECT_EQ(back.kernels[0].max_boundary_margin, r.kernels[0].max_boundary_margin);
  EXPECT_EQ(back.kernels[0].verdicts.value(), 0xfedcba9876543210ull);
  ASSERT_EQ(back.kernels[0].gross_findings.size(), 1u);
  const ShapePair& p = *back.kernels[0].gross_findings[0].pair;
  EXPECT_EQ(p.query, Query::tri_obb);
  EXPECT_EQ(p.tri_a.vertices[1][0], std::numeric_limits<double>::denorm_min());
  EXPECT_TRUE(std::signbit(p.tri_a.vertices[1][1]));
  EXPECT_TRUE(std::isinf(p.obb_b.extents[1]));
  EXPECT_EQ(back.seconds, 1.0 / 3);
}

TEST(BatchLog, MovingResultsReadBackBitForBit) {
  MovingGroupResult r;
  r.cases = 10;
  r.oracle_costs.lp = 1;
  MovingKernelCounts k;
  k.ok = 9;
  k.gross = 1;
  k.time_errors = {0.1, 1e-300};
  k.point_distances = {2.5};
  Finding f;
  f.index = 3;
  f.detail = "x";
  f.pair = ShapePair{};
  LinearMotiond m;
  m.velocity_b = Vec3<double>(1, 0x1p-1074, -2);
  m.duration = 0.75;
  f.motion = m;
  k.gross_findings.push_back(f);
  r.kernels.push_back(k);
  const MovingGroupResult back = moving_group_result_from_json(result_json(r));
  EXPECT_EQ(result_json(back).dump(), result_json(r).dump());
  EXPECT_EQ(back.kernels[0].gross_findings[0].motion->velocity_b[1], 0x1p-1074);
}

TEST(BatchLog, ATornLastLineIsNeverReadAndIsCutOnRepair) {
  const auto file = std::filesystem::temp_directory_path() / "sepax_batch_log_test.jsonl";
  std::filesystem::remove(file);
  EXPECT_TRUE(read_batch_log(file, true).empty());  // no file: no batches
  append_batch(file, {"obb_obb double random", 0, 96, result_json(sample_static())});
  append_batch(file, {"obb_obb double random", 96, 192, result_json(sample_static())});
  const auto whole = std::filesystem::file_size(file);
  {
    std::ofstream torn(file, std::ios::app);
    torn << R"({"group": "obb_obb double random", "begin": 192, "end": 2)";  // killed mid-write
  }
  EXPECT_EQ(read_batch_log(file, false).size(), 2u);
  EXPECT_GT(std::filesystem::file_size(file), whole);
  const auto records = read_batch_log(file, true);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[1].begin, 96u);
  EXPECT_EQ(std::filesystem::file_size(file), whole);
  append_batch(file, {"obb_obb double random", 192, 288, result_json(sample_static())});
  EXPECT_EQ(read_batch_log(file, false).size(), 3u);
  // A complete line that is not a record is an error naming the file and line.
  {
    std::ofstream damaged(file, std::ios::app);
    damaged << "{\"group\": 3}\n";
  }
  try {
    read_batch_log(file, false);
    ADD_FAILURE() << "a damaged line was read";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(":4:"), std::string::npos) << e.what();
  }
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace sepax::harness
