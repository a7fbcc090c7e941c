// The certified triangle batch's lanes compiled for AVX2 with FMA (this file
// only: see core/CMakeLists.txt; chosen at run time when the CPU has both).
// Contracted products only remove roundings: the filter's bound holds.
#define SEPAX_CERTIFIED_ISA certified_avx2
#include "certified_batch/tri_tri_certified_lanes.hpp"

namespace sepax::tri_tri::certified_avx2 {

void run(const detail::TriBatchView<float>& a, const detail::TriBatchView<float>& b, std::size_t n, std::uint8_t* out,
         bool no_bound) {
  if (no_bound) return pairwise<float, true>(a, b, n, out);
  pairwise(a, b, n, out);
}
void run(const detail::TriBatchView<double>& a, const detail::TriBatchView<double>& b, std::size_t n,
         std::uint8_t* out, bool no_bound) {
  if (no_bound) return pairwise<double, true>(a, b, n, out);
  pairwise(a, b, n, out);
}

}  // namespace sepax::tri_tri::certified_avx2
