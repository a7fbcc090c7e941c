#pragma once
/// \file Exact constructions on a dyadic lattice, for the families whose
/// contacts must be exact in the stored numbers (touching, coplanar,
/// degenerate-shapes).
///
/// A coordinate is an integer n standing for n·2^e. Sums, differences and
/// integer multiples are then exact (int64), and n·2^e is exactly a float when
/// n has at most 24 significant bits (53 for double) — checked, never assumed.
/// Rotated boxes get axes quantised to multiples of 2^-q (q = 19 for float,
/// 48 for double): |Ai·Aj − δij| stays below ~4e-6 resp. ~1e-14, inside
/// validate()'s tolerance, while b·Ai with a power-of-two extent b stays on
/// the lattice, so a box vertex C + Σ σi·bi·Ai can be placed exactly.
#include <array>
#include <cstdint>
#include <optional>

#include "building/shape_builders.hpp"

namespace sepax::gen::detail {

/// A lattice point or vector: integer numerators of a common power of two.
using IVec3 = std::array<std::int64_t, 3>;

/// Significant bits of |n| once trailing zeros are dropped (0 for n = 0).
int significant_bits(std::int64_t n);
/// n·2^e is exactly a value of the scalar (exponents stay far from the limits here).
bool fits(std::int64_t n, ScalarKind scalar);
bool fits(const IVec3& v, ScalarKind scalar);
/// n·2^exponent, exact when n has ≤ 53 significant bits.
double to_double(std::int64_t n, int exponent);
Vec3d to_double(const IVec3& v, int exponent);

// Exact integer vector arithmetic; callers keep magnitudes far below 2^63.
/// a + b.
IVec3 operator+(const IVec3& a, const IVec3& b);
/// a − b.
IVec3 operator-(const IVec3& a, const IVec3& b);
/// k·a.
IVec3 operator*(std::int64_t k, const IVec3& a);
/// a·b.
std::int64_t dot(const IVec3& a, const IVec3& b);
/// a × b.
IVec3 cross(const IVec3& a, const IVec3& b);
/// a = 0.
bool is_zero(const IVec3& a);
/// a·2^shift (shift ≥ 0): moves a coarse lattice point onto a finer lattice.
IVec3 shifted(const IVec3& a, int shift);
/// Uniform integer vector in [lo, hi]³.
IVec3 random_ivec(Source& source, int lo, int hi);

/// q for quantised axes: 19 for float, 48 for double (see the file comment).
int axis_quantum_bits(ScalarKind scalar);
/// The axes rounded to multiples of 2^-q, as integer numerators; nullopt when
/// the rounded axes drift past half the scalar's axis tolerance or
/// lose right-handedness (then the caller draws another rotation).
std::optional<std::array<IVec3, 3>> quantise_axes(const Axes& axes, int q, ScalarKind scalar);

/// A signed permutation of the coordinates (reflections included) followed by
/// a scale by 2^exponent. Exact in any scalar, so exact contacts stay exact.
struct ExactSymmetry {
  std::array<int, 3> source_axis{0, 1, 2};  ///< output coordinate i takes input coordinate source_axis[i]
  std::array<double, 3> sign{1, 1, 1};
  bool reflects = false;
  int exponent = 0;

  /// A random one: the permutation, the signs, then k in [min_exponent, max_exponent].
  static ExactSymmetry draw(Source& source, int min_exponent, int max_exponent);
  /// Maps both shapes of the pair. A box whose axes a reflection turns
  /// left-handed gets its third axis negated, which leaves the box (a set) unchanged.
  void apply(ShapePair& pair) const;
  /// Image of a point (permuted, signed, scaled).
  Vec3d point(const Vec3d& p) const;
  /// Image of a direction (permuted and signed, not scaled).
  Vec3d direction(const Vec3d& v) const;
};

/// ExactSymmetry::draw(source, min_exponent, max_exponent).apply(pair).
void apply_exact_symmetry(Source& source, ShapePair& pair, int min_exponent, int max_exponent);

// ---- exact arithmetic on doubles ------------------------------------------------
// Error-free transformations (Knuth's TwoSum, FMA-based TwoProduct): they decide
// exactly whether a sum is exact and the sign of a dot product, with IEEE
// operations only (deterministic; -ffp-contract=off keeps them unfused).

/// x + y rounded to double, and whether that rounding was exact.
bool exact_sum(double x, double y, double& sum);
/// The exact sign (−1, 0, +1) of u·v for finite u, v (no overflow, no underflow
/// below 2^-960 in the products).
int exact_dot_sign(const Vec3d& u, const Vec3d& v);
/// The exponent of the lowest set bit of x ≠ 0 (x is a multiple of 2^that);
/// a large number for x = 0 (no constraint).
int grid_exponent(double x);
/// The smallest e with |x| < 2^e (x ≠ 0); a very small number for x = 0.
int magnitude_exponent(double x);

}  // namespace sepax::gen::detail
