// Gomez's OBB–segment answers judged exactly (segment_judgement.hpp).
#include "sepax/harness/gomez/segment_judgement.hpp"

#include "sepax/oracle/classify.hpp"
#include "sepax/oracle/exact_gomez.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::harness {

ShapePair segment_pair(const Obb3<double>& box, const Segment3<double>& segment) {
  ShapePair pair;
  pair.query = Query::tri_obb;
  pair.tri_a.vertices = {segment.p0, segment.p1, segment.p1};
  pair.obb_b = box;
  return pair;
}

bool obb_segment_meets_exactly(const Obb3<double>& box, const Segment3<double>& segment) {
  return oracle::obb_segment_exact(box, segment);
}

SphereJudgement judge_obb_segment(const Obb3<double>& box, const Segment3<double>& segment, ScalarKind scalar,
                                  bool says, bool exact) {
  SphereJudgement j;
  if (says == exact) return j;
  const ShapePair pair = segment_pair(box, segment);
  j.margin = oracle::relative_margin(pair, exact);
  j.tolerance = oracle::verdict_band(pair, scalar);
  j.verdict_class = oracle::classify(says, exact, *j.margin, *j.tolerance);
  return j;
}

}  // namespace sepax::harness
