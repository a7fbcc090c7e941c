// The margin of a case (SPEC §4): separation distance or penetration depth,
// relative to the larger shape.
//
// Penetration depth of intersecting convex sets = distance from 0 to the
// boundary of D = P − Q = min over the facet normals n of D of
// min(h_D(n), h_D(−n))/|n|, and any other direction only gives a larger value
// (its supporting plane lies outside the facets'). The complete candidate
// list of oracle 1 contains every facet normal (exact_sat.cpp), so the minimum
// over it of overlap(L)/|L| is the depth. For flat D (coplanar sets, a point
// in a triangle's plane) the depth in space is 0, and that is the right
// margin: a perturbation of one ulp off the plane separates the sets, so a
// float kernel that rounds them apart answers exactly for an input within its
// rounding band (a backward-stable answer), and must be judged `boundary`.
// Every comparison is exact: overlap²/|L|² in rationals, one rounding at the
// end (exact_magnitude.hpp).
#include "sepax/oracle/margin.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "verdict/exact_axes.hpp"
#include "verdict/exact_magnitude.hpp"
#include "verdict/exact_sets.hpp"
#include "qp/qp_distance.hpp"

namespace sepax::oracle {

double shape_size(const Obb3d& box) {
  return 2 * std::hypot(box.extents[0], box.extents[1], box.extents[2]);
}

double shape_size(const Triangle3d& tri) {
  double longest = 0;
  for (int i = 0; i < 3; ++i)
    longest = std::max(longest, (tri.vertices[(i + 1) % 3] - tri.vertices[i]).norm());
  return longest;
}

double reference_length(const ShapePair& pair) {
  double size = 0;
  switch (pair.query) {
    case Query::obb_obb: size = std::max(shape_size(pair.obb_a), shape_size(pair.obb_b)); break;
    case Query::tri_obb: size = std::max(shape_size(pair.tri_a), shape_size(pair.obb_b)); break;
    case Query::tri_tri: size = std::max(shape_size(pair.tri_a), shape_size(pair.tri_b)); break;
  }
  return size > 0 ? size : 1.0;  // two points: no size to compare with
}

namespace {

/// Penetration depth², exactly: min over the candidate axes of overlap²/|L|².
/// 0 when touching, when the sets are flat in a common plane or line, and when
/// no axis is left (two equal points).
detail::Exact squared_penetration_depth(const ShapePair& pair) {
  using namespace detail;
  const PairSets<Exact> s = make_sets<Exact>(pair);
  // P − Q flat (its edges span less than space): a translation off its plane
  // or line separates at once. The candidate list has no axis for that
  // direction when the sets are collinear, so decide it here.
  bool full_dimensional = false;
  for (int a = 0; a < s.edge_count && !full_dimensional; ++a)
    for (int b = a + 1; b < s.edge_count && !full_dimensional; ++b)
      for (int c = b + 1; c < s.edge_count && !full_dimensional; ++c)
        full_dimensional = !dot(cross(s.edges[a], s.edges[b]), s.edges[c]).is_zero();
  if (!full_dimensional) return Exact(0);
  const NormalPairs pairs = normal_pairs(s);
  const AxisList axes = candidate_axes(s, pairs);
  Exact best;
  bool have_best = false;
  for (int a = 0; a < axes.count; ++a) {
    const Vec<Exact> axis = axis_vector(axes.items[a], s, pairs);
    if (surely_zero(axis)) continue;
    const Projection<Exact> p = project(s.p, s.p_count, axis);
    const Projection<Exact> q = project(s.q, s.q_count, axis);
    const Exact g = gap(p, q);
    if (g.sign() > 0)
      throw std::invalid_argument("relative_margin: intersects = true for a separated pair");
    if (g.is_zero()) return Exact(0);  // touching
    Exact depth2 = g * g / dot(axis, axis);
    if (!have_best || depth2 < best) {
      best = std::move(depth2);
      have_best = true;
    }
  }
  return have_best ? best : Exact(0);
}

}  // namespace

double relative_margin(const ShapePair& pair, bool intersects) {
  const double ell = reference_length(pair);
  if (!intersects) return detail::separation_distance(pair, ell);  // rounded once
  const detail::Exact depth2 = squared_penetration_depth(pair);
  return detail::signed_root(-depth2.sign(), depth2, ell);
}

}  // namespace sepax::oracle
