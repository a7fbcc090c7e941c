// `sepax check` on rect_rect and sphere_sphere cases (pair_query_check.hpp).
#include "check/pair_query_check.hpp"

#include <optional>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/table.hpp"
#include "sepax/harness/gomez/sphere_judgement.hpp"
#include "sepax/harness/planar/rect_judgement.hpp"
#include "sepax/oracle/exact_gomez.hpp"
#include "sepax/oracle/exact_rect2.hpp"

namespace sepax::cli {

using Json = nlohmann::ordered_json;

void PairQueryChecker::count(oracle::Class k, bool peer) {
  switch (k) {
    case oracle::Class::ok: ++tally_.ok; break;
    case oracle::Class::boundary: ++tally_.boundary; break;
    case oracle::Class::gross: ++(peer && !peers_fail_ ? tally_.peer_gross : tally_.gross); break;
    case oracle::Class::convention: ++tally_.convention; break;
  }
}

void PairQueryChecker::check(const harness::PlanarCase& c, const std::vector<const harness::QueryKernel*>& kernels) {
  ++tally_.cases;
  const bool exact = oracle::rect_rect_exact(c.a, c.b);
  const double margin = oracle::rect_rect_margin(c.a, c.b);
  Json j;
  j["id"] = c.id;
  j["line"] = c.line;
  j["query"] = "rect_rect";
  if (c.family) j["family"] = *c.family;
  j["oracle"] = {{"intersects", exact}, {"margin", margin}};
  j["kernels"] = Json::array();
  Table table({{"kernel"}, {"answer"}, {"class"}});
  std::vector<std::string> notes;
  std::optional<oracle::ExactRectContact> contact;
  if (c.motion) {
    contact = oracle::rect_rect_first_contact(c.a, c.b, *c.motion);
    j["oracle"]["first_contact"] = {{"state", std::string(to_string(contact->state))}, {"t", contact->time},
                                    {"t_exact", contact->time_exact}};
  }
  for (const harness::QueryKernel* k : kernels) {
    const Rect2<double> a = harness::rect_rounded_to(c.a, k->scalar), b = harness::rect_rounded_to(c.b, k->scalar);
    if (k->mode != "test_static") {
      if (!c.motion) continue;
      const LinearMotion2<double> m = harness::motion_rounded_to(*c.motion, k->scalar);
      const harness::QueryAnswer says = *k->run(harness::QueryInput(gen::RectMotionCase{a, b, m}));
      const ContactState state = state_of(says);
      const oracle::ExactRectContact e = oracle::rect_rect_first_contact(a, b, m);
      const harness::RectContactJudgement jd =
          harness::judge_rect_contact(a, b, m, k->scalar, state, says.time.value_or(0), e.state, e.time);
      count(jd.verdict_class, k->is_peer());
      Json kj;
      kj["kernel"] = k->id;
      kj["state"] = std::string(to_string(state));
      if (says.time) kj["t"] = *says.time;
      kj["class"] = std::string(oracle::to_string(jd.verdict_class));
      if (jd.tolerance) kj["band"] = *jd.tolerance;
      table.add_row({k->id,
                     says.time ? fmt::format("first contact at t = {:.17g}", *says.time) : std::string(to_string(state)),
                     std::string(oracle::to_string(jd.verdict_class))});
      j["kernels"].push_back(std::move(kj));
      continue;
    }
    const bool rounded = k->scalar != c.scalar;
    const bool exact_k = rounded ? oracle::rect_rect_exact(a, b) : exact;
    if (rounded)
      notes.push_back(fmt::format("{} judged on the case rounded to {}: exactly {}", k->id, to_string(k->scalar),
                                  exact_k ? "intersecting" : "separated"));
    Json kj;
    kj["kernel"] = k->id;
    const std::optional<harness::QueryAnswer> answer = k->run(harness::QueryInput(gen::RectPair{a, b}));
    const std::optional<bool> says = answer ? std::optional<bool>(answer->meets) : std::nullopt;
    if (!says) {
      kj["refused"] = true;
      table.add_row({k->id, "refused (not the library's input)", "-"});
      j["kernels"].push_back(std::move(kj));
      continue;
    }
    const harness::RectJudgement jd = harness::judge_rect_verdict(a, b, k->scalar, *says, exact_k);
    count(jd.verdict_class, k->is_peer());
    kj["intersects"] = *says;
    kj["class"] = std::string(oracle::to_string(jd.verdict_class));
    if (jd.tolerance) kj["band"] = *jd.tolerance;
    table.add_row({k->id, *says ? "intersects" : "separated", std::string(oracle::to_string(jd.verdict_class))});
    j["kernels"].push_back(std::move(kj));
  }
  if (json_) {
    out_ << j.dump() << '\n';
    return;
  }
  out_ << fmt::format("{}  rect_rect {}{}  (line {})\n", c.id, to_string(c.scalar),
                      c.family ? "  family " + *c.family : "", c.line);
  out_ << fmt::format("  exact: {} (margin {:.6g} of the larger diagonal){}\n", exact ? "intersecting" : "separated",
                      margin,
                      contact ? fmt::format("; over [0, T]: {}{}", to_string(contact->state),
                                            contact->state == ContactState::first_contact
                                                ? " at t* = " + contact->time_exact
                                                : "")
                              : "");
  out_ << table.to_text();
  for (const std::string& n : notes) out_ << "  note: " << n << '\n';
  out_ << '\n';
}

void PairQueryChecker::record(Json& j, Table& table, bool peer, Json kj, const std::string& answer,
                              const harness::SphereJudgement& jd) {
  count(jd.verdict_class, peer);
  kj["class"] = std::string(oracle::to_string(jd.verdict_class));
  if (jd.margin) kj["margin"] = *jd.margin;
  if (jd.tolerance) kj["band"] = *jd.tolerance;
  table.add_row({kj["kernel"].get<std::string>(), answer, std::string(oracle::to_string(jd.verdict_class))});
  j["kernels"].push_back(std::move(kj));
}

std::string PairQueryChecker::sweep_answer(Json& kj, const harness::QueryAnswer& says) {
  const ContactState state = state_of(says);
  kj["state"] = std::string(to_string(state));
  if (says.time) kj["t"] = *says.time;
  return says.time ? fmt::format("first contact at u = {:.17g}", *says.time) : std::string(to_string(state));
}

void PairQueryChecker::print(const Json& j, const Table& table, const harness::SphereCase& c, const char* query,
                             bool meets, const std::optional<oracle::ExactSweep>& sweep) {
  if (json_) {
    out_ << j.dump() << '\n';
    return;
  }
  out_ << fmt::format("{}  {} {}{}  (line {})\n", c.id, query, to_string(c.scalar),
                      c.family ? "  family " + *c.family : "", c.line);
  out_ << fmt::format("  exact: {}{}\n", meets ? "intersecting" : "separated",
                      sweep ? fmt::format("; sweep {}{}", to_string(sweep->state),
                                          sweep->state == ContactState::first_contact
                                              ? fmt::format(" at u = {:.17g}", sweep->first)
                                              : "")
                            : "");
  out_ << table.to_text() << '\n';
}

void PairQueryChecker::check(const harness::SphereCase& c, const std::vector<const harness::QueryKernel*>& kernels) {
  ++tally_.cases;
  Json j;
  j["id"] = c.id;
  j["line"] = c.line;
  j["query"] = "sphere_sphere";
  if (c.family) j["family"] = *c.family;
  const bool meets = harness::sphere_sphere_meets_exactly(c.a, c.b);
  j["oracle"] = {{"intersects", meets}};
  std::optional<oracle::ExactSweep> sweep;
  if (c.sweep) {
    sweep = oracle::sphere_sphere_sweep_exact(c.a, c.sweep->da, c.b, c.sweep->db);
    j["oracle"]["sweep"] = {{"state", std::string(to_string(sweep->state))}, {"first", sweep->first}};
  }
  j["kernels"] = Json::array();
  Table table({{"kernel"}, {"answer"}, {"class"}});
  for (const harness::QueryKernel* k : kernels) {
    if (k->mode != "test_static" && !c.sweep) continue;
    const Sphere3<double> a = harness::sphere_rounded_to(c.a, k->scalar), b = harness::sphere_rounded_to(c.b, k->scalar);
    Json kj;
    kj["kernel"] = k->id;
    harness::SphereJudgement jd;
    std::string answer;
    if (k->mode == "test_static") {
      const bool says = k->run(harness::QueryInput(gen::SpherePair{a, b}))->meets;
      jd = harness::judge_sphere_static(a, b, k->scalar, says, harness::sphere_sphere_meets_exactly(a, b));
      kj["intersects"] = says;
      answer = says ? "intersects" : "separated";
    } else {
      const Vec3<double> da = harness::vector_rounded_to(c.sweep->da, k->scalar),
                         db = harness::vector_rounded_to(c.sweep->db, k->scalar);
      const std::optional<harness::QueryAnswer> says = k->run(harness::QueryInput(gen::SphereSweepCase{a, b, da, db}));
      answer = sweep_answer(kj, *says);
      jd = harness::judge_sphere_sweep(a, da, b, db, k->scalar, state_of(*says), says->time.value_or(0),
                                       oracle::sphere_sphere_sweep_exact(a, da, b, db));
    }
    record(j, table, k->is_peer(), std::move(kj), answer, jd);
  }
  print(j, table, c, "sphere_sphere", meets, sweep);
}

void PairQueryChecker::check_box(const harness::SphereCase& c, const std::vector<const harness::QueryKernel*>& kernels) {
  ++tally_.cases;
  const bool meets = harness::aabb_sphere_meets_exactly(*c.box, c.b);
  const double gap = oracle::aabb_sphere_gap(*c.box, c.b);
  Json j;
  j["id"] = c.id;
  j["line"] = c.line;
  j["query"] = "aabb_sphere";
  if (c.family) j["family"] = *c.family;
  j["oracle"] = {{"intersects", meets}, {"gap", gap}};
  j["kernels"] = Json::array();
  Table table({{"kernel"}, {"answer"}, {"class"}});
  for (const harness::QueryKernel* k : kernels) {
    const Aabb3<double> box = harness::box_rounded_to(*c.box, k->scalar);
    const Sphere3<double> ball = harness::sphere_rounded_to(c.b, k->scalar);
    const bool says = k->run(harness::QueryInput(gen::BoxSpherePair{box, ball}))->meets;
    const harness::SphereJudgement jd =
        harness::judge_aabb_sphere(box, ball, k->scalar, says, harness::aabb_sphere_meets_exactly(box, ball));
    count(jd.verdict_class, k->is_peer());
    Json kj;
    kj["kernel"] = k->id;
    kj["intersects"] = says;
    kj["class"] = std::string(oracle::to_string(jd.verdict_class));
    if (jd.margin) kj["margin"] = *jd.margin;
    if (jd.tolerance) kj["band"] = *jd.tolerance;
    table.add_row({k->id, says ? "intersects" : "separated", std::string(oracle::to_string(jd.verdict_class))});
    j["kernels"].push_back(std::move(kj));
  }
  if (json_) {
    out_ << j.dump() << '\n';
    return;
  }
  out_ << fmt::format("{}  aabb_sphere {}{}  (line {})\n", c.id, to_string(c.scalar),
                      c.family ? "  family " + *c.family : "", c.line);
  out_ << fmt::format("  exact: {} (signed distance {:.6g})\n", meets ? "intersecting" : "separated", gap);
  out_ << table.to_text() << '\n';
}

}  // namespace sepax::cli
