#pragma once
/// \file verify's general_motion campaign: Eberly §5's stepped rigid-motion
/// query on the general-motion families of each pair (obb_obb, tri_obb,
/// tri_tri), sepax's kernels judged step by step by
/// harness::judge_general_motion.
#include "sepax/generators/general_motion.hpp"
#include "common/table.hpp"
#include "sepax/harness/general_motion_judgement.hpp"
#include "sepax/harness/integrator_drift.hpp"
#include "verify/pair_queries/pair_query_campaign.hpp"

namespace sepax::cli {

/// A generated case with the scalar it was made for (the truth depends on it:
/// the steps are built in the kernel's scalar).
struct GeneralMotionPair {
  harness::GeneralMotionSetup setup;
  ScalarKind scalar = ScalarKind::float64;
};

PairQuery<GeneralMotionPair, harness::GeneralMotionTruth> general_motion_query();

/// The integrators' drift (harness::integrator_drift_table): one row per
/// motion and N, the largest frame error of Euler and RK4 with and without
/// Gram–Schmidt; and the JSON row of verify.jsonl ("table": "general_motion_drift").
Table make_drift_table(const std::vector<harness::IntegratorDrift>& rows);
std::string drift_table_title();
nlohmann::ordered_json drift_row_json(const harness::IntegratorDrift& d, const std::string& run_id);

}  // namespace sepax::cli
