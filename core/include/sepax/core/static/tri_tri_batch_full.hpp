#pragma once
/// \file
/// The batch triangle kernel's full path: tri_tri::test_static
/// complete — stage 1 with the accurate products where they cancel, Table 6's
/// in-plane axes, the segment and point axes — without a branch, on one pair
/// (V = S) or on W pairs at once (V = Simd<S, W>, a GCC vector; compare and
/// select are elementwise, `m ? a : b` picks per lane).
///
/// Used for the lanes the fast path flags (tri_tri_batch.hpp): those whose
/// planes are nearly parallel, whose triangles are segment-like, or whose
/// edge products cancelled. Every axis and projection is the scalar kernel's
/// by its operations in its order (Eigen's cross formula and sums,
/// accurate::edge_cross's formulas, std::max/min's selections), and each stage
/// counts only where the scalar reaches it, so the verdict is the scalar's
/// (tri_tri_batch_test compares them pair by pair). Written with explicit
/// vectors rather than left to the auto-vectoriser, which gives up on a body
/// this size (GCC 12's if-conversion refuses the joins of its selects).
///
/// Double's accurate products need a correctly rounded FMA per lane; where the
/// instruction set has none (kAccurate = false, the x86-64 baseline), a lane
/// whose product cancelled reports `cancelled` and is left to the scalar
/// kernel. Float's are formed in double and need nothing more.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(__FMA__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#endif

#include "sepax/core/numeric/accurate_products.hpp"
#include "sepax/core/static/tri_tri_batch.hpp"

namespace sepax::tri_tri::detail {

/// GCC vector of W elements of S (the vector_size attribute cannot follow a
/// dependent type, hence one specialisation per shape the loops use).
template <class S, int W>
struct SimdOf;
template <>
struct SimdOf<float, 4> {
  typedef float type __attribute__((vector_size(16)));
};
template <>
struct SimdOf<float, 8> {
  typedef float type __attribute__((vector_size(32)));
};
template <>
struct SimdOf<double, 2> {
  typedef double type __attribute__((vector_size(16)));
};
template <>
struct SimdOf<double, 4> {
  typedef double type __attribute__((vector_size(32)));
};
template <>
struct SimdOf<double, 8> {
  typedef double type __attribute__((vector_size(64)));
};
template <class S, int W>
using Simd = typename SimdOf<S, W>::type;

/// W of V (1 for a scalar).
template <class V>
inline constexpr int kWidth = int(sizeof(V) / sizeof(Element<V>));

/// V with the elements in double (float's accurate products).
template <class V>
SEPAX_FORCE_INLINE auto widen(V x) {
  if constexpr (!kIsVector<V>) return double(x);
  else return __builtin_convertvector(x, Simd<double, kWidth<V>>);
}
template <class V>
SEPAX_FORCE_INLINE auto narrow(V x) {
  if constexpr (!kIsVector<V>) return float(x);
  else return __builtin_convertvector(x, Simd<float, kWidth<V>>);
}

/// Is the comparison true in some lane? (The full path skips work that no
/// lane of a vector needs: a lane's result never depends on another's.)
SEPAX_FORCE_INLINE bool any_lane(bool m) { return m; }
template <class M>
SEPAX_FORCE_INLINE bool any_lane(M m) {
  std::uint64_t words[sizeof(M) / 8];
  std::memcpy(words, &m, sizeof(M));
  std::uint64_t any = 0;
  for (std::uint64_t w : words) any |= w;
  return any != 0;
}

/// Correctly rounded a·b + c per lane, as std::fma.
struct LaneFma {
  template <class V>
  SEPAX_FORCE_INLINE V operator()(V a, V b, V c) const {
    if constexpr (!kIsVector<V>) {
      return std::fma(a, b, c);
    } else {
#if defined(__FMA__) && (defined(__x86_64__) || defined(__i386__))
      if constexpr (std::is_same_v<V, Simd<double, 4>>) return _mm256_fmadd_pd(a, b, c);
      else if constexpr (std::is_same_v<V, Simd<double, 2>>) return _mm_fmadd_pd(a, b, c);
#endif
      V r;
      for (int k = 0; k < kWidth<V>; ++k) r[k] = std::fma(a[k], b[k], c[k]);
      return r;
    }
  }
};

/// accurate::edge_cross(a0, a1, b0, b1), its operations in its order.
template <class V>
SEPAX_FORCE_INLINE void accurate_cross(const V (&a0)[3], const V (&a1)[3], const V (&b0)[3], const V (&b1)[3],
                                       V (&out)[3]) {
  if constexpr (std::is_same_v<Element<V>, float>) {
    using D = decltype(widen(a0[0]));
    D e[3], f[3], l[3];
#pragma GCC unroll 3
    for (int k = 0; k < 3; ++k) {
      e[k] = widen(a1[k]) - widen(a0[k]);
      f[k] = widen(b1[k]) - widen(b0[k]);
    }
    cross3(e, f, l);
#pragma GCC unroll 3
    for (int k = 0; k < 3; ++k) out[k] = narrow(l[k]);
  } else {
    static_assert(std::is_same_v<Element<V>, double>);
    V eh[3], el[3], fh[3], fl[3];
#pragma GCC unroll 3
    for (int k = 0; k < 3; ++k) {
      accurate::exact_difference(a1[k], a0[k], eh[k], el[k]);
      accurate::exact_difference(b1[k], b0[k], fh[k], fl[k]);
    }
#pragma GCC unroll 3
    for (int k = 0; k < 3; ++k) {
      const int i = (k + 1) % 3, j = (k + 2) % 3;
      out[k] = accurate::difference_of_products(eh[i], fh[j], eh[j], fh[i], LaneFma{}) +
               ((eh[i] * fl[j] + el[i] * fh[j]) - (eh[j] * fl[i] + el[j] * fh[i]));
    }
  }
}

/// tri_tri::detail::edge_cross: x × y, or the accurate product of the stored
/// edges a0→a1, b0→b1 where it cancelled (|x × y|² < 2⁻⁸|x|²|y|²). Without
/// kAccurate a cancelled lane sets `cancelled` instead.
template <bool kAccurate, class V, class M>
SEPAX_FORCE_INLINE void edge_axis(const V (&x)[3], const V (&y)[3], V x2, V y2, const V (&a0)[3], const V (&a1)[3],
                                  const V (&b0)[3], const V (&b1)[3], V (&l)[3], M& cancelled) {
  using E = Element<V>;
  cross3(x, y, l);
  const M small = norm2(l) < E(0x1p-8) * x2 * y2;
  if constexpr (kAccurate) {
    if (any_lane(small)) {  // no lane cancelled: every lane keeps x × y
      V exact[3];
      accurate_cross(a0, a1, b0, b1, exact);
#pragma GCC unroll 3
      for (int k = 0; k < 3; ++k) l[k] = small ? exact[k] : l[k];
    }
  } else {
    cancelled |= small;
  }
}

/// tri_tri::detail::separates, A's first vertex (the origin) projected as the
/// scalar projects it: L·0 is ±0, or NaN where L is not finite.
template <class V>
SEPAX_FORCE_INLINE auto separates_all(const V (&l)[3], const V (&p1)[3], const V (&p2)[3], const V (&q)[3][3]) {
  const V zero[3] = {V{}, V{}, V{}};
  const V a0 = dot3(l, zero), a1 = dot3(l, p1), a2 = dot3(l, p2);
  const V b0 = dot3(l, q[0]), b1 = dot3(l, q[1]), b2 = dot3(l, q[2]);
  return (max3(a0, a1, a2) < min3(b0, b1, b2)) | (max3(b0, b1, b2) < min3(a0, a1, a2));
}

/// The longest of three edges by squared norm, longest()'s choice
/// l0 ≥ l1 ? (l0 ≥ l2 ? 0 : 2) : (l1 ≥ l2 ? 1 : 2), as two independent
/// two-way selects.
template <class V>
SEPAX_FORCE_INLINE void longest_edge(const V (&e)[3][3], const V (&e2)[3], V (&out)[3]) {
  const auto first = (e2[0] >= e2[1]) & (e2[0] >= e2[2]);
  const auto second = invert(e2[0] >= e2[1]) & (e2[1] >= e2[2]);
#pragma GCC unroll 3
  for (int k = 0; k < 3; ++k) out[k] = first ? e[0][k] : (second ? e[1][k] : e[2][k]);
}

/// Stage 3: does one of the nine DegenerateAxis directions, in their order,
/// separate? (e, f the longest edges, D = q0 − p0.)
template <class V>
SEPAX_FORCE_INLINE auto degenerate_axes_separate(const V (&n)[3], const V (&m)[3], const V (&e)[3][3],
                                                 const V (&f)[3][3], const V (&e2)[3], const V (&f2)[3],
                                                 const V (&p1)[3], const V (&p2)[3], const V (&q)[3][3]) {
  using E = Element<V>;
  V el[3], fl[3], d[3], ef[3], l[3], t[3];
  longest_edge(e, e2, el);
  longest_edge(f, f2, fl);
#pragma GCC unroll 3
  for (int k = 0; k < 3; ++k) d[k] = q[0][k] - E(0);
  cross3(el, fl, ef);
  cross3(m, el, l);
  auto any = separates_all(l, p1, p2, q);
  cross3(n, fl, l);
  any |= separates_all(l, p1, p2, q);
  any |= separates_all(el, p1, p2, q);
  any |= separates_all(fl, p1, p2, q);
  cross3(ef, el, l);
  any |= separates_all(l, p1, p2, q);
  cross3(ef, fl, l);
  any |= separates_all(l, p1, p2, q);
  cross3(el, d, t);
  cross3(el, t, l);
  any |= separates_all(l, p1, p2, q);
  cross3(fl, d, t);
  cross3(fl, t, l);
  any |= separates_all(l, p1, p2, q);
  any |= separates_all(d, p1, p2, q);
  return any;
}

/// Per lane: separated (the scalar's verdict is "separated") and cancelled
/// (only without kAccurate: the lane needs the scalar kernel).
template <class M>
struct FullVerdict {
  M separated;
  M cancelled;
};

/// tri_tri::test_static on the pairs (u, v), u[i][k] coordinate k of vertex i.
template <bool kAccurate, class V>
SEPAX_FORCE_INLINE auto full_path(const V (&u)[3][3], const V (&v)[3][3]) {
  using E = Element<V>;
  using M = decltype(V{} < V{});
  PairFrame<V> frame;
  relative_frame(u, v, frame);
  const auto& [p1, p2, q, e, f, e2, f2] = frame;
  M cancelled{};

  // Stage 1, Table 5: N, M and the nine E_i × F_j.
  V n[3], m[3];
  edge_axis<kAccurate>(e[0], e[1], e2[0], e2[1], u[0], u[1], u[1], u[2], n, cancelled);
  edge_axis<kAccurate>(f[0], f[1], f2[0], f2[1], v[0], v[1], v[1], v[2], m, cancelled);
  M stage1 = separates_all(n, p1, p2, q) | separates_all(m, p1, p2, q);
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i)
#pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) {
      V l[3];
      edge_axis<kAccurate>(e[i], f[j], e2[i], f2[j], u[i], u[(i + 1) % 3], v[j], v[(j + 1) % 3], l, cancelled);
      stage1 |= separates_all(l, p1, p2, q);
    }
  // clearly_not_parallel(N, M): with neither triangle segment-like, the
  // scalar stops at stage 1 there.
  V nm[3];
  cross3(n, m, nm);
  const M clear_angle = norm2(nm) > E(0x1p-10) * norm2(n) * norm2(m);

  // Stages 2–3 count only in lanes that stage 1 left undecided at an
  // unclear angle or with a segment-like triangle; a vector with none skips
  // them.
  // Segment-like as the projections see it too (the raw normals of the
  // relative frame's edges), as the scalar kernel decides it.
  V raw_n[3], raw_m[3];
  cross3(e[0], e[1], raw_n);
  cross3(f[0], f[1], raw_m);
  const M segment = segment_like_pair(n, m, e2, f2) | segment_like_pair(raw_n, raw_m, e2, f2);
  const M reached = invert(clear_angle) | segment;
  const M undecided = invert(stage1) & reached;
  M stage2{}, stage3{};
  if (any_lane(undecided)) {
    // Stage 2, Table 6: N × E_i and M × F_j.
#pragma GCC unroll 3
    for (int i = 0; i < 3; ++i) {
      V l[3];
      cross3(n, e[i], l);
      stage2 |= separates_all(l, p1, p2, q);
      cross3(m, f[i], l);
      stage2 |= separates_all(l, p1, p2, q);
    }
    if (any_lane(undecided & invert(stage2) & segment))
      stage3 = degenerate_axes_separate(n, m, e, f, e2, f2, p1, p2, q);
  }

  const M separated = stage1 | ((stage2 | (segment & stage3)) & reached);
  return FullVerdict<M>{separated, cancelled};
}

/// The full path of one pair: the scalar kernel's verdict, or needs_scalar
/// (only without kAccurate, where a product cancelled).
template <bool kAccurate, class S>
LaneVerdict full_lane_verdict(const TriLane<S>& a, const TriLane<S>& b) {
  const FullVerdict<bool> r = full_path<kAccurate>(a.v, b.v);
  return {!r.separated, r.cancelled};
}

/// The full path on W pairs read from columns at index c (a batch view or the
/// loops' compacted lanes); writes each lane's code (kIntersects,
/// kNeedsScalar) to out[0..W).
template <int W, bool kAccurate, class S, class Mask>
SEPAX_FORCE_INLINE void full_lanes(const TriBatchView<S>& a, const TriBatchView<S>& b, std::size_t c,
                                   Mask* out) {
  using V = Simd<S, W>;
  using M = decltype(V{} < V{});
  static_assert(sizeof(M) == sizeof(Mask) * W, "one code per lane, as wide as S");
  V u[3][3], v[3][3];
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i)
#pragma GCC unroll 3
    for (int k = 0; k < 3; ++k) {
      std::memcpy(&u[i][k], a.v[3 * i + k] + c, sizeof(V));
      std::memcpy(&v[i][k], b.v[3 * i + k] + c, sizeof(V));
    }
  const FullVerdict<M> r = full_path<kAccurate>(u, v);
  const M intersects = M{} + kIntersects, needs_scalar = M{} + kNeedsScalar;
  const M code = (invert(r.separated) & intersects) | (r.cancelled & needs_scalar);
  std::memcpy(out, &code, sizeof(M));
}

}  // namespace sepax::tri_tri::detail
