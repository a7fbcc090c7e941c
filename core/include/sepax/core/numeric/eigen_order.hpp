#pragma once
/// \file
/// Three-term sums in the order Eigen 3.4 reduces a fixed-size 3-vector
/// (dot, squaredNorm) for each scalar, so that code spelling a dot product out
/// by hand — for SIMD lanes, or to avoid Eigen's packet loads of a vector just
/// written element by element — rounds exactly as Eigen does, and kernels
/// keep their verdicts bit for bit.
///
/// With SSE2/AVX/NEON a double 3-vector is reduced as a packet of two plus the
/// rest, (x0 + x1) + x2; float (whose smallest packet holds four) and non-SIMD
/// scalars use the unrolled tree x0 + (x1 + x2). tri_tri_batch_test and
/// eigen_order_test check both against Eigen.
#include <type_traits>
#include <utility>

#include "sepax/core/numeric/force_inline.hpp"
#include "sepax/core/shapes/vec3.hpp"

namespace sepax {

/// A GCC vector type (SIMD lanes, tri_tri_batch_full.hpp), not a scalar:
/// neither a class (the exact and test scalars) nor arithmetic.
template <class V>
inline constexpr bool kIsVector = !std::is_class_v<V> && !std::is_arithmetic_v<V>;

template <class V, bool = kIsVector<V>>
struct ElementOf {
  using type = V;
};
template <class V>
struct ElementOf<V, true> {
  using type = std::remove_cvref_t<decltype(std::declval<V>()[0])>;
};
/// S of V = S or of a GCC vector V of S's.
template <class V>
using Element = typename ElementOf<V>::type;

/// x0 + x1 + x2 in Eigen's order for S (lane-wise for vectors of S).
template <class S>
SEPAX_FORCE_INLINE S eigen_sum3(S x0, S x1, S x2) {
  if constexpr (std::is_same_v<Element<S>, double>) return (x0 + x1) + x2;
  else return x0 + (x1 + x2);
}

/// u.dot(v), rounded as Eigen rounds it, as scalar code.
template <class S>
SEPAX_FORCE_INLINE S eigen_dot(const Vec3<S>& u, const Vec3<S>& v) {
  return eigen_sum3<S>(u[0] * v[0], u[1] * v[1], u[2] * v[2]);
}

}  // namespace sepax
