// `sepax mutate`: in a build that switches mutants at run time (the mutants preset)
// a quick subset of the catalogue, one planted bug per kernel family, must be
// killed and the score line printed; in one that does not, the command says how
// to build one. And a misspelt SEPAX_MUTANT is refused rather than planting nothing.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "command_run.hpp"
#include "sepax/core/mutant.hpp"
#include "test_files.hpp"

namespace {

namespace fs = std::filesystem;
using namespace sepax::cli::test;

TEST(SepaxMutate, AQuickSubsetIsKilledAndScored) {
  const fs::path dir = scratch_dir("sepax_mutate_tests");
  const std::string out = (dir / "m").string();
  const CommandRun run = run_sepax("mutate --quick --mutant obb_cij_transposed --mutant tri_obb_drop_normal "
                                   "--mutant tri_tri_drop_inplane_b --mutant table2_sigma --out '" + out + "'",
                                   dir);
  if (!sepax::kRuntimeMutants) {
    EXPECT_EQ(run.status, 2) << run.out << run.err;
    EXPECT_NE(run.err.find("cmake --preset mutants"), std::string::npos) << run.err;
    return;
  }
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("mutation score: 4/4 killed"), std::string::npos) << run.out;
  std::ifstream rows(dir / "m" / "mutate.jsonl");
  int killed = 0;
  for (std::string line; std::getline(rows, line);) {
    const auto r = nlohmann::json::parse(line);
    EXPECT_EQ(r["table"], "mutation");
    EXPECT_TRUE(r["killed"].get<bool>()) << line;
    EXPECT_FALSE(r["families"].empty()) << line;  // the families whose rows went gross
    killed += r["killed"].get<bool>();
  }
  EXPECT_EQ(killed, 4);
}

TEST(SepaxMutate, AnUnknownMutantIsRefused) {
  const fs::path dir = scratch_dir("sepax_mutate_tests");
  const CommandRun list = run_sepax("mutate --list", dir);
  EXPECT_EQ(list.status, 0);
  EXPECT_NE(list.out.find("obb_face_ge"), std::string::npos) << list.out;
  const CommandRun bad = run_sepax("mutate --mutant obb_no_such_bug --out '" + (dir / "x").string() + "'", dir);
  EXPECT_EQ(bad.status, 2) << bad.out << bad.err;
  if (sepax::kRuntimeMutants) {
    EXPECT_NE(bad.err.find("--mutant obb_no_such_bug: not in the catalogue"), std::string::npos) << bad.err;
    const CommandRun env = run_sepax_with_env("SEPAX_MUTANT=obb_typo", "verify --cases 1 --no-trees --no-pair-queries "
                                              "--out '" + (dir / "y").string() + "'", dir);
    EXPECT_EQ(env.status, 2) << env.err;
    EXPECT_NE(env.err.find("SEPAX_MUTANT=obb_typo is not a planted bug"), std::string::npos) << env.err;
  }
}

}  // namespace
