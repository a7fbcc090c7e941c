#pragma once
/// \file verify's pair-query groups as the command line shows them: each
/// group's result (harness/query/judged_queries.hpp, run whole or combined
/// from its batches) as rows of verify.jsonl ("table": "pair_queries") and of
/// the printed table, its gross findings written by failure class under
/// gross/ with their `sepax check` replay commands; and the integrator-drift
/// table of general_motion.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/results_directory.hpp"
#include "common/table.hpp"
#include "sepax/harness/integrator_drift.hpp"
#include "sepax/harness/query/judged_queries.hpp"

namespace sepax::cli {

/// One kernel on one group.
struct PairQueryRow {
  std::string query, mode, family, scalar;
  harness::QueryRow row;
};

struct PairQueryResult {
  std::vector<PairQueryRow> rows;
  std::vector<harness::IntegratorDrift> drift;  ///< general_motion's integrators against the MPFR rotation
  std::vector<std::pair<std::string, std::string>> replays;  ///< (command, detail)
  std::vector<std::string> notes;
  std::uint64_t cases = 0;
  double seconds = 0;
};

/// What writing a group's rows and classes needs of the run.
struct PairGroupContext {
  std::uint64_t seed = 1;
  std::string run_id;
  std::string program = "sepax";
  std::string replay_arguments;  ///< after `check FILE --kernel ID`
  std::size_t replays_per_class = 1;
  /// Kernels gated like sepax's own (brought with --plugin or --external):
  /// their rows and classes are not the peers'.
  std::vector<std::string> gated_kernel_ids;
};

/// Records one group's result into `out`: its rows appended to verify.jsonl
/// with its failure classes, whose folders are written.
void record_pair_group(const harness::QueryGroup& group, const harness::QueryBatch& result,
                       const PairGroupContext& context, const ResultsDirectory& results, PairQueryResult& out);

/// Appends the integrator-drift rows to `out` and verify.jsonl (run after the general_motion groups).
void record_drift(const std::string& run_id, const ResultsDirectory& results, PairQueryResult& out);

/// The JSON row of verify.jsonl ("table": "pair_queries").
nlohmann::ordered_json pair_query_row_json(const PairQueryRow& r, std::uint64_t seed, const std::string& run_id);
Table make_pair_query_table(const std::vector<PairQueryRow>& rows);
std::string pair_query_table_title();

/// The integrators' drift (harness::integrator_drift_table): one row per
/// motion and N, the largest frame error of Euler and RK4 with and without
/// Gram–Schmidt.
Table make_drift_table(const std::vector<harness::IntegratorDrift>& rows);
std::string drift_table_title();

}  // namespace sepax::cli
