#pragma once
/// \file
/// Triangle–OBB static separating-axis test (Eberly §3.1–3.2.1, Table 3).
///
/// Sets: the closed triangle (a segment or a point when degenerate) and the
/// closed solid box; touching intersects; separation is a strict `>`.
///
/// Candidate axes (Table 3), in this order with early out: N = E0×E1, the box
/// axes B0, B1, B2, then E_i × B_j (i = triangle edge, j = box axis). Edges are
/// cyclic, E_i = U_{i+1} − U_i (Eberly's E1 = U2 − U0 is −E2 here: same axes).
/// For a degenerate triangle N = 0 never separates and the remaining twelve axes
/// are still complete: a segment or point against a box is decided by the box's
/// faces and the crosses of the segment with the box's edges. A flat box (zero
/// extents) keeps its full frame, so its faces and edges are still candidates.
///
/// Numerics. The triangle is first expressed in the box's frame (V_k = B_j·(U_k −
/// C)); the box is then [−b, b] and every axis is an explicit vector in that
/// frame onto which all three vertices are projected directly. Table 3's
/// shortcuts (p1 = p0 for L = A_i × E_0, p2 = p0 ± A_i·N, …) are identities of
/// exact arithmetic; when E_i is nearly parallel to a box axis they describe a
/// different axis than the one tested and can separate overlapping shapes. With
/// direct projections every rounding error scales with |L|.
/// When an edge is nearly parallel to a box axis, E_i × B_j is ill-conditioned:
/// its two nonzero components are small differences of rounded coordinates, so
/// its direction can be off by u·|U − C|/(θ·|E|) and a separation along it
/// missed (a box with zero extents has no face to catch it). When those
/// components cancel (< 2⁻⁸|E|²), they are recomputed as B_k·(U_{i+1} − U_i)
/// from the exact edge, and N likewise from the exact edges
/// (accurate_products.hpp).
///
/// No sqrt, no normalization, no division. Kernels assume valid input.
#include <algorithm>
#include <array>
#include <cmath>

#include "sepax/core/mutant.hpp"
#include "sepax/core/numeric/accurate_products.hpp"
#include "sepax/core/numeric/eigen_order.hpp"
#include "sepax/core/numeric/force_inline.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/static/separating_axis.hpp"
#include "sepax/core/shapes/triangle3.hpp"

namespace sepax::tri_obb {

namespace detail {

/// Is the interval of p0, p1, p2 disjoint from [−r, r]?
template <class S>
SEPAX_FORCE_INLINE bool apart(S p0, S p1, S p2, S r) {
  return std::min({p0, p1, p2}) > r || std::max({p0, p1, p2}) < -r;
}

/// Is [min_k L·V_k, max_k L·V_k] disjoint from [−r, r]? (eigen_dot: Eigen's
/// roundings, as scalar code.)
template <class S>
SEPAX_FORCE_INLINE bool separates(const Vec3<S>& l, const std::array<Vec3<S>, 3>& v, S r) {
  return apart(eigen_dot(l, v[0]), eigen_dot(l, v[1]), eigen_dot(l, v[2]), r);
}

template <class S>
Vec3<S> from_frame(const Obb3<S>& box, const Vec3<S>& l) {
  return box.axes[0] * l[0] + box.axes[1] * l[1] + box.axes[2] * l[2];
}

/// The triangle normal N in the box frame (e: the edges in that frame). For a
/// sliver the frame edges' cross product cancels and its direction is off by
/// ~u·M/width, which widens the sliver's projection onto it; then N is
/// recomputed from the exactly rounded world edges and rotated into the frame.
template <class S>
Vec3<S> frame_normal(const Triangle3<S>& tri, const Obb3<S>& box, const std::array<Vec3<S>, 3>& e) {
  const Vec3<S> n = e[0].cross(e[1]);
  if (n.squaredNorm() >= S(0x1p-8) * e[0].squaredNorm() * e[1].squaredNorm()) return n;
  const auto& u = tri.vertices;
  const Vec3<S> world = accurate::edge_cross(u[0], u[1], u[1], u[2]);
  return {box.axes[0].dot(world), box.axes[1].dot(world), box.axes[2].dot(world)};
}

/// The edge E_i in the box frame as used for the axes E_i × B_j: when E_i is
/// nearly parallel to B_j (|E_i × B_j|² < 2⁻⁸|E_i|²), its two coordinates
/// other than j are recomputed accurately from the world vertices.
template <class S>
SEPAX_FORCE_INLINE Vec3<S> frame_edge(const Triangle3<S>& tri, const Obb3<S>& box, const std::array<Vec3<S>, 3>& e,
                                      S e_norm2, int i, int j) {
  const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
  // |e_i × unit_j|² = e_{j1}² + e_{j2}² (its j-th coordinate is 0: a sum of
  // two, as Eigen's squaredNorm of the cross product rounds it).
  if (e[i][j1] * e[i][j1] + e[i][j2] * e[i][j2] >= S(0x1p-8) * e_norm2) return e[i];
  const auto& u = tri.vertices;
  Vec3<S> exact_e = e[i];
  exact_e[j1] = accurate::edge_dot(box.axes[j1], u[i], u[(i + 1) % 3]);
  exact_e[j2] = accurate::edge_dot(box.axes[j2], u[i], u[(i + 1) % 3]);
  return exact_e;
}

/// E_i × B_j in the box frame, from frame_edge (the moving test's axes).
template <class S>
Vec3<S> frame_edge_axis(const Triangle3<S>& tri, const Obb3<S>& box, const std::array<Vec3<S>, 3>& e,
                        int i, int j) {
  return frame_edge(tri, box, e, eigen_dot(e[i], e[i]), i, j).cross(Vec3<S>::Unit(j));
}

}  // namespace detail

/// Do the closed triangle and the closed box intersect? On separation the
/// result names the axis (normal_a, face_b j, edge_edge i j) and its world
/// direction.
template <class S>
StaticResult<S> test_static(const Triangle3<S>& tri, const Obb3<S>& box) {
  using std::abs;
  std::array<Vec3<S>, 3> v;  // vertices in the box's frame
  for (int k = 0; k < 3; ++k) {
    const Vec3<S> rel = tri.vertices[k] - box.center;
    v[k] = {box.axes[0].dot(rel), box.axes[1].dot(rel), box.axes[2].dot(rel)};
  }
  const std::array<Vec3<S>, 3> e{v[1] - v[0], v[2] - v[1], v[0] - v[2]};
  const std::array<S, 3>& b = box.extents;

  // L = N: the triangle projects (up to rounding) to one point; R = Σ b_j |N_j|.
  const Vec3<S> n = detail::frame_normal(tri, box, e);
  // Mutants tri_obb_drop_normal (N never tested) and tri_obb_normal_missing_abs (R = Σ b_j N_j, signed).
  const S rn = mutant("tri_obb_normal_missing_abs") ? b[0] * n[0] + b[1] * n[1] + b[2] * n[2]
                                                    : b[0] * abs(n[0]) + b[1] * abs(n[1]) + b[2] * abs(n[2]);
  if (!mutant("tri_obb_drop_normal") && detail::separates(n, v, rn))
    return {false, {AxisKind::normal_a, 0, 0}, detail::from_frame(box, n)};

  // L = B_j: the box is [−b_j, b_j]; the triangle's interval is its coordinates.
  for (int j = 0; j < 3; ++j) {
    const S lo = std::min({v[0][j], v[1][j], v[2][j]});
    const S hi = std::max({v[0][j], v[1][j], v[2][j]});
    // Planted bug tri_obb_face_ge (mutant.hpp): `>=` for `>`, a triangle touching a face comes out separated.
    const bool apart = mutant("tri_obb_face_ge") ? lo >= b[j] || hi <= -b[j] : lo > b[j] || hi < -b[j];
    if (apart) return {false, {AxisKind::face_b, 0, std::uint8_t(j)}, box.axes[j]};
  }

  // L = E_i × B_j, i.e. e_i × unit_j in the box frame: L_j = 0, L_{j+1} =
  // e_{j+2}, L_{j+2} = −e_{j+1}; R = b_{j+1}|L_{j+1}| + b_{j+2}|L_{j+2}|. In
  // scalars: as a Vec3 built on the stack, L was reloaded with a wider load
  // than its stores (a store-forwarding stall, ~28 % of this kernel in perf).
  // Each L·V_k is a sum of two products (L_j·V_kj is ±0), as Eigen's dot
  // rounds it; only the sign of a zero can differ, which no comparison sees.
  for (int i = 0; i < 3 - int(mutant("tri_obb_drop_edge_e2")); ++i) {  // mutant: E_2 × B_j never tested
    const S e_norm2 = eigen_dot(e[i], e[i]);
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      const Vec3<S> ei = detail::frame_edge(tri, box, e, e_norm2, i, j);
      const S l1 = ei[j2], l2 = -ei[j1];
      // Mutant tri_obb_edge_radius_index: b_j for b_{j+1} in R.
      const S bj1 = mutant("tri_obb_edge_radius_index") ? b[j] : b[j1];
      if (detail::apart(l1 * v[0][j1] + l2 * v[0][j2], l1 * v[1][j1] + l2 * v[1][j2], l1 * v[2][j1] + l2 * v[2][j2],
                        bj1 * abs(l1) + b[j2] * abs(l2)))
        return {false, {AxisKind::edge_edge, std::uint8_t(i), std::uint8_t(j)},
                detail::from_frame(box, Vec3<S>(ei.cross(Vec3<S>::Unit(j))))};  // the axis as before, bit for bit
    }
  }
  return {};
}

/// The swapped argument order forwards (the pair order is tri_obb).
template <class S>
StaticResult<S> test_static(const Obb3<S>& box, const Triangle3<S>& tri) {
  return test_static(tri, box);
}

}  // namespace sepax::tri_obb
