// `sepax check` on aabb_aabb cases (pair_query_check.hpp): Gomez's AABB
// overlap test, and his sweep when the case moves the boxes, each kernel on
// the case rounded to its scalar.
#include "check/pair_query_check.hpp"
#include "sepax/harness/gomez/aabb_judgement.hpp"

namespace sepax::cli {

void PairQueryChecker::check_aabb(const harness::SphereCase& c, const std::vector<const harness::QueryKernel*>& kernels) {
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
  for (const harness::QueryKernel* k : kernels) {
    if (k->mode != "test_static" && !c.sweep) continue;
    const Aabb3<double> a = harness::box_rounded_to(*c.box, k->scalar), b = harness::box_rounded_to(*c.box_b, k->scalar);
    nlohmann::ordered_json kj;
    kj["kernel"] = k->id;
    harness::SphereJudgement jd;
    std::string answer;
    if (k->mode == "test_static") {
      const bool says = k->run(harness::QueryInput(gen::AabbPairCase{a, b}))->meets;
      jd = harness::judge_aabb_aabb(a, b, says, harness::aabb_aabb_meets_exactly(a, b));
      kj["intersects"] = says;
      answer = says ? "intersects" : "separated";
    } else {
      const Vec3<double> da = harness::vector_rounded_to(c.sweep->da, k->scalar),
                         db = harness::vector_rounded_to(c.sweep->db, k->scalar);
      const harness::QueryAnswer says = *k->run(harness::QueryInput(gen::AabbPairCase{a, b, da, db}));
      answer = sweep_answer(kj, says);
      jd = harness::judge_aabb_sweep(a, da, b, db, k->scalar, state_of(says), says.time.value_or(0),
                                     oracle::aabb_aabb_sweep_exact(a, da, b, db));
    }
    record(j, table, k->is_peer(), std::move(kj), answer, jd);
  }
  print(j, table, c, "aabb_aabb", meets, sweep);
}

}  // namespace sepax::cli
