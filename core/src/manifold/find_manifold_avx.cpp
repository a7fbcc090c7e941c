// find_manifold's double copy for CPUs with AVX2 (core/CMakeLists.txt: -mavx2,
// no FMA, no contraction): four doubles in one register where the baseline
// uses two SSE2 registers; the same operations, so the same roundings
// (ObbLanes.ManifoldAvxCopyIsTheBaselineBitForBit).
#include "manifold/find_manifold_impl.hpp"

namespace sepax::obb_obb::detail {
Manifold<double> find_manifold_avx(const Obb3<double>& a, const Obb3<double>& b) {
  return manifold::find_manifold_lanes(a, b);
}
}  // namespace sepax::obb_obb::detail
