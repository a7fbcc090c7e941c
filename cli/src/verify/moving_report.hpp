#pragma once
/// \file verify's moving tables: one row per moving kernel × family (counts and,
/// for find_first_contact, the time and point error percentiles), one per
/// query × scalar for the moving oracles' costs; as text, Markdown and
/// verify.jsonl rows ("table": "moving", "moving_oracle_costs").
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/harness_names.hpp"
#include "common/table.hpp"

namespace sepax::cli {

/// One moving kernel on one family.
struct MovingRow {
  std::size_t kernel_order = 0;
  std::size_t family_order = 0;
  const KernelInfo* kernel = nullptr;
  gen::Family family{};
  std::uint64_t cases = 0;
  std::uint64_t ok = 0;
  std::uint64_t boundary = 0;
  std::uint64_t gross = 0;
  harness::SeverityTally severity;
  std::uint64_t unjudged = 0;
  std::uint64_t both_first_contact = 0;
  std::uint64_t ill_conditioned = 0;
  std::uint64_t scored = 0;  ///< the cases the percentiles are over
  std::optional<Percentiles> time_error;
  std::optional<Percentiles> point_distance;
  std::uint64_t features_path = 0;        ///< first-contact answers whose point is the features'
  std::uint64_t closest_points_path = 0;  ///< ... rescued by the closest points
  std::optional<Percentiles> primary_point_distance;  ///< the features' own point, on the scored cases
  std::uint64_t lp_cross_checks = 0;
  std::uint64_t oracle_disagreements = 0;
  std::uint64_t harness_errors = 0;
  double seconds = 0;
  double cases_per_second = 0;
  VerdictHash verdicts;
};

/// The row of `kernel` (index k of the group's kernels); sorts the error samples.
MovingRow make_moving_row(const MovingGroup& group, MovingGroupResult& result, std::size_t k);

/// The moving oracles' costs over all families of one query × scalar.
struct MovingCostRow {
  Query query{};
  ScalarKind scalar{};
  std::uint64_t cases = 0;
  MovingOracleCosts costs;
};

/// What the moving table's columns mean (printed above it).
std::string moving_table_title();
Table make_moving_table(const std::vector<MovingRow>& rows);
nlohmann::ordered_json moving_row_json(const MovingRow& row, std::uint64_t seed, const std::string& run_id);

std::string moving_cost_table_title();
Table make_moving_cost_table(const std::vector<MovingCostRow>& rows);
nlohmann::ordered_json moving_cost_row_json(const MovingCostRow& row, std::uint64_t seed,
                                            const std::string& run_id);

/// A line for each find_first_contact row whose p99 time error or point
/// distance exceeds issue 3's acceptance (oracle::contact_time_tolerance:
/// 1e-5 float, 1e-12 double); empty when every row meets it.
std::vector<std::string> acceptance_notes(const std::vector<MovingRow>& rows);

}  // namespace sepax::cli
