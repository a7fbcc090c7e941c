#pragma once
/// \file Exact arithmetic on doubles for the mutator's constructions: a sum
/// or product is accepted only when it is exact (Knuth's TwoSum, an FMA
/// residual), so a move that claims "exactly on the plane" or "exactly
/// parallel" claims it for the exact rationals the oracles see. Needs
/// -ffp-contract=off (sepax's flags): a fused TwoSum would lie.
#include <cmath>

#include "sepax/core/numeric/scalar_traits.hpp"

namespace sepax::fuzz::exact {

/// Is v a value of the scalar (finite; a float exactly for float32)?
inline bool fits(double v, ScalarKind scalar) {
  if (!std::isfinite(v)) return false;
  return scalar == ScalarKind::float64 || (std::isfinite(float(v)) && double(float(v)) == v);
}

/// out = a + b; true when that is exact and fits the scalar.
inline bool add(double a, double b, double& out, ScalarKind scalar = ScalarKind::float64) {
  const double s = a + b;
  const double bb = s - a;
  const double err = (a - (s - bb)) + (b - bb);
  out = s;
  return std::isfinite(s) && err == 0 && fits(s, scalar);
}

/// out = a · b; true when exact and fits (products near underflow are refused:
/// the FMA residual of a subnormal product can round to 0).
inline bool mul(double a, double b, double& out, ScalarKind scalar = ScalarKind::float64) {
  const double p = a * b;
  out = p;
  if (a == 0 || b == 0) return true;
  return std::isfinite(p) && std::abs(p) >= 0x1p-960 && std::fma(a, b, -p) == 0 && fits(p, scalar);
}

/// v rounded to a multiple of 2^e (nearest, ties to even).
inline double snap(double v, int e) { return std::ldexp(std::nearbyint(std::ldexp(v, -e)), e); }

/// Is v an integer multiple of 2^e?
inline bool on_grid(double v, int e) {
  const double k = std::ldexp(v, -e);
  return std::isfinite(k) && k == std::nearbyint(k);
}

/// v rounded to `bits` significant bits (nearest).
inline double round_bits(double v, int bits) {
  if (v == 0 || !std::isfinite(v)) return v;
  return snap(v, std::ilogb(v) - bits + 1);
}

/// One unit in the last place of the scalar, from v towards `up` (±inf).
inline double next(double v, bool up, ScalarKind scalar) {
  if (scalar == ScalarKind::float32) return double(std::nextafter(float(v), up ? INFINITY : -INFINITY));
  return std::nextafter(v, up ? INFINITY : -INFINITY);
}

/// v rounded to the scalar (nearest).
inline double rounded(double v, ScalarKind scalar) { return scalar == ScalarKind::float32 ? double(float(v)) : v; }

/// Significand bits of the scalar.
inline int precision(ScalarKind scalar) { return scalar == ScalarKind::float32 ? 24 : 53; }

}  // namespace sepax::fuzz::exact
