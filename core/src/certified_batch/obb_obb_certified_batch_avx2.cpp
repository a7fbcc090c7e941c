// The certified OBB batch's lanes compiled for AVX2 with FMA (this file
// only: see core/CMakeLists.txt; chosen at run time when the CPU has both).
// Contracted products only remove roundings: the filter's bound holds.
#define SEPAX_CERTIFIED_ISA certified_avx2
#include "certified_batch/obb_obb_certified_lanes.hpp"

namespace sepax::obb_obb::certified_avx2 {

void run(const detail::BatchView<float>& a, const detail::BatchView<float>& b, std::size_t n, std::uint8_t* out,
         bool no_bound) {
  if (no_bound) return pairwise<float, true>(a, b, n, out);
  pairwise(a, b, n, out);
}
void run(const detail::BatchView<double>& a, const detail::BatchView<double>& b, std::size_t n,
         std::uint8_t* out, bool no_bound) {
  if (no_bound) return pairwise<double, true>(a, b, n, out);
  pairwise(a, b, n, out);
}

}  // namespace sepax::obb_obb::certified_avx2
