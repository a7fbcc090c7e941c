#pragma once
/// \file Internal: the per-instruction-set entry points of the batch loops
/// (obb_obb_batch.cpp dispatches between them at run time).
#include <cstdint>

#include "sepax/core/static/obb_obb_batch.hpp"

namespace sepax::obb_obb::isa {

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SEPAX_BATCH_HAVE_AVX2 1
/// Compiled with -mavx2 (obb_obb_batch_avx2.cpp): call only when the CPU has it.
void avx2(const Obb3<float>& a, const ObbBatch<float>& b, std::uint8_t* out);
void avx2(const Obb3<double>& a, const ObbBatch<double>& b, std::uint8_t* out);
void avx2(const ObbBatch<float>& a, const ObbBatch<float>& b, std::uint8_t* out);
void avx2(const ObbBatch<double>& a, const ObbBatch<double>& b, std::uint8_t* out);
#endif

}  // namespace sepax::obb_obb::isa
