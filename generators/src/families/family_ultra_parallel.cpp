// Family "ultra-parallel": near-parallel's construction with |θ| about
// log-uniform in [1e-12, 1e-7] rad — from about a float's unit roundoff down to
// a few thousand double ulps.
//
// Why: the same robustness failure as near-parallel (family_near_parallel.cpp:
// with B = A rotated by θ the edge × edge axes A_i × B_j have length ≈ θ, and a
// textbook cofactor-form SAT without an epsilon reports overlapping boxes as
// separated), pushed to where θ is comparable to the scalar's rounding. In
// double the axes A_i × B_j are then dominated by rounding noise in every
// product that forms them; in float the rotation is usually rounded away
// entirely, leaving B's axes bit-identical to A's, or a few ulps off them —
// nothing special is recorded: the oracle judges the stored numbers, and
// exactly parallel edges (A_i × B_i = 0) are part of what this family tests.
// Pairs range from deep overlap to clear separation, as in near-parallel.
//
// How: tilted_copy.cpp, with the angle range below.
#include "families/families.hpp"
#include "families/tilted_copy.hpp"

namespace sepax::gen::detail {

ShapePair generate_ultra_parallel(Query query, ScalarKind scalar, Source& source) {
  return tilted_copy_pair(query, scalar, source, TiltRange{1e-12, 1e-7});
}

}  // namespace sepax::gen::detail
