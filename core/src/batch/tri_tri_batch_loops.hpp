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

#include "sepax/core/static/tri_tri_batch_full.hpp"
#include "batch/tri_tri_batch_isa.hpp"

#ifndef SEPAX_BATCH_ISA
#error "define SEPAX_BATCH_ISA before including tri_tri_batch_loops.hpp"
#endif

namespace sepax::tri_tri::SEPAX_BATCH_ISA {

// Where this copy of the loops has FMA, double lanes compute the accurate
// products in-lane; without it (the x86-64 baseline) such a lane is flagged
// for the scalar kernel (full_lane_code's kAccurate).
#ifdef __FMA__
inline constexpr bool kFmaInLane = true;
#else
inline constexpr bool kFmaInLane = false;
#endif
// The full path's vector width in bytes: AVX's 32 where this copy has AVX2,
// SSE2's 16 otherwise.
#ifdef __AVX2__
inline constexpr std::size_t kVectorBytes = 32;
#else
inline constexpr std::size_t kVectorBytes = 16;
#endif

// Per block of 256 pairs, three passes:
//  1. the fast path on every pair, writing integers as wide as S (bit 0:
//     intersects, bit 1: needs more), so that the vectoriser keeps full-width
//     lanes (bytes would narrow every vector);
//  2. when some lane is flagged, the flagged pairs are copied to contiguous
//     columns and the full path (the whole scalar kernel, branch-free) runs
//     over them, vectorised like the fast path;
//  3. the rare lanes the full path still flags (double without FMA, with a
//     cancelled product) are rerun with tri_tri::test_static.
template <class S, class LaneA, class LaneB>
inline void blocked(std::size_t n, LaneA lane_a, LaneB lane_b, std::uint8_t* __restrict out) {
  using Mask = std::conditional_t<sizeof(S) == 4, std::int32_t, std::int64_t>;
  constexpr bool kAccurate = std::is_same_v<S, float> || kFmaInLane;
  constexpr int kWidth = int(kVectorBytes / sizeof(S));
  constexpr std::size_t kBlock = 256;
  static_assert(kBlock % kWidth == 0, "padding to whole vectors stays inside the block");
  Mask code[kBlock];
  std::uint16_t index[kBlock];
  alignas(64) S flagged_a[9][kBlock];
  alignas(64) S flagged_b[9][kBlock];
  const detail::TriBatchView<S> view_a(flagged_a), view_b(flagged_b);
  for (std::size_t base = 0; base < n; base += kBlock) {
    const std::size_t m = n - base < kBlock ? n - base : kBlock;
    for (std::size_t k = 0; k < m; ++k) code[k] = detail::lane_code<Mask>(lane_a(base + k), lane_b(base + k));
    std::size_t flagged = 0;
    for (std::size_t k = 0; k < m; ++k) {
      out[base + k] = std::uint8_t(code[k] & detail::kIntersects);
      if (code[k] & detail::kNeedsScalar) index[flagged++] = std::uint16_t(k);
    }
    if (flagged == 0) continue;
    // The full path's last vector reads up to a whole vector: the lanes past
    // the flagged ones repeat the last flagged pair (their codes are ignored).
    const std::size_t padded = (flagged + kWidth - 1) / kWidth * kWidth;
    for (std::size_t c = 0; c < padded; ++c) {
      const std::size_t k = base + index[c < flagged ? c : flagged - 1];
      const detail::TriLane<S> a = lane_a(k), b = lane_b(k);
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
          flagged_a[3 * i + j][c] = a.v[i][j];
          flagged_b[3 * i + j][c] = b.v[i][j];
        }
    }
    for (std::size_t c = 0; c < flagged; c += kWidth)
      detail::full_lanes<kWidth, kAccurate>(view_a, view_b, c, code + c);
    for (std::size_t c = 0; c < flagged; ++c) {
      const std::size_t k = base + index[c];
      out[k] = (code[c] & detail::kNeedsScalar)
                   ? (isa::scalar_intersects(lane_a(k), lane_b(k)) ? 1 : 0)
                   : std::uint8_t(code[c] & detail::kIntersects);
    }
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
