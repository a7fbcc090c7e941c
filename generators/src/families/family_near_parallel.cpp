// Family "near-parallel": B is A turned by a tiny angle θ, |θ| about
// log-uniform in [1e-7, 1e-2] rad, and placed anywhere from deep overlap
// through touching to clear separation.
//
// Why: it reproduces a well-known robustness failure. When B is A rotated by
// θ, the edge × edge axes A_i × B_j of Eberly's Table 1 have length ≈ θ; a
// textbook SAT that evaluates them in the cofactor form without an epsilon
// (c_ij near 1, the cofactors near 0, projections of the order of rounding)
// can find one of these near-zero axes "separating" and report two boxes
// apart while they overlap by ~40 % of their size — measured on the FCL, ODE
// and textbook kernels. Gottschalk's ε on |c_ij| exists for exactly this
// case. parallel-edges tilts edges by similar angles but always places the
// pair edge to edge at the boundary (gap ~θ·length); this family keeps the
// tiny axes and sweeps the whole margin range instead, so a kernel that trusts
// a degenerate axis is caught deep inside the overlap, where no rounding band
// can excuse it. tri_tri turns a triangle about its centroid or a vertex;
// tri_obb builds the triangle on the box's own corners or edge directions so
// that its edges are θ away from the box's edges.
//
// How: tilted_copy.cpp (shared with ultra-parallel, which differs only in the
// angle range).
#include "families/families.hpp"
#include "families/tilted_copy.hpp"

namespace sepax::gen::detail {

ShapePair generate_near_parallel(Query query, ScalarKind scalar, Source& source) {
  return tilted_copy_pair(query, scalar, source, TiltRange{1e-7, 1e-2});
}

}  // namespace sepax::gen::detail
