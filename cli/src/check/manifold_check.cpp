// `sepax check` on obb_obb_manifold cases (pair_query_check.hpp): each
// manifold kernel on the boxes rounded to its scalar, judged as verify judges it.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "check/pair_query_check.hpp"
#include "common/table.hpp"

namespace sepax::cli {
namespace {

/// The box as a kernel computing in `scalar` sees it.
Obb3d rounded_to(const Obb3d& b, ScalarKind scalar) {
  return scalar == ScalarKind::float32 ? b.cast<float>().cast<double>() : b;
}

std::string describe(const harness::ManifoldAnswer& m) {
  if (!m.contact) return "no contact";
  return fmt::format("depth {:.9g}, normal ({:.6g}, {:.6g}, {:.6g}), {} point{}", m.depth, m.normal[0], m.normal[1],
                     m.normal[2], m.points.size(), m.points.size() == 1 ? "" : "s");
}

}  // namespace

void PairQueryChecker::check_manifold(const harness::Case& c, const std::vector<const harness::QueryKernel*>& kernels) {
  ++tally_.cases;
  const harness::ManifoldTruth truth = harness::manifold_truth(c.pair.obb_a, c.pair.obb_b);
  nlohmann::ordered_json j;
  j["id"] = c.id;
  j["line"] = c.line;
  j["query"] = "obb_obb_manifold";
  if (c.family) j["family"] = *c.family;
  j["oracle"] = {{"intersects", truth.intersects}, {"depth", truth.depth * truth.ell}, {"margin", truth.margin}};
  j["kernels"] = nlohmann::ordered_json::array();
  Table table({{"kernel"}, {"answer"}, {"class"}, {"why"}});
  for (const harness::QueryKernel* k : kernels) {
    const Obb3d a = rounded_to(c.pair.obb_a, k->scalar), b = rounded_to(c.pair.obb_b, k->scalar);
    const harness::ManifoldTruth t = k->scalar == c.scalar ? truth : harness::manifold_truth(a, b);
    const harness::ManifoldAnswer says = *k->run(harness::QueryInput(ShapePair{Query::obb_obb, {}, {}, a, b}))->manifold;
    const harness::ManifoldJudgement jd = harness::judge_manifold(a, b, k->scalar, says, t);
    count(jd.verdict_class, k->is_peer());
    nlohmann::ordered_json kj;
    kj["kernel"] = k->id;
    kj["contact"] = says.contact;
    if (says.contact) {
      kj["depth"] = says.depth;
      kj["normal"] = {says.normal[0], says.normal[1], says.normal[2]};
      kj["points"] = nlohmann::ordered_json::array();
      for (const Vec3<double>& p : says.points) kj["points"].push_back({p[0], p[1], p[2]});
    }
    kj["class"] = std::string(oracle::to_string(jd.verdict_class));
    if (!jd.reason.empty()) kj["reason"] = jd.reason;
    kj["band"] = jd.tolerance;
    if (jd.depth_error) kj["depth_error"] = *jd.depth_error;
    if (jd.point_distance) kj["point_distance"] = *jd.point_distance;
    if (jd.polygon_distance) kj["polygon_distance"] = *jd.polygon_distance;
    table.add_row({k->id, describe(says), std::string(oracle::to_string(jd.verdict_class)), jd.reason});
    j["kernels"].push_back(std::move(kj));
  }
  if (json_) {
    out_ << j.dump() << '\n';
    return;
  }
  out_ << fmt::format("{}  obb_obb_manifold {}{}  (line {})\n", c.id, to_string(c.scalar),
                      c.family ? "  family " + *c.family : "", c.line);
  out_ << (truth.intersects ? fmt::format("  exact: in contact, penetration depth {:.9g}\n", truth.depth * truth.ell)
                            : fmt::format("  exact: separated by {:.6g}\n", truth.margin * truth.ell));
  out_ << table.to_text() << '\n';
}

}  // namespace sepax::cli
