#pragma once
/// \file Internal: the per-instruction-set entry points of the triangle batch
/// loops (tri_tri_batch.cpp dispatches between them at run time) and the
/// scalar fallback they share.
#include <cstddef>
#include <cstdint>

#include "sepax/core/static/tri_tri_batch.hpp"

namespace sepax::tri_tri::isa {

/// tri_tri::test_static(a, b).intersects, compiled in the baseline unit
/// (tri_tri_batch.cpp) only: every copy of the loops calls this one.
bool scalar_intersects(const detail::TriLane<float>& a, const detail::TriLane<float>& b);
bool scalar_intersects(const detail::TriLane<double>& a, const detail::TriLane<double>& b);

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SEPAX_TRI_BATCH_HAVE_AVX2 1
/// Compiled with -mavx2 (tri_tri_batch_avx2.cpp): call only when the CPU has it.
void avx2(const detail::TriLane<float>& a, const detail::TriBatchView<float>& b, std::size_t n, std::uint8_t* out);
void avx2(const detail::TriLane<double>& a, const detail::TriBatchView<double>& b, std::size_t n, std::uint8_t* out);
void avx2(const detail::TriBatchView<float>& a, const detail::TriBatchView<float>& b, std::size_t n,
          std::uint8_t* out);
void avx2(const detail::TriBatchView<double>& a, const detail::TriBatchView<double>& b, std::size_t n,
          std::uint8_t* out);
#endif

}  // namespace sepax::tri_tri::isa
