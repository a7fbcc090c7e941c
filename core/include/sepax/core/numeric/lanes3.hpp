#pragma once
/// \file
/// Three values of float or double in the lanes of one vector (lane 3
/// is zero), for kernels whose work comes in threes — one per axis of a box,
/// or per world coordinate (obb_obb_lanes.hpp, obb_to_aabb.hpp). Each lane
/// rounds as the same scalar expression.
///
/// Four floats are one SSE register. Four doubles are one AVX register where
/// the translation unit is compiled for AVX, else two SSE2 registers
/// (Double4 below), written out because GCC lowers a 256-bit vector without
/// AVX through memory (the OBB test took 6x its scalar form's time).
///
/// Everything here, and every kernel built on it, lives in an inline
/// namespace named after the instruction set (SEPAX_LANES_ISA), so that an
/// AVX translation unit's copies never stand in for the baseline ones at link
/// time (the same names would otherwise be one symbol).
#include <cstdint>

#if defined(__AVX__)
#include <immintrin.h>
#define SEPAX_LANES_ISA avx
#else
#define SEPAX_LANES_ISA sse2
#endif

#include "sepax/core/numeric/eigen_order.hpp"
#include "sepax/core/numeric/force_inline.hpp"
#include "sepax/core/numeric/lanes.hpp"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"  // 256-bit vectors, only in AVX units; everything here is inlined
#endif

namespace sepax {
/// Does this CPU have AVX2? (Set when the library loads, in lanes_avx.cpp
/// with the AVX copies of the lane kernels; false before.)
extern const bool kCpuHasAvx2;
}  // namespace sepax

namespace sepax::lanes3 {
inline namespace SEPAX_LANES_ISA {

using Float4 = Lanes<float, 4>::type;
using Double2 = Lanes<double, 2>::type;

#if defined(__AVX__)
using Double4 = Lanes<double, 4>::type;
#else
/// Four double lanes as two SSE2 registers.
struct Double4 {
  Double2 lo, hi;  ///< lanes 0, 1 and 2, 3
  SEPAX_FORCE_INLINE double operator[](int k) const { return k < 2 ? lo[k] : hi[k - 2]; }
};
using Int64x2 = decltype(Double2{} < Double2{});
/// A comparison of Double4s, lane by lane (all bits set: true).
struct Double4Mask {
  Int64x2 lo, hi;
};
SEPAX_FORCE_INLINE Double4 operator+(Double4 x, Double4 y) { return {x.lo + y.lo, x.hi + y.hi}; }
SEPAX_FORCE_INLINE Double4 operator-(Double4 x, Double4 y) { return {x.lo - y.lo, x.hi - y.hi}; }
SEPAX_FORCE_INLINE Double4 operator*(Double4 x, Double4 y) { return {x.lo * y.lo, x.hi * y.hi}; }
SEPAX_FORCE_INLINE Double4 operator*(Double4 x, double s) { return {x.lo * s, x.hi * s}; }
SEPAX_FORCE_INLINE Double4 operator*(double s, Double4 x) { return {s * x.lo, s * x.hi}; }
SEPAX_FORCE_INLINE Double4 operator+(Double4 x, double s) { return {x.lo + s, x.hi + s}; }
SEPAX_FORCE_INLINE Double4 operator-(Double4 x) { return {-x.lo, -x.hi}; }
SEPAX_FORCE_INLINE Double4Mask operator==(Double4 x, Double4 y) { return {x.lo == y.lo, x.hi == y.hi}; }
SEPAX_FORCE_INLINE Double4Mask operator&(Double4Mask x, Double4Mask y) { return {x.lo & y.lo, x.hi & y.hi}; }
SEPAX_FORCE_INLINE Double4Mask operator|(Double4Mask x, Double4Mask y) { return {x.lo | y.lo, x.hi | y.hi}; }

SEPAX_FORCE_INLINE Double4 make4(double x, double y, double z) { return {Double2{x, y}, Double2{z, 0.0}}; }
SEPAX_FORCE_INLINE Double4 lane_abs(Double4 x) { return {sepax::lane_abs(x.lo), sepax::lane_abs(x.hi)}; }
SEPAX_FORCE_INLINE unsigned greater_bits(Double4 x, Double4 y) {
  return (lane_bits(x.lo > y.lo) | lane_bits(x.hi > y.hi) << 2) & 7u;
}
SEPAX_FORCE_INLINE Double4 rotate(Double4 v) {
  return {__builtin_shufflevector(v.lo, v.hi, 1, 2), __builtin_shufflevector(v.lo, v.hi, 0, 3)};
}
SEPAX_FORCE_INLINE Double4 rotate2(Double4 v) {
  return {__builtin_shufflevector(v.hi, v.lo, 0, 2), __builtin_shufflevector(v.lo, v.hi, 1, 3)};
}
SEPAX_FORCE_INLINE void transpose(const Double4 (&cols)[3], Double4 (&rows)[3]) {
  rows[0] = {__builtin_shufflevector(cols[0].lo, cols[1].lo, 0, 2), __builtin_shufflevector(cols[2].lo, cols[2].hi, 0, 3)};
  rows[1] = {__builtin_shufflevector(cols[0].lo, cols[1].lo, 1, 3), __builtin_shufflevector(cols[2].lo, cols[2].hi, 1, 3)};
  rows[2] = {__builtin_shufflevector(cols[0].hi, cols[1].hi, 0, 2), cols[2].hi};
}
SEPAX_FORCE_INLINE Double4 sum3(Double4 x0, Double4 x1, Double4 x2) {
  return {eigen_sum3(x0.lo, x1.lo, x2.lo), eigen_sum3(x0.hi, x1.hi, x2.hi)};
}
SEPAX_FORCE_INLINE Double4 select(Double4Mask m, Double4 if_true, Double4 if_false) {
  const auto half = [](Int64x2 k, Double2 t, Double2 f) {
    return reinterpret_cast<Double2>((reinterpret_cast<Int64x2>(t) & k) | (reinterpret_cast<Int64x2>(f) & ~k));
  };
  return {half(m.lo, if_true.lo, if_false.lo), half(m.hi, if_true.hi, if_false.hi)};
}
SEPAX_FORCE_INLINE void store3(Double4 v, double* out) { out[0] = v.lo[0], out[1] = v.lo[1], out[2] = v.hi[0]; }
SEPAX_FORCE_INLINE unsigned mask_bits(Double4Mask m) { return (lane_bits(m.lo) | lane_bits(m.hi) << 2) & 7u; }
#endif

// The same for one native vector of four lanes (Float4; Double4 with AVX).
SEPAX_FORCE_INLINE Float4 make4(float x, float y, float z) { return Float4{x, y, z, 0.0f}; }
#if defined(__AVX__)
SEPAX_FORCE_INLINE Double4 make4(double x, double y, double z) { return Double4{x, y, z, 0.0}; }
#endif
template <class V>
  requires kIsVector<V>
SEPAX_FORCE_INLINE V lane_abs(V x) {
  return sepax::lane_abs(x);
}
/// Bit j set when lane j (of 0–2) of x is > that of y.
template <class V>
  requires kIsVector<V>
SEPAX_FORCE_INLINE unsigned greater_bits(V x, V y) {
  return lane_bits(x > y) & 7u;
}
/// Lane j of the result is lane j+1 (rotate), or j+2 (rotate2), of v, among 0–2.
template <class V>
  requires kIsVector<V>
SEPAX_FORCE_INLINE V rotate(V v) {
  return __builtin_shufflevector(v, v, 1, 2, 0, 3);
}
template <class V>
  requires kIsVector<V>
SEPAX_FORCE_INLINE V rotate2(V v) {
  return __builtin_shufflevector(v, v, 2, 0, 1, 3);
}
/// rows[i] lane j = cols[j] lane i.
template <class V>
  requires kIsVector<V>
SEPAX_FORCE_INLINE void transpose(const V (&cols)[3], V (&rows)[3]) {
  const V t01 = __builtin_shufflevector(cols[0], cols[1], 0, 4, 1, 5);  // c00 c01 c10 c11
  const V t23 = __builtin_shufflevector(cols[0], cols[1], 2, 6, 3, 7);  // c20 c21 0 0
  rows[0] = __builtin_shufflevector(t01, cols[2], 0, 1, 4, 7);
  rows[1] = __builtin_shufflevector(t01, cols[2], 2, 3, 5, 7);
  rows[2] = __builtin_shufflevector(t23, cols[2], 0, 1, 6, 7);
}
/// x0 + x1 + x2 per lane in Eigen's order for the lanes' scalar (eigen_order.hpp).
template <class V>
  requires kIsVector<V>
SEPAX_FORCE_INLINE V sum3(V x0, V x1, V x2) {
  return eigen_sum3(x0, x1, x2);
}
/// if_true where the mask is true, else if_false.
template <class V, class M>
  requires kIsVector<V>
SEPAX_FORCE_INLINE V select(M m, V if_true, V if_false) {
  return reinterpret_cast<V>((reinterpret_cast<M>(if_true) & m) | (reinterpret_cast<M>(if_false) & ~m));
}
/// Bit j set when lane j (of 0–2) of the mask is true.
template <class M>
  requires kIsVector<M>
SEPAX_FORCE_INLINE unsigned mask_bits(M m) {
  return lane_bits(m) & 7u;
}
/// Lanes 0–2 of v, written out.
template <class V, class S>
  requires kIsVector<V>
SEPAX_FORCE_INLINE void store3(V v, S* out) {
  out[0] = v[0], out[1] = v[1], out[2] = v[2];
}

}  // namespace SEPAX_LANES_ISA
}  // namespace sepax::lanes3

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
