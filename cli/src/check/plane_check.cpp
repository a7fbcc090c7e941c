// `sepax check` on sphere_plane cases (pair_query_check.hpp): Gomez's
// sphere–plane test, and his sweep when the case moves the ball, each kernel
// on the case rounded to its scalar.
#include "check/pair_query_check.hpp"
#include "sepax/harness/gomez/plane_judgement.hpp"

namespace sepax::cli {

void PairQueryChecker::check_plane(const harness::SphereCase& c, const std::vector<const harness::QueryKernel*>& kernels) {
  ++tally_.cases;
  nlohmann::ordered_json j;
  j["id"] = c.id;
  j["line"] = c.line;
  j["query"] = "sphere_plane";
  if (c.family) j["family"] = *c.family;
  const bool meets = harness::sphere_plane_meets_exactly(c.a, *c.plane);
  j["oracle"] = {{"intersects", meets}};
  std::optional<oracle::ExactSweep> sweep;
  if (c.sweep) {
    sweep = oracle::sphere_plane_sweep_exact(c.a, c.sweep->da, *c.plane);
    j["oracle"]["sweep"] = {{"state", std::string(to_string(sweep->state))}, {"first", sweep->first}};
  }
  j["kernels"] = nlohmann::ordered_json::array();
  Table table({{"kernel"}, {"answer"}, {"class"}});
  for (const harness::QueryKernel* k : kernels) {
    if (k->mode != "test_static" && !c.sweep) continue;
    const Sphere3<double> s = harness::sphere_rounded_to(c.a, k->scalar);
    const Plane3<double> p = harness::plane_rounded_to(*c.plane, k->scalar);
    nlohmann::ordered_json kj;
    kj["kernel"] = k->id;
    harness::SphereJudgement jd;
    std::string answer;
    if (k->mode == "test_static") {
      const bool says = k->run(harness::QueryInput(gen::SpherePlaneCase{s, p}))->meets;
      jd = harness::judge_sphere_plane(s, p, k->scalar, says, harness::sphere_plane_meets_exactly(s, p));
      kj["intersects"] = says;
      answer = says ? "intersects" : "separated";
    } else {
      const Vec3<double> d = harness::vector_rounded_to(c.sweep->da, k->scalar);
      const harness::QueryAnswer says = *k->run(harness::QueryInput(gen::SpherePlaneCase{s, p, d}));
      answer = sweep_answer(kj, says);
      jd = harness::judge_sphere_plane_sweep(s, d, p, k->scalar, state_of(says), says.time.value_or(0),
                                             oracle::sphere_plane_sweep_exact(s, d, p));
    }
    record(j, table, k->is_peer(), std::move(kj), answer, jd);
  }
  print(j, table, c, "sphere_plane", meets, sweep);
}

}  // namespace sepax::cli
