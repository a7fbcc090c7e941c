// verify's general_motion campaign (general_motion_query.hpp).
#include "verify/pair_queries/general_motion_query.hpp"

#include <array>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "kernel_lists/general_motion_kernels.hpp"
#include "sepax/harness/case_file.hpp"

namespace sepax::cli {
namespace {

constexpr std::array<Query, 3> kPairs{Query::obb_obb, Query::tri_obb, Query::tri_tri};

/// Family f of the campaign: pair f / 3, generator family f % 3 ("obb_obb-random", ...).
Query pair_of(std::size_t f) { return kPairs[f / gen::general_motion_families().size()]; }
gen::GeneralMotionFamily family_of(std::size_t f) {
  return gen::general_motion_families()[f % gen::general_motion_families().size()];
}

}  // namespace

PairQuery<GeneralMotionPair, harness::GeneralMotionTruth> general_motion_query() {
  PairQuery<GeneralMotionPair, harness::GeneralMotionTruth> q;
  q.name = "general_motion";
  q.mode = "find_first_contact";
  for (std::size_t f = 0; f < kPairs.size() * gen::general_motion_families().size(); ++f)
    q.families.push_back(std::string(to_string(pair_of(f))) + "-" + gen::to_string(family_of(f)));
  q.generate = [](std::size_t f, ScalarKind s, gen::Source& src) {
    const gen::GeneralMotionCase c = gen::generate_general_motion(pair_of(f), family_of(f), s, src);
    return GeneralMotionPair{{c.pair, c.motion_a, c.motion_b, c.steps, c.integrator}, s};
  };
  q.exact = [](const GeneralMotionPair& p) { return harness::general_motion_truth(p.setup, p.scalar); };
  q.exact_meets = [](const harness::GeneralMotionTruth& t) { return t.state != ContactState::separated_throughout; };
  q.judge = [](const GeneralMotionPair& p, ScalarKind, const QueryAnswer& a, const harness::GeneralMotionTruth& t) {
    const harness::GeneralMotionJudgement j = harness::judge_general_motion(p.setup, *a.general, t);
    QueryVerdict v;
    v.verdict_class = j.verdict_class;
    v.margin = j.margin;
    v.tolerance = j.tolerance;
    v.time_error = j.time_error;
    v.reason = j.reason;
    return v;
  };
  q.case_line = [](const GeneralMotionPair& p, const CaseLabel& l) {
    harness::Case c;
    c.id = l.id;
    c.scalar = l.scalar;
    c.family = l.family;
    c.pair = p.setup.pair;
    c.general = harness::GeneralMotionSpec{p.setup.motion_a, p.setup.motion_b, p.setup.steps, p.setup.integrator};
    c.origin = l.origin;
    return harness::format_case(c);
  };
  for (const GeneralMotionKernel& k : general_motion_kernels())
    q.kernels.push_back({k.id, k.scalar, k.peer, [run = k.run](const GeneralMotionPair& p) -> std::optional<QueryAnswer> {
                           QueryAnswer a;
                           a.general = run(p.setup);
                           a.meets = a.general->state != ContactState::separated_throughout;
                           if (a.general->state == ContactState::first_contact) a.time = a.general->time;
                           return a;
                         }});
  return q;
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

}  // namespace sepax::cli
