#pragma once
/// \file The queries verify judges with run_pair_query (pair_query_campaign.hpp):
///  - rect_rect / test_static: the SAT tutorial's 2D oriented rectangles;
///  - sphere_sphere / test_static and / find_first_contact: Gomez's sphere
///    test and sweep over one frame.
/// Each with its kernels (sepax's; Box2D's and FCL's as peers when built).
#include <string>

#include "verify/pair_queries/pair_query_campaign.hpp"

namespace sepax::cli {

/// Runs every query's campaign; rows go to verify.jsonl as groups finish.
PairQueryResult run_pair_query_campaigns(const PairQueryOptions& options, const ResultsDirectory& results,
                                         const std::string& run_id);

}  // namespace sepax::cli
