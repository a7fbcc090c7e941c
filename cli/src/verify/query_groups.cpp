// verify's pair-query groups: rows, tables and failure classes (query_groups.hpp).
#include "verify/query_groups.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "sepax/harness/campaign/campaign.hpp"  // case_file_stem
#include "verify/failure_classes.hpp"

namespace sepax::cli {
namespace {

using Json = nlohmann::ordered_json;

std::string quantile(std::vector<double> v, double q) {
  if (v.empty()) return "-";
  std::sort(v.begin(), v.end());
  const std::size_t i = std::min(v.size() - 1, std::size_t(q * double(v.size() - 1) + 0.5));
  return fmt::format("{:.2g}", v[i]);
}

nlohmann::ordered_json drift_row_json(const harness::IntegratorDrift& d, const std::string& run_id) {
  nlohmann::ordered_json j;
  j["run"] = run_id;
  j["table"] = "general_motion_drift";
  j["motion"] = d.motion;
  j["turn"] = d.turn;
  j["steps"] = d.steps;
  j["integrator"] = to_string(d.integrator);
  j["gram_schmidt"] = d.gram_schmidt;
  j["frame_error"] = d.frame_error;
  j["defect"] = d.defect;
  return j;
}

}  // namespace

void record_pair_group(const harness::QueryGroup& group, const harness::QueryBatch& result,
                       const PairGroupContext& context, const ResultsDirectory& results, PairQueryResult& out) {
  const harness::JudgedQuery& q = *group.query;
  const std::string family = q.families[group.family];
  const std::string scalar(to_string(group.scalar));
  out.cases += result.cases;
  out.seconds += result.seconds;
  std::vector<Json> lines;
  ClassGroup classes{q.name, scalar, family, context.program, {}, context.replays_per_class};
  const auto gated = [&](const std::string& kernel) {
    return std::find(context.gated_kernel_ids.begin(), context.gated_kernel_ids.end(), kernel) !=
           context.gated_kernel_ids.end();
  };
  for (const harness::QueryRow& r : result.rows) {
    PairQueryRow row{q.name, q.mode, family, scalar, r};
    row.row.peer = r.peer && !gated(r.kernel);
    lines.push_back(pair_query_row_json(row, context.seed, context.run_id));
    classes.gross_by_kernel[r.kernel] = r.gross;
    out.rows.push_back(std::move(row));
  }
  std::vector<PendingReplay> replays;
  for (const harness::QueryFinding& f : result.findings)
    replays.push_back({fmt::format("{}-{}-{}-{}", q.name, harness::case_file_stem(f.kernel), family, f.index),
                       f.case_line + "\n", "check ", fmt::format(" --kernel {}{}", f.kernel, context.replay_arguments),
                       f.detail, f.kernel, f.kind, f.peer && !gated(f.kernel), f.severity, f.band, f.cause,
                       f.cause_detail, f.cause_fix});
  for (Json& row : write_text_classes(replays, classes, results, out.replays, out.notes)) lines.push_back(std::move(row));
  try {
    results.append_rows(lines);
  } catch (const std::exception& e) {
    out.notes.push_back(fmt::format("note: {} campaign: {}", q.name, e.what()));
  }
}

void record_drift(const std::string& run_id, const ResultsDirectory& results, PairQueryResult& out) {
  out.drift = harness::integrator_drift_table();
  std::vector<Json> lines;
  for (const harness::IntegratorDrift& d : out.drift) lines.push_back(drift_row_json(d, run_id));
  try {
    results.append_rows(lines);
  } catch (const std::exception& e) {
    out.notes.push_back(fmt::format("note: general_motion drift table: {}", e.what()));
  }
}

Json pair_query_row_json(const PairQueryRow& r, std::uint64_t seed, const std::string& run_id) {
  Json j;
  j["run"] = run_id;
  j["table"] = "pair_queries";
  j["seed"] = seed;
  const harness::QueryRow& k = r.row;
  j["query"] = r.query;
  j["mode"] = r.mode;
  j["kernel"] = k.kernel;
  j["scalar"] = r.scalar;
  j["family"] = r.family;
  j["peer"] = k.peer;
  j["cases"] = k.cases;
  j["truth_hits"] = k.truth_hits;
  j["ok"] = k.ok;
  j["boundary"] = k.boundary;
  j["gross"] = k.gross;
  j["refused"] = k.refused;
  j["ns_per_call"] = k.cases > 0 ? k.seconds * 1e9 / double(k.cases) : 0.0;
  j["verdict_hash"] = k.verdicts.hex();  // every answer, bit for bit: equal runs, equal digests
  const auto spread = [&](const char* key, std::vector<double> v) {
    if (v.empty()) return;
    std::sort(v.begin(), v.end());
    auto at = [&](double q) { return v[std::min(v.size() - 1, std::size_t(q * double(v.size() - 1) + 0.5))]; };
    j[key] = {{"p50", at(0.5)}, {"p99", at(0.99)}, {"max", v.back()}, {"n", v.size()}};
  };
  spread("time_error", k.time_errors);
  spread("depth_error", k.depth_errors);        // manifolds: |depth − depth*| / ℓ
  spread("point_distance", k.point_distances);  // manifolds: a point's distance outside a box / ℓ
  return j;
}

std::string pair_query_table_title() {
  return "Queries of the seed articles beyond the SAT registry (2D rectangles; Gomez's sphere tests and sweeps; "
         "OBB-OBB contact manifolds), each answer against the exact one";
}

Table make_pair_query_table(const std::vector<PairQueryRow>& rows) {
  Table t({{"query"}, {"mode"}, {"kernel"}, {"family"}, {"cases", Table::Align::right},
           {"exact hits", Table::Align::right}, {"ok", Table::Align::right}, {"boundary", Table::Align::right},
           {"gross", Table::Align::right}, {"refused", Table::Align::right}, {"|t - t*| p99", Table::Align::right},
           {"depth err p99", Table::Align::right}, {"point dist max", Table::Align::right}});
  for (const PairQueryRow& r : rows) {
    const harness::QueryRow& k = r.row;
    t.add_row({r.query, r.mode, k.kernel, r.family, std::to_string(k.cases), std::to_string(k.truth_hits),
               std::to_string(k.ok), std::to_string(k.boundary), std::to_string(k.gross), std::to_string(k.refused),
               quantile(k.time_errors, 0.99), quantile(k.depth_errors, 0.99), quantile(k.point_distances, 1.0)});
  }
  return t;
}

std::string drift_table_title() {
  return "Integrator drift (general_motion's frames against the rotation in 256-bit MPFR; max |F - R| over the "
         "samples, T = 1; GS: Gram-Schmidt after every step, as the kernels run)";
}

Table make_drift_table(const std::vector<harness::IntegratorDrift>& rows) {
  Table t({{"motion"}, {"|w|T rad", Table::Align::right}, {"N", Table::Align::right},
           {"euler+GS", Table::Align::right}, {"euler", Table::Align::right}, {"rk4+GS", Table::Align::right},
           {"rk4", Table::Align::right}});
  // (motion order, N) -> the four variants' errors.
  std::map<std::tuple<std::size_t, int>, std::array<double, 4>> cells;
  std::vector<std::string> motions;
  std::map<std::string, double> turns;
  for (const harness::IntegratorDrift& d : rows) {
    std::size_t m = 0;
    while (m < motions.size() && motions[m] != d.motion) ++m;
    if (m == motions.size()) motions.push_back(d.motion);
    turns[d.motion] = d.turn;
    const int column = (d.integrator == Integrator::rk4 ? 2 : 0) + (d.gram_schmidt ? 0 : 1);
    cells[{m, d.steps}][std::size_t(column)] = d.frame_error;
  }
  for (const auto& [key, e] : cells) {
    const std::string& motion = motions[std::get<0>(key)];
    t.add_row({motion, fmt::format("{:.2f}", turns[motion]), std::to_string(std::get<1>(key)), fmt::format("{:.1e}", e[0]),
               fmt::format("{:.1e}", e[1]), fmt::format("{:.1e}", e[2]), fmt::format("{:.1e}", e[3])});
  }
  return t;
}

}  // namespace sepax::cli
