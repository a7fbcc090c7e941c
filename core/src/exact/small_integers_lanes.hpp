#pragma once
// to_small_integers (orientation_exact.hpp) W numbers a register, in GCC's
// vector extension: W = 2 is the baseline copy (SSE2, any x86-64), W = 4 the
// AVX2 copy (small_integers_avx2.cpp), which the certified triangle kernels
// call on every touching pair (a third of such a pair's instructions in the
// baseline copy). One source, so that both answer alike bit for bit.
#include <bit>
#include <cstdint>
#include <cstring>

#include "exact/orientation_exact.hpp"

namespace sepax::certified::detail {

/// W doubles and W 64-bit integers a register (GCC drops a vector_size that
/// depends on a template parameter: one specialisation per width).
template <int W>
struct Lanes;
template <>
struct Lanes<2> {
  typedef double V __attribute__((vector_size(16)));
  typedef std::uint64_t U __attribute__((vector_size(16)));
};
template <>
struct Lanes<4> {
  typedef double V __attribute__((vector_size(32)));
  typedef std::uint64_t U __attribute__((vector_size(32)));
};

template <int W>
inline int to_small_integers_lanes(const double (&x)[18], std::int64_t (&out)[18]) {
  using V = typename Lanes<W>::V;
  using U = typename Lanes<W>::U;
  constexpr int G = (18 + W - 1) / W;  // registers; the last one's spare lanes hold 0
  constexpr double two52 = 0x1p52, magic = 0x1.8p52;
  const U sign_off = U{} + ~(std::uint64_t(1) << 63);
  V v[G], largest{};
  constexpr int full = 18 / W, tail = 18 % W;  // whole registers; lanes of the last one (the tail)
#pragma GCC unroll 9
  for (int g = 0; g < full; ++g) std::memcpy(&v[g], x + g * W, sizeof(V));  // one load
  if constexpr (tail != 0) {
    // Filled outside the loop: inside it GCC warned of out-of-range lanes in
    // unrolled copies where this branch cannot run.
    v[full] = V{};
    for (int l = 0; l < tail; ++l) v[full][l] = x[full * W + l];
  }
#pragma GCC unroll 9
  for (int g = 0; g < G; ++g) {
    const V a = (V)((U)v[g] & sign_off);
    const U above = (U)(a > largest);  // a NaN is left out here and fails below
    largest = (V)(((U)a & above) | ((U)largest & ~above));
  }
  double m = largest[0];
  for (int l = 1; l < W; ++l) m = largest[l] > m ? largest[l] : m;
  if (!(m >= 0x1p-900 && m < 0x1p900)) return 0;
  const int highest = int((std::bit_cast<std::uint64_t>(m) >> 52) & 0x7ff) - 1022;  // m < 2^highest
  const double scale = std::bit_cast<double>(std::uint64_t(1023 + kSmallIntegerBits - highest) << 52);
  U integers = ~U{}, any{};
#pragma GCC unroll 9
  for (int g = 0; g < G; ++g) {
    // |s| < 2⁴⁰, exact unless below 2⁻¹⁰²² (then not a nonzero integer).
    // |s| + 2⁵² is exact (and 2⁵² off it gives |s| back) exactly when |s|
    // is an integer; s + 1.5·2⁵² then holds s + 2⁵¹ in its low bits.
    const V s = v[g] * scale, a = (V)((U)s & sign_off);
    integers &= (U)((a + two52) - two52 == a) & ((U)(s != 0) | (U)(v[g] == 0));
    const U n = (U)(s + magic) - std::bit_cast<std::uint64_t>(magic);
    any |= n;
    if (g < full) {
      std::memcpy(out + g * W, &n, sizeof(U));  // one store
    } else {
      std::int64_t spare[W];
      std::memcpy(spare, &n, sizeof(U));
      std::memcpy(out + full * W, spare, tail * sizeof(std::int64_t));
    }
  }
  std::uint64_t all = ~std::uint64_t(0), bits = 0;
  for (int l = 0; l < W; ++l) all &= integers[l], bits |= any[l];
  if (all == 0) return 0;
  // Every integer a multiple of 2^(kSmallIntegerBits − kDoubleExactBits):
  // the numbers span at most kDoubleExactBits binary orders.
  constexpr std::uint64_t kLow = (std::uint64_t(1) << (kSmallIntegerBits - kDoubleExactBits)) - 1;
  return (bits & kLow) == 0 && m >= 0x1p-300 && m < 0x1p300 ? 2 : 1;
}

}  // namespace sepax::certified::detail
