#pragma once
// The certified OBB–OBB kernel's machine-integer stage
// (obb_obb_small_integers.hpp derives the bound), compiled into each copy
// of the filter (SEPAX_CERTIFIED_ISA names it): the AVX2 copy converts four
// numbers to a register, and each axis's sign is its own straight-line code.
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <type_traits>
#include <utility>

#include "certified/obb_obb_small_integers.hpp"

namespace sepax::obb_obb::certified::SEPAX_CERTIFIED_ISA::ints {

using i128 = __int128;

/// 2^k for −1022 ≤ k ≤ 1023.
inline double power_of_two(int k) { return std::bit_cast<double>(std::uint64_t(1023 + k) << 52); }

/// Four doubles and their bits, in GCC's vector extension (one AVX register
/// in the AVX2 copy, two SSE2 registers in the baseline one).
using V4 = double __attribute__((vector_size(32)));
using U4 = std::uint64_t __attribute__((vector_size(32)));

/// out[k] = x[k]·scale when every one is an integer of magnitude below
/// `limit` ≤ 2⁵⁰ and the scaling was exact (NaN and infinities fail). A power
/// of two scales exactly unless the product falls below the normal range:
/// scaled down, a subnormal x can lose bits or round to 0, an integer, and
/// the pair would be judged without it (fuzz/open-findings: two point boxes
/// 2⁻¹⁰³⁵ apart at 1.25·2¹⁰⁵ were called intersecting), hence t·unscale = x
/// is required too (unscale = 1/scale, exact, and exact back when t is).
/// Their shared trailing zeros divided out; returns their count, or −1.
/// Branch-free, four lanes at a time: |t| + 2⁵² holds the integer |t| in
/// its low 52 bits exactly when |t| is one below 2⁵² (else the sum rounds,
/// and subtracting 2⁵² back differs), and t + 1.5·2⁵² holds t + 2⁵¹ there,
/// the integer read off by one subtraction (the AVX2 copy may contract
/// t·2^-zeros + magic into one FMA: the same number, the product being
/// exact). Padding lanes hold 0, which passes and adds no bits.
/// CheckScaling false: the caller knows the products stay normal (float
/// input: every nonzero float is ≥ 2⁻¹⁴⁹ and load_pair's scales are ≥ 2⁻⁷⁹,
/// so each product is ≥ 2⁻²²⁸), so exact.
template <bool CheckScaling, int M>
[[gnu::always_inline]] inline int to_integers(const V4 (&x)[M], double scale, double unscale, double limit, std::int64_t* out) {
  constexpr double two52 = 0x1p52, magic = 0x1.8p52;
  const U4 sign_off = U4{} + ~(std::uint64_t(1) << 63);
  V4 t[M];
  U4 any{}, good = ~U4{};
  for (int m = 0; m < M; ++m) {
    t[m] = x[m] * scale;
    const V4 a = (V4)((U4)t[m] & sign_off);
    const V4 shifted = a + two52;
    any |= (U4)shifted;
    good &= (U4)(a < limit) & (U4)(shifted - two52 == a);  // NaN: false
    if constexpr (CheckScaling) good &= (U4)(t[m] * unscale == x[m]);
  }
  if (!(good[0] & good[1] & good[2] & good[3])) return -1;
  const std::uint64_t low = (any[0] | any[1] | any[2] | any[3]) & ((std::uint64_t(1) << 52) - 1);
  const int zeros = low == 0 ? 0 : std::countr_zero(low);
  const double down = power_of_two(-zeros);
  for (int m = 0; m < M; ++m) {
    const U4 v = (U4)(t[m] * down + magic) - std::bit_cast<std::uint64_t>(magic);  // exact: an integer
    __builtin_memcpy(out + 4 * m, &v, sizeof v);
  }
  return zeros;
}

template <class S>
bool load_pair(SmallIntegers& s, const Obb3<S>& A, const Obb3<S>& B) {
  constexpr bool kCheck = !std::is_same_v<S, float>;  // to_integers: float products stay normal
  s.state = -1;
  const auto& a = A.axes;
  const auto& b = B.axes;
  // Axes: x·2²⁹ with |x| < 2, over the shared power of two.
  const V4 x[5] = {V4{double(a[0][0]), double(a[0][1]), double(a[0][2]), double(a[1][0])},
                   V4{double(a[1][1]), double(a[1][2]), double(a[2][0]), double(a[2][1])},
                   V4{double(a[2][2]), double(b[0][0]), double(b[0][1]), double(b[0][2])},
                   V4{double(b[1][0]), double(b[1][1]), double(b[1][2]), double(b[2][0])},
                   V4{double(b[2][1]), double(b[2][2]), 0.0, 0.0}};
  const int ta = to_integers<kCheck>(x, 0x1p29, 0x1p-29, 0x1p30, s.ax);
  if (ta < 0 || ta > 29) return false;  // off the grid, |x| ≥ 2, or every axis 0
  const int alpha = 30 - ta;
  // Lengths: scaled so that the largest is below 2⁵⁰ (a NaN among them fails
  // in to_integers, an infinity here).
  const V4 len[3] = {
      V4{double(A.extents[0]), double(A.extents[1]), double(A.extents[2]), double(B.extents[0])},
      V4{double(B.extents[1]), double(B.extents[2]), double(A.center[0]), double(A.center[1])},
      V4{double(A.center[2]), double(B.center[0]), double(B.center[1]), double(B.center[2])}};
  const U4 sign_off = U4{} + ~(std::uint64_t(1) << 63);
  // Largest by comparisons on magnitudes (a NaN may be kept or dropped: to_integers fails on it).
  V4 m = (V4)((U4)len[0] & sign_off);
  for (int k = 1; k < 3; ++k) {
    const V4 y = (V4)((U4)len[k] & sign_off);
    m = m > y ? m : y;
  }
  const double m01 = m[0] > m[1] ? m[0] : m[1], m23 = m[2] > m[3] ? m[2] : m[3];
  const double largest = m01 > m23 ? m01 : m23;
  // |y| ≤ largest < 2^e, e the exponent field's value − 1022 (largest = 0:
  // any scale will do).
  const int e = largest > 0 ? int((std::bit_cast<std::uint64_t>(largest) >> 52) & 0x7ff) - 1022 : 0;
  if (e < -970 || e > 1024) return false;  // near subnormal (no such scale), or not finite
  const int tl = to_integers<kCheck>(len, power_of_two(50 - e), power_of_two(e - 50), 0x1p50, s.len);
  if (tl < 0) return false;
  const int lambda = largest > 0 ? 50 - tl : 0;
  if (3 * alpha + lambda > 120) return false;
  for (int k = 0; k < 3; ++k) s.d[k] = s.len[9 + k] - s.len[6 + k];  // |·| < 2^(λ+1) ≤ 2⁵¹
  s.lead_shift = alpha - 1;
  s.state = 1;
  return true;
}

inline i128 dot(const std::int64_t (&l)[3], const std::int64_t* x) {
  return i128(l[0]) * x[0] + i128(l[1]) * x[1] + i128(l[2]) * x[2];
}
inline i128 abs128(i128 x) { return x < 0 ? -x : x; }

/// |L'·X| for a radii term. Narrow: α ≤ 20, where |L'·X| < 3·2^(3α+1) <
/// 2⁶³ (obb_obb_small_integers.hpp's sizes) and int64 holds every partial sum.
template <bool Narrow>
inline i128 radius_projection(const std::int64_t (&l)[3], const std::int64_t* x) {
  if constexpr (Narrow) {
    const std::int64_t p = l[0] * x[0] + l[1] * x[1] + l[2] * x[2];
    return p < 0 ? -p : p;
  } else {
    return abs128(dot(l, x));
  }
}

/// The exact sign (−1, 0, +1) of axis N's gap for a loaded pair.
template <int N, bool Narrow>
int gap_sign(const SmallIntegers& s) {
  constexpr AxisRows t = kAxisRows[N];
  const std::int64_t *u = s.ax + 3 * t.u, *v = s.ax + 3 * t.v;
  const std::int64_t l[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
  if ((l[0] | l[1] | l[2]) == 0) return 0;  // a zero axis: the gap is 0 − 0
  i128 gap = abs128(dot(l, s.d)) << s.lead_shift;
#pragma GCC unroll 4
  for (int k = 0; k < 4; ++k) gap -= i128(s.len[t.r[k]]) * radius_projection<Narrow>(l, s.ax + 3 * t.r[k]);
  return gap > 0 ? 1 : (gap < 0 ? -1 : 0);
}
template <int N>
int gap_sign(const SmallIntegers& s) {
  return s.lead_shift < 20 ? gap_sign<N, true>(s) : gap_sign<N, false>(s);
}

template <std::size_t... N>
constexpr std::array<int (*)(const SmallIntegers&), 15> gap_sign_table(std::index_sequence<N...>) {
  return {&gap_sign<int(N)>...};
}
/// gap_sign by the axis's number (axis_of_bit's numbering).
inline constexpr auto kGapSign = gap_sign_table(std::make_index_sequence<15>{});

}  // namespace sepax::obb_obb::certified::SEPAX_CERTIFIED_ISA::ints
