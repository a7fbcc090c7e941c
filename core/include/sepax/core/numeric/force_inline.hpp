#pragma once
/// \file
/// SEPAX_FORCE_INLINE: for functions the batch kernels inline into loops
/// compiled once per instruction set (baseline, AVX2, AVX2+FMA). Each copy
/// must get its own code for them: an out-of-line copy compiled with AVX2 or
/// FMA, merged by the linker with the baseline callers' copy, would run on a
/// CPU without those instructions.
#if defined(__GNUC__) || defined(__clang__)
#define SEPAX_FORCE_INLINE [[gnu::always_inline]] inline
#else
#define SEPAX_FORCE_INLINE inline
#endif
