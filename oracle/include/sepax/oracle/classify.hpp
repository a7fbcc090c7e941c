#pragma once
/// \file Classifying a kernel's verdict against the exact one (SPEC §4).
#include <string_view>

#include "sepax/core/query.hpp"
#include "sepax/core/scalar_traits.hpp"

namespace sepax::oracle {

enum class Class { ok, boundary, gross };

constexpr std::string_view to_string(Class c) {
  return c == Class::ok ? "ok" : c == Class::boundary ? "boundary" : "gross";
}

/// Width of the boundary band, relative to reference_length(pair), for a kernel
/// computing in `scalar` (unit roundoff u):
///
///   tol = (K·u·M + 3·δ·(size_a + size_b)) / ℓ,   K = 64
///
/// M = largest |coordinate| of any stored center or vertex plus size_a + size_b:
/// kernels subtract stored coordinates (error u·M) and form dot and cross
/// products nested at most twice over 3 terms (≈ 20 u·|L|·M per projection gap,
/// 2 gaps compared), so a computed gap normalized by |L| is within ~40·u·M of
/// the exact one; K = 64 keeps headroom without hiding real bugs (a gross error
/// is off by ≥ 1e-5·ℓ for float even far from the origin in our families).
/// δ = largest |Ai·Aj − δij| of the boxes: kernels use identities of
/// orthonormal frames, which moves the box they implicitly test by ≤ δ·size.
double boundary_tolerance(const ShapePair& pair, ScalarKind scalar);

/// ok if the kernel agrees with the exact verdict; otherwise boundary when
/// |margin| ≤ tolerance (+ the kernel's documented conservative_bias when it
/// reported touching for a separated pair), gross beyond.
constexpr Class classify(bool kernel_intersects, bool exact_intersects, double margin,
                         double tolerance, double conservative_bias = 0) {
  if (kernel_intersects == exact_intersects) return Class::ok;
  const double m = margin < 0 ? -margin : margin;
  const double allowed = tolerance + (kernel_intersects ? conservative_bias : 0);
  return m <= allowed ? Class::boundary : Class::gross;
}

}  // namespace sepax::oracle
