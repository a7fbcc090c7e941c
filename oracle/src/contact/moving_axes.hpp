#pragma once
/// \file Internal (exact_contact_sat.cpp): candidate axes that are complete for
/// a pair moving with constant velocities, and the window of times each axis
/// allows. Templated on the number type like exact_axes.hpp, so the interval
/// filter and the GMP rationals run the same code.
///
/// a(t) = P + t·va and b(t) = Q + t·vb meet iff t·W ∈ D0 = P − Q, with
/// W = vb − va: the times of contact are where the line {t·W} crosses the
/// fixed polytope D0. Along an axis L, D0 projects to [lo, hi] =
/// [min_P − max_Q, max_P − min_Q] and the condition is lo ≤ t·(L·W) ≤ hi, a
/// closed interval of t (empty, all of ℝ, or bounded on one or both sides).
///
/// WHY THE AXES ARE COMPLETE. The static list (exact_axes.hpp) only promises
/// that some slab {x : lo_L ≤ L·x ≤ hi_L} misses 0 when D0 does. Here every t
/// needs that, so the slabs must cut out D0 itself: ∩_L slab_L = D0. Any axis
/// may be added (its slab contains D0); the question is only which are needed.
/// With k = dim span(E) as in exact_sat.cpp:
///
/// | k | static list                  | moving list                            |
/// |---|------------------------------|----------------------------------------|
/// | 3 | facet normals of D0          | the same: D0 = ∩ of its facet slabs    |
/// | 2 | plane normal n, n × e        | the same: the plane's slab is the plane, the n × e slabs cut the polygon (its edges are parallel to edges in E) |
/// | 1 | e, e × (e × d)               | e, e × X, e × Y, e × Z: the last three span e⊥, so their slabs (planes through the segment) cut out its line; e × (e × d) alone leaves a plane |
/// | 0 | d                            | X, Y, Z: three planes through the point |
///
/// d = (vertex of P) − (vertex of Q) is the static list's only ingredient that
/// is not a direction of the sets, and it is the one a moving problem cannot
/// use: at time t the offset is d − t·W. Translations never turn the edges, so
/// the rest of the list is valid at every instant.
///
/// With intervals candidate_axes() takes the union of the rows k may be in
/// (exact_axes.hpp); the extra rows added here follow it, so the interval list
/// is complete too.
#include <array>
#include <cstdint>

#include "verdict/exact_axes.hpp"
#include "verdict/exact_sets.hpp"
#include "sepax/core/moving/motion.hpp"

namespace sepax::oracle::detail {

/// W = velocity_b − velocity_a in number type T (exact for Exact, enclosing for
/// intervals).
template <class T>
Vec<T> relative_velocity(const LinearMotiond& motion) {
  return to_vec<T>(motion.velocity_b) - to_vec<T>(motion.velocity_a);
}

/// One axis of the moving list: a recipe of the static list, or one of the
/// extra rows of the table above.
struct MovingAxis {
  enum class Kind : std::uint8_t {
    recipe,           ///< `recipe` of exact_axes.hpp
    edge_cross_unit,  ///< edges[0] × the coordinate axis `unit` (k = 1)
    unit,             ///< the coordinate axis `unit` (k = 0)
  };
  Kind kind = Kind::recipe;
  AxisRecipe recipe{};
  std::uint8_t unit = 0;
};

/// Largest list: the static one without its d-dependent rows, plus three.
struct MovingAxisList {
  std::array<MovingAxis, kMaxAxes + 3> items{};
  int count = 0;
  NormalPairs pairs;  ///< the same for every number type (decided on doubles)
  void push(MovingAxis a) { items[count++] = a; }
};

/// The moving list (table above), built from what T surely knows about k.
/// With intervals it is a superset of the exact list, so it stays complete
/// when its recipes are later evaluated exactly (some may then be zero).
template <class T>
MovingAxisList moving_axes(const PairSets<T>& s) {
  using K = AxisRecipe::Kind;
  MovingAxisList out;
  out.pairs = normal_pairs(s);
  const AxisList list = candidate_axes(s, out.pairs);
  bool line_possible = false, point_possible = false;
  for (int a = 0; a < list.count; ++a) {
    const AxisRecipe& r = list.items[a];
    if (r.kind == K::edge_offset) continue;  // depends on d: replaced below
    if (r.kind == K::offset) {
      point_possible = true;
      continue;
    }
    if (r.kind == K::edge) line_possible = true;
    out.push({MovingAxis::Kind::recipe, r, 0});
  }
  for (std::uint8_t u = 0; u < 3; ++u) {
    if (line_possible) out.push({MovingAxis::Kind::edge_cross_unit, {}, u});
    if (point_possible) out.push({MovingAxis::Kind::unit, {}, u});
  }
  return out;
}

template <class T>
Vec<T> axis_vector(const MovingAxis& a, const PairSets<T>& s, const NormalPairs& pairs) {
  Vec<T> unit{T(0), T(0), T(0)};
  unit[a.unit] = T(1);
  switch (a.kind) {
    case MovingAxis::Kind::recipe: return axis_vector(a.recipe, s, pairs);
    case MovingAxis::Kind::edge_cross_unit: return cross(s.edges[0], unit);
    case MovingAxis::Kind::unit: return unit;
  }
  return unit;
}

/// What one axis says about the times of contact: lo ≤ t·speed ≤ hi.
template <class T>
struct AxisWindow {
  T lo, hi;  ///< D0 = P − Q projected on the axis (not normalised)
  T speed;   ///< axis · W: how fast t·W moves along the axis
};

template <class T>
AxisWindow<T> axis_window(const Vec<T>& axis, const PairSets<T>& s, const Vec<T>& w) {
  const Projection<T> p = project(s.p, s.p_count, axis);
  const Projection<T> q = project(s.q, s.q_count, axis);
  return {T(p.lo - q.hi), T(p.hi - q.lo), dot(axis, w)};
}

}  // namespace sepax::oracle::detail
