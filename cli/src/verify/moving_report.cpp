#include "verify/moving_report.hpp"

#include "common/harness_names.hpp"

#include <fmt/format.h>

#include "sepax/harness/moving_judgement.hpp"
#include "verify/row_cells.hpp"
#include "sepax/oracle/exact_contact.hpp"

namespace sepax::cli {
namespace {

using Json = nlohmann::ordered_json;

const char* mode_name(KernelMode mode) {
  switch (mode) {
    case KernelMode::static_test: return "test_static";
    case KernelMode::moving_test: return "test_moving";
    case KernelMode::first_contact: return "find_first_contact";
  }
  return "?";
}

std::string error_cell(const std::optional<Percentiles>& p, double Percentiles::*field) {
  return p ? fmt::format("{:.2g}", (*p).*field) : "-";
}

Json percentiles_json(const std::optional<Percentiles>& p) {
  if (!p) return nullptr;
  return Json{{"p50", p->p50}, {"p99", p->p99}, {"max", p->max}};
}

}  // namespace

MovingRow make_moving_row(const MovingGroup& group, MovingGroupResult& result, std::size_t k) {
  MovingKernelCounts& counts = result.kernels[k];
  MovingRow row;
  row.kernel = group.kernels[k];
  row.family = group.family;
  row.cases = result.cases;
  row.ok = counts.ok;
  row.boundary = counts.boundary;
  row.gross = counts.gross;
  row.severity = counts.severity;
  row.unjudged = result.unjudged();
  row.both_first_contact = counts.both_first_contact;
  row.ill_conditioned = counts.ill_conditioned;
  row.scored = counts.time_errors.size();
  row.time_error = percentiles(counts.time_errors);
  row.point_distance = percentiles(counts.point_distances);
  row.features_path = counts.features_path;
  row.closest_points_path = counts.closest_points_path;
  row.primary_point_distance = percentiles(counts.primary_point_distances);
  row.lp_cross_checks = result.cross_checks;
  row.oracle_disagreements = result.oracle_disagreements;
  row.harness_errors = result.harness_errors;
  row.seconds = result.seconds;
  row.cases_per_second = result.cases_per_second();
  row.verdicts = counts.verdicts;
  return row;
}

std::string moving_table_title() {
  return fmt::format(
      "moving kernels x family (exact t* from first_contact_sat, first_contact_lp on every {}th case; "
      "both fc = both states first_contact; ill-cond = of those, ill-conditioned (boundary when over the bound); "
      "TOI error = |t - t*| / T and point distance / size, over the remaining first contacts; "
      "ok needs both <= {:.2g} float, {:.2g} double (issue 3 acceptance)):",
      GroupPlan{}.cross_check_every, contact_error_bound(ScalarKind::float32),
      contact_error_bound(ScalarKind::float64));
}

Table make_moving_table(const std::vector<MovingRow>& rows) {
  using A = Table::Align;
  Table table({{"kernel"},
               {"family"},
               {"cases", A::right},
               {"ok", A::right},
               {"boundary", A::right},
               {"gross", A::right},
               {">=1e-6 / >=1e-3", A::right},
               {"worst", A::right},
               {"both fc", A::right},
               {"ill-cond", A::right},
               {"TOI err p50", A::right},
               {"p99", A::right},
               {"max", A::right},
               {"point dist p50", A::right},
               {"p99", A::right},
               {"max", A::right},
               {"cases/s", A::right}});
  for (const MovingRow& r : rows) {
    const bool find = r.kernel->mode == KernelMode::first_contact;
    auto find_only = [&](std::string cell) { return find ? cell : std::string("-"); };
    table.add_row({r.kernel->id, std::string(gen::to_string(r.family)), std::to_string(r.cases),
                   std::to_string(r.ok), std::to_string(r.boundary), std::to_string(r.gross),
                   gross_levels_cell(r.severity), worst_cell(r.severity),
                   find_only(std::to_string(r.both_first_contact)), find_only(std::to_string(r.ill_conditioned)),
                   error_cell(r.time_error, &Percentiles::p50), error_cell(r.time_error, &Percentiles::p99),
                   error_cell(r.time_error, &Percentiles::max), error_cell(r.point_distance, &Percentiles::p50),
                   error_cell(r.point_distance, &Percentiles::p99), error_cell(r.point_distance, &Percentiles::max),
                   fmt::format("{:.0f}", r.cases_per_second)});
  }
  return table;
}

Json moving_row_json(const MovingRow& r, std::uint64_t seed, const std::string& run_id) {
  Json j;
  j["run"] = run_id;
  j["table"] = "moving";
  j["kernel"] = r.kernel->id;
  j["origin"] = r.kernel->origin;
  j["mode"] = mode_name(r.kernel->mode);
  j["query"] = std::string(to_string(r.kernel->query));
  j["scalar"] = std::string(to_string(r.kernel->scalar));
  j["family"] = std::string(gen::to_string(r.family));
  j["seed"] = seed;
  j["cases"] = r.cases;
  j["ok"] = r.ok;
  j["boundary"] = r.boundary;
  j["gross"] = r.gross;
  put_severity(j, r.kernel->tolerance, r.gross, r.severity);
  j["unjudged"] = r.unjudged;
  j["verdict_hash"] = r.verdicts.hex();
  if (r.kernel->mode == KernelMode::first_contact) {
    j["bound"] = contact_error_bound(r.kernel->scalar);
    j["both_first_contact"] = r.both_first_contact;
    j["ill_conditioned"] = r.ill_conditioned;
    j["scored"] = r.scored;
    j["time_error"] = percentiles_json(r.time_error);
    j["point_distance"] = percentiles_json(r.point_distance);
    // Which path produced the contact points, and the primary path's own error.
    j["point_paths"] = {{"features", r.features_path}, {"closest_points", r.closest_points_path}};
    j["primary_point_distance"] = percentiles_json(r.primary_point_distance);
  }
  j["lp_cross_checks"] = r.lp_cross_checks;
  j["oracle_disagreements"] = r.oracle_disagreements;
  j["harness_errors"] = r.harness_errors;
  j["seconds"] = r.seconds;
  j["cases_per_second"] = r.cases_per_second;
  return j;
}

std::string moving_cost_table_title() {
  return fmt::format(
      "moving oracle costs per query x scalar, all families (cases/s of ONE thread; first_contact_sat on "
      "every case and, for a like-for-like comparison, on the every-{}th cases that first_contact_lp "
      "also judged):",
      GroupPlan{}.cross_check_every);
}

Table make_moving_cost_table(const std::vector<MovingCostRow>& rows) {
  using A = Table::Align;
  Table table({{"query"},
               {"scalar"},
               {"cases", A::right},
               {"SAT cases/s", A::right},
               {"LP sample", A::right},
               {"SAT on sample cases/s", A::right},
               {"LP cases/s", A::right}});
  for (const MovingCostRow& r : rows) {
    const MovingOracleCosts& c = r.costs;
    table.add_row({std::string(to_string(r.query)), std::string(to_string(r.scalar)), std::to_string(r.cases),
                   rate_cell(c.sat, c.sat_seconds), std::to_string(c.lp),
                   rate_cell(c.sat_on_sample, c.sat_on_sample_seconds), rate_cell(c.lp, c.lp_seconds)});
  }
  return table;
}

Json moving_cost_row_json(const MovingCostRow& r, std::uint64_t seed, const std::string& run_id) {
  const MovingOracleCosts& c = r.costs;
  Json j = cost_row_head("moving_oracle_costs", r.query, r.scalar, seed, r.cases, run_id);
  j["sat_calls"] = c.sat;
  j["sat_seconds"] = c.sat_seconds;
  j["sat_cases_per_second"] = optional_json(rate(c.sat, c.sat_seconds));
  j["sat_on_sample_calls"] = c.sat_on_sample;
  j["sat_on_sample_seconds"] = c.sat_on_sample_seconds;
  j["sat_on_sample_cases_per_second"] = optional_json(rate(c.sat_on_sample, c.sat_on_sample_seconds));
  j["lp_calls"] = c.lp;
  j["lp_seconds"] = c.lp_seconds;
  j["lp_cases_per_second"] = optional_json(rate(c.lp, c.lp_seconds));
  return j;
}

std::vector<std::string> acceptance_notes(const std::vector<MovingRow>& rows) {
  std::vector<std::string> notes;
  for (const MovingRow& r : rows) {
    if (r.kernel->mode != KernelMode::first_contact) continue;
    const double target = oracle::contact_time_tolerance(r.kernel->scalar);
    if (r.time_error && r.time_error->p99 > target)
      notes.push_back(fmt::format("note: {} on {}: TOI error p99 {:.3g} T exceeds issue 3's target {:.0e} T",
                                  r.kernel->id, gen::to_string(r.family), r.time_error->p99, target));
    if (r.point_distance && r.point_distance->p99 > target)
      notes.push_back(fmt::format(
          "note: {} on {}: contact-point distance p99 {:.3g} size exceeds issue 3's target {:.0e} size",
          r.kernel->id, gen::to_string(r.family), r.point_distance->p99, target));
  }
  return notes;
}

}  // namespace sepax::cli
