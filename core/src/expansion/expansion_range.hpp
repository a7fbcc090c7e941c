// Where expansions are exact (expansion.hpp), stated and checked.
//
// TwoSum is exact unless it overflows; TwoProduct (FMA or Dekker's split)
// is exact when a·b is a multiple of 2⁻¹⁰⁷⁴ — its error term is then a
// multiple of 2⁻¹⁰⁷⁴ below ulp(a·b)/2, representable even when subnormal —
// and nothing overflows (the split multiplies by 2²⁷ + 1). Every component of
// an expansion is a sum or product of the inputs, so it is a multiple of the
// grid of the polynomial being evaluated: a nonzero double |x| ≥ 2^−m is a
// multiple of 2^(−m−52), and a product of `degree` inputs a multiple of
// 2^(−degree·(m+52)).
//
// So a polynomial of degree ≤ `degree` in inputs with every nonzero |x| in
// [2^−m, 2^M] is evaluated exactly when degree·(m + 52) ≤ 1074 and
// degree·M + 64 (room for a few hundred terms and the split) ≤ 1023:
//  - degree 4 (OBB–OBB gaps: extent × triple product of axes): m = M = 200
//    (4·252 = 1008, 4·200 + 64 = 864);
//  - degree 3 (orient3d of coordinate differences): m = M = 280 (996, 904).
// Float input is always inside: |x| ∈ [2⁻¹⁴⁹, 2¹²⁸). Outside (or not
// finite), the callers fall back to their integer or GMP stage.
// No #pragma once (see expansion.hpp).
#ifndef SEPAX_EXPANSION_ISA
#error "define SEPAX_EXPANSION_ISA (a namespace name) before including expansion_range.hpp"
#endif
#include <cmath>

namespace sepax::expansion::SEPAX_EXPANSION_ISA {

/// Every x is 0 or min ≤ |x| ≤ max (false for NaN, ±∞).
inline bool in_range(const double* x, int n, double min, double max) {
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    const double a = std::fabs(x[i]);
    ok &= a == 0 || (a >= min && a <= max);  // false for NaN
  }
  return ok;
}

inline bool in_range_degree4(const double* x, int n) { return in_range(x, n, 0x1p-200, 0x1p200); }
inline bool in_range_degree3(const double* x, int n) { return in_range(x, n, 0x1p-280, 0x1p280); }

}  // namespace sepax::expansion::SEPAX_EXPANSION_ISA
