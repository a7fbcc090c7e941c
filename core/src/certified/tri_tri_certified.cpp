// The certified triangle–triangle test: Guigue & Devillers' orientation
// predicates in double, each behind the bound the header derives; a sign the
// filter cannot certify is computed exactly. The pair's six points are
// converted once, at the first such sign (exact/orientation_exact.hpp): on
// a grid of at most 2¹⁵ steps (touching, most coplanar and degenerate
// pairs) the determinant in double is exact; within 2⁴⁰ steps, __int128
// with no carries; within 2⁶¹, machine integers with carries (float pairs,
// mostly: measured faster than the expansions there). Else floating-point
// expansions (expansion/orientation_expansion.hpp), else 512-bit integers or
// GMP (orientation_exact.cpp). Every point a predicate sees is one of the six
// (by address), so the exact stage finds its integers without a search.
// Flat pairs (coplanar, degenerate) are decided by 2D and segment predicates.
#include "sepax/core/static/tri_tri_certified.hpp"

#include <cmath>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>

#include "exact/orientation_exact.hpp"
#include "expansion/orientation_expansion.hpp"
#include "sepax/core/static/certified_result.hpp"
#include "sepax/core/mutant.hpp"

namespace sepax::tri_tri {
namespace {

struct V {
  double x, y, z;
};

inline V sub(const V& p, const V& q) { return {p.x - q.x, p.y - q.y, p.z - q.z}; }

template <class S>
V widen(const Vec3<S>& v) {
  return {double(v[0]), double(v[1]), double(v[2])};
}

/// The plane through a, b, c: n = (b − a) × (c − a) and, per component, the
/// permanent |·| + |·| of its 2×2 minor (the filter's P̂ is perm · |d − a|);
/// `origin` points at a (the exact stage finds a point by its address).
struct Plane {
  const V* origin;
  V n, perm;
};

inline Plane plane(const V& a, const V& b, const V& c) {
  const V e = sub(b, a), f = sub(c, a);
  const double xa = e.y * f.z, xb = e.z * f.y;
  const double ya = e.z * f.x, yb = e.x * f.z;
  const double za = e.x * f.y, zb = e.y * f.x;
  return {&a,
          {xa - xb, ya - yb, za - zb},
          {std::fabs(xa) + std::fabs(xb), std::fabs(ya) + std::fabs(yb), std::fabs(za) + std::fabs(zb)}};
}

/// Mutant certified_tri_tri_no_bound (mutant_catalog.hpp): every rounded
/// sign trusted as it is (a constant 1 unless planted).
inline double bound_scale() { return mutant("certified_tri_tri_no_bound") ? 0.0 : 1.0; }

/// The filter's sign of [a, b, c, d] for the plane (a, b, c): +1, −1, or 0
/// when it cannot tell (the header's bound 9·u·P̂ + 2⁻⁷⁷⁰).
inline int filtered_side(const Plane& pl, const V& d) {
  const V w = sub(d, *pl.origin);
  const double det = pl.n.x * w.x + pl.n.y * w.y + pl.n.z * w.z;
  const double perm = pl.perm.x * std::fabs(w.x) + pl.perm.y * std::fabs(w.y) + pl.perm.z * std::fabs(w.z);
  const double bound = (9 * 0x1p-53 * perm + 0x1p-770) * bound_scale();
  return det > bound ? 1 : (det < -bound ? -1 : 0);
}

inline int sign(double x) { return x > 0 ? 1 : (x < 0 ? -1 : 0); }

inline Vec3<double> vec(const V& v) { return {v.x, v.y, v.z}; }

/// A point projected along coordinate axis k (the plane of the other two),
/// with the 3D point it comes from (for the exact stage's integers).
struct Point2 {
  double c[2];
  const V* from;
  int axis;
};
inline void project(const V& v, int k, Point2& out) {
  const double c[3] = {v.x, v.y, v.z};
  out.c[0] = c[(k + 1) % 3];
  out.c[1] = c[(k + 2) % 3];
  out.from = &v;
  out.axis = k;
}

/// The filter's sign of orient2d (the header's bound 6·u·P̂ + 2⁻¹⁰⁰⁰).
inline int filtered_orient2d(const Point2& a, const Point2& b, const Point2& c) {
  const double l = (b.c[0] - a.c[0]) * (c.c[1] - a.c[1]), r = (b.c[1] - a.c[1]) * (c.c[0] - a.c[0]);
  const double det = l - r;
  const double bound = (6 * 0x1p-53 * (std::fabs(l) + std::fabs(r)) + 0x1p-1000) * bound_scale();
  return det > bound ? 1 : (det < -bound ? -1 : 0);
}

/// The predicates' exact signs: the filter's where it decides, else the
/// integer (or rational) determinant; `exact_ran` records the second. The
/// pair's six points are converted to integers with one exponent once, at
/// the first exact predicate (every point a predicate sees is a copy of one
/// of them, found again by its coordinates), when their spread allows.
struct Signs {
  bool filter_valid;
  bool& exact_ran;
  const V (&p)[3];
  const V (&q)[3];
  mutable int integers_state = 0;  // 0 not tried, 1 ready, −1 spread too wide
  mutable bool small_integers = false;  // every |integer| < 2^kSmallIntegerBits
  mutable bool double_exact = false;    // the six points on a grid where double is exact
  mutable std::int64_t integers[6][3];  // filled by have_integers()

  // A constructor: aggregate initialisation would zero `integers` for every
  // pair, most of which never need them.
  Signs(bool valid, bool& ran, const V (&p_)[3], const V (&q_)[3]) : filter_valid(valid), exact_ran(ran), p(p_), q(q_) {}

  int side(const Plane& pl, const V& b, const V& c, const V& d) const {
    // Once the pair is known to lie on a small grid (an exact sign was
    // needed before), the filter's determinant is the exact one: no bound.
    if (double_exact && known(*pl.origin) && known(b) && known(c) && known(d)) {
      const V w = sub(d, *pl.origin);
      return sign(pl.n.x * w.x + pl.n.y * w.y + pl.n.z * w.z);  // orient3d_in_double's order
    }
    if (filter_valid)
      if (const int s = filtered_side(pl, d)) return s;
    return exact_side(*pl.origin, b, c, d);
  }
  int orient(const V& a, const V& b, const V& c, const V& d) const { return side(plane(a, b, c), b, c, d); }
  int orient2d(const Point2& a, const Point2& b, const Point2& c) const {
    if (double_exact && known(*a.from) && known(*b.from) && known(*c.from))
      return sign(certified::orient2d_in_double(a.c[0], a.c[1], b.c[0], b.c[1], c.c[0], c.c[1]));
    if (filter_valid)
      if (const int s = filtered_orient2d(a, b, c)) return s;
    return exact_orient2d(a, b, c);
  }
  [[gnu::noinline]] int exact_orient2d(const Point2& a, const Point2& b, const Point2& c) const {
    exact_ran = true;
    // Machine integers where the pair's points fit them (float pairs: no
    // slower than the expansions, the conversion shared by every predicate),
    // else expansions, else 512-bit integers or GMP.
    auto& counts = sepax::detail::exact_stage_counts();
    if (have_integers() && double_exact && known(*a.from) && known(*b.from) && known(*c.from))
      return sign(certified::orient2d_in_double(a.c[0], a.c[1], b.c[0], b.c[1], c.c[0], c.c[1]));
    const int ia = index(*a.from), ib = index(*b.from), ic = index(*c.from);
    if (ia >= 0 && ib >= 0 && ic >= 0 && have_integers()) {
      const int k1 = (a.axis + 1) % 3, k2 = (a.axis + 2) % 3;
      const std::int64_t *u = integers[ia], *v = integers[ib], *w = integers[ic];
      return certified::orient2d_integers(u[k1], u[k2], v[k1], v[k2], w[k1], w[k2]);
    }
    if (const int s = certified::orient2d_expansion(a.c, b.c, c.c); s != 2) {
      ++counts.expansion;
      return s;
    }
    ++counts.integers_or_rationals;
    return certified::orient2d_exact(a.c, b.c, c.c);
  }
  [[gnu::noinline]] int exact_side(const V& a, const V& b, const V& c, const V& d) const {
    exact_ran = true;
    auto& counts = sepax::detail::exact_stage_counts();
    if (have_integers() && double_exact && known(a) && known(b) && known(c) && known(d)) {
      const double pa[3] = {a.x, a.y, a.z}, pb[3] = {b.x, b.y, b.z}, pc[3] = {c.x, c.y, c.z}, pd[3] = {d.x, d.y, d.z};
      return sign(certified::orient3d_in_double(pa, pb, pc, pd));
    }
    const int ia = index(a), ib = index(b), ic = index(c), id = index(d);
    if (ia >= 0 && ib >= 0 && ic >= 0 && id >= 0 && have_integers()) {
      return small_integers ? certified::orient3d_small_integers(integers[ia], integers[ib], integers[ic], integers[id])
                            : certified::orient3d_integers(integers[ia], integers[ib], integers[ic], integers[id]);
    }
    const double pa[3] = {a.x, a.y, a.z}, pb[3] = {b.x, b.y, b.z}, pc[3] = {c.x, c.y, c.z}, pd[3] = {d.x, d.y, d.z};
    if (const int s = certified::orient3d_expansion(pa, pb, pc, pd); s != 2) {
      ++counts.expansion;
      return s;
    }
    ++counts.integers_or_rationals;
    return certified::orient3d_exact(vec(a), vec(b), vec(c), vec(d));
  }
  /// The six points as integers, converted at the first call: below 2⁴⁰
  /// where they fit (the cheap determinant; on a grid of at most 2¹⁵ steps,
  /// the determinants in double, exact there), else up to 61 bits.
  bool have_integers() const {
    if (integers_state == 0) {
      double x[18];
      for (int k = 0; k < 6; ++k) {
        const V& v = point(k);
        x[3 * k] = v.x;
        x[3 * k + 1] = v.y;
        x[3 * k + 2] = v.z;
      }
      auto& flat_integers = *reinterpret_cast<std::int64_t(*)[18]>(&integers[0][0]);
      const int small = certified::to_small_integers(x, flat_integers);
      small_integers = small > 0;
      double_exact = small == 2;
      integers_state = small_integers || certified::to_common_integers(x, flat_integers) ? 1 : -1;
    }
    return integers_state > 0;
  }
  const V& point(int k) const { return k < 3 ? p[k] : q[k - 3]; }
  /// Whether v is one of the six points (by address: every point the
  /// predicates see is one of p, q).
  bool known(const V& v) const { return offset(v, p) < 3 || offset(v, q) < 3; }
  /// v's place in t (3 or more, wrapped around, when not in it).
  static std::uintptr_t offset(const V& v, const V (&t)[3]) {
    return (reinterpret_cast<std::uintptr_t>(&v) - reinterpret_cast<std::uintptr_t>(&t[0])) / sizeof(V);
  }
  /// Which of the six points v is (by address) or a copy of (−1: none,
  /// never expected).
  int index(const V& v) const {
    if (const auto k = offset(v, p); k < 3) return int(k);
    if (const auto k = offset(v, q); k < 3) return 3 + int(k);
    return index_by_value(v);
  }
  [[gnu::noinline, gnu::cold]] int index_by_value(const V& v) const {
    for (int k = 0; k < 6; ++k) {
      const V& u = point(k);
      if (u.x == v.x && u.y == v.y && u.z == v.z) return k;
    }
    return -1;
  }
};

inline bool same_side(const int (&s)[3]) { return s[0] != 0 && s[0] == s[1] && s[1] == s[2]; }
inline bool all_zero(const int (&s)[3]) { return s[0] == 0 && s[1] == 0 && s[2] == 0; }

/// The vertex to put first, and whether the other triangle must turn over:
/// σ·s[first] ≥ 0 ≥ σ·s[others] with σ = −1 when it must (the header's
/// step 2, with zeros: a vertex on the plane counts on either side). A
/// vertex off the plane comes first where one can: the factor h + h′ of
/// step 2 must not vanish, as it would for a first vertex and its successor
/// both on the plane ((0, 0, +) takes the + vertex first). A vertex on the
/// plane comes first only for (+, +, 0) and its turns, whose others are off.
struct Lone {
  int first;
  bool turn_over;
};
inline Lone lone(const int (&s)[3]) {
  for (const bool zero_first : {false, true})
    for (int a = 0; a < 3; ++a) {
      if ((s[a] == 0) != zero_first) continue;
      const int b = (a + 1) % 3, c = (a + 2) % 3;
      if (s[a] >= 0 && s[b] <= 0 && s[c] <= 0) return {a, false};
      if (s[a] <= 0 && s[b] >= 0 && s[c] >= 0) return {a, true};
    }
  return {0, false};  // unreachable: the signs are neither all equal nor all 0
}

/// `flat`: decide() leaves the pair to flat(), which always decides.
enum class Decided { apart, intersecting, flat };

/// Guigue & Devillers' test on exact signs (the header's steps 1–2); `flat`
/// when either triangle lies in the other's plane (coplanar or degenerate).
Decided decide(const V (&p)[3], const V (&q)[3], const Signs& signs) {
  const Plane plane_q = plane(q[0], q[1], q[2]);
  const int sp[3] = {signs.side(plane_q, q[1], q[2], p[0]), signs.side(plane_q, q[1], q[2], p[1]),
                     signs.side(plane_q, q[1], q[2], p[2])};
  if (same_side(sp)) return Decided::apart;
  const Plane plane_p = plane(p[0], p[1], p[2]);
  const int sq[3] = {signs.side(plane_p, p[1], p[2], q[0]), signs.side(plane_p, p[1], p[2], q[1]),
                     signs.side(plane_p, p[1], p[2], q[2])};
  if (same_side(sq)) return Decided::apart;
  if (all_zero(sp) || all_zero(sq)) return Decided::flat;
  const Lone a = lone(sp), b = lone(sq);
  // Cyclic rotations keep each plane's orientation; a swap turns it over.
  // (Pointers into p and q: the exact stage finds a point's integers by its address.)
  const V& p0 = p[a.first];
  const V *p1 = &p[(a.first + 1) % 3], *p2 = &p[(a.first + 2) % 3];
  const V& q0 = q[b.first];
  const V *q1 = &q[(b.first + 1) % 3], *q2 = &q[(b.first + 2) % 3];
  if (a.turn_over) std::swap(q1, q2);                             // p0 on or above plane Q
  if (b.turn_over) std::swap(p1, p2);                             // q0 on or above plane P
  if (signs.orient(p0, *p1, q0, *q1) > 0) return Decided::apart;  // k > i
  if (signs.orient(p0, *p2, *q2, q0) > 0) return Decided::apart;  // j > l
  return Decided::intersecting;
}

/// Some edge line of `a` (orientation o) with every vertex of `b` strictly
/// outside: o·orient2d(a_i, a_{i+1}, b_k) < 0 for all k.
bool edge_separates(const Point2 (&a)[3], int o, const Point2 (&b)[3], const Signs& signs) {
  for (int i = 0; i < 3; ++i) {
    const Point2& u = a[i];
    const Point2& v = a[(i + 1) % 3];
    if (signs.orient2d(u, v, b[0]) == -o && signs.orient2d(u, v, b[1]) == -o && signs.orient2d(u, v, b[2]) == -o)
      return true;
  }
  return false;
}

/// The first coordinate axis along which the triangle projects to a proper
/// triangle, and its orientation there; axis −1 for a degenerate triangle.
struct Projection {
  int axis = -1;
  int orientation = 0;
  Point2 points[3];
};
Projection proper_projection(const V (&t)[3], const Signs& signs) {
  Projection out;
  for (int k = 0; k < 3; ++k) {
    for (int i = 0; i < 3; ++i) project(t[i], k, out.points[i]);
    out.orientation = signs.orient2d(out.points[0], out.points[1], out.points[2]);
    if (out.orientation != 0) {
      out.axis = k;
      return out;
    }
  }
  out.axis = -1;
  return out;
}

inline double coordinate(const V& v, int k) { return k == 0 ? v.x : (k == 1 ? v.y : v.z); }

/// A degenerate triangle's extreme vertices: the ends of its segment (the
/// same vertex twice for a point), by the first coordinate that varies.
std::pair<const V&, const V&> segment_of(const V (&d)[3]) {
  for (int k = 0; k < 3; ++k) {
    int lo = 0, hi = 0;
    for (int i = 1; i < 3; ++i) {
      if (coordinate(d[i], k) < coordinate(d[lo], k)) lo = i;
      if (coordinate(d[i], k) > coordinate(d[hi], k)) hi = i;
    }
    if (lo != hi) return {d[lo], d[hi]};
  }
  return {d[0], d[0]};
}

/// Segment (or point) [s0, s1] against a proper triangle t whose
/// projection is `tp`: apart when both ends lie strictly on one side of t's
/// plane; when the segment crosses or touches the plane, it meets t exactly
/// when the volumes [s0, s1, t_i, t_{i+1}] have no two opposite signs (the
/// line passes through the closed triangle); when it lies in the plane, the
/// 2D separating-axis test in the projection: t's three edge lines and the
/// segment's own line.
Decided segment_triangle(const V& s0, const V& s1, const V (&t)[3], const Projection& tp, const Signs& signs) {
  const Plane plane_t = plane(t[0], t[1], t[2]);
  const int e0 = signs.side(plane_t, t[1], t[2], s0), e1 = signs.side(plane_t, t[1], t[2], s1);
  if (e0 == e1 && e0 != 0) return Decided::apart;
  if (e0 != 0 || e1 != 0) {
    const int v0 = signs.orient(s0, s1, t[0], t[1]), v1 = signs.orient(s0, s1, t[1], t[2]),
              v2 = signs.orient(s0, s1, t[2], t[0]);
    const bool positive = v0 > 0 || v1 > 0 || v2 > 0, negative = v0 < 0 || v1 < 0 || v2 < 0;
    return positive && negative ? Decided::apart : Decided::intersecting;
  }
  Point2 seg[3];
  project(s0, tp.axis, seg[0]);
  project(s1, tp.axis, seg[1]);
  project(s1, tp.axis, seg[2]);  // the segment as a degenerate triangle
  if (edge_separates(tp.points, tp.orientation, seg, signs)) return Decided::apart;
  const int o0 = signs.orient2d(seg[0], seg[1], tp.points[0]), o1 = signs.orient2d(seg[0], seg[1], tp.points[1]),
            o2 = signs.orient2d(seg[0], seg[1], tp.points[2]);
  return o0 != 0 && o0 == o1 && o1 == o2 ? Decided::apart : Decided::intersecting;
}

inline bool same_point(const V& a, const V& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

/// A coordinate along which e0 and e1 differ (−1: the same point).
inline int varying(const V& e0, const V& e1) {
  for (int k = 0; k < 3; ++k)
    if (coordinate(e0, k) != coordinate(e1, k)) return k;
  return -1;
}

/// v's coordinate k within the ends' (exact comparisons).
inline bool between(const V& v, const V& e0, const V& e1, int k) {
  const double x = coordinate(v, k), a = coordinate(e0, k), b = coordinate(e1, k);
  return std::fmin(a, b) <= x && x <= std::fmax(a, b);
}

inline int orient2d_along(const V& a, const V& b, const V& c, int k, const Signs& signs) {
  Point2 u, v, w;
  project(a, k, u);
  project(b, k, v);
  project(c, k, w);
  return signs.orient2d(u, v, w);
}

/// Point v on the segment [e0, e1] (e0 ≠ e1, varying along coordinate k):
/// collinear in all three projections, and within the ends along k.
inline bool on_segment(const V& v, const V& e0, const V& e1, int k, const Signs& signs) {
  for (int a = 0; a < 3; ++a)
    if (orient2d_along(e0, e1, v, a, signs) != 0) return false;
  return between(v, e0, e1, k);
}

/// Two degenerate triangles: segments [s0, s1] and [t0, t1], either possibly
/// a point. Points meet when equal, a point and a segment when the point is
/// on it; two segments on skew lines never meet; coplanar ones take the
/// closed 2D segment test in a projection that keeps their plane (or, all
/// four points on one line, the overlap of their intervals along it).
Decided segments(const V& s0, const V& s1, const V& t0, const V& t1, const Signs& signs) {
  const int ks = varying(s0, s1), kt = varying(t0, t1);
  const auto verdict = [](bool meet) { return meet ? Decided::intersecting : Decided::apart; };
  if (ks < 0 && kt < 0) return verdict(same_point(s0, t0));
  if (ks < 0) return verdict(on_segment(s0, t0, t1, kt, signs));
  if (kt < 0) return verdict(on_segment(t0, s0, s1, ks, signs));
  if (signs.orient(s0, s1, t0, t1) != 0) return Decided::apart;  // skew
  int k = -1;
  for (int a = 0; a < 3 && k < 0; ++a)
    if (orient2d_along(s0, s1, t0, a, signs) != 0 || orient2d_along(s0, s1, t1, a, signs) != 0) k = a;
  if (k < 0) {  // one line: the intervals along a coordinate it varies in
    const double s_lo = std::fmin(coordinate(s0, ks), coordinate(s1, ks));
    const double s_hi = std::fmax(coordinate(s0, ks), coordinate(s1, ks));
    const double t_lo = std::fmin(coordinate(t0, ks), coordinate(t1, ks));
    const double t_hi = std::fmax(coordinate(t0, ks), coordinate(t1, ks));
    return verdict(s_lo <= t_hi && t_lo <= s_hi);
  }
  const int o1 = orient2d_along(s0, s1, t0, k, signs), o2 = orient2d_along(s0, s1, t1, k, signs);
  const int o3 = orient2d_along(t0, t1, s0, k, signs), o4 = orient2d_along(t0, t1, s1, k, signs);
  if (o1 * o2 < 0 && o3 * o4 < 0) return Decided::intersecting;
  // An end on the other's line (in the plane the projection keeps):
  // within that segment along a coordinate it varies in.
  return verdict((o1 == 0 && between(t0, s0, s1, ks)) || (o2 == 0 && between(t1, s0, s1, ks)) ||
                 (o3 == 0 && between(s0, t0, t1, kt)) || (o4 == 0 && between(s1, t0, t1, kt)));
}

/// A flat pair (one triangle lies in the other's plane, or one is
/// degenerate). Both proper: they lie in one plane, and the 2D
/// separating-axis test (the six edge lines) on a projection along a
/// coordinate axis that plane is not parallel to decides, keeping every
/// orientation it needs. One degenerate: segment against triangle. Both
/// degenerate: segment against segment.
Decided flat(const V (&p)[3], const V (&q)[3], const Signs& signs) {
  const Projection pp = proper_projection(p, signs), pq = proper_projection(q, signs);
  if (pp.axis >= 0 && pq.axis >= 0) {
    Point2 b[3];
    for (int i = 0; i < 3; ++i) project(q[i], pp.axis, b[i]);
    const int oq = signs.orient2d(b[0], b[1], b[2]);  // ≠ 0: the same plane as p
    return edge_separates(pp.points, pp.orientation, b, signs) || edge_separates(b, oq, pp.points, signs)
               ? Decided::apart
               : Decided::intersecting;
  }
  if (pp.axis >= 0) {
    const auto [s0, s1] = segment_of(q);
    return segment_triangle(s0, s1, p, pp, signs);
  }
  if (pq.axis >= 0) {
    const auto [s0, s1] = segment_of(p);
    return segment_triangle(s0, s1, q, pq, signs);
  }
  const auto [s0, s1] = segment_of(p);
  const auto [t0, t1] = segment_of(q);
  return segments(s0, s1, t0, t1, signs);
}

/// Every |coordinate| ≤ 2²⁹⁹ (the header's range for double input).
inline bool in_range(const V (&p)[3], const V (&q)[3]) {
  double m = 0;
  for (const V* t : {p, q})
    for (int k = 0; k < 3; ++k)
      m = std::fmax(m, std::fmax(std::fabs(t[k].x), std::fmax(std::fabs(t[k].y), std::fabs(t[k].z))));
  return m <= 0x1p299;
}

template <class S>
bool verdict(const Triangle3<S>& a, const Triangle3<S>& b, bool& exact_ran) {
  const V p[3] = {widen(a.vertices[0]), widen(a.vertices[1]), widen(a.vertices[2])};
  const V q[3] = {widen(b.vertices[0]), widen(b.vertices[1]), widen(b.vertices[2])};
  // Float input is always in range (|x| < 2¹²⁸).
  const Signs signs{std::is_same_v<S, float> || in_range(p, q), exact_ran, p, q};
  Decided d = decide(p, q, signs);
  if (d == Decided::flat) d = flat(p, q, signs);  // always decides
  return d == Decided::intersecting;
}

}  // namespace

template <class S>
CertifiedResult<S> test_certified(const Triangle3<S>& a, const Triangle3<S>& b) {
  CertifiedResult<S> out;
  out.result.intersects = verdict(a, b, out.exact_path);
  return out;
}

bool intersects_certified(const Triangle3<float>& a, const Triangle3<float>& b, bool* exact_path) {
  bool exact_ran = false;
  const bool hit = verdict(a, b, exact_ran);
  if (exact_path) *exact_path = exact_ran;
  return hit;
}
bool intersects_certified(const Triangle3<double>& a, const Triangle3<double>& b, bool* exact_path) {
  bool exact_ran = false;
  const bool hit = verdict(a, b, exact_ran);
  if (exact_path) *exact_path = exact_ran;
  return hit;
}

template CertifiedResult<float> test_certified(const Triangle3<float>&, const Triangle3<float>&);
template CertifiedResult<double> test_certified(const Triangle3<double>&, const Triangle3<double>&);

}  // namespace sepax::tri_tri
