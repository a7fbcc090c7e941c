#pragma once
/// \file
/// Gating your own kernel from a GoogleTest (link GTest yourself):
///
///   sepax::register_kernels({my_obb_kernel()});          // before any test runs
///   TEST(MyKernel, NoGrossVerdict) {
///     EXPECT_NO_GROSS("mylib/obb/double", {"parallel-edges", "touching"}, 2000, 1);
///   }
///
/// Arguments: kernel id, families ({} for every family), cases per family,
/// seed and, optionally, the tolerance the kernel promises (relative to the
/// larger shape's size: a disagreement within max(rounding band, tolerance)
/// is not gross; default none) — the campaign of `sepax verify` (harness/campaign.hpp). On a gross
/// verdict the test fails listing each case (up to 10) with the file it was
/// written to (SEPAX_GROSS_DIR, default ./sepax-gross) and the command that
/// replays exactly those cases: the same test binary with SEPAX_REPLAY=FILE,
/// which makes EXPECT_NO_GROSS judge the cases of FILE instead of generating.
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

#include <gtest/gtest.h>

#include "sepax/harness/campaign/campaign.hpp"

namespace sepax::testing {

namespace detail {

inline std::string this_test_binary() {
  std::error_code ec;
  const auto path = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("<this test binary>") : path.string();
}

inline std::string this_test_name() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return info ? std::string(info->test_suite_name()) + "." + info->name() : std::string("*");
}

/// The gross cases written one per file; the failure message.
inline ::testing::AssertionResult report(const std::string& kernel_id,
                                         const std::vector<harness::GrossCase>& gross, std::uint64_t gross_count,
                                         const std::string& what) {
  if (gross.empty() && gross_count == 0) return ::testing::AssertionSuccess();
  const char* dir_env = std::getenv("SEPAX_GROSS_DIR");
  const std::filesystem::path dir = dir_env && *dir_env ? dir_env : "sepax-gross";
  std::filesystem::create_directories(dir);
  ::testing::AssertionResult failure = ::testing::AssertionFailure();
  failure << kernel_id << ": " << gross_count << " gross verdict(s) " << what << "\n";
  std::size_t shown = 0;
  for (const harness::GrossCase& g : gross) {
    const auto file = std::filesystem::absolute(dir / (g.replay.id + ".jsonl"));
    std::ofstream(file) << harness::format_case(g.replay) << '\n';
    if (shown++ == 10) {
      failure << "  ... (every case is written under " << dir.string() << ")\n";
      continue;
    }
    if (shown > 10) continue;
    failure << "  " << g.replay.id << ": " << g.detail << "\n    case: " << file.string()
            << "\n    replay: SEPAX_REPLAY=" << file.string() << " " << this_test_binary()
            << " --gtest_filter=" << this_test_name() << "\n";
  }
  return failure;
}

}  // namespace detail

/// The assertion behind EXPECT_NO_GROSS.
inline ::testing::AssertionResult no_gross(const std::string& kernel_id, const std::vector<std::string>& families,
                                           std::uint64_t cases_per_family, std::uint64_t seed,
                                           std::optional<double> tolerance = std::nullopt) {
  if (const char* replay = std::getenv("SEPAX_REPLAY"); replay && *replay) {
    std::ifstream in(replay);
    if (!in) return ::testing::AssertionFailure() << "SEPAX_REPLAY=" << replay << ": cannot open";
    std::vector<harness::Case> cases;
    for (auto& line : harness::read_cases(in)) {
      if (auto* error = std::get_if<harness::CaseError>(&line))
        return ::testing::AssertionFailure() << replay << ":" << error->line << ": " << error->message;
      if (const auto* c = std::get_if<harness::Case>(&line)) cases.push_back(*c);  // 2D cases: not this kernel's
    }
    const auto gross = harness::judge_cases(cases, {kernel_id}, tolerance);
    return detail::report(kernel_id, gross, gross.size(), "on the cases of " + std::string(replay));
  }
  harness::CampaignOptions options;
  options.kernel_ids = {kernel_id};
  options.families = families;
  options.cases_per_family = cases_per_family;
  options.seed = seed;
  options.tolerance = tolerance;
  const harness::CampaignResult result = harness::run_campaign(options);
  if (!result.harness_failures.empty()) {
    ::testing::AssertionResult failure = ::testing::AssertionFailure();
    failure << "the harness failed on " << result.harness_failures.size() << " case(s), e.g. "
            << result.harness_failures.front();
    return failure;
  }
  return detail::report(kernel_id, result.gross, result.gross_count(),
                        "in " + std::to_string(cases_per_family) + " cases per family, seed " + std::to_string(seed));
}

}  // namespace sepax::testing

/// EXPECT_NO_GROSS(kernel_id, families, cases_per_family, seed); see above.
#define EXPECT_NO_GROSS(...) EXPECT_TRUE(::sepax::testing::no_gross(__VA_ARGS__))
#define ASSERT_NO_GROSS(...) ASSERT_TRUE(::sepax::testing::no_gross(__VA_ARGS__))
