#pragma once
/// \file
/// Triangle–triangle static test over many pairs at once: a vectorised
/// fast path, and a vectorised full path for the pairs it cannot decide (the
/// SIMD note's branch-free form applied to tri_tri::test_static, tri_tri.hpp).
///
/// Sets and verdict exactly as tri_tri::test_static: closed triangles,
/// degenerate ones included; touching intersects; separation only by a strict
/// `>`. The verdict of every pair is the scalar kernel's, bit for bit (see
/// "Why the verdicts are the scalar's" below); the batch form names no axis.
///
/// Fast path, one pair per SIMD lane, no data-dependent branch: with every
/// vertex taken relative to A's first vertex (as the scalar does), the edges
/// E_i, F_j, the normals N = E0 × E1 and M = F0 × F1 and the nine E_i × F_j
/// are plain cross products; each of the eleven axes is tested on all six
/// projections with a strict `<` between the intervals, and the verdicts are
/// OR-ed. Each lane also computes whether it needs the scalar kernel:
///  - an axis L = E × F is *unclean* when its product cancelled,
///    |L|² < 2⁻⁸|E|²|F|² (exactly the scalar's edge_cross condition, with the
///    same squared norms: there the scalar recomputes L accurately, so its L is
///    not this lane's), or when |L|² is not finite (overflow: then the scalar's
///    projection of its first vertex, L·0, is NaN rather than the 0 used here);
///  - the planes are not at a clear angle, !clearly_not_parallel(N, M), or
///    a triangle is segment-like (then the scalar goes on to Table 6's
///    in-plane axes and stage 3).
/// A lane needs more when (an axis is unclean, the planes are not at a clear
/// angle or a triangle is segment-like) and no clean axis separates. After each block of lanes the
/// flagged pairs are gathered and run through the full path
/// (tri_tri_batch_full.hpp): the whole scalar kernel, branch-free, with its
/// accurate products, in-plane and degenerate axes, one pair per lane. Only
/// double lanes whose products cancelled, in a build without FMA (the x86-64
/// baseline copy), are rerun with tri_tri::test_static itself.
///
/// Why the verdicts are the scalar's. The scalar returns "separated" as soon as
/// a stage-1 axis separates, and "intersecting" when none does, the planes are
/// at a clear angle and neither triangle is segment-like. A clean axis is
/// computed here with the scalar's operations in the scalar's order (the plain
/// cross product, Eigen's order of summation for the dot products and squared
/// norms, the same max/min selection), so it separates here exactly when it
/// separates there; a clean separating axis therefore makes both say
/// "separated" whatever the unclean axes do (the scalar reaches it unless an
/// earlier axis already separated). An unflagged lane with no separating axis
/// has every axis clean, the planes at a clear angle and no segment-like
/// triangle, which is the scalar's "intersecting". Every other lane gets the
/// full path's verdict, which is the scalar's by construction (its file
/// comment), or the scalar's own. Hence the scalar kernel's robustness (its 0
/// gross verdicts) carries over unchanged.
///
/// Every sum of three terms is Eigen's, in Eigen's order for the scalar
/// (eigen_order.hpp); tri_tri_batch_test checks dot3 and norm2 against Eigen.
///
/// Layout: TriangleBatch holds each coordinate of each vertex in its own
/// contiguous array. Results are one byte per pair (1 = intersecting).
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "sepax/core/numeric/eigen_order.hpp"
#include "sepax/core/numeric/force_inline.hpp"
#include "sepax/core/static/tri_tri.hpp"
#include "sepax/core/shapes/triangle3.hpp"

namespace sepax::tri_tri {

/// Triangles in structure-of-arrays form: vertex[3·i + k][n] is coordinate k
/// of vertex i of triangle n.
template <class S>
struct TriangleBatch {
  std::array<std::vector<S>, 9> vertex;

  std::size_t size() const { return vertex[0].size(); }
  void reserve(std::size_t n) {
    for (auto& v : vertex) v.reserve(n);
  }
  void push_back(const Triangle3<S>& t) {
    for (int i = 0; i < 3; ++i)
      for (int k = 0; k < 3; ++k) vertex[3 * i + k].push_back(t.vertices[i][k]);
  }
};

namespace detail {

/// One triangle read from a batch (or a broadcast single triangle) as plain
/// scalars: v[i][k] is coordinate k of vertex i.
template <class S>
struct TriLane {
  S v[3][3];
};

/// Raw column pointers of a batch, taken once before a loop so that the
/// vectoriser sees plain strided-by-one accesses.
template <class S>
struct TriBatchView {
  const S* v[9];
  explicit TriBatchView(const TriangleBatch<S>& b) {
    for (int k = 0; k < 9; ++k) v[k] = b.vertex[k].data();
  }
  /// Columns of a caller's buffer (the loops' compacted lanes).
  template <std::size_t N>
  explicit TriBatchView(const S (&columns)[9][N]) {
    for (int k = 0; k < 9; ++k) v[k] = columns[k];
  }
};


template <class S>
SEPAX_FORCE_INLINE TriLane<S> lane(const TriBatchView<S>& b, std::size_t n) {
  TriLane<S> out;
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i)
#pragma GCC unroll 3
    for (int k = 0; k < 3; ++k) out.v[i][k] = b.v[3 * i + k][n];
  return out;
}

template <class S>
inline TriLane<S> lane(const Triangle3<S>& t) {
  TriLane<S> out;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) out.v[i][k] = t.vertices[i][k];
  return out;
}

template <class S>
inline Triangle3<S> triangle(const TriLane<S>& t) {
  Triangle3<S> out;
  for (int i = 0; i < 3; ++i) out.vertices[i] = Vec3<S>(t.v[i][0], t.v[i][1], t.v[i][2]);
  return out;
}

template <class S>
SEPAX_FORCE_INLINE S dot3(const S (&a)[3], const S (&b)[3]) {
  return eigen_sum3(a[0] * b[0], a[1] * b[1], a[2] * b[2]);
}

template <class S>
SEPAX_FORCE_INLINE S norm2(const S (&a)[3]) {
  return eigen_sum3(a[0] * a[0], a[1] * a[1], a[2] * a[2]);
}

/// a × b, Eigen's formula.
template <class S>
SEPAX_FORCE_INLINE void cross3(const S (&a)[3], const S (&b)[3], S (&out)[3]) {
  out[0] = a[1] * b[2] - a[2] * b[1];
  out[1] = a[2] * b[0] - a[0] * b[2];
  out[2] = a[0] * b[1] - a[1] * b[0];
}

/// std::max({x0, x1, x2}) and std::min({…}) exactly (std::max_element's and
/// std::min_element's selections, which are also maxps/minps operand orders).
template <class S>
SEPAX_FORCE_INLINE S max3(S x0, S x1, S x2) {
  S m = x0 < x1 ? x1 : x0;
  return m < x2 ? x2 : m;
}
template <class S>
SEPAX_FORCE_INLINE S min3(S x0, S x1, S x2) {
  S m = x1 < x0 ? x1 : x0;
  return x2 < m ? x2 : m;
}

/// One stage-1 axis: L's projections, and whether L is clean (see the file
/// comment); e2, f2 are the squared norms of the two crossed edges.
template <class S>
SEPAX_FORCE_INLINE void axis(const S (&l)[3], S e2, S f2, const S (&p1)[3], const S (&p2)[3],
                             const S (&q)[3][3], bool& separated_clean, bool& unclean_any) {
  const S l2 = norm2(l);
  // tri_tri::detail::edge_cross's test, verbatim; then "|L|² is finite".
  const bool unclean = (l2 < S(0x1p-8) * e2 * f2) | !(l2 - l2 == S(0));
  // separates(): A's first vertex is the origin, L·0 = ±0 for finite L.
  const S a0 = S(0), a1 = dot3(l, p1), a2 = dot3(l, p2);
  const S b0 = dot3(l, q[0]), b1 = dot3(l, q[1]), b2 = dot3(l, q[2]);
  const bool sep = (max3(a0, a1, a2) < min3(b0, b1, b2)) | (max3(b0, b1, b2) < min3(a0, a1, a2));
  separated_clean |= sep & !unclean;
  unclean_any |= unclean;
}

/// A pair as test_static sees it: every vertex relative to A's first (p0 = 0),
/// the edges and their squared norms. V is S, or a vector of S's.
template <class V>
struct PairFrame {
  V p1[3], p2[3];  ///< A's other vertices
  V q[3][3];       ///< B's vertices
  V e[3][3];       ///< A's edges p1 − p0, p2 − p1, p0 − p2
  V f[3][3];       ///< B's edges q1 − q0, q2 − q1, q0 − q2
  V e2[3], f2[3];  ///< their squared norms
};

/// PairFrame of the triangles u, v (u[i][k]: coordinate k of vertex i), with
/// test_static's operations (p0 = 0 keeps the sign of its zero).
template <class V>
SEPAX_FORCE_INLINE void relative_frame(const V (&u)[3][3], const V (&v)[3][3], PairFrame<V>& out) {
  using E = Element<V>;
#pragma GCC unroll 3
  for (int k = 0; k < 3; ++k) {
    out.p1[k] = u[1][k] - u[0][k];
    out.p2[k] = u[2][k] - u[0][k];
#pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) out.q[j][k] = v[j][k] - u[0][k];
  }
#pragma GCC unroll 3
  for (int k = 0; k < 3; ++k) {
    out.e[0][k] = out.p1[k] - E(0);
    out.e[1][k] = out.p2[k] - out.p1[k];
    out.e[2][k] = E(0) - out.p2[k];
    out.f[0][k] = out.q[1][k] - out.q[0][k];
    out.f[1][k] = out.q[2][k] - out.q[1][k];
    out.f[2][k] = out.q[0][k] - out.q[2][k];
  }
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    out.e2[i] = norm2(out.e[i]);
    out.f2[i] = norm2(out.f[i]);
  }
}

/// Lane-wise logical not of a comparison result.
SEPAX_FORCE_INLINE bool invert(bool m) { return !m; }
template <class M>
SEPAX_FORCE_INLINE M invert(M m) {
  return ~m;
}

/// segment_like(N, e) || segment_like(M, f), e and f the longest edges: |e|²
/// is the largest of the squared norms (longest() picks an index holding it;
/// a max rather than a select keeps the fast path's loop vectorisable).
template <class V>
SEPAX_FORCE_INLINE auto segment_like_pair(const V (&n)[3], const V (&m)[3], const V (&e2)[3], const V (&f2)[3]) {
  using E = Element<V>;
  const V el2 = max3(e2[0], e2[1], e2[2]), fl2 = max3(f2[0], f2[1], f2[2]);
  return (norm2(n) <= E(0x1p-16) * el2 * el2) | (norm2(m) <= E(0x1p-16) * fl2 * fl2);
}

/// Bits of a lane's code.
inline constexpr int kIntersects = 1;   ///< the fast path's verdict (meaningless with kNeedsScalar)
inline constexpr int kNeedsScalar = 2;  ///< rerun the pair with tri_tri::test_static

/// The fast path of one pair, no branch, as an integer of the caller's width
/// (the loops use one as wide as S, so that the vectoriser keeps full lanes).
template <class Mask, class S>
SEPAX_FORCE_INLINE Mask lane_code(const TriLane<S>& a, const TriLane<S>& b) {
  PairFrame<S> frame;
  relative_frame(a.v, b.v, frame);
  const auto& [p1, p2, q, e, f, e2, f2] = frame;
  bool separated = false, unclean = false;
  S n[3], m[3];
  cross3(e[0], e[1], n);
  axis(n, e2[0], e2[1], p1, p2, q, separated, unclean);
  cross3(f[0], f[1], m);
  axis(m, f2[0], f2[1], p1, p2, q, separated, unclean);
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i)
#pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) {
      S l[3];
      cross3(e[i], f[j], l);
      axis(l, e2[i], f2[j], p1, p2, q, separated, unclean);
    }
  // tri_tri::detail::clearly_not_parallel(n, m) and segment_like, verbatim.
  S nm[3];
  cross3(n, m, nm);
  const bool clear_angle = norm2(nm) > S(0x1p-10) * norm2(n) * norm2(m);
  const bool segment = segment_like_pair(n, m, e2, f2);
  const bool needs_scalar = (unclean | !clear_angle | segment) & !separated;
  return (separated ? Mask(0) : Mask(kIntersects)) | (needs_scalar ? Mask(kNeedsScalar) : Mask(0));
}

/// What the fast path decided for one pair.
struct LaneVerdict {
  bool intersects;    ///< the fast path's verdict (meaningless when needs_scalar)
  bool needs_scalar;  ///< rerun the pair with tri_tri::test_static
};

template <class S>
SEPAX_FORCE_INLINE LaneVerdict lane_verdict(const TriLane<S>& a, const TriLane<S>& b) {
  const int code = lane_code<int>(a, b);
  return {(code & kIntersects) != 0, (code & kNeedsScalar) != 0};
}

}  // namespace detail

/// out[n] = 1 when a and b[n] intersect, else 0. out.size() ≥ b.size().
void test_static_batch(const Triangle3<float>& a, const TriangleBatch<float>& b, std::span<std::uint8_t> out);
void test_static_batch(const Triangle3<double>& a, const TriangleBatch<double>& b, std::span<std::uint8_t> out);
/// out[n] = 1 when a[n] and b[n] intersect (pairwise), else 0. Same sizes.
void test_static_batch(const TriangleBatch<float>& a, const TriangleBatch<float>& b, std::span<std::uint8_t> out);
void test_static_batch(const TriangleBatch<double>& a, const TriangleBatch<double>& b,
                       std::span<std::uint8_t> out);

namespace detail {
/// Pairwise, always through the x86-64 baseline copy of the loops (SSE2; no
/// FMA, so double pairs with a cancelled product rerun the scalar kernel),
/// whatever the CPU has: lets the tests check the copy this machine would not
/// choose. Elsewhere the same as test_static_batch.
void test_static_batch_baseline(const TriangleBatch<float>& a, const TriangleBatch<float>& b,
                                std::span<std::uint8_t> out);
void test_static_batch_baseline(const TriangleBatch<double>& a, const TriangleBatch<double>& b,
                                std::span<std::uint8_t> out);
}  // namespace detail

/// Any other scalar (exact, interval, the strict test scalar), or one pair:
/// the same fast path and fallback, one pair at a time.
template <class S>
bool test_static_batch_one(const Triangle3<S>& a, const Triangle3<S>& b) {
  const detail::LaneVerdict v = detail::lane_verdict(detail::lane(a), detail::lane(b));
  return v.needs_scalar ? test_static(a, b).intersects : v.intersects;
}

}  // namespace sepax::tri_tri
