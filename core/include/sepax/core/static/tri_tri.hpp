#pragma once
/// \file
/// Triangle–triangle static separating-axis test (Eberly §4.1–4.2.1,
/// Tables 5 and 6).
///
/// Sets: two closed triangles; touching intersects; separation is a strict `>`.
///
/// Candidate axes, in stages, each with early out:
///  1. Table 5 (non-parallel triangles): N = E0×E1, M = F0×F1, E_i × F_j.
///  2. Table 6 (parallel/coplanar): the in-plane edge normals N × E_i and M × F_j
///     (Table 6 writes N × F_j; for coplanar triangles M ∥ N, and M × F_j stays
///     meaningful when triangle A is degenerate). Stage 1 is complete for
///     non-parallel triangles, so stage 2 is reached only by intersecting
///     non-parallel pairs and by (near-)parallel ones. It is skipped when the
///     planes are at a clear angle (|N × M|² > 2⁻¹⁰|N|²|M|²) and neither
///     triangle is segment-like (stage 3), by its recomputed normal or by the
///     raw normal of its edges relative to A's first vertex (a small triangle
///     far from it collapses there): then stage 1 is complete, and what
///     stage 2 could still decide is within the rounding band of a stage-1
///     axis — for every other pair stage 2 always runs, so no rounding-level
///     parallelism test chooses the axis set.
///  3. Degenerate triangles. A triangle whose vertices are collinear is the
///     segment between its extreme vertices; one whose vertices coincide is a
///     point. Stages 1–2 are not complete for those sets, so when either triangle
///     is segment-like (|N|² ≤ 2⁻¹⁶·|e|⁴, e its longest edge — this includes every
///     exactly collinear triangle, whose computed N is rounding noise) the test
///     adds the axes a segment or point needs, in this order: M × e and N × f (a
///     segment lying in the other triangle's plane); e and f (collinear
///     segments); (e × f) × e and (e × f) × f (coplanar, non-parallel segments);
///     e × (e × D) and f × (f × D) (parallel segments, a segment against a point:
///     the same directions as the previous two when those exist, but those stay
///     well conditioned when D runs nearly along a segment); and D (two
///     points), where e, f are the longest edges and D joins a vertex of A to a
///     vertex of B. These axes
///     are tested on all three vertices of each triangle, so they remain valid
///     for slivers that are only nearly degenerate.
///
/// Numerics. Every vertex is taken relative to A's first vertex, and every
/// projection is the dot product of the tested vector with those points —
/// Tables 5 and 6's shortcuts (q1 = q0 − M·E0, λ_ij ℓ², …) are identities of
/// exact arithmetic that stop describing the tested axis when edges are nearly
/// parallel. Rounding errors then scale with |L| and the pair's extent, not
/// with the distance from the origin.
/// The direction of a cross product of two nearly parallel edges (angle θ) is
/// itself ill-conditioned: rounded edges turn it by about u/θ, and a pair
/// separated along the exact E_i × F_j by less than u·size/θ would be missed.
/// When a cross product cancels (|L|² < 2⁻⁸|E|²|F|²) it is recomputed from the
/// exact edges of the stored vertices (accurate_products.hpp), so its direction
/// is accurate to a few ulps for every θ ≫ u².
///
/// No sqrt, no normalization, no division. Kernels assume valid input.
#include <algorithm>
#include <array>

#include "sepax/core/mutant.hpp"
#include "sepax/core/numeric/accurate_products.hpp"
#include "sepax/core/static/separating_axis.hpp"
#include "sepax/core/shapes/triangle3.hpp"

namespace sepax::tri_tri {

/// Labels of stage-3 axes (AxisKind::degenerate, SeparatingAxis::i).
enum class DegenerateAxis : std::uint8_t {
  m_cross_e,    ///< M × e: segment A in B's plane
  n_cross_f,    ///< N × f: segment B in A's plane
  along_e,      ///< e: collinear segments, point on A's line
  along_f,      ///< f
  ef_cross_e,   ///< (e × f) × e: coplanar non-parallel segments, apart
  ef_cross_f,   ///< (e × f) × f
  toward_e,     ///< e × (e × D): parallel segments, point off A's line
  toward_f,     ///< f × (f × D)
  between,      ///< D: two points
};

namespace detail {

template <class S>
using Points = std::array<Vec3<S>, 3>;

/// Strictly disjoint projections of the two vertex triples onto l?
template <class S>
bool separates(const Vec3<S>& l, const Points<S>& p, const Points<S>& q) {
  const S a0 = l.dot(p[0]), a1 = l.dot(p[1]), a2 = l.dot(p[2]);
  const S b0 = l.dot(q[0]), b1 = l.dot(q[1]), b2 = l.dot(q[2]);
  // Planted bug tri_tri_touch_le (mutant.hpp): `<=` for `<`, touching triangles come out separated.
  if (mutant("tri_tri_touch_le"))
    return std::max({a0, a1, a2}) <= std::min({b0, b1, b2}) || std::max({b0, b1, b2}) <= std::min({a0, a1, a2});
  return std::max({a0, a1, a2}) < std::min({b0, b1, b2}) ||
         std::max({b0, b1, b2}) < std::min({a0, a1, a2});
}

/// Index of the longest of three edges, from their squared lengths.
template <class S>
int longest(const S (&l)[3]) {
  return l[0] >= l[1] ? (l[0] >= l[2] ? 0 : 2) : (l[1] >= l[2] ? 1 : 2);
}

template <class S>
int longest(const Points<S>& e) {
  const S l[3] = {e[0].squaredNorm(), e[1].squaredNorm(), e[2].squaredNorm()};
  return longest(l);
}

/// e × f, recomputed from the exact edges a0→a1 and b0→b1 when it cancels;
/// e2, f2 are |e|², |f|² (computed once per edge by the caller).
/// edge_cross given the raw product l = e × f (computed once by a caller
/// that also needs it).
template <class S>
Vec3<S> accurate_unless_clean(const Vec3<S>& l, S e2, S f2, const Vec3<S>& a0, const Vec3<S>& a1,
                              const Vec3<S>& b0, const Vec3<S>& b1) {
  if (l.squaredNorm() < S(0x1p-8) * e2 * f2) return accurate::edge_cross(a0, a1, b0, b1);
  return l;
}

template <class S>
Vec3<S> edge_cross(const Vec3<S>& e, const Vec3<S>& f, S e2, S f2, const Vec3<S>& a0,
                   const Vec3<S>& a1, const Vec3<S>& b0, const Vec3<S>& b1) {
  return accurate_unless_clean(Vec3<S>(e.cross(f)), e2, f2, a0, a1, b0, b1);
}

template <class S>
Vec3<S> edge_cross(const Vec3<S>& e, const Vec3<S>& f, const Vec3<S>& a0, const Vec3<S>& a1,
                   const Vec3<S>& b0, const Vec3<S>& b1) {
  return edge_cross(e, f, e.squaredNorm(), f.squaredNorm(), a0, a1, b0, b1);
}

/// Planes at an angle clearly above rounding: |N × M|² > 2⁻¹⁰·|N|²|M|², an
/// angle above ~1.8°.
template <class S>
bool clearly_not_parallel(const Vec3<S>& n, const Vec3<S>& m) {
  return n.cross(m).squaredNorm() > S(0x1p-10) * n.squaredNorm() * m.squaredNorm();
}

/// |n|² ≤ 2⁻¹⁶·|e|⁴, e2 = |e|² of the longest edge: the triangle is a segment
/// (or point) up to rounding.
template <class S>
bool segment_like(const Vec3<S>& n, const S& e2) {
  return n.squaredNorm() <= S(0x1p-16) * e2 * e2;
}

template <class S>
bool segment_like(const Vec3<S>& n, const Vec3<S>& e) {
  return segment_like(n, S(e.squaredNorm()));
}

}  // namespace detail

/// Do the closed triangles a and b intersect (degenerate ones included)?
/// On separation the result names the axis and its world direction.
template <class S>
StaticResult<S> test_static(const Triangle3<S>& a, const Triangle3<S>& b) {
  using detail::separates;
  const Vec3<S>& origin = a.vertices[0];
  const detail::Points<S> p{Vec3<S>::Zero(), a.vertices[1] - origin, a.vertices[2] - origin};
  const detail::Points<S> q{b.vertices[0] - origin, b.vertices[1] - origin,
                            b.vertices[2] - origin};
  const detail::Points<S> e{p[1] - p[0], p[2] - p[1], p[0] - p[2]};
  const detail::Points<S> f{q[1] - q[0], q[2] - q[1], q[0] - q[2]};
  const auto found = [](AxisKind kind, int i, int j, const Vec3<S>& l) {
    return StaticResult<S>{false, {kind, std::uint8_t(i), std::uint8_t(j)}, l};
  };

  const auto& u = a.vertices;
  const auto& v = b.vertices;

  const S e2[3] = {e[0].squaredNorm(), e[1].squaredNorm(), e[2].squaredNorm()};
  const S f2[3] = {f[0].squaredNorm(), f[1].squaredNorm(), f[2].squaredNorm()};

  // Stage 1, Table 5: the two normals, then the nine edge crosses.
  const Vec3<S> raw_n = e[0].cross(e[1]);  // raw normals: also the segment test's
  const Vec3<S> n = detail::accurate_unless_clean(raw_n, e2[0], e2[1], u[0], u[1], u[1], u[2]);
  if (separates(n, p, q)) return found(AxisKind::normal_a, 0, 0, n);
  const Vec3<S> raw_m = f[0].cross(f[1]);
  const Vec3<S> m = detail::accurate_unless_clean(raw_m, f2[0], f2[1], v[0], v[1], v[1], v[2]);
  // Mutant tri_tri_drop_normal_b: M never tested.
  if (!mutant("tri_tri_drop_normal_b") && separates(m, p, q)) return found(AxisKind::normal_b, 0, 0, m);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      if (mutant("tri_tri_drop_edge_22") && i == 2 && j == 2) continue;  // mutant: E_2 × F_2 never tested
      const Vec3<S> l =
          detail::edge_cross(e[i], f[j], e2[i], f2[j], u[i], u[(i + 1) % 3], v[j], v[(j + 1) % 3]);
      if (separates(l, p, q)) return found(AxisKind::edge_edge, i, j, l);
    }
  // Stage 1 is complete for triangles in planes at a clear angle, neither
  // segment-like: an exactly separated pair has a stage-1 axis with a
  // positive exact gap, and only a gap within rounding can have been missed.
  // Stages 2–3 could only repeat such a boundary-level decision, so the pair
  // intersects. A segment-like triangle breaks that argument even at a clear
  // angle (its accurately computed normal makes the angle look clear): a
  // sliver lying within rounding of the other triangle's plane projects onto
  // every stage-1 axis within rounding of the other triangle, however far
  // apart the two are in that plane (found by sepax verify --seed 9, coplanar
  // family: 4.7 % of size apart, called intersecting). Stage 3's M × e, N × f
  // are the axes such pairs need.
  // Segment-like as the projections see it, too: p and q are rounded
  // relative to A's first vertex, so a triangle far smaller than that
  // distance's rounding collapses there to a segment or a point, while its
  // normal, recomputed from the stored vertices (edge_cross), is a proper
  // triangle's. Stage 1 is not complete for the collapsed one: a triangle
  // 0.25 across at 2¹⁰⁶ from A's vertex lost an edge, and E1×F2, which
  // separates the pair by 5 % of A's size, was the zero vector (found by
  // fuzzing, tri_tri target; properties/regressions/
  // fuzz_tri_tri_small_triangle_far_from_first_vertex.jsonl).
  const int ie = detail::longest(e2), jf = detail::longest(f2);
  const bool segment = detail::segment_like(n, e2[ie]) || detail::segment_like(m, f2[jf]) ||
                       detail::segment_like(raw_n, e2[ie]) || detail::segment_like(raw_m, f2[jf]);
  if (!segment && detail::clearly_not_parallel(n, m)) return {};

  // Stage 2, Table 6: in-plane edge normals. Mutant tri_tri_inplane_off_by_one:
  // the loop over A's edges stops one short; tri_tri_drop_inplane_b: B's never run.
  for (int i = 0; i < 3 - int(mutant("tri_tri_inplane_off_by_one")); ++i) {
    const Vec3<S> l = n.cross(e[i]);
    if (separates(l, p, q)) return found(AxisKind::inplane_a, i, 0, l);
  }
  for (int j = 0; j < 3 && !mutant("tri_tri_drop_inplane_b"); ++j) {
    const Vec3<S> l = m.cross(f[j]);
    if (separates(l, p, q)) return found(AxisKind::inplane_b, 0, j, l);
  }

  // Stage 3: segments and points.
  if (segment) {
    const Vec3<S>& el = e[ie];
    const Vec3<S>& fl = f[jf];
    const Vec3<S> d = q[0] - p[0];
    const Vec3<S> ef = el.cross(fl);
    // In DegenerateAxis order.
    const std::array<Vec3<S>, 9> axes{m.cross(el),  n.cross(fl),           el,
                                      fl,           ef.cross(el),          ef.cross(fl),
                                      el.cross(el.cross(d)), fl.cross(fl.cross(d)), d};
    for (int k = 0; k < 9; ++k)
      if (separates(axes[k], p, q)) return found(AxisKind::degenerate, k, 0, axes[k]);
  }
  return {};
}

}  // namespace sepax::tri_tri
