#include "robustness_gate.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "input_error.hpp"

namespace sepax::cli {
namespace {


std::string plural(std::uint64_t n, const char* word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

GateCheck row_check(const VerifyRow& row, std::uint64_t max_gross) {
  GateCheck c;
  c.group = "robustness";
  const std::string where = fmt::format("{} x {}", row.kernel, row.family);
  c.subject = row.is_peer() ? fmt::format("{} ({}, peer: {})", where, to_string(row.table), row.origin)
                            : fmt::format("{} ({})", where, to_string(row.table));
  c.measured = fmt::format("gross {} of {} cases, oracle disagreements {}, harness errors {}", row.gross, row.cases,
                           row.oracle_disagreements, row.harness_errors);
  c.limit = row.is_peer() ? "oracle disagreements + harness errors = 0 (a peer's gross verdicts never fail)"
                          : fmt::format("gross <= {}; oracle disagreements + harness errors = 0", max_gross);
  if (!row.is_peer() && row.gross > max_gross)
    c.failures.push_back(fmt::format("{} of sepax kernel {} on family {} ({} table) exceed max_gross {}",
                                     plural(row.gross, "gross verdict"), row.kernel, row.family,
                                     to_string(row.table), max_gross));
  if (row.oracle_disagreements)
    c.failures.push_back(fmt::format("{} on the {} {} group of {}: the exact oracles disagree (a harness bug)",
                                     plural(row.oracle_disagreements, "oracle disagreement"), row.family,
                                     to_string(row.table), row.kernel));
  if (row.harness_errors)
    c.failures.push_back(fmt::format("{} on the {} {} group of {}: the generator or an oracle threw",
                                     plural(row.harness_errors, "harness error"), row.family,
                                     to_string(row.table), row.kernel));
  // Where to look: the row (the first one, when inputs added up).
  for (std::string& reason : c.failures) reason += fmt::format(" [{}]", file_position(row.file, row.line));
  if (row.is_peer() && row.gross) {
    c.peer_finding = true;
    c.note = fmt::format("peer finding (informational): {} of {}'s {} on family {}; replay files in the verify "
                         "results' gross/",
                         plural(row.gross, "gross verdict"), row.origin, row.kernel, row.family);
  }
  return c;
}

GateCheck presence_check(const std::string& kernel, const std::vector<VerifyRow>& rows,
                         const std::vector<VerifyFile>& inputs, const Thresholds& thresholds) {
  GateCheck c;
  c.group = "robustness";
  c.subject = fmt::format("{} present in the verify results", kernel);
  const auto n = std::count_if(rows.begin(), rows.end(), [&](const VerifyRow& r) { return r.kernel == kernel; });
  c.measured = plural(static_cast<std::uint64_t>(n), "kernel x family row");
  c.limit = "at least 1 row";
  if (n == 0) {
    std::vector<std::string> files;
    for (const VerifyFile& f : inputs) files.push_back(f.path.string());
    c.failures.push_back(fmt::format("missing: {} is named in {} but has no row in {}", kernel,
                                     thresholds.path.string(),
                                     files.empty() ? "the inputs (no verify results given)"
                                                   : fmt::format("{}", fmt::join(files, ", "))));
  }
  return c;
}

}  // namespace

std::vector<GateCheck> robustness_checks(const std::vector<VerifyFile>& inputs, const Thresholds& thresholds) {
  const std::vector<VerifyRow> rows = merged_rows(inputs);
  std::vector<GateCheck> checks;
  for (const std::string& kernel : thresholds.kernels) checks.push_back(presence_check(kernel, rows, inputs, thresholds));
  for (const VerifyRow& row : rows) checks.push_back(row_check(row, thresholds.max_gross));
  return checks;
}

}  // namespace sepax::cli
