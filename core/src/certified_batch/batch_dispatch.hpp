#pragma once
// The certified batches' run-time choice between their two compiled copies
// (tri_tri_certified_batch.cpp, obb_obb_certified_batch.cpp): the AVX2+FMA
// copy where the CPU has both, the x86-64 baseline otherwise. Included by
// baseline units only.
namespace sepax::certified {

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SEPAX_CERTIFIED_HAVE_AVX2_COPY 1
inline bool cpu_has_avx2_fma() {
  static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return yes;
}
#endif

/// avx2(no_bound) where the CPU allows, else baseline(no_bound).
template <class Avx2, class Baseline>
inline void run_copy(bool no_bound, Avx2 avx2, Baseline baseline) {
#ifdef SEPAX_CERTIFIED_HAVE_AVX2_COPY
  if (cpu_has_avx2_fma()) return avx2(no_bound);
#else
  (void)avx2;
#endif
  baseline(no_bound);
}

}  // namespace sepax::certified
