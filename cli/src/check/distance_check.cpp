// `sepax check` on obb_obb_distance, tri_obb_distance and tri_tri_distance
// cases (pair_query_check.hpp): each distance kernel on the shapes rounded to
// its scalar, judged as verify judges it (distance_judgement.hpp).
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "check/pair_query_check.hpp"
#include "common/table.hpp"
#include "sepax/harness/distance/distance_judgement.hpp"

namespace sepax::cli {
namespace {

/// The pair as a kernel computing in `scalar` sees it.
ShapePair rounded_to(ShapePair p, ScalarKind scalar) {
  if (scalar != ScalarKind::float32) return p;
  p.obb_a = p.obb_a.cast<float>().cast<double>();
  p.obb_b = p.obb_b.cast<float>().cast<double>();
  for (auto* t : {&p.tri_a, &p.tri_b})
    for (Vec3<double>& v : t->vertices) v = v.cast<float>().cast<double>();
  return p;
}

std::string describe(const harness::DistanceAnswer& d) {
  if (d.distance > 0) return fmt::format("apart by {:.9g}", d.distance);
  return fmt::format("penetration {:.9g} along ({:.6g}, {:.6g}, {:.6g})", -d.distance, d.normal[0], d.normal[1],
                     d.normal[2]);
}

}  // namespace

void PairQueryChecker::check_distance(const harness::Case& c, const std::vector<const harness::QueryKernel*>& kernels) {
  ++tally_.cases;
  const std::string query = std::string(to_string(c.pair.query)) + "_distance";
  const harness::DistanceTruth truth = harness::distance_truth(c.pair);
  nlohmann::ordered_json j;
  j["id"] = c.id;
  j["line"] = c.line;
  j["query"] = query;
  if (c.family) j["family"] = *c.family;
  j["oracle"] = {{"intersects", truth.intersects}, {"distance", truth.margin * truth.ell}, {"margin", truth.margin}};
  j["kernels"] = nlohmann::ordered_json::array();
  Table table({{"kernel"}, {"answer"}, {"class"}, {"why"}});
  for (const harness::QueryKernel* k : kernels) {
    const ShapePair p = rounded_to(c.pair, k->scalar);
    const harness::DistanceTruth t = k->scalar == c.scalar ? truth : harness::distance_truth(p);
    nlohmann::ordered_json kj;
    kj["kernel"] = k->id;
    std::optional<harness::QueryAnswer> answer;
    try {
      answer = k->run(harness::QueryInput(p));
    } catch (const std::exception& e) {
      count(oracle::Class::gross, k->is_peer());
      kj["class"] = "gross";
      kj["error"] = e.what();
      table.add_row({k->id, "threw", "gross", e.what()});
      j["kernels"].push_back(std::move(kj));
      continue;
    }
    if (!answer) {
      kj["refused"] = true;
      table.add_row({k->id, "refused (not the library's input)", "-", ""});
      j["kernels"].push_back(std::move(kj));
      continue;
    }
    const harness::DistanceAnswer says = answer->distance.value_or(harness::DistanceAnswer{});
    const harness::DistanceJudgement jd = harness::judge_distance(p, k->scalar, says, t);
    count(jd.verdict_class, k->is_peer());
    kj["distance"] = says.distance;
    kj["normal"] = {says.normal[0], says.normal[1], says.normal[2]};
    if (says.distance > 0) {
      kj["point_a"] = {says.point_a[0], says.point_a[1], says.point_a[2]};
      kj["point_b"] = {says.point_b[0], says.point_b[1], says.point_b[2]};
    }
    kj["class"] = std::string(oracle::to_string(jd.verdict_class));
    if (!jd.reason.empty()) kj["reason"] = jd.reason;
    kj["band"] = jd.tolerance;
    if (jd.distance_error) kj["distance_error"] = *jd.distance_error;
    table.add_row({k->id, describe(says), std::string(oracle::to_string(jd.verdict_class)), jd.reason});
    j["kernels"].push_back(std::move(kj));
  }
  if (json_) {
    out_ << j.dump() << '\n';
    return;
  }
  out_ << fmt::format("{}  {} {}{}  (line {})\n", c.id, query, to_string(c.scalar),
                      c.family ? "  family " + *c.family : "", c.line);
  out_ << (truth.intersects ? fmt::format("  exact: overlapping, penetration depth {:.9g}\n", -truth.margin * truth.ell)
                            : fmt::format("  exact: apart by {:.9g}\n", truth.margin * truth.ell));
  out_ << table.to_text() << '\n';
}

}  // namespace sepax::cli
