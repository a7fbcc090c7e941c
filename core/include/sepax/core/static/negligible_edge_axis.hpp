#pragma once
/// \file
/// Which edge axes the static OBB–OBB tests leave out: L = A_i × B_j
/// whose components are all below kNegligibleEdgeAxis (|L| is the sine of
/// the edges' angle).
///
/// Why: on such an axis every projection is a product with a component of L,
/// and products that fall below the normal range lose their relative
/// accuracy. The radii (sums of such products) can underflow to 0 while
/// |L·D| stays a nonzero subnormal, and "|L·D| > r_A + r_B" then separates
/// boxes that overlap by a large fraction of their size (the fuzzer found B's
/// axis one ulp, 2⁻¹⁰⁷⁴, off A's:
/// properties/regressions/fuzz_obb_obb_subnormal_edge_axis.jsonl).
///
/// Why leaving the axis out is safe: for nearly parallel edges (angle θ)
/// the other fourteen axes already separate every pair that is more than
/// about θ·size apart (Gottschalk's argument for RAPID's ε bias, obb_obb.hpp),
/// so the test can only call intersecting a pair within about
/// kNegligibleEdgeAxis·size of touching — far inside the rounding of the
/// coordinates (2⁻²⁴ and 2⁻⁵³ of the size). The thresholds are the square
/// roots of the smallest normal numbers: products of L with an extent or a
/// coordinate at least that large stay normal.
///
/// Other scalars (exact, interval, the strict test scalar) leave nothing out.
#include <cmath>
#include <type_traits>

namespace sepax::obb_obb {

template <class S>
inline constexpr S kNegligibleEdgeAxis = S(0);
template <>
inline constexpr float kNegligibleEdgeAxis<float> = 0x1p-63f;
template <>
inline constexpr double kNegligibleEdgeAxis<double> = 0x1p-511;

/// Is L, with components (0, l1, l2) in A's frame, an axis to leave out?
template <class S>
bool negligible_edge_axis(const S& l1, const S& l2) {
  if constexpr (std::is_same_v<S, float> || std::is_same_v<S, double>)
    return (std::fabs(l1) < kNegligibleEdgeAxis<S>) & (std::fabs(l2) < kNegligibleEdgeAxis<S>);  // no branch: batch loops
  else
    return false;
}

}  // namespace sepax::obb_obb
