#pragma once
/// \file
/// One static group of a campaign: the cases of one query × scalar ×
/// family, generated, judged once by the exact oracle and handed to every
/// kernel of that query and scalar, in ranges over TBB's threads (the
/// skeleton of group_plan.hpp; kernels with a batch form get a range at once).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sepax/core/shapes/query.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/harness/campaign/finding.hpp"
#include "sepax/harness/campaign/group_plan.hpp"
#include "sepax/harness/campaign/progress.hpp"
#include "sepax/harness/campaign/severity.hpp"
#include "sepax/harness/verdict_hash.hpp"

namespace sepax::harness {

struct Group {
  Query query = Query::obb_obb;
  ScalarKind scalar = ScalarKind::float64;
  gen::Family family = gen::Family::random;
  std::vector<const KernelInfo*> kernels;  ///< all of this query and scalar
};

/// Cases binned by the decade of their estimated margin
/// (oracle::estimated_margin): bin 0 holds |margin| < 1e-18 (touching, up to
/// rounding), bin k ≥ 1 the decade [10^(k−19), 10^(k−18)), the last bin
/// everything ≥ 1. For each bin: cases judged and wrong verdicts (boundary or
/// gross): the error rate against the margin.
struct MarginBins {
  static constexpr int kCount = 20;
  std::array<std::uint64_t, kCount> cases{}, wrong{};
  static int bin(double margin);
  /// The decade k of bin b (|margin| in [10^k, 10^(k+1))), nullopt for bin 0.
  static std::optional<int> decade(int b);
  MarginBins& operator+=(const MarginBins& other);
};

/// One kernel's counts in a group. ok + boundary + gross + convention =
/// cases − unjudged.
struct KernelCounts {
  std::uint64_t ok = 0;
  std::uint64_t boundary = 0;
  std::uint64_t gross = 0;
  /// An open-set kernel said "separated" for exactly touching shapes
  /// (oracle::Class::convention).
  std::uint64_t convention = 0;
  std::vector<Finding> gross_findings;
  /// The first kBoundarySeeds boundary verdicts, to grow from.
  std::vector<Finding> boundary_findings;
  /// Largest |relative margin| among the boundary verdicts: how wide the band
  /// the kernel actually needed was. Absent when there were none.
  std::optional<double> max_boundary_margin;
  /// The gross verdicts by severity, and the tolerated ones (severity.hpp).
  SeverityTally severity;
  MarginBins margins;
  /// Every answer of the kernel on the judged cases (verdict_hash.hpp).
  VerdictHash verdicts;
  /// Verdicts by the path that produced them (StaticPath; kernels with one
  /// path count everything under `only`).
  std::array<std::uint64_t, 3> paths{};
};

/// Cases handled by each oracle call and the wall time spent inside those
/// calls (steady_clock around each call, summed over threads), so that
/// cases / seconds is a single-thread throughput.
struct OracleCosts {
  std::uint64_t filter_decided = 0;  ///< sat_filtered decided by the interval filter alone
  double filter_decided_seconds = 0;
  std::uint64_t exact_fallbacks = 0;  ///< sat_filtered fell back to rationals
  double exact_fallback_seconds = 0;
  std::uint64_t unfiltered = 0;  ///< sat_exact on the sample (the every-nth cross-check cases)
  double unfiltered_seconds = 0;
  std::uint64_t cgal = 0;  ///< cgal_intersects (sample and fallback cases)
  double cgal_seconds = 0;

  OracleCosts& operator+=(const OracleCosts& other);
};

struct GroupResult {
  std::uint64_t cases = 0;
  std::uint64_t exact_fallbacks = 0;       ///< interval filter → exact rationals
  std::uint64_t cross_checks = 0;          ///< cases CGAL also judged
  /// Judged cases with a zero band for some verdicts: a SAT test rounds
  /// nowhere (oracle::arithmetic_is_exact: every verdict), or a box's face
  /// axes are decided exactly (oracle::face_axes_decided_exactly: a kernel
  /// naming such a face as its separating axis).
  std::uint64_t zero_band = 0;
  OracleCosts oracle_costs;
  std::uint64_t oracle_disagreements = 0;  ///< a harness bug each; kernels not judged
  std::uint64_t harness_errors = 0;        ///< generator or oracle threw; kernels not judged
  std::vector<Finding> harness_findings;   ///< disagreements and errors
  std::vector<KernelCounts> kernels;       ///< parallel to Group::kernels
  double seconds = 0;                      ///< wall time: generation, oracle, kernels, margins

  std::uint64_t unjudged() const { return oracle_disagreements + harness_errors; }
  double cases_per_second() const { return seconds > 0 ? cases / seconds : 0; }
};

/// Runs the group; worker threads bump `progress` as cases complete. Never
/// throws for a case: every exception becomes a finding.
GroupResult run_group(const Group& group, const GroupPlan& plan, ProgressCounters& progress);

/// Adds `part` (the same group's results on other cases) to `total`: counts
/// summed, findings cut to the `max_findings` lowest indices. The order of the
/// parts does not change the total (timings aside).
void merge_results(GroupResult& total, GroupResult& part, std::size_t max_findings);

}  // namespace sepax::harness
