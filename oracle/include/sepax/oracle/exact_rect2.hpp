#pragma once
/// \file
/// Exact answers for two oriented rectangles in the plane (the 2D
/// query): do they intersect, and when do they first touch under constant
/// velocities — in GMP rationals, on the exact parallelograms the stored
/// doubles span (no orthonormality assumed).
#include <string>

#include "sepax/core/moving/motion.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/rect2.hpp"

namespace sepax::oracle {

/// Do the closed parallelograms of a and b intersect? Exact.
bool rect_rect_exact(const Rect2<double>& a, const Rect2<double>& b);

/// The size the 2D judge measures distances in: the longer diagonal of the
/// two rectangles (1 when both are points).
double rect_reference_length(const Rect2<double>& a, const Rect2<double>& b);

/// Signed distance from touching, relative to rect_reference_length: along
/// the four edge normals of the Minkowski difference, the largest gap between
/// the projections when they are disjoint (> 0: a lower bound on the
/// distance, within √2 of it for rectangles), minus the smallest overlap when
/// they intersect (< 0: the penetration depth). Each numerator exact in
/// rationals, one rounding, then divided by the normal's length in double.
double rect_rect_margin(const Rect2<double>& a, const Rect2<double>& b);

/// Width of the 2D boundary band, relative to rect_reference_length, for a
/// kernel computing in `scalar` (the 3D band's formula, oracle/classify.hpp):
/// (64·u·M + 3·δ·(size_a + size_b)) / ℓ, M the largest |center coordinate|
/// plus both sizes, δ the larger |A0·A1|, ||Ai|² − 1| of the two frames.
double rect_boundary_tolerance(const Rect2<double>& a, const Rect2<double>& b, ScalarKind scalar);

/// Does every operation of the 2D SAT on this pair come out exact in `scalar`
/// (the 3D certificate of oracle/classify.hpp in the plane)? Axes signed unit
/// vectors (entries 0, ±1) and the centres and extents passing
/// products_are_exact at degree 1: then a kernel built from +, −, × and
/// comparisons computes every projection exactly and has no band.
bool rect_arithmetic_is_exact(const Rect2<double>& a, const Rect2<double>& b, ScalarKind scalar);

struct ExactRectContact {
  ContactState state = ContactState::separated_throughout;
  double time = 0;        ///< t*, correctly rounded (first_contact only)
  std::string time_exact; ///< t* as "p/q"
};

/// The exact first time of contact over [0, T] of a moving by va and b by vb.
ExactRectContact rect_rect_first_contact(const Rect2<double>& a, const Rect2<double>& b,
                                         const LinearMotion2<double>& motion);

}  // namespace sepax::oracle
