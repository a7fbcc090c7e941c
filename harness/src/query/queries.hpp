#pragma once
// The descriptions of the judged pair queries (pair_query.hpp), one function
// each, gathered by judged_queries.cpp.
#include <span>
#include <string>
#include <vector>

#include "sepax/generators/family.hpp"
#include "sepax/generators/gomez.hpp"
#include "sepax/generators/planar.hpp"
#include "sepax/harness/distance/distance_judgement.hpp"
#include "sepax/harness/general_motion_judgement.hpp"
#include "sepax/harness/manifold/manifold_judgement.hpp"
#include "sepax/harness/query/pair_query.hpp"
#include "sepax/harness/query/query_kernels.hpp"
#include "sepax/oracle/exact_gomez.hpp"
#include "sepax/oracle/exact_rect2.hpp"

namespace sepax::harness::queries {

/// The kernels registered for the query and mode, as its campaign runs them.
template <class Pair>
std::vector<PairKernel<Pair>> kernels_of(const std::string& query, const std::string& mode) {
  std::vector<PairKernel<Pair>> out;
  for (const QueryKernel& k : query_kernels()) {
    if (k.query != query || k.mode != mode) continue;
    PairKernel<Pair> pk{k.id, k.scalar, k.is_peer(),
                        [run = &k.run](const Pair& p) -> std::optional<QueryAnswer> { return (*run)(QueryInput(p)); },
                        {}};
    if (k.run_batch)
      pk.run_batch = [batch = &k.run_batch](std::span<const Pair> pairs) {
        const std::vector<QueryInput> inputs(pairs.begin(), pairs.end());
        return (*batch)(inputs);
      };
    out.push_back(std::move(pk));
  }
  return out;
}

/// The static families of the SAT pairs (motion is the moving family): the
/// manifold's and the signed distances'.
inline std::vector<gen::Family> static_sat_families() {
  std::vector<gen::Family> out;
  for (const gen::Family f : gen::all_families())
    if (f != gen::Family::motion) out.push_back(f);
  return out;
}

/// The families' names, in their order (the generators take the index).
template <class F>
std::vector<std::string> names_of(std::span<const F> families) {
  std::vector<std::string> out;
  for (F f : families) out.emplace_back(gen::to_string(f));
  return out;
}

inline QueryVerdict verdict_of(oracle::Class c, std::optional<double> margin, std::optional<double> tolerance,
                               std::optional<double> time_error) {
  QueryVerdict v;
  v.verdict_class = c;
  v.margin = margin;
  v.tolerance = tolerance;
  v.time_error = time_error;
  return v;
}

PairQuery<gen::RectPair, bool> rect_query();
PairQuery<gen::RectMotionCase, oracle::ExactRectContact> rect_motion_query();
PairQuery<gen::SpherePair, bool> sphere_static_query();
PairQuery<gen::SphereSweepCase, oracle::ExactSweep> sphere_sweep_query();
PairQuery<gen::BoxSpherePair, bool> box_sphere_query();
PairQuery<gen::SpherePlaneCase, bool> sphere_plane_static_query();
PairQuery<gen::SpherePlaneCase, oracle::ExactSweep> sphere_plane_sweep_query();
PairQuery<gen::AabbPairCase, bool> aabb_static_query();
PairQuery<gen::AabbPairCase, oracle::ExactSweep> aabb_sweep_query();
PairQuery<gen::BoxSegmentPair, bool> segment_query();
PairQuery<Obb3<double>, bool> enclosure_query();
PairQuery<ShapePair, ManifoldTruth> manifold_query();
PairQuery<GeneralMotionPair, GeneralMotionTruth> general_motion_query();
/// obb_obb_distance, tri_obb_distance, tri_tri_distance (harness/src/distance/distance_query.cpp).
PairQuery<ShapePair, DistanceTruth> distance_query(Query pair);

}  // namespace sepax::harness::queries
