#pragma once
/// \file verify's obb_obb_manifold campaign: Gaul's contact manifold on the
/// OBB–OBB generator families, sepax's kernels and the dBoxBox descendants
/// (manifold_kernels.hpp) judged by harness::judge_manifold.
#include "sepax/harness/manifold/manifold_judgement.hpp"
#include "verify/pair_queries/pair_query_campaign.hpp"

namespace sepax::cli {

PairQuery<ShapePair, harness::ManifoldTruth> manifold_query();

}  // namespace sepax::cli
