#pragma once
/// \file
/// The campaign of `sepax verify` as a library call, for a user's own
/// program or test: the named kernels (sepax's, peers', or yours, registered
/// with sepax::register_kernels) on generated cases of the chosen families,
/// judged by the exact oracles with the very groups verify runs
/// (static_group.hpp, moving_group.hpp), every gross verdict returned as a
/// case that replays it. Without a time budget, watchdog or files: verify
/// adds those.
#include <cstdint>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sepax/generators/family.hpp"
#include "sepax/harness/case_file.hpp"
#include "sepax/harness/campaign/finding.hpp"

namespace sepax::harness {

struct CampaignOptions {
  /// Registered kernel ids, static or moving (a moving kernel runs on moving
  /// cases of the same families).
  std::vector<std::string> kernel_ids;
  /// Families by name (gen::to_string); empty: every family.
  std::vector<std::string> families;
  std::uint64_t cases_per_family = 200;
  std::uint64_t seed = 1;
  /// The tolerance the kernels promise, relative to the larger shape's size
  /// (KernelInfo::tolerance; issue 29): set, it replaces each kernel's own.
  std::optional<double> tolerance;
};

/// A gross verdict, as a case file line replays it (format_case).
struct GrossCase {
  std::string kernel_id;
  Case replay;          ///< origin: generator, seed, index, kernel, finding
  std::string detail;   ///< kernel's answer against the exact one
};

struct KernelTally {
  std::string kernel_id;
  std::string family;
  std::uint64_t cases = 0, ok = 0, boundary = 0, gross = 0, convention = 0, unjudged = 0;
};

struct CampaignResult {
  std::vector<KernelTally> tallies;  ///< per kernel × family
  std::vector<GrossCase> gross;      ///< at most 100 per kernel × family, lowest indices first
  /// The harness itself failed on some cases (generator, oracle disagreement):
  /// a sepax bug; those cases judged no kernel.
  std::vector<std::string> harness_failures;

  std::uint64_t gross_count() const;
};

/// Runs the campaign on every core (TBB). Throws std::invalid_argument naming
/// an unknown kernel id or family (and listing the known ones).
CampaignResult run_campaign(const CampaignOptions& options);

/// The case a finding of a group replays: the pair (and motion) exactly, with
/// its provenance under "origin" (generator call, seed, index, finding).
Case finding_case(Query query, ScalarKind scalar, gen::Family family, const Finding& finding, std::uint64_t seed,
                  std::string id);

/// A kernel id as part of a file name ("obb_obb/test_static/float" →
/// "obb_obb_test_static_float").
std::string case_file_stem(std::string id);

/// Judges the given kernels (those of each case's query and scalar; moving
/// ones on cases with a motion) on cases read from a file, as `sepax check`
/// does: the replay of a campaign's GrossCase. Returns the gross verdicts.
std::vector<GrossCase> judge_cases(const std::vector<Case>& cases, const std::vector<std::string>& kernel_ids,
                                   std::optional<double> tolerance = std::nullopt);

}  // namespace sepax::harness
