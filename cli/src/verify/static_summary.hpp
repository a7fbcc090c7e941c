#pragma once
/// \file The static kernels' side of a verify run's output: the printed and
/// written row of a kernel on one family, the oracle cost rows, the totals and
/// the lines that sum the run up (verify_command.cpp runs the groups).
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/harness_names.hpp"
#include "common/table.hpp"
#include "common/harness_names.hpp"
#include "verify/verify_command.hpp"

namespace sepax::cli {

/// One printed row: a kernel on one family.
struct Row {
  std::size_t kernel_order = 0;
  std::size_t family_order = 0;
  const KernelInfo* kernel = nullptr;
  gen::Family family{};
  std::uint64_t cases = 0;
  KernelCounts counts;  // findings dropped
  std::uint64_t unjudged = 0;
  std::uint64_t exact_fallbacks = 0;
  std::uint64_t zero_band = 0;  ///< cases judged with a zero band (exact arithmetic)
  double cases_per_second = 0;
};

/// One row of the oracle cost table: a query × scalar over all its families.
struct CostRow {
  Query query{};
  ScalarKind scalar{};
  std::uint64_t cases = 0;
  OracleCosts costs;
};


struct Totals {
  std::uint64_t cases = 0;         ///< static groups
  std::uint64_t moving_cases = 0;  ///< moving groups
  std::uint64_t pair_cases = 0;    ///< the pair queries' groups (rect_rect … general_motion)
  std::size_t pair_groups = 0;
  std::uint64_t lp_cross_checks = 0;
  std::uint64_t verdicts_ok = 0;
  std::uint64_t verdicts_boundary = 0;
  std::uint64_t verdicts_gross = 0;  ///< sepax's own kernels
  std::uint64_t verdicts_convention = 0;  ///< open-set peers on exactly touching pairs
  std::uint64_t peer_gross = 0;      ///< peer libraries' kernels: findings, not failures
  std::uint64_t exact_fallbacks = 0;
  std::uint64_t cross_checks = 0;
  std::uint64_t oracle_disagreements = 0;
  std::uint64_t harness_errors = 0;
  std::map<std::string, std::uint64_t> gross_by_kernel;  ///< sepax's kernels
  std::map<std::string, std::uint64_t> peer_gross_by_kernel;
  /// Classes of boundary verdicts whose worst case, grown, is gross
  /// (harness/explain/class_analysis.hpp): of sepax's or brought kernels, and of peers.
  std::map<std::string, std::uint64_t> grown_gross_by_kernel;
  std::map<std::string, std::uint64_t> peer_grown_gross_by_kernel;

  bool failed() const {
    return verdicts_gross + oracle_disagreements + harness_errors + grown_gross_by_kernel.size() > 0;
  }
};

using Json = nlohmann::ordered_json;

Table make_table(const std::vector<Row>& rows);
/// Printed above the cost table: what its numbers mean.
std::string cost_table_title();
Table make_cost_table(const std::vector<CostRow>& rows);
Json cost_row_json(const CostRow& r, std::uint64_t seed, const std::string& run_id);
Json run_info_json(const VerifyOptions& options, const std::string& run_id, int threads);
Json row_json(const Row& r, const Group& g, const GroupResult& result, std::uint64_t seed, const std::string& run_id);
std::string totals_line(const Totals& t, std::size_t groups, double seconds);
std::string peer_findings_line(const Totals& t);
std::string exit_reason(const Totals& t);

}  // namespace sepax::cli
