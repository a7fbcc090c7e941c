#pragma once
/// \file
/// GCC vector types (SIMD lanes) and the two lane operations the
/// kernels written with them need: |x| by the sign bit and a comparison's
/// lanes as bits. Lane arithmetic is IEEE arithmetic per lane, rounded as the
/// same scalar expression is (no contraction: the builds never pass
/// -ffp-contract=fast to code that uses these, except the AVX2 copies that say so).
#include <cstring>
#include <limits>
#include <type_traits>

#if defined(__AVX__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "sepax/core/numeric/force_inline.hpp"

namespace sepax {

// lane_abs takes and returns 256-bit vectors: GCC notes, at it and at its
// calls, that passing them changes the ABI without AVX. It is always inlined
// (no call, no ABI); the note is silenced down to the end of this file.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

/// N lanes of S: 2 or 4 (in double, 4 is one AVX register or two SSE2 ones).
template <class S, int N>
struct Lanes {
  typedef S type __attribute__((vector_size(N * sizeof(S))));
};

/// |x| per lane by clearing the sign bit (one AND; a select costs three on SSE2).
template <class V>
SEPAX_FORCE_INLINE V lane_abs(V x) {
  using M = decltype(x < x);  // the signed integer vector of the same shape
  using I = std::remove_cvref_t<decltype(M{}[0])>;
  constexpr I magnitude = std::numeric_limits<I>::max();  // every bit but the sign
  return reinterpret_cast<V>(reinterpret_cast<M>(x) & magnitude);
}

/// Bit k set when lane k of the comparison mask is true (one movmsk on x86).
template <class M>
SEPAX_FORCE_INLINE unsigned lane_bits(M m) {
#if defined(__SSE2__)
  if constexpr (sizeof(M) == 16 && sizeof(m[0]) == 8) return unsigned(_mm_movemask_pd(reinterpret_cast<__m128d>(m)));
  if constexpr (sizeof(M) == 16 && sizeof(m[0]) == 4) return unsigned(_mm_movemask_ps(reinterpret_cast<__m128>(m)));
#endif
#if defined(__AVX__)
  if constexpr (sizeof(M) == 32 && sizeof(m[0]) == 8) return unsigned(_mm256_movemask_pd(reinterpret_cast<__m256d>(m)));
#endif
  constexpr int n = int(sizeof(M) / sizeof(m[0]));
  unsigned bits = 0;
  for (int k = 0; k < n; ++k) bits |= unsigned(m[k] != 0) << k;
  return bits;
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace sepax
