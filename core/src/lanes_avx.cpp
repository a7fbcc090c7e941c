// The double forms of the SIMD-lane kernels compiled for AVX2
// (core/CMakeLists.txt: -mavx2, no FMA, no contraction), where four doubles
// are one register instead of two; lanes3.hpp says why, and each kernel's
// header when it calls these (only when kCpuHasAvx2 is true). Same
// operations as the baseline copies, so the same roundings.
#include "sepax/core/numeric/lanes3.hpp"
#include "sepax/core/simple/obb_to_aabb.hpp"
#include "sepax/core/static/obb_obb_lanes.hpp"

namespace sepax {

const bool kCpuHasAvx2 = [] {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  return __builtin_cpu_supports("avx2") != 0;
#else
  return false;
#endif
}();

namespace obb_obb::detail {
SeparatingAxis first_separating_axis_avx(const Obb3<double>& a, const Obb3<double>& b) {
  return first_separating_axis_lanes(a, b);
}
}  // namespace obb_obb::detail

namespace obb_to_aabb_detail {
Aabb3<double> obb_to_aabb_avx(const Obb3<double>& box) { return obb_to_aabb_lanes(box); }
}  // namespace obb_to_aabb_detail

}  // namespace sepax
