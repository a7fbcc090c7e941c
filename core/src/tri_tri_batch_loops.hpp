#pragma once
/// \file Internal: the loops of tri_tri_batch.hpp, compiled once per
/// instruction set. The including file defines SEPAX_BATCH_ISA (a namespace
/// name), so each copy has its own symbols and the linker never merges an AVX2
/// copy with a baseline one; the fast path is force-inlined into each copy.
/// The scalar fallback is not: it is called through tri_tri_batch_isa.hpp's
/// scalar_intersects, compiled once in the baseline unit, so that no -mavx2
/// instantiation of tri_tri::test_static (or of Eigen) exists to be merged.
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "tri_tri_batch_isa.hpp"

#ifndef SEPAX_BATCH_ISA
#error "define SEPAX_BATCH_ISA before including tri_tri_batch_loops.hpp"
#endif

namespace sepax::tri_tri::SEPAX_BATCH_ISA {

// Per block of 256 pairs: the fast path writes integers as wide as S (bit 0:
// intersects, bit 1: needs the scalar kernel), so that the vectoriser keeps
// full-width lanes (bytes would narrow every vector); they are packed to
// bytes, and only when some lane of the block is flagged does a scalar pass
// rerun the flagged pairs with tri_tri::test_static.
template <class S, class LaneA, class LaneB>
inline void blocked(std::size_t n, LaneA lane_a, LaneB lane_b, std::uint8_t* __restrict out) {
  using Mask = std::conditional_t<sizeof(S) == 4, std::int32_t, std::int64_t>;
  constexpr std::size_t kBlock = 256;
  Mask code[kBlock];
  for (std::size_t base = 0; base < n; base += kBlock) {
    const std::size_t m = n - base < kBlock ? n - base : kBlock;
    for (std::size_t k = 0; k < m; ++k) code[k] = detail::lane_code<Mask>(lane_a(base + k), lane_b(base + k));
    Mask flagged = 0;
    for (std::size_t k = 0; k < m; ++k) {
      out[base + k] = std::uint8_t(code[k] & detail::kIntersects);
      flagged |= code[k] & detail::kNeedsScalar;
    }
    if (flagged == 0) continue;
    for (std::size_t k = 0; k < m; ++k)
      if (code[k] & detail::kNeedsScalar)
        out[base + k] = isa::scalar_intersects(lane_a(base + k), lane_b(base + k)) ? 1 : 0;
  }
}

template <class S>
void one_against_many(const detail::TriLane<S>& a, const detail::TriBatchView<S>& b, std::size_t n,
                      std::uint8_t* __restrict out) {
  const detail::TriLane<S> la = a;
  const detail::TriBatchView<S> vb = b;
  blocked<S>(
      n, [&](std::size_t) { return la; }, [&](std::size_t k) { return detail::lane(vb, k); }, out);
}

template <class S>
void pairwise(const detail::TriBatchView<S>& a, const detail::TriBatchView<S>& b, std::size_t n,
              std::uint8_t* __restrict out) {
  const detail::TriBatchView<S> va = a, vb = b;
  blocked<S>(
      n, [&](std::size_t k) { return detail::lane(va, k); }, [&](std::size_t k) { return detail::lane(vb, k); },
      out);
}

}  // namespace sepax::tri_tri::SEPAX_BATCH_ISA
