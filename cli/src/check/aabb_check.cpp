// `sepax check` on aabb_aabb cases (pair_query_check.hpp): Gomez's AABB
// overlap test, and his sweep when the case moves the boxes, each kernel on
// the case rounded to its scalar.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "check/pair_query_check.hpp"
#include "common/table.hpp"
#include "sepax/harness/gomez/aabb_judgement.hpp"

namespace sepax::cli {

void PairQueryChecker::check_aabb(const harness::SphereCase& c, const std::vector<const AabbKernel*>& kernels) {
  ++tally_.cases;
  nlohmann::ordered_json j;
  j["id"] = c.id;
  j["line"] = c.line;
  j["query"] = "aabb_aabb";
  if (c.family) j["family"] = *c.family;
  const bool meets = harness::aabb_aabb_meets_exactly(*c.box, *c.box_b);
  j["oracle"] = {{"intersects", meets}};
  std::optional<oracle::ExactSweep> sweep;
  if (c.sweep) {
    sweep = oracle::aabb_aabb_sweep_exact(*c.box, c.sweep->da, *c.box_b, c.sweep->db);
    j["oracle"]["sweep"] = {{"state", std::string(to_string(sweep->state))}, {"first", sweep->first}};
  }
  j["kernels"] = nlohmann::ordered_json::array();
  Table table({{"kernel"}, {"answer"}, {"class"}});
  for (const AabbKernel* k : kernels) {
    if (k->sweep && !c.sweep) continue;
    const Aabb3<double> a = harness::box_rounded_to(*c.box, k->scalar), b = harness::box_rounded_to(*c.box_b, k->scalar);
    nlohmann::ordered_json kj;
    kj["kernel"] = k->id;
    harness::SphereJudgement jd;
    std::string answer;
    if (k->test) {
      const bool says = k->test(a, b);
      jd = harness::judge_aabb_aabb(a, b, says, harness::aabb_aabb_meets_exactly(a, b));
      kj["intersects"] = says;
      answer = says ? "intersects" : "separated";
    } else {
      const Vec3<double> da = harness::vector_rounded_to(c.sweep->da, k->scalar),
                         db = harness::vector_rounded_to(c.sweep->db, k->scalar);
      const QueryAnswer says = k->sweep(a, da, b, db);
      const ContactState state = state_of(says);
      jd = harness::judge_aabb_sweep(a, da, b, db, k->scalar, state, says.time.value_or(0),
                                     oracle::aabb_aabb_sweep_exact(a, da, b, db));
      kj["state"] = std::string(to_string(state));
      if (says.time) kj["t"] = *says.time;
      answer = says.time ? fmt::format("first contact at u = {:.17g}", *says.time) : std::string(to_string(state));
    }
    count(jd.verdict_class, k->peer);
    kj["class"] = std::string(oracle::to_string(jd.verdict_class));
    if (jd.margin) kj["margin"] = *jd.margin;
    if (jd.tolerance) kj["band"] = *jd.tolerance;
    table.add_row({k->id, answer, std::string(oracle::to_string(jd.verdict_class))});
    j["kernels"].push_back(std::move(kj));
  }
  if (json_) {
    out_ << j.dump() << '\n';
    return;
  }
  out_ << fmt::format("{}  aabb_aabb {}{}  (line {})\n", c.id, to_string(c.scalar),
                      c.family ? "  family " + *c.family : "", c.line);
  out_ << fmt::format("  exact: {}{}\n", meets ? "intersecting" : "separated",
                      sweep ? fmt::format("; sweep {}{}", to_string(sweep->state),
                                          sweep->state == ContactState::first_contact
                                              ? fmt::format(" at u = {:.17g}", sweep->first)
                                              : "")
                            : "");
  out_ << table.to_text() << '\n';
}

}  // namespace sepax::cli
