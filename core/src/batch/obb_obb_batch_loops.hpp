#pragma once
/// \file Internal: the loops of obb_obb_batch.hpp, compiled once per
/// instruction set. The including file defines SEPAX_BATCH_ISA (a namespace
/// name), so each copy has its own symbols and the linker never merges an AVX2
/// copy with a baseline one; the kernel itself is force-inlined into each copy.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "sepax/core/static/obb_obb_batch.hpp"

#ifndef SEPAX_BATCH_ISA
#error "define SEPAX_BATCH_ISA before including obb_obb_batch_loops.hpp"
#endif

namespace sepax::obb_obb::SEPAX_BATCH_ISA {

// The verdicts are first written as integers as wide as S, so that the
// vectoriser keeps full-width lanes (bytes would narrow every vector), then
// packed to bytes block by block.
template <class S, class Lane>
inline void blocked(std::size_t n, Lane lane_at, std::uint8_t* __restrict out) {
  using Mask = std::conditional_t<sizeof(S) == 4, std::int32_t, std::int64_t>;
  constexpr std::size_t kBlock = 256;
  Mask verdict[kBlock];
  for (std::size_t base = 0; base < n; base += kBlock) {
    const std::size_t m = std::min(kBlock, n - base);
    for (std::size_t k = 0; k < m; ++k) verdict[k] = lane_at(base + k) ? Mask(1) : Mask(0);
    for (std::size_t k = 0; k < m; ++k) out[base + k] = std::uint8_t(verdict[k]);
  }
}

template <class S>
void one_against_many(const Obb3<S>& a, const ObbBatch<S>& b, std::uint8_t* __restrict out) {
  const detail::BoxLane<S> la = detail::lane(a);
  const detail::BatchView<S> vb(b);
  blocked<S>(b.size(), [&](std::size_t k) { return detail::lane_intersects(la, detail::lane(vb, k)); }, out);
}

template <class S>
void pairwise(const ObbBatch<S>& a, const ObbBatch<S>& b, std::uint8_t* __restrict out) {
  const detail::BatchView<S> va(a), vb(b);
  blocked<S>(a.size(), [&](std::size_t k) { return detail::lane_intersects(detail::lane(va, k), detail::lane(vb, k)); },
             out);
}

}  // namespace sepax::obb_obb::SEPAX_BATCH_ISA
