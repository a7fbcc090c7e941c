// to_small_integers' AVX2 copy (small_integers_lanes.hpp), compiled with
// -mavx2 (core/CMakeLists.txt); orientation_exact.cpp calls it only when
// kCpuHasAvx2 is true.
#include "exact/small_integers_lanes.hpp"

namespace sepax::certified::detail {

int to_small_integers_avx2(const double (&x)[18], std::int64_t (&out)[18]) { return to_small_integers_lanes<4>(x, out); }

}  // namespace sepax::certified::detail
