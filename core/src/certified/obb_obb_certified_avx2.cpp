// The certified OBB–OBB filter compiled for AVX2 with FMA (this file only:
// core/CMakeLists.txt), in lanes (obb_obb_filter_avx2.hpp);
// obb_obb_certified.cpp calls it when the CPU has both.
#define SEPAX_CERTIFIED_ISA avx2_fma
#include "certified/obb_obb_filter_avx2.hpp"

namespace sepax::obb_obb::certified::avx2_fma {
SeparatingAxis first_separating(const Obb3<float>& a, const Obb3<float>& b, bool& exact_ran) {
  return first_separating_lanes<false>(a, b, exact_ran);
}
SeparatingAxis first_separating(const Obb3<double>& a, const Obb3<double>& b, bool& exact_ran) {
  return first_separating_lanes<false>(a, b, exact_ran);
}
SeparatingAxis some_separating(const Obb3<float>& a, const Obb3<float>& b, bool& exact_ran) {
  return first_separating_lanes<true>(a, b, exact_ran);
}
SeparatingAxis some_separating(const Obb3<double>& a, const Obb3<double>& b, bool& exact_ran) {
  return first_separating_lanes<true>(a, b, exact_ran);
}
}  // namespace sepax::obb_obb::certified::avx2_fma
