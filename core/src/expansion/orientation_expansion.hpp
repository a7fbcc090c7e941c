#pragma once
// Internal to the certified triangle kernels: orient3d and orient2d in
// floating-point expansions (expansion.hpp; Shewchuk 1997's orient3d, with
// the differences checked for tails), the stage between their double filter
// and the integers/GMP (exact/orientation_exact.hpp).
//
// The coordinate differences come from TwoDiff: exact as hi + lo. When every
// lo is 0 (float coordinates within 29 binary orders of each other, the usual
// case), the 2×2 minors are exact in ≤ 4 components (two TwoProducts and
// Two_Two_Diff), scaled by the third column (≤ 8) and summed (≤ 24): a few
// dozen operations. Otherwise every difference is a 2-component expansion and
// the products are formed term by term (≤ 192 components). Degree 3 (2): exact
// within expansion_range.hpp's degree-3 range, which holds every float;
// outside it the functions return 2 and the caller takes the integers/GMP.
namespace sepax::certified {

/// The sign of det(b − a, c − a, d − a) (−1, 0, +1), or 2 outside the range.
int orient3d_expansion(const double* a, const double* b, const double* c, const double* d);

/// The sign of (b_x − a_x)(c_y − a_y) − (b_y − a_y)(c_x − a_x), or 2.
int orient2d_expansion(const double* a, const double* b, const double* c);

namespace baseline {
int orient3d_expansion(const double* a, const double* b, const double* c, const double* d);
int orient2d_expansion(const double* a, const double* b, const double* c);
}  // namespace baseline
namespace fma {
int orient3d_expansion(const double* a, const double* b, const double* c, const double* d);
int orient2d_expansion(const double* a, const double* b, const double* c);
}  // namespace fma

}  // namespace sepax::certified
