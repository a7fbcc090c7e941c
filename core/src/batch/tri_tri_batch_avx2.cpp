// The triangle batch loops compiled for AVX2 with FMA (this file only:
// -mavx2 -mfma, see core/CMakeLists.txt; chosen at run time when the CPU has
// both). FMA appears only where the source writes std::fma (double's accurate
// products, as the scalar kernel computes them): -ffp-contract=off forbids
// every other contraction, so every lane rounds exactly as the scalar kernel.
// Nothing here instantiates Eigen or tri_tri::test_static: flagged lanes call
// isa::scalar_intersects, compiled in the baseline unit.
#define SEPAX_BATCH_ISA avx2_loops
#include "batch/tri_tri_batch_loops.hpp"

namespace sepax::tri_tri::isa {

void avx2(const detail::TriLane<float>& a, const detail::TriBatchView<float>& b, std::size_t n, std::uint8_t* out) {
  avx2_loops::one_against_many(a, b, n, out);
}
void avx2(const detail::TriLane<double>& a, const detail::TriBatchView<double>& b, std::size_t n, std::uint8_t* out) {
  avx2_loops::one_against_many(a, b, n, out);
}
void avx2(const detail::TriBatchView<float>& a, const detail::TriBatchView<float>& b, std::size_t n,
          std::uint8_t* out) {
  avx2_loops::pairwise(a, b, n, out);
}
void avx2(const detail::TriBatchView<double>& a, const detail::TriBatchView<double>& b, std::size_t n,
          std::uint8_t* out) {
  avx2_loops::pairwise(a, b, n, out);
}

}  // namespace sepax::tri_tri::isa
