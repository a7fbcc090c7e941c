// The batch loops compiled for AVX2 (this file only: -mavx2, see
// core/CMakeLists.txt). No FMA: -mavx2 does not enable it, and
// -ffp-contract=off holds anyway, so every lane rounds exactly as the
// baseline copy does.
#define SEPAX_BATCH_ISA avx2_loops
#include "batch/obb_obb_batch_loops.hpp"
#include "batch/obb_obb_batch_isa.hpp"

namespace sepax::obb_obb::isa {

void avx2(const Obb3<float>& a, const ObbBatch<float>& b, std::uint8_t* out) { avx2_loops::one_against_many(a, b, out); }
void avx2(const Obb3<double>& a, const ObbBatch<double>& b, std::uint8_t* out) { avx2_loops::one_against_many(a, b, out); }
void avx2(const ObbBatch<float>& a, const ObbBatch<float>& b, std::uint8_t* out) { avx2_loops::pairwise(a, b, out); }
void avx2(const ObbBatch<double>& a, const ObbBatch<double>& b, std::uint8_t* out) { avx2_loops::pairwise(a, b, out); }

}  // namespace sepax::obb_obb::isa
