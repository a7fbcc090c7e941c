#include "verify/static_summary.hpp"

#include <optional>

#include <fmt/format.h>

#include "common/build_info.hpp"
#include "verify/row_cells.hpp"

namespace sepax::cli {
namespace {

std::string band_cell(const std::optional<double>& band) { return band ? fmt::format("{:.2g}", *band) : "-"; }


std::string by_kernel(const std::map<std::string, std::uint64_t>& counts) {
  std::string kernels;
  for (const auto& [id, n] : counts) kernels += fmt::format("{}{} x{}", kernels.empty() ? "" : ", ", id, n);
  return kernels;
}

}  // namespace

Table make_table(const std::vector<Row>& rows) {
  using A = Table::Align;
  Table table({{"kernel"},
               {"family"},
               {"cases", A::right},
               {"ok", A::right},
               {"boundary", A::right},
               {"band", A::right},
               {"gross", A::right},
               {">=1e-6 / >=1e-3", A::right},
               {"worst", A::right},
               {"convention", A::right},
               {"zero band", A::right},
               {"oracle fallbacks", A::right},
               {"cases/s", A::right}});
  for (const Row& r : rows)
    table.add_row({r.kernel->id, std::string(gen::to_string(r.family)), std::to_string(r.cases),
                   std::to_string(r.counts.ok), std::to_string(r.counts.boundary),
                   band_cell(r.counts.max_boundary_margin), std::to_string(r.counts.gross),
                   gross_levels_cell(r.counts.severity), worst_cell(r.counts.severity),
                   r.kernel->open_sets ? std::to_string(r.counts.convention) : std::string("-"),
                   std::to_string(r.zero_band), std::to_string(r.exact_fallbacks),
                   fmt::format("{:.0f}", r.cases_per_second)});
  return table;
}

/// Printed above the cost table: what its numbers mean.
std::string cost_table_title() {
  return fmt::format(
      "oracle costs per query x scalar, all families (cases/s of ONE thread = cases / summed steady_clock "
      "time inside the calls; rational SAT = oracle::sat_exact without the filter, on every {}th case; CGAL "
      "on those and on every exact fallback):",
      GroupPlan{}.cross_check_every);
}

Table make_cost_table(const std::vector<CostRow>& rows) {
  using A = Table::Align;
  Table table({{"query"},
               {"scalar"},
               {"cases", A::right},
               {"filter-decided", A::right},
               {"filter cases/s", A::right},
               {"exact fallbacks", A::right},
               {"fallback cases/s", A::right},
               {"rational SAT sample", A::right},
               {"rational SAT cases/s", A::right},
               {"CGAL checks", A::right},
               {"CGAL cases/s", A::right}});
  for (const CostRow& r : rows) {
    const OracleCosts& c = r.costs;
    table.add_row({std::string(to_string(r.query)), std::string(to_string(r.scalar)), std::to_string(r.cases),
                   std::to_string(c.filter_decided), rate_cell(c.filter_decided, c.filter_decided_seconds),
                   std::to_string(c.exact_fallbacks), rate_cell(c.exact_fallbacks, c.exact_fallback_seconds),
                   std::to_string(c.unfiltered), rate_cell(c.unfiltered, c.unfiltered_seconds),
                   std::to_string(c.cgal), rate_cell(c.cgal, c.cgal_seconds)});
  }
  return table;
}

Json cost_row_json(const CostRow& r, std::uint64_t seed, const std::string& run_id) {
  const OracleCosts& c = r.costs;
  Json j = cost_row_head("oracle_costs", r.query, r.scalar, seed, r.cases, run_id);
  j["filter_decided"] = c.filter_decided;
  j["filter_decided_seconds"] = c.filter_decided_seconds;
  j["filter_decided_cases_per_second"] = optional_json(rate(c.filter_decided, c.filter_decided_seconds));
  j["exact_fallbacks"] = c.exact_fallbacks;
  j["exact_fallback_seconds"] = c.exact_fallback_seconds;
  j["exact_fallback_cases_per_second"] = optional_json(rate(c.exact_fallbacks, c.exact_fallback_seconds));
  j["rational_sat_sample"] = c.unfiltered;
  j["rational_sat_seconds"] = c.unfiltered_seconds;
  j["rational_sat_cases_per_second"] = optional_json(rate(c.unfiltered, c.unfiltered_seconds));
  j["cgal_checks"] = c.cgal;
  j["cgal_seconds"] = c.cgal_seconds;
  j["cgal_cases_per_second"] = optional_json(rate(c.cgal, c.cgal_seconds));
  return j;
}

/// The first row of a run ("table": "run_info"): what produced the rows
/// after it, for reports.
Json run_info_json(const VerifyOptions& options, const std::string& run_id, int threads) {
  Json j;
  j["run"] = run_id;
  j["table"] = "run_info";
  j["command"] = options.command_line;
  j["commit"] = source_commit().value_or("unknown");
  j["compiler"] = compiler_description();
  j["machine"] = machine_description();
  j["threads"] = threads;
  j["date"] = run_id;
  j["seed"] = options.seed;
  return j;
}

std::string totals_line(const Totals& t, std::size_t groups, double seconds) {
  return fmt::format(
      "total: {} static, {} moving and {} pair-query cases in {} groups, {:.1f} s; kernel verdicts {} ok, {} "
      "boundary, {} gross, {} convention; oracle: {} exact fallbacks, {} CGAL cross-checks, {} first_contact_lp "
      "cross-checks, {} disagreements, {} errors",
      t.cases, t.moving_cases, t.pair_cases, groups + t.pair_groups, seconds, t.verdicts_ok, t.verdicts_boundary, t.verdicts_gross,
      t.verdicts_convention,
      t.exact_fallbacks, t.cross_checks, t.lp_cross_checks, t.oracle_disagreements, t.harness_errors);
}

/// Peers' gross verdicts are what sepax exists to find in other libraries:
/// reported with their replay files, never the run's failure.
std::string peer_findings_line(const Totals& t) {
  if (!t.peer_gross) return "";
  return fmt::format("peer findings (not failures): {} gross verdicts of other libraries' kernels ({}); replay "
                     "files in gross/",
                     t.peer_gross, by_kernel(t.peer_gross_by_kernel));
}

std::string exit_reason(const Totals& t) {
  if (!t.failed()) return "exit 0: no gross verdict of a sepax kernel or a brought one (--plugin, --external); the oracles agreed on "
                            "every cross-check";
  std::vector<std::string> reasons;
  if (t.verdicts_gross) {
    reasons.push_back(fmt::format("{} gross verdicts ({})", t.verdicts_gross, by_kernel(t.gross_by_kernel)));
  }
  if (!t.grown_gross_by_kernel.empty())
    reasons.push_back(fmt::format("classes of boundary verdicts whose worst case found is gross ({})",
                                  by_kernel(t.grown_gross_by_kernel)));
  if (t.oracle_disagreements)
    reasons.push_back(fmt::format("{} ORACLE DISAGREEMENTS (a harness bug)", t.oracle_disagreements));
  if (t.harness_errors)
    reasons.push_back(fmt::format("{} cases where the generator or an oracle threw", t.harness_errors));
  return "exit 1: " + fmt::format("{}", fmt::join(reasons, "; "));
}

Json row_json(const Row& r, const Group& g, const GroupResult& result, std::uint64_t seed,
              const std::string& run_id) {
  Json j;
  j["run"] = run_id;
  j["kernel"] = r.kernel->id;
  j["origin"] = r.kernel->origin;
  j["query"] = std::string(to_string(g.query));
  j["scalar"] = std::string(to_string(g.scalar));
  j["family"] = std::string(gen::to_string(g.family));
  j["seed"] = seed;
  j["cases"] = r.cases;
  j["ok"] = r.counts.ok;
  j["boundary"] = r.counts.boundary;
  j["max_boundary_margin"] = optional_json(r.counts.max_boundary_margin);
  j["gross"] = r.counts.gross;
  put_severity(j, r.kernel->tolerance, r.counts.gross, r.counts.severity);
  // Open-set peers' exact-touch disagreements (absent for closed-set kernels).
  if (r.kernel->open_sets) j["convention"] = r.counts.convention;
  j["unjudged"] = r.unjudged;
  // Cases judged with a zero band: exact arithmetic, any other disagreement is gross.
  j["zero_band_cases"] = r.zero_band;
  j["verdict_hash"] = r.counts.verdicts.hex();
  // Kernels with several paths: how many verdicts each produced.
  if (r.counts.paths[0] == 0 && r.cases > 0)
    j["answer_paths"] = {{"fast", r.counts.paths[1]}, {"full", r.counts.paths[2]}};
  // [decade or null (|margin| < 1e-18), cases, wrong] for every non-empty bin.
  Json bins = Json::array();
  for (int b = 0; b < MarginBins::kCount; ++b)
    if (r.counts.margins.cases[b]) {
      const auto decade = MarginBins::decade(b);
      bins.push_back(Json::array({decade ? Json(*decade) : Json(nullptr), r.counts.margins.cases[b],
                                  r.counts.margins.wrong[b]}));
    }
  j["margin_bins"] = bins;
  j["oracle_fallbacks"] = result.exact_fallbacks;
  j["cgal_cross_checks"] = result.cross_checks;
  j["oracle_disagreements"] = result.oracle_disagreements;
  j["harness_errors"] = result.harness_errors;
  j["seconds"] = result.seconds;
  j["cases_per_second"] = result.cases_per_second();
  return j;
}

}  // namespace sepax::cli
