// Determinism (after Box2D's determinism hash test): a fixed-seed `verify`
// over every sepax kernel, static and moving, digests every answer (verdict,
// axis, direction; state, time, point) per kernel x family (the rows'
// verdict_hash), and the digest of those is compared with the one committed in
// fixtures/determinism/verdict_hash.json, beside the command that produced it.
//
// A kernel or generator change that moves any answer by one bit changes the
// hash. That may be intended (a fix, a faster formula with other rounding):
// then rerun with SEPAX_WRITE_VERDICT_HASH=1 (it rewrites the file) and say in
// the commit that updates it why the answers changed and that verify stays at
// 0 gross. An unexplained change is a regression of reproducibility.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "command_run.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/generators/family.hpp"

namespace {

using namespace sepax::cli::test;

const fs::path kFixture = fs::path(SEPAX_FIXTURES_DIR) / "determinism" / "verdict_hash.json";
constexpr const char* kArguments = "verify --cases 60 --seed 20261125 --max-replays 0";

std::vector<std::string> sepax_kernels() {
  std::vector<std::string> ids;
  for (const auto list : {sepax::static_kernels(), sepax::moving_kernels()})
    for (const sepax::KernelInfo& k : list)
      if (!k.is_peer()) ids.push_back(k.id);
  return ids;
}

/// FNV-1a of the rows' "kernel family verdict_hash" lines in sorted order.
std::pair<std::string, std::size_t> digest(const fs::path& verify_jsonl) {
  std::vector<std::string> lines;
  for (const std::string table : {"", "moving"})
    for (const json& row : read_rows(verify_jsonl, table)) {
      // An empty digest would hide every answer of the row.
      EXPECT_NE(row["verdict_hash"], "0x0000000000000000") << row;
      lines.push_back(row["kernel"].get<std::string>() + " " + row["family"].get<std::string>() + " " +
                      row["verdict_hash"].get<std::string>());
    }
  std::sort(lines.begin(), lines.end());
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const std::string& line : lines)
    for (unsigned char c : line + "\n") h = (h ^ c) * 0x100000001b3ull;
  char text[19];
  std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(h));
  return {text, lines.size()};
}

TEST(Determinism, VerdictsOfEverySepaxKernelMatchTheCommittedHash) {
  const fs::path dir = scratch_dir();
  std::string args = kArguments;
  for (const std::string& id : sepax_kernels()) args += " --kernel " + id;
  // Two thread counts: the digest must not depend on which thread judged what.
  std::vector<std::pair<std::string, std::size_t>> digests;
  for (const char* threads : {"1", "2"}) {
    const fs::path out = dir / (std::string("threads-") + threads);
    const CommandRun run = run_sepax(args + " --threads " + threads + " --out '" + out.string() + "'", dir);
    ASSERT_EQ(run.status, 0) << run.out << run.err;
    digests.push_back(digest(out / "verify.jsonl"));
  }
  EXPECT_EQ(digests[0], digests[1]) << "the verdicts depend on the thread count";
  EXPECT_EQ(digests[0].second, sepax_kernels().size() * sepax::gen::all_families().size())
      << "one row per sepax kernel x family";

  const json produced = {{"hash", digests[0].first},
                         {"rows", digests[0].second},
                         {"command", "sepax " + std::string(kArguments) + " --kernel <every sepax kernel>"},
                         {"how", "written by cli_tests Determinism.* with SEPAX_WRITE_VERDICT_HASH=1; a change of "
                                 "the hash must be explained in the commit that rewrites this file"}};
  if (const char* w = std::getenv("SEPAX_WRITE_VERDICT_HASH"); w && std::string(w) == "1") {
    fs::create_directories(kFixture.parent_path());
    std::ofstream(kFixture) << produced.dump(2) << '\n';
  }
  std::ifstream in(kFixture);
  ASSERT_TRUE(in) << "no committed hash at " << kFixture << "; write it with SEPAX_WRITE_VERDICT_HASH=1";
  const json committed = json::parse(in);
  EXPECT_EQ(committed["rows"], digests[0].second);
  EXPECT_EQ(committed["hash"], digests[0].first)
      << "the answers of sepax's kernels on a fixed seed changed. If intended, rerun with "
         "SEPAX_WRITE_VERDICT_HASH=1 and explain the change in the commit. Per-row hashes: "
      << (dir / "threads-1" / "verify.jsonl");
}

}  // namespace
