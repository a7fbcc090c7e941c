#pragma once
/// \file
/// Oracle 1: exact separating-axis test over a complete candidate-axis
/// set of the exact sets (SPEC §4), in GMP rationals through
/// Boost.Multiprecision, behind an interval-arithmetic filter.
///
/// Input semantics: every stored double is an exact rational; a box is the
/// parallelepiped {C + Σ xi·ai·Ai : |xi| ≤ 1} of its stored numbers, a triangle
/// the convex hull of its stored vertices (segments and points included).
/// Closed sets: touching intersects.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/core/static/separating_axis.hpp"

namespace sepax::oracle {

struct SatVerdict {
  bool intersects = false;
  /// true when the interval filter could not decide and the GMP path ran.
  bool exact_fallback = false;
};

/// Interval filter first, exact rationals only when a comparison is uncertain.
SatVerdict sat_filtered(const ShapePair& pair);
/// The same decision, always in exact rationals (no filter): for cost
/// measurements and to cross-check the filter.
bool sat_exact(const ShapePair& pair);

/// Exact signed gap of the pair along direction L (any nonzero vector given in
/// doubles, taken exactly): (min over B − max over A, or min over A − max over
/// B, whichever is larger) / |L|, divided by the reference length of
/// reference_length(). > 0 exactly when L separates the exact sets. The sign is
/// decided exactly; the magnitude is rounded to double. Returns NaN for L = 0.
double axis_gap(const ShapePair& pair, const std::array<double, 3>& direction);

/// The same exact gap along the candidate axis a kernel *names*
/// (separating_axis.hpp: A_i, B_j, N, M, E_i × F_j, N × E_i, ...), rebuilt in
/// rationals from the stored shapes, so that a kernel's witness can be judged
/// by its label independently of the direction it computed. nullopt for
/// labels that name no fixed axis of the pair (none, degenerate, motion) or
/// do not exist for this query; NaN when the named axis is exactly zero.
std::optional<double> labelled_axis_gap(const ShapePair& pair, const SeparatingAxis& axis);

/// How well the direction of the named axis is determined by the stored
/// shapes: |u × v| / (|u|·|v|) for an axis that is a cross product u × v of
/// edges (edge–edge); for a triangle's normal N (and N × E_i) |N| over its
/// longest edge squared, whichever edges a kernel crosses; 1 for a box's
/// face axis, 0 for the degenerate and motion labels and for zero factors. A
/// kernel computes such an axis with a direction error of about u/sine (u its
/// unit roundoff), and the supporting features across it are uncertain by
/// that much times the size. In doubles (an estimate, not a decision).
double axis_sine(const ShapePair& pair, const SeparatingAxis& axis);

/// One candidate axis of a pair read exactly: how far it separates the shapes
/// and how well the stored shapes determine its direction.
struct AxisReading {
  SeparatingAxis axis;
  /// Exact signed gap / |L|, relative to reference_length (sign exact,
  /// magnitude rounded): > 0 separates, < 0 is the overlap. With a motion, of
  /// the shapes over [0, T] (B's interval swept by T·(L·W)). NaN when the axis
  /// is exactly zero.
  double gap;
  /// axis_sine; for a motion axis W × E, the sine of W and E.
  double sine;
};

/// Every candidate axis of the query by label (separating_axis.hpp's table:
/// obb_obb A_i, B_j, A_i × B_j; tri_obb N, B_j, E_i × B_j; tri_tri N, M,
/// E_i × F_j, N × E_i, M × F_j), and with a motion the motion axes W × A_i,
/// W × B_j too, each read exactly (the explanation of a disagreement, issue 29).
std::vector<AxisReading> survey_axes(const ShapePair& pair, const LinearMotiond* motion = nullptr);

}  // namespace sepax::oracle
