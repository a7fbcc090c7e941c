#pragma once
/// \file
/// One moving group of a campaign: the cases generate_moving makes for
/// one query × scalar × family, judged once by the exact first-contact oracle
/// and handed to every moving kernel (test_moving, find_first_contact) of that
/// query and scalar, in ranges over TBB's threads (the skeleton of
/// group_plan.hpp, shared with static groups).
#include <cstdint>
#include <optional>
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

struct MovingGroup {
  Query query = Query::obb_obb;
  ScalarKind scalar = ScalarKind::float64;
  gen::Family family = gen::Family::random;
  std::vector<const KernelInfo*> kernels;  ///< the moving kernels of this query and scalar
};

/// One moving kernel's counts in a group. ok + boundary + gross = cases − unjudged.
struct MovingKernelCounts {
  std::uint64_t ok = 0;
  std::uint64_t boundary = 0;
  std::uint64_t gross = 0;
  std::vector<Finding> gross_findings;
  /// The first kBoundarySeeds boundary verdicts, to grow from.
  std::vector<Finding> boundary_findings;
  /// The gross verdicts by severity, and the tolerated ones (severity.hpp).
  SeverityTally severity;
  /// find_first_contact only: cases where both states were first_contact, and
  /// among them those score_contact called ill-conditioned.
  std::uint64_t both_first_contact = 0;
  std::uint64_t ill_conditioned = 0;
  /// find_first_contact only, on the cases where both states were
  /// first_contact and the case was not ill-conditioned (in no order):
  /// |t − t*| / T and the contact point's distance relative to reference_length.
  std::vector<double> time_errors;
  std::vector<double> point_distances;
  /// find_first_contact only: the answers with a first contact, by the path
  /// that produced their point (ContactPath), and on the scored cases whose
  /// last axis is well-conditioned (MovingKernelJudgement::primary_judged) the
  /// primary path's own point distance.
  std::uint64_t features_path = 0;
  std::uint64_t closest_points_path = 0;
  std::vector<double> primary_point_distances;
  /// Every answer of the kernel on the judged cases (verdict_hash.hpp).
  VerdictHash verdicts;
};

/// Calls to the moving oracles and the wall time inside them (summed over
/// threads: cases / seconds is a single-thread throughput).
struct MovingOracleCosts {
  std::uint64_t sat = 0;  ///< first_contact_sat, every case
  double sat_seconds = 0;
  std::uint64_t sat_on_sample = 0;  ///< first_contact_sat on the cross-checked cases only
  double sat_on_sample_seconds = 0;
  std::uint64_t lp = 0;  ///< first_contact_lp, the cross-checked cases
  double lp_seconds = 0;

  MovingOracleCosts& operator+=(const MovingOracleCosts& other);
};

struct MovingGroupResult {
  std::uint64_t cases = 0;
  std::uint64_t cross_checks = 0;  ///< cases first_contact_lp also judged
  MovingOracleCosts oracle_costs;
  std::uint64_t oracle_disagreements = 0;  ///< a harness bug each; kernels not judged
  std::uint64_t harness_errors = 0;        ///< generator, oracle or margin threw; kernels not judged
  std::vector<Finding> harness_findings;
  std::vector<MovingKernelCounts> kernels;  ///< parallel to MovingGroup::kernels
  double seconds = 0;

  std::uint64_t unjudged() const { return oracle_disagreements + harness_errors; }
  double cases_per_second() const { return seconds > 0 ? cases / seconds : 0; }
};

/// Runs the group. Every case gets first_contact_sat; the indices divisible by
/// plan.cross_check_every also get first_contact_lp, moving_intersects and the
/// static sat_filtered at t = 0, each of which must agree with it. Never
/// throws for a case: every exception becomes a finding.
MovingGroupResult run_moving_group(const MovingGroup& group, const GroupPlan& plan, ProgressCounters& progress);

/// Adds `part` to `total` as merge_results(GroupResult&, …) does.
void merge_results(MovingGroupResult& total, MovingGroupResult& part, std::size_t max_findings);

/// p50, p99 and max of a sample (nearest rank: the ⌈p·n⌉-th smallest value).
struct Percentiles {
  double p50 = 0;
  double p99 = 0;
  double max = 0;
};
/// Absent for an empty sample. Sorts `values`.
std::optional<Percentiles> percentiles(std::vector<double>& values);

}  // namespace sepax::harness
