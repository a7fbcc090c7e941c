// `sepax gate --boundary-baseline`: a kernel's boundary share rising beyond
// the committed baseline fails the gate (boundary_gate.hpp), on the gate
// fixture's verify rows (fixtures/gate/verify-seed3) edited per test.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "gate/boundary_gate.hpp"
#include "gate/gate_command.hpp"
#include "test_files.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kFixtures = SEPAX_GATE_FIXTURES;

std::vector<json> fixture_rows() {
  std::vector<json> rows;
  std::istringstream in(sepax::cli::test::slurp(kFixtures / "verify-seed3" / "verify.jsonl"));
  for (std::string line; std::getline(in, line);) rows.push_back(json::parse(line));
  return rows;
}

fs::path write_rows(const fs::path& path, const std::vector<json>& rows) {
  std::ofstream out(path);
  for (const json& row : rows) out << row.dump() << "\n";
  return path;
}

struct GateRun {
  int status;
  std::string out, err;
};

GateRun gate(const fs::path& verify, const fs::path& dir, std::optional<fs::path> baseline,
         std::optional<fs::path> write_baseline = std::nullopt) {
  sepax::cli::GateOptions options;
  options.inputs = {verify.string()};
  const fs::path thresholds = dir / "thresholds.json";
  std::ofstream(thresholds) << R"({"robustness": {"max_gross": 0}})";
  options.thresholds = thresholds;
  options.boundary_baseline = baseline;
  options.write_boundary_baseline = write_baseline;
  std::ostringstream out, err;
  const int status = sepax::cli::run_gate(options, out, err);
  return {status, out.str(), err.str()};
}

/// The fixture as the baseline, the touching row of obb_obb/test_static/float
/// set to `boundary` of 100 cases in both (baseline `base`, run `now`).
struct Scenario {
  fs::path verify, baseline;
};

Scenario scenario(const fs::path& dir, std::uint64_t base, std::uint64_t now) {
  const auto set = [](std::vector<json> rows, std::uint64_t boundary) {
    for (json& row : rows)
      if (row.value("kernel", "") == "obb_obb/test_static/float" && row.value("family", "") == "touching") {
        row["cases"] = 100;
        row["boundary"] = boundary;
        row["ok"] = 100 - boundary;
      }
    return rows;
  };
  const fs::path base_verify = write_rows(dir / "base.jsonl", set(fixture_rows(), base));
  const fs::path baseline = dir / "boundary.json";
  const GateRun written = gate(base_verify, dir, std::nullopt, baseline);
  EXPECT_EQ(written.status, 0) << written.out << written.err;
  return {write_rows(dir / "now.jsonl", set(fixture_rows(), now)), baseline};
}

TEST(BoundaryGate, BinomialTailMatchesHandComputedValues) {
  EXPECT_DOUBLE_EQ(sepax::cli::binomial_upper_tail(1, 1, 0.5), 0.5);
  EXPECT_NEAR(sepax::cli::binomial_upper_tail(2, 2, 0.5), 0.25, 1e-15);
  // 1 − (0.9^10 + 10·0.1·0.9^9 + 45·0.01·0.9^8)
  const double p3 = 1 - (std::pow(0.9, 10) + std::pow(0.9, 9) + 45 * 0.01 * std::pow(0.9, 8));
  EXPECT_NEAR(sepax::cli::binomial_upper_tail(3, 10, 0.1), p3, 1e-12);
  EXPECT_EQ(sepax::cli::binomial_upper_tail(0, 10, 0.1), 1.0);
  EXPECT_EQ(sepax::cli::binomial_upper_tail(11, 10, 0.1), 0.0);
}

TEST(BoundaryGate, ARiseFrom22To59PercentFails) {
  // The share the planted obb_face_ge produced on the touching family.
  const fs::path dir = sepax::cli::test::scratch_dir("sepax_boundary_gate_tests");
  const Scenario s = scenario(dir, 22, 59);
  const GateRun run = gate(s.verify, dir, s.baseline);
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_NE(run.out.find("FAIL boundary"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("obb_obb/test_static/float on touching rose from 22.0 % (22 of 100) to 59.0 %"),
            std::string::npos)
      << run.out;
}

TEST(BoundaryGate, TheSameOrASlightlyHigherShareIsNoise) {
  const fs::path dir = sepax::cli::test::scratch_dir("sepax_boundary_gate_tests");
  for (std::uint64_t now : {22u, 30u}) {
    const Scenario s = scenario(dir, 22, now);
    const GateRun run = gate(s.verify, dir, s.baseline);
    EXPECT_EQ(run.status, 0) << now << "\n" << run.out;
    EXPECT_EQ(run.out.find("FAIL"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("PASS boundary"), std::string::npos) << run.out;
  }
}

TEST(BoundaryGate, AZeroBaselineStillAllowsOneBoundaryVerdict) {
  const fs::path dir = sepax::cli::test::scratch_dir("sepax_boundary_gate_tests");
  Scenario s = scenario(dir, 0, 1);
  EXPECT_EQ(gate(s.verify, dir, s.baseline).status, 0);
  s = scenario(dir, 0, 12);
  EXPECT_EQ(gate(s.verify, dir, s.baseline).status, 1);
}

TEST(BoundaryGate, AMalformedBaselineIsAnInputErrorNamingTheField) {
  const fs::path dir = sepax::cli::test::scratch_dir("sepax_boundary_gate_tests");
  const fs::path bad = dir / "bad.json";
  std::ofstream(bad) << R"({"format":"sepax-gate-boundary-baseline/1","rows":[{"kernel":"k","family":"f","table":"static","cases":10,"boundary":-1}]})";
  const GateRun run = gate(write_rows(dir / "v.jsonl", fixture_rows()), dir, bad);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("rows[0]: \"boundary\" must be a count"), std::string::npos) << run.err;
}

}  // namespace
