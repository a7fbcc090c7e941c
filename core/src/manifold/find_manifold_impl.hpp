#pragma once
/// \file The body of obb_obb::find_manifold (Gaul, "Manifold Generation";
/// obb_obb_manifold.hpp gives the steps): steps 1 and 2, the axis of minimum
/// penetration, three axes per SIMD vector (lanes3.hpp), then the contact
/// points of steps 3 and 4 (contact_points.hpp). Included twice: by
/// obb_obb_manifold.cpp (the baseline instruction set) and by
/// find_manifold_avx.cpp (double with four lanes in one AVX register, for
/// CPUs with AVX2: two SSE2 registers per vector cost the double manifold
/// ~10 % against the float one). Like lanes3.hpp, it lives in an inline
/// namespace named after the instruction set, so that the two copies are
/// two symbols. Everything is computed in A's frame or in the reference
/// box's frame, relative to a box center, and mapped to world coordinates at
/// the end, so that the rounding errors scale with the boxes' size and
/// distance, not with their distance from the origin.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

#include "manifold/contact_points.hpp"
#include "sepax/core/mutant.hpp"
#include "sepax/core/numeric/eigen_order.hpp"
#include "sepax/core/numeric/lanes3.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/static/obb_obb_manifold.hpp"

namespace sepax::obb_obb::manifold {
inline namespace SEPAX_LANES_ISA {

/// e_i × v (A's frame): A_i × B_j when v holds B_j's components. obb_obb.hpp's
/// unit_cross, copied into the instruction-set namespace: an out-of-line copy
/// of that one built here for AVX2 could stand in for the baseline units'.
template <class S>
Vec3<S> unit_cross(int i, const Vec3<S>& v) {
  switch (i) {
    case 0: return {S(0), -v[2], v[1]};
    case 1: return {v[2], S(0), -v[0]};
    default: return {-v[1], v[0], S(0)};
  }
}

template <class S>
Manifold<S> find_manifold_lanes(const Obb3<S>& a, const Obb3<S>& b) {
  using namespace sepax::lanes3;
  using V = decltype(make4(S(0), S(0), S(0)));
  Manifold<S> out;
  const Vec3<S> D = b.center - a.center;
  // Step 1, three axes per vector (as obb_obb_lanes.hpp): lane i of d is
  // A_i·D and lane i of col[j] is A_i·B_j, each eigen_sum3 of the products
  // Eigen's dot multiplies, so the same numbers as `a.axes[i].dot(D)`.
  const V ax = make4(a.axes[0][0], a.axes[1][0], a.axes[2][0]), ay = make4(a.axes[0][1], a.axes[1][1], a.axes[2][1]),
          az = make4(a.axes[0][2], a.axes[1][2], a.axes[2][2]);
  const V ea = make4(a.extents[0], a.extents[1], a.extents[2]), eb = make4(b.extents[0], b.extents[1], b.extents[2]);
  const V dv = sum3(ax * D[0], ay * D[1], az * D[2]);
  V col[3];
#pragma GCC unroll 3
  for (int j = 0; j < 3; ++j) col[j] = sum3(ax * b.axes[j][0], ay * b.axes[j][1], az * b.axes[j][2]);
  S d[3];
  store3(dv, d);
  // Faces of A: s_i = |d_i| − (a_i + Σ_j b_j |c_ij|), the sum left to right.
  const V r_b = b.extents[0] * lane_abs(col[0]) + b.extents[1] * lane_abs(col[1]) + b.extents[2] * lane_abs(col[2]);
  const V s_a = lane_abs(dv) - (ea + r_b);
  const V zero = make4(S(0), S(0), S(0));
  if (greater_bits(s_a, zero)) return out;
  // Faces of B: s_j = |col_j·d| − (Σ_i a_i |c_ij| + b_j), with col_j·d the
  // eigen_sum3 of col_j[i]·d_i (lane j of row[i] is col_j[i]).
  V row[3];
  transpose(col, row);
  const V abs_row[3] = {lane_abs(row[0]), lane_abs(row[1]), lane_abs(row[2])};
  const V bd = sum3(row[0] * d[0], row[1] * d[1], row[2] * d[2]);
  const V r_a = a.extents[0] * abs_row[0] + a.extents[1] * abs_row[1] + a.extents[2] * abs_row[2];
  const V s_b = lane_abs(bd) - (r_a + eb);
  if (greater_bits(s_b, zero)) return out;
  // Edge axes L = e_i × col_j, lane j (obb_obb_lanes.hpp's form): L has a
  // zero coordinate, so Eigen's three-term dots L·d, L·col_m and L·L are
  // two-term sums (adding ±0 to x gives x) of the products computed here;
  // fl(x − y) = −fl(y − x) and a sum of two commutes, so |L·d|, r0, r1, the
  // strict test and s(L) are the scalar form's numbers.
  const V eb_next = rotate(eb), eb_prev = rotate2(eb);
  V t[3], ll[3];
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    const int i1 = i == 2 ? 0 : i + 1, i2 = i == 0 ? 2 : i - 1;
    const V r = lane_abs(row[i1] * d[i2] - row[i2] * d[i1]);
    const V r0 = a.extents[i1] * abs_row[i2] + a.extents[i2] * abs_row[i1];
    const V mu_next = lane_abs(row[i1] * rotate(row[i2]) - row[i2] * rotate(row[i1]));  // |L·col_{j+1}|
    const V mu_prev = rotate2(mu_next);                                                  // |L·col_{j+2}|
    const V r1 = eb_next * mu_next + eb_prev * mu_prev;
    const V rsum = r0 + r1;
    if (greater_bits(r, rsum)) return out;  // the unnormalised strict test of test_static
    t[i] = r - rsum;
    ll[i] = row[i1] * row[i1] + row[i2] * row[i2];
  }

  // Step 2: the separation s(L)/|L| of every axis, the largest kept. Ties go
  // to the earlier axis of Table 1's order among the faces, and to the faces
  // against the edges within `tie`: a few dozen ulps of the boxes' sizes and
  // distance, the scale of the rounding of these separations (all computed
  // from D, exact for nearby boxes, not from the coordinates). Boxes with
  // nearly parallel frames make edge axes that duplicate a face normal; their
  // separations differ by less than that, and the face contact, with its
  // whole polygon, is the manifold a solver needs.
  S s_face[6];
  store3(s_a, s_face);
  store3(s_b, s_face + 3);
  S maxd = std::max(std::max(std::abs(d[0]), std::abs(d[1])), std::abs(d[2]));  // maxCoeff: exact in any order
  const S size = a.extents[0] + a.extents[1] + a.extents[2] + b.extents[0] + b.extents[1] + b.extents[2];
  const S band = S(64 * scalar_traits<S>::unit_roundoff) * (size + maxd);
  const S tie = S(24 * scalar_traits<S>::unit_roundoff) * (maxd + 2 * size);
  int best_face = 0;
  for (int f = 1; f < 6; ++f)
    if (s_face[f] > s_face[best_face]) best_face = f;
  S best_s = s_face[best_face];
  const S beat = best_s + tie;  // an edge wins with s(L) > beat
  // Which edges can win: s(L) = fl(t / fl(√|L|²)) with t ≤ 0 (no axis
  // separates), so s(L) ≤ 0, and none beats beat ≥ 0. For beat < 0, s(L) ≤
  // beat when t² > beat²·|L|²·(1 + 32u) as computed: with every product in
  // the normal range (the two checks), the roundings of t², beat²|L|²(1+32u),
  // √|L|² and the quotient together lose less than 16u, so |t|/fl(√|L|²) >
  // |beat| and its rounding is ≥ |beat|. Those edges cannot win and skip the
  // square root and the division; the others are evaluated as before, in
  // Table 1's order (so the first largest is kept), and the winner is the
  // same. The mutant compares t itself: no pruning there.
  const bool unnormalised = mutant("manifold_depth_unnormalised");
  const S tiny = std::numeric_limits<S>::min();
  const S beat2 = beat * beat;
  const bool prune = !unnormalised && beat < S(0) && beat2 >= tiny;
  const V floor4 = make4(S(4) * tiny, S(4) * tiny, S(4) * tiny),
          min_ll = make4(tiny * S(16), tiny * S(16), tiny * S(16));
  const S grow = S(1) + S(32 * scalar_traits<S>::unit_roundoff);
  SeparatingAxis best{AxisKind::face_a, 0, 0};
  if (best_face < 3) best = {AxisKind::face_a, std::uint8_t(best_face), 0};
  else best = {AxisKind::face_b, 0, std::uint8_t(best_face - 3)};
  if (beat < S(0) || unnormalised) {
    S edge_s = -std::numeric_limits<S>::infinity();
    SeparatingAxis edge{};
    for (int i = 0; i < 3; ++i) {
      // Exactly parallel edges (or |L|² below the normal range): no axis.
      unsigned live = ~greater_bits(min_ll, ll[i]) & 7u;
      if (prune) {
        const V rhs = (ll[i] * beat2) * grow;
        live &= ~(greater_bits(t[i] * t[i], rhs) & greater_bits(rhs, floor4));
      }
      if (!live) continue;
      S ti[3], lli[3];
      store3(t[i], ti);
      store3(ll[i], lli);
      for (int j = 0; j < 3; ++j) {
        if (!(live >> j & 1u)) continue;
        // Mutant manifold_depth_unnormalised: the separation along the
        // unnormalised L compared with the faces' normalised ones.
        const S s = unnormalised ? ti[j] : ti[j] / std::sqrt(lli[j]);
        if (s > edge_s) edge_s = s, edge = {AxisKind::edge_edge, std::uint8_t(i), std::uint8_t(j)};
      }
    }
    if (edge_s > beat) best = edge, best_s = edge_s;
  }

  S c[3][3];  // c[j][k]: coordinate k of B_j in A's frame
  for (int j = 0; j < 3; ++j) store3(col[j], c[j]);
  Vec3<S> best_l;
  if (best.kind == AxisKind::face_a) best_l = Vec3<S>::Unit(best.i);
  else if (best.kind == AxisKind::face_b) best_l = {c[best.j][0], c[best.j][1], c[best.j][2]};
  else best_l = unit_cross(best.i, Vec3<S>(c[best.j][0], c[best.j][1], c[best.j][2]));

  out.contact = true;
  out.axis = best;
  out.depth = best_s < S(0) ? -best_s : S(0);
  // The normal in A's frame, from A towards B (the sign of L·D; either sign
  // gives the same overlap when L·D = 0). Every later choice of side follows
  // this one sign, never a recomputation of L·D: with the centres aligned
  // across L, two roundings of that zero could disagree and put the reference
  // face on the wrong side.
  // Eigen's dot and norm spelled as eigen_dot (the same roundings): Eigen
  // loads a packet of two from the vector just written lane by lane, a
  // store-forwarding stall that perf put at ~15 % of this function (double,
  // near-parallel).
  const Vec3<S> dd(d[0], d[1], d[2]);
  const S along = eigen_dot(best_l, dd) < S(0) ? S(-1) : S(1);
  const Vec3<S> n = (along / std::sqrt(eigen_dot(best_l, best_l))) * best_l;
  out.normal = n[0] * a.axes[0] + n[1] * a.axes[1] + n[2] * a.axes[2];
  if (mutant("manifold_normal_flipped")) out.normal = -out.normal;  // mutant: from B towards A

  if (best.kind == AxisKind::face_a) {
    // A is the reference box, in its own frame; B as seen from A.
    manifold::Box<S> inc;
    for (int j = 0; j < 3; ++j) {
      inc.c[j] = d[j], inc.e[j] = b.extents[j];
      for (int k = 0; k < 3; ++k) inc.ax[j][k] = c[j][k];
    }
    const S side = along;  // A's face towards B: outward normal +normal = along·A_i
    out.count = manifold::face_contact(a, best.i, side, inc, band / S(32), out.points);
  } else if (best.kind == AxisKind::face_b) {
    // B is the reference box; A seen from B: center −Bᵀ D (−col_j·d, as
    // computed above), axes the rows of C.
    manifold::Box<S> inc;
    S cen[3];
    store3(bd, cen);
    for (int i = 0; i < 3; ++i) {
      inc.c[i] = -cen[i], inc.e[i] = a.extents[i];
      for (int j = 0; j < 3; ++j) inc.ax[i][j] = c[j][i];
    }
    // B's face towards A: outward normal −normal = −along·B_j.
    const S side = -along;
    out.count = manifold::face_contact(b, best.j, side, inc, band / S(32), out.points);
  } else {
    manifold::Box<S> bl;
    for (int j = 0; j < 3; ++j) {
      bl.c[j] = d[j], bl.e[j] = b.extents[j];
      for (int k = 0; k < 3; ++k) bl.ax[j][k] = c[j][k];
    }
    out.points[0] = manifold::to_world(a, manifold::edge_contact(a.extents, best.i, bl, best.j, n, band / S(4)));
    out.count = 1;
  }
  return out;
}

}  // namespace SEPAX_LANES_ISA
}  // namespace sepax::obb_obb::manifold
