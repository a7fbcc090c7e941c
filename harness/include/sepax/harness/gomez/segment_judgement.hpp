#pragma once
/// \file
/// Judging Gomez's OBB–segment test (obb_segment) exactly. The segment
/// is the degenerate triangle (p0, p1, p1) of a tri_obb pair, so the verdict
/// is the exact triangle–box SAT's (oracle/exact_gomez.hpp), the margin the
/// exact distance or penetration depth over ℓ = max(box diagonal, segment
/// length) (oracle/margin.hpp), and the band the 3D queries' band for that
/// pair (oracle/classify.hpp): 0 where every product of the test is exact in
/// the scalar (a signed-permutation box on a dyadic grid), 64·u·M/ℓ plus the
/// frame's defect elsewhere.
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/core/shapes/segment3.hpp"
#include "sepax/harness/gomez/sphere_judgement.hpp"

namespace sepax::harness {

/// The tri_obb pair the oracle judges: triangle (p0, p1, p1) against the box.
ShapePair segment_pair(const Obb3<double>& box, const Segment3<double>& segment);

/// The exact answer: do the closed box and the closed segment meet?
bool obb_segment_meets_exactly(const Obb3<double>& box, const Segment3<double>& segment);

/// The verdict `says` of a kernel computing in `scalar`.
SphereJudgement judge_obb_segment(const Obb3<double>& box, const Segment3<double>& segment, ScalarKind scalar,
                                  bool says, bool exact);

}  // namespace sepax::harness
