// `sepax check` on obb_to_aabb cases (pair_query_check.hpp): Gomez's OBB→AABB
// conversion, each kernel on the box rounded to its scalar.
#include <fmt/format.h>

#include "check/pair_query_check.hpp"
#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/gomez/enclosure_judgement.hpp"

namespace sepax::cli {

void PairQueryChecker::check_enclosure(const harness::SphereCase& c,
                                       const std::vector<const harness::QueryKernel*>& kernels) {
  ++tally_.cases;
  nlohmann::ordered_json j;
  j["id"] = c.id;
  j["line"] = c.line;
  j["query"] = "obb_to_aabb";
  if (c.family) j["family"] = *c.family;
  j["kernels"] = nlohmann::ordered_json::array();
  Table table({{"kernel"}, {"answer"}, {"class"}});
  for (const harness::QueryKernel* k : kernels) {
    ShapePair pair;
    pair.query = Query::obb_obb;
    pair.obb_a = *c.obb;
    const Obb3<double> box = harness::rounded_to(pair, k->scalar).obb_a;
    const Aabb3<double> says = *k->run(harness::QueryInput(box))->aabb;
    const harness::EnclosureJudgement e = harness::judge_obb_to_aabb(box, says, k->scalar);
    harness::SphereJudgement jd;
    jd.verdict_class = e.verdict_class;
    jd.tolerance = e.tolerance;
    if (e.verdict_class != oracle::Class::ok) jd.margin = -e.miss;
    nlohmann::ordered_json kj;
    kj["kernel"] = k->id;
    kj["min"] = {says.min[0], says.min[1], says.min[2]};
    kj["max"] = {says.max[0], says.max[1], says.max[2]};
    kj["miss"] = e.miss;
    kj["excess"] = e.excess;
    if (!e.reason.empty()) kj["reason"] = e.reason;
    record(j, table, k->is_peer(), std::move(kj),
           e.reason.empty() ? fmt::format("contains it, {:.2g} beyond", e.excess) : e.reason, jd);
  }
  if (json_) {
    out_ << j.dump() << '\n';
    return;
  }
  out_ << fmt::format("{}  obb_to_aabb {}{}  (line {})\n", c.id, to_string(c.scalar),
                      c.family ? "  family " + *c.family : "", c.line);
  out_ << "  exact: the AABB must contain the box of the stored numbers, and reach beyond it by at most the rounding "
          "of its outward move\n";
  out_ << table.to_text() << '\n';
}

}  // namespace sepax::cli
