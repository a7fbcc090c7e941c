#pragma once
// Internal to the certified OBB–OBB kernel: its first exact stage, in machine
// integers, for pairs whose numbers lie on a small dyadic grid (the lattice
// boxes of exact contact: touching, coplanar, degenerate shapes — float
// boxes above all). Asked before the expansions (expansion/), which take
// every pair it declines.
//
// The pair's 18 axis components become integers X = x·2^(29−t_a), 2^(29−t_a)
// the coarsest such scale (t_a trailing zeros shared by all of x·2²⁹), and
// its 12 lengths (extents, centres) integers Y = y·2^(k−t_l) likewise with
// |Y| < 2⁵⁰ (k from the largest length's exponent). With |X| < 2^α
// (α = 30 − t_a) and |Y| < 2^λ, the gap of an axis L (a cross product of two
// axes; obb_obb_certified.hpp's table)
//   g(L) = |L·D| − Σ a_k |A_k·L| − Σ b_m |B_m·L|,   D = C_b − C_a,
// times the positive 2^(−3·grid_a − grid_l) is
//   G = |L'·D'|·2^(α−1) − Σ a'_k |A'_k·L'| − Σ b'_m |B'_m·L'|
// in the integers (primes). Sizes: |L'_k| < 2^(2α+1) (int64: α ≤ 30),
// |D'_k| < 2^(λ+1), |A'_k·L'| < 3·2^(3α+1) < 2^(3α+3), so the lead is below
// 3·2^(2α+λ+2)·2^(α−1) < 2^(3α+λ+3), each radii term below 2^(3α+λ+3)
// (four of the six: L is orthogonal to the two axes it is the cross product
// of), and |G| < 5·2^(3α+λ+3) < 2^(3α+λ+6): 3α + λ ≤ 120 keeps every
// partial sum within __int128 (|·| < 2¹²⁷). Outside that (or a number not
// on the grid: a float axis component below 2⁻⁶ with low bits, a double with
// more than 30 bits under its leading one, a non-finite number) the stage
// declines and the expansions decide.
#include <array>
#include <cstdint>

#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/static/separating_axis.hpp"

namespace sepax::obb_obb::certified {

/// The pair in integers (filled at the first undecided axis).
struct SmallIntegers {
  std::int8_t state = 0;  ///< 0 not loaded, 1 loaded, −1 declined
  int lead_shift = 0;     ///< α − 1
  /// A's axes (rows 0–2 of three numbers), B's (rows 3–5), two of padding;
  /// the extents of A and B (a row's extent is len[row]), then the centres
  /// of A and B; D = C_b − C_a.
  std::int64_t ax[20], len[12], d[3];
};

/// Per axis (face_a i, face_b j, edge i j as 0–2, 3–5, 6 + 3i + j): the rows
/// of `ax` whose cross product is L (A's axes 0–2, B's 3–5), then the four
/// rows whose radii terms are not 0 by construction (L is orthogonal to the
/// two it is the cross product of); a row's extent is len[row].
struct AxisRows {
  int u, v, r[4];
};
inline constexpr std::array<AxisRows, 15> kAxisRows = [] {
  std::array<AxisRows, 15> t{};
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    t[i] = {i1, i2, {i, 3, 4, 5}};
    t[3 + i] = {3 + i1, 3 + i2, {0, 1, 2, 3 + i}};
    for (int j = 0; j < 3; ++j) t[6 + 3 * i + j] = {i, 3 + j, {i1, i2, 3 + (j + 1) % 3, 3 + (j + 2) % 3}};
  }
  return t;
}();

/// Converts the pair; false (state −1) when it is not on a grid the bound
/// above covers. (The filter's copies call their own,
/// obb_obb_small_integers_impl.hpp; these are for tests.)
bool load(SmallIntegers& s, const Obb3<float>& a, const Obb3<float>& b);
bool load(SmallIntegers& s, const Obb3<double>& a, const Obb3<double>& b);

/// The exact sign (−1, 0, +1) of the axis's gap for a loaded pair.
int small_integer_gap_sign(const SmallIntegers& s, const SeparatingAxis& axis);

}  // namespace sepax::obb_obb::certified
