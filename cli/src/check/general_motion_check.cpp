// `sepax check` on general_motion cases (pair_query_check.hpp): each stepped
// kernel on the case rounded to its scalar, judged step by step as verify
// judges it (harness::judge_general_motion).
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "check/pair_query_check.hpp"
#include "common/table.hpp"
#include "sepax/harness/case_judgement.hpp"

namespace sepax::cli {
namespace {

harness::GeneralMotionSetup rounded_to(const harness::Case& c, ScalarKind scalar) {
  auto motion = [scalar](RigidMotion<double> m) {
    if (scalar == ScalarKind::float32) {
      m.center = m.center.cast<float>().cast<double>();
      m.linear_velocity = m.linear_velocity.cast<float>().cast<double>();
      m.angular_velocity = m.angular_velocity.cast<float>().cast<double>();
      m.duration = double(float(m.duration));
    }
    return m;
  };
  return {harness::rounded_to(c.pair, scalar), motion(c.general->a), motion(c.general->b), c.general->steps,
          c.general->integrator};
}

std::string describe(ContactState state, int step, double time, bool frozen, bool has_point) {
  if (state != ContactState::first_contact) return std::string(to_string(state));
  return fmt::format("first contact at t = {:.17g} in step {}{}{}", time, step, frozen ? ", re-run frozen at its end" : "",
                     has_point ? "" : ", no point");
}

}  // namespace

void PairQueryChecker::check_general(const harness::Case& c, const std::vector<const harness::QueryKernel*>& kernels) {
  ++tally_.cases;
  nlohmann::ordered_json j;
  j["id"] = c.id;
  j["line"] = c.line;
  j["query"] = "general_motion";
  j["pair"] = std::string(to_string(c.pair.query));
  if (c.family) j["family"] = *c.family;
  const harness::GeneralMotionSetup stored = rounded_to(c, c.scalar);
  const harness::GeneralMotionTruth truth = harness::general_motion_truth(stored, c.scalar);
  j["oracle"] = {{"state", std::string(to_string(truth.state))}, {"step", truth.step}, {"t", truth.time},
                 {"frozen_at_end", truth.frozen_at_end}};
  j["kernels"] = nlohmann::ordered_json::array();
  Table table({{"kernel"}, {"answer"}, {"class"}, {"why"}});
  for (const harness::QueryKernel* k : kernels) {
    const harness::GeneralMotionSetup setup = rounded_to(c, k->scalar);
    const harness::GeneralMotionTruth t = k->scalar == c.scalar ? truth : harness::general_motion_truth(setup, k->scalar);
    const GeneralContactResult<double> says =
        *k->run(harness::QueryInput(harness::GeneralMotionPair{setup, k->scalar}))->general;
    const harness::GeneralMotionJudgement jd = harness::judge_general_motion(setup, says, t);
    count(jd.verdict_class, k->is_peer());
    nlohmann::ordered_json kj;
    kj["kernel"] = k->id;
    kj["state"] = std::string(to_string(says.state));
    kj["step"] = says.step;
    if (says.state == ContactState::first_contact) {
      kj["t"] = says.time;
      kj["frozen_at_end"] = says.frozen_at_end;
      if (says.has_point) kj["point"] = {says.point[0], says.point[1], says.point[2]};
    }
    kj["class"] = std::string(oracle::to_string(jd.verdict_class));
    kj["claims"] = jd.claims;
    if (!jd.reason.empty()) kj["reason"] = jd.reason;
    if (jd.margin) kj["margin"] = *jd.margin;
    if (jd.tolerance) kj["band"] = *jd.tolerance;
    if (jd.time_error) kj["time_error"] = *jd.time_error;
    table.add_row({k->id, describe(says.state, says.step, says.time, says.frozen_at_end, says.has_point),
                   std::string(oracle::to_string(jd.verdict_class)), jd.reason});
    j["kernels"].push_back(std::move(kj));
  }
  if (json_) {
    out_ << j.dump() << '\n';
    return;
  }
  out_ << fmt::format("{}  general_motion {} {}, {} steps, {}{}  (line {})\n", c.id, to_string(c.pair.query),
                      to_string(c.scalar), c.general->steps, to_string(c.general->integrator),
                      c.family ? "  family " + *c.family : "", c.line);
  out_ << "  exact (the same steps, each by the exact constant-velocity oracle): "
       << describe(truth.state, truth.step, truth.time, truth.frozen_at_end, true) << '\n';
  out_ << table.to_text() << '\n';
}

}  // namespace sepax::cli
