#include "gate/robustness_gate.hpp"

#include "common/harness_names.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "sepax/harness/input_error.hpp"

namespace sepax::cli {
namespace {


std::string plural(std::uint64_t n, const char* word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

/// `listed`: the thresholds name the kernel, so its gross verdicts count
/// whatever its origin — a user gating a kernel of their own (brought by
/// --plugin or --external, its rows' origin its own name) lists it there.
GateCheck row_check(const VerifyRow& row, std::uint64_t max_gross, double tolerance, bool listed) {
  const std::uint64_t gross = row.gross_beyond(tolerance);
  const bool gated = !row.is_peer() || listed;
  GateCheck c;
  c.group = "robustness";
  const std::string where = fmt::format("{} x {}", row.kernel, row.family);
  c.subject = !row.is_peer() ? fmt::format("{} ({})", where, to_string(row.table))
              : listed       ? fmt::format("{} ({}, from {}, listed)", where, to_string(row.table), row.origin)
                             : fmt::format("{} ({}, peer: {})", where, to_string(row.table), row.origin);
  c.measured = fmt::format("gross {} of {} cases{}, oracle disagreements {}, harness errors {}", row.gross, row.cases,
                           tolerance > 0 ? fmt::format(" ({} beyond the tolerance {:g})", gross, tolerance) : "",
                           row.oracle_disagreements, row.harness_errors);
  c.limit = gated ? fmt::format("gross <= {}; oracle disagreements + harness errors = 0", max_gross)
                  : "oracle disagreements + harness errors = 0 (a peer's gross verdicts never fail)";
  if (gated && gross > max_gross)
    c.failures.push_back(fmt::format("{}{} of {} kernel {} on family {} ({} table) exceed max_gross {}",
                                     plural(gross, "gross verdict"),
                                     tolerance > 0 ? fmt::format(" beyond the tolerance {:g}", tolerance) : "",
                                     row.is_peer() ? "the listed" : "sepax", row.kernel, row.family,
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
  if (!gated && row.gross) {
    c.peer_finding = true;
    c.note = fmt::format("peer finding (informational): {} of {}'s {} on family {}; replay files in the verify "
                         "results' gross/",
                         plural(row.gross, "gross verdict"), row.origin, row.kernel, row.family);
  }
  return c;
}

/// A find kernel's contact points come from the seed's method (the supporting
/// features) on the large majority of first contacts, not from the rescue.
GateCheck primary_share_check(const VerifyRow& row, double min_share) {
  GateCheck c;
  c.group = "robustness";
  c.subject = fmt::format("{} x {} (primary path)", row.kernel, row.family);
  const std::uint64_t all = row.features_path + row.closest_points_path;
  const double share = double(row.features_path) / double(all);
  c.measured = fmt::format("features {} of {} first contacts ({:.1f} %), rescued {}", row.features_path, all,
                           100 * share, row.closest_points_path);
  c.limit = fmt::format("share >= {:.1f} %", 100 * min_share);
  if (share < min_share)
    c.failures.push_back(fmt::format("{} on {}: only {:.1f} % of first contacts from the supporting features; the "
                                     "closest-points rescue produced {} [{}]",
                                     row.kernel, row.family, 100 * share, row.closest_points_path,
                                     file_position(row.file, row.line)));
  return c;
}

/// A certified kernel's row: not one verdict off the exact one, not even
/// within the rounding band.
GateCheck exact_check(const VerifyRow& row) {
  GateCheck c;
  c.group = "robustness";
  c.subject = fmt::format("{} x {} (certified: exact verdicts)", row.kernel, row.family);
  c.measured = fmt::format("boundary {}, gross {} of {} cases", row.boundary, row.gross, row.cases);
  c.limit = "boundary + gross = 0";
  if (row.boundary + row.gross > 0)
    c.failures.push_back(fmt::format("certified kernel {} on family {}: {} verdicts differ from the exact one [{}]",
                                     row.kernel, row.family, row.boundary + row.gross,
                                     file_position(row.file, row.line)));
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

std::vector<GateCheck> robustness_checks(const std::vector<VerifyFile>& inputs, const Thresholds& thresholds,
                                         const Tolerances& tolerances) {
  const std::vector<VerifyRow> rows = merged_rows(inputs);
  std::vector<GateCheck> checks;
  for (const std::string& kernel : thresholds.kernels) checks.push_back(presence_check(kernel, rows, inputs, thresholds));
  for (const std::string& kernel : thresholds.exact_kernels) {
    checks.push_back(presence_check(kernel, rows, inputs, thresholds));
    for (const VerifyRow& row : rows)
      if (row.kernel == kernel) checks.push_back(exact_check(row));
  }
  const auto listed = [&](const std::string& kernel) {
    return std::find(thresholds.kernels.begin(), thresholds.kernels.end(), kernel) != thresholds.kernels.end() ||
           std::find(thresholds.exact_kernels.begin(), thresholds.exact_kernels.end(), kernel) !=
               thresholds.exact_kernels.end();
  };
  for (const VerifyRow& row : rows)
    checks.push_back(row_check(row, thresholds.max_gross, tolerances.of(row.kernel), listed(row.kernel)));
  if (thresholds.min_primary_share > 0)
    for (const VerifyRow& row : rows)
      if (!row.is_peer() && row.features_path + row.closest_points_path > 0)
        checks.push_back(primary_share_check(row, thresholds.min_primary_share));
  return checks;
}

}  // namespace sepax::cli
