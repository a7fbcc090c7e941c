// `sepax check` on obb_segment cases (pair_query_check.hpp): Gomez's
// OBB–segment test, each kernel on the case rounded to its scalar.
#include "check/pair_query_check.hpp"
#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/gomez/segment_judgement.hpp"

namespace sepax::cli {

void PairQueryChecker::check_segment(const harness::SphereCase& c, const std::vector<const harness::QueryKernel*>& kernels) {
  ++tally_.cases;
  nlohmann::ordered_json j;
  j["id"] = c.id;
  j["line"] = c.line;
  j["query"] = "obb_segment";
  if (c.family) j["family"] = *c.family;
  const bool meets = harness::obb_segment_meets_exactly(*c.obb, *c.segment);
  j["oracle"] = {{"intersects", meets}};
  j["kernels"] = nlohmann::ordered_json::array();
  Table table({{"kernel"}, {"answer"}, {"class"}});
  for (const harness::QueryKernel* k : kernels) {
    // The pair as the 3D queries round it: the segment is the triangle (p0, p1, p1).
    const ShapePair rounded = harness::rounded_to(harness::segment_pair(*c.obb, *c.segment), k->scalar);
    const Obb3<double>& box = rounded.obb_b;
    const Segment3<double> segment{rounded.tri_a.vertices[0], rounded.tri_a.vertices[1]};
    const bool says = k->run(harness::QueryInput(gen::BoxSegmentPair{box, segment}))->meets;
    const harness::SphereJudgement jd =
        harness::judge_obb_segment(box, segment, k->scalar, says, harness::obb_segment_meets_exactly(box, segment));
    nlohmann::ordered_json kj;
    kj["kernel"] = k->id;
    kj["intersects"] = says;
    record(j, table, k->is_peer(), std::move(kj), says ? "intersects" : "separated", jd);
  }
  print(j, table, c, "obb_segment", meets, std::nullopt);
}

}  // namespace sepax::cli
