#pragma once
// Internal: the loop both certified batches share (tri_tri_certified_lanes.hpp,
// obb_obb_certified_lanes.hpp), force-inlined into each compiled copy with
// that copy's lane code.
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "sepax/core/numeric/force_inline.hpp"

namespace sepax::certified {

inline constexpr int kIntersects = 1;  ///< a lane's verdict
inline constexpr int kUndecided = 2;   ///< the lane could not certify it: rerun

/// Mask type as wide as S: the vectoriser then keeps full-width lanes (bytes
/// would narrow every vector).
template <class S>
using LaneMask = std::conditional_t<sizeof(S) == 4, std::int32_t, std::int64_t>;

/// out[k] for every k < n: code(k) (a lane's kIntersects | kUndecided) over
/// blocks of 256 pairs, then rerun(k) for the pairs the lanes left undecided.
template <class S, class Code, class Rerun>
SEPAX_FORCE_INLINE void decide_in_blocks(std::size_t n, Code code, Rerun rerun, std::uint8_t* __restrict out) {
  constexpr std::size_t kBlock = 256;
  LaneMask<S> codes[kBlock];
  for (std::size_t base = 0; base < n; base += kBlock) {
    const std::size_t m = n - base < kBlock ? n - base : kBlock;
    for (std::size_t k = 0; k < m; ++k) codes[k] = code(base + k);
    for (std::size_t k = 0; k < m; ++k)
      out[base + k] = (codes[k] & kUndecided) ? (rerun(base + k) ? 1 : 0) : std::uint8_t(codes[k] & kIntersects);
  }
}

}  // namespace sepax::certified
