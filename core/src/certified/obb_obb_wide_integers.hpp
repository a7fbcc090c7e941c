#pragma once
// Internal to the certified OBB–OBB kernel: its second integer stage, for
// pairs on a dyadic grid too fine for the machine integers
// (obb_obb_small_integers.hpp) — the lattice boxes of double input above
// all, whose axes carry 48 bits — asked before the expansions, which cannot
// show an exact 0 without forming the whole expansion (issue 33: a touching
// double pair cost ~20× ODE there).
//
// The pair's 18 axis components become integers X = x·2⁶⁰ with |X| < 2⁶¹
// (|x| < 2: every component of 2⁻⁸ or more in double, of 2⁻³⁷ or more in
// float, lies on this grid), and its 12 lengths integers Y = y·2^r with
// |Y| < 2⁶² (r from the largest length's exponent). With L' = U' × V'
// (|L'_k| < 2¹²³) and D' = C'_b − C'_a (|D'_k| < 2⁶³), the gap of
// obb_obb_small_integers.hpp times 2^(3·60 + r) is
//   G = |L'·D'|·2⁶⁰ − Σ a'_k |A'_k·L'| − Σ b'_m |B'_m·L'|:
// |L'·D'| < 3·2¹⁸⁶, so the lead is below 2²⁴⁸; |A'_k·L'| < 3·2¹⁸⁴ and each
// radii term below 2²⁴⁸; G's positive and negative parts, sums of at most
// five such, stay below 2²⁵¹ — inside the 256-bit integers of
// exact/unsigned_256.hpp. A number off the grid (an axis component with bits
// below 2⁻⁶⁰, a length with bits below 2^−r, a non-finite one) declines the
// pair, and the expansions decide.
#include <cstdint>

#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/static/separating_axis.hpp"

namespace sepax::obb_obb::certified {

/// The pair in 64-bit integers (filled at the first undecided axis the
/// machine integers decline).
struct WideIntegers {
  std::int8_t state = 0;  ///< 0 not loaded, 1 loaded, −1 declined
  /// A's axes (rows 0–2 of three numbers), then B's (rows 3–5); the
  /// extents of A and B (a row's extent is len[row]), then the centres of A
  /// and B; D = C_b − C_a.
  std::int64_t ax[18], len[12], d[3];
};

/// Converts the pair; false (state −1) when it is not on the grid above.
bool load(WideIntegers& w, const Obb3<float>& a, const Obb3<float>& b);
bool load(WideIntegers& w, const Obb3<double>& a, const Obb3<double>& b);

/// The exact sign (−1, 0, +1) of the gap of axis n (face_a i, face_b j,
/// edge i j as 0–2, 3–5, 6 + 3i + j) for a loaded pair.
int wide_integer_gap_sign(const WideIntegers& w, int n);

}  // namespace sepax::obb_obb::certified
