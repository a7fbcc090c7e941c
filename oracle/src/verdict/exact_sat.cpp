// Oracle 1 (SPEC §4): exact separating-axis test over a complete candidate-axis
// set, in GMP rationals, behind an interval filter.
//
// WHY THE CANDIDATE AXES ARE COMPLETE, for every degenerate input.
// P and Q (the exact sets, exact_sets.hpp) are closed convex polytopes, the
// convex hulls of their vertices. They are disjoint iff 0 ∉ D = P − Q, itself
// a convex polytope. A direction L separates iff the projection of D on L
// misses 0, i.e. iff gap(L) = max(min_Q − max_P, min_P − max_Q) > 0 with the
// min/max taken over the projected vertices.
// Let E be the edge list (edge directions of P and of Q) and k = dim span(E).
// span(E) = span(D − D), because the edges of a Minkowski sum are edges of its
// summands; so k = dim aff(D).
//  k = 3  D is full-dimensional, the intersection of its facet half-spaces
//         n·x ≤ h; 0 ∉ D iff some h < 0, and then max_D n·x < 0: n separates.
//         A facet of D is F_P − F_Q for faces of P and Q with the same outer
//         normal, a polygon whose edges are edges of P or Q; so n ∥ ei × ej
//         for two edges of E: a face normal of P, of Q, or an eP × eQ.
//  k = 2  D lies in a plane with normal n ∥ every nonzero ei × ej. If 0 is
//         off that plane, n separates (D projects to one value ≠ 0). Otherwise
//         0 lies in the plane outside the polygon D, and the in-plane outer
//         normal n × e of one of D's edges separates (e ∈ E).
//  k = 1  D is a segment on the line d + span(e), d = (vertex of P) − (vertex
//         of Q). If 0 is off the line, the part of d orthogonal to e,
//         ∝ e × (e × d), separates; otherwise the line direction e does.
//  k = 0  D = {d}: d separates iff d ≠ 0.
// k = 3 iff some ei × ej has a nonzero triple product with some edge, and
// k ≥ 2 iff some ei × ej ≠ 0 — exact zero tests that pick the row
// (exact_axes.hpp). Nothing assumes an orthonormal or even independent box
// frame: a parallelepiped with zero extents or dependent axes is a lower-
// dimensional zonotope whose edges are still among its generators ai·Ai.
// Every vertex (8 per box, 3 per triangle) is projected; no identity of an
// orthonormal frame (Eberly's tables) is used.
//
// THE FILTER. The same recipes are evaluated in CGAL::Interval_nt<false>:
// "separated" as soon as one gap is surely > 0 (any nonzero L with a positive
// gap separates, candidate or not); "intersecting" when every gap is surely
// ≤ 0, which is enough because candidate_axes() takes the union of the rows k
// may be in whenever an interval zero test is undecided, so the list, taken
// exactly, is always complete. Otherwise only the axes whose gap was uncertain
// are evaluated again in rationals (exact_fallback).
#include "sepax/oracle/exact_sat.hpp"

#include <limits>

#include "verdict/exact_axes.hpp"
#include "verdict/exact_magnitude.hpp"
#include "verdict/exact_sets.hpp"
#include "verdict/interval_signs.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::oracle {
namespace detail {


namespace {

enum class AxisOutcome { skipped, separating, not_separating, uncertain };

template <class T>
AxisOutcome evaluate(const AxisRecipe& r, const PairSets<T>& s, const NormalPairs& pairs) {
  const Vec<T> axis = axis_vector(r, s, pairs);
  if (surely_zero(axis)) return AxisOutcome::skipped;
  const T g = gap(project(s.p, s.p_count, axis), project(s.q, s.q_count, axis));
  if (Signs<T>::surely_positive(g)) return AxisOutcome::separating;
  if (Signs<T>::surely_nonpositive(g)) return AxisOutcome::not_separating;
  return AxisOutcome::uncertain;
}

/// The interval pass: separated/intersecting when sure, else the recipes whose
/// gap was uncertain (the normal pairs are the same for every number type).
struct FilterResult {
  enum class State { separated, intersecting, uncertain } state;
  AxisList uncertain;
};

FilterResult run_filter(const ShapePair& pair) {
  CGAL::Protect_FPU_rounding<true> rounding_upward;
  const PairSets<Interval> s = make_sets<Interval>(pair);
  const NormalPairs pairs = normal_pairs(s);
  const AxisList axes = candidate_axes(s, pairs);
  FilterResult out{FilterResult::State::intersecting, {}};
  for (int a = 0; a < axes.count; ++a) {
    switch (evaluate(axes.items[a], s, pairs)) {
      case AxisOutcome::separating: out.state = FilterResult::State::separated; return out;
      case AxisOutcome::uncertain: out.uncertain.push(axes.items[a]); break;
      default: break;
    }
  }
  if (out.uncertain.count > 0) out.state = FilterResult::State::uncertain;
  return out;
}

/// Exact decision over a recipe list known to be complete for the pair.
bool exact_intersects(const PairSets<Exact>& s, const NormalPairs& pairs, const AxisList& axes) {
  for (int a = 0; a < axes.count; ++a)
    if (evaluate(axes.items[a], s, pairs) == AxisOutcome::separating) return false;
  return true;
}

}  // namespace
}  // namespace detail

SatVerdict sat_filtered(const ShapePair& pair) {
  using namespace detail;
  // The rounding guard lives inside run_filter: the GMP path runs in the
  // default rounding mode.
  const FilterResult filtered = run_filter(pair);
  switch (filtered.state) {
    case FilterResult::State::separated: return {false, false};
    case FilterResult::State::intersecting: return {true, false};
    case FilterResult::State::uncertain: break;
  }
  const PairSets<Exact> s = make_sets<Exact>(pair);
  return {exact_intersects(s, normal_pairs(s), filtered.uncertain), true};
}

bool sat_exact(const ShapePair& pair) {
  using namespace detail;
  const PairSets<Exact> s = make_sets<Exact>(pair);
  const NormalPairs pairs = normal_pairs(s);
  return exact_intersects(s, pairs, candidate_axes(s, pairs));
}

double axis_gap(const ShapePair& pair, const std::array<double, 3>& direction) {
  using namespace detail;
  if (direction[0] == 0 && direction[1] == 0 && direction[2] == 0)
    return std::numeric_limits<double>::quiet_NaN();
  const PairSets<Exact> s = make_sets<Exact>(pair);
  const Vec<Exact> axis{Exact(direction[0]), Exact(direction[1]), Exact(direction[2])};
  const Exact g = gap(project(s.p, s.p_count, axis), project(s.q, s.q_count, axis));
  return signed_root(g.sign(), Exact(g * g / dot(axis, axis)), reference_length(pair));
}

}  // namespace sepax::oracle
