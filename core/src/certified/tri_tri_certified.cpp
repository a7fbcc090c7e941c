// The certified triangle–triangle test: Guigue & Devillers' orientation
// predicates in double, each behind the bound the header derives; a sign the
// filter cannot certify is computed exactly (orient3d_exact.cpp), and flat
// pairs go to the exact separating-axis test (tri_tri_exact_sat.cpp).
#include "sepax/core/static/tri_tri_certified.hpp"

#include "certified/orient3d_exact.hpp"

#include <cmath>
#include <type_traits>
#include <utility>

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
/// permanent |·| + |·| of its 2×2 minor (the filter's P̂ is perm · |d − a|).
struct Plane {
  V origin, n, perm;
};

inline Plane plane(const V& a, const V& b, const V& c) {
  const V e = sub(b, a), f = sub(c, a);
  const double xa = e.y * f.z, xb = e.z * f.y;
  const double ya = e.z * f.x, yb = e.x * f.z;
  const double za = e.x * f.y, zb = e.y * f.x;
  return {a,
          {xa - xb, ya - yb, za - zb},
          {std::fabs(xa) + std::fabs(xb), std::fabs(ya) + std::fabs(yb), std::fabs(za) + std::fabs(zb)}};
}

/// The filter's sign of [a, b, c, d] for the plane (a, b, c): +1, −1, or 0
/// when it cannot tell (the header's bound 9·u·P̂ + 2⁻⁷⁷⁰).
inline int filtered_side(const Plane& pl, const V& d) {
  const V w = sub(d, pl.origin);
  const double det = pl.n.x * w.x + pl.n.y * w.y + pl.n.z * w.z;
  const double perm = pl.perm.x * std::fabs(w.x) + pl.perm.y * std::fabs(w.y) + pl.perm.z * std::fabs(w.z);
  const double bound = 9 * 0x1p-53 * perm + 0x1p-770;
  return det > bound ? 1 : (det < -bound ? -1 : 0);
}

inline Vec3<double> vec(const V& v) { return {v.x, v.y, v.z}; }

/// The predicates' exact signs: the filter's where it decides, else the
/// integer (or rational) determinant; `exact_ran` records the second.
struct Signs {
  bool filter_valid;
  bool& exact_ran;

  int side(const Plane& pl, const V& b, const V& c, const V& d) const {
    if (filter_valid)
      if (const int s = filtered_side(pl, d)) return s;
    return exact_side(pl.origin, b, c, d);
  }
  int orient(const V& a, const V& b, const V& c, const V& d) const {
    return side(plane(a, b, c), b, c, d);
  }
  [[gnu::noinline, gnu::cold]] int exact_side(const V& a, const V& b, const V& c, const V& d) const {
    exact_ran = true;
    return certified::orient3d_exact(vec(a), vec(b), vec(c), vec(d));
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
  const V& p0 = p[a.first];
  V p1 = p[(a.first + 1) % 3], p2 = p[(a.first + 2) % 3];
  const V& q0 = q[b.first];
  V q1 = q[(b.first + 1) % 3], q2 = q[(b.first + 2) % 3];
  if (a.turn_over) std::swap(q1, q2);  // p0 on or above plane Q
  if (b.turn_over) std::swap(p1, p2);  // q0 on or above plane P
  if (signs.orient(p0, p1, q0, q1) > 0) return Decided::apart;  // k > i
  if (signs.orient(p0, p2, q2, q0) > 0) return Decided::apart;  // j > l
  return Decided::intersecting;
}

/// Every |coordinate| ≤ 2²⁹⁹ (the header's range for double input).
inline bool in_range(const V (&p)[3], const V (&q)[3]) {
  double m = 0;
  for (const V* t : {p, q})
    for (int k = 0; k < 3; ++k) m = std::fmax(m, std::fmax(std::fabs(t[k].x), std::fmax(std::fabs(t[k].y), std::fabs(t[k].z))));
  return m <= 0x1p299;
}

template <class S>
[[gnu::noinline, gnu::cold]] bool flat_pair(const Triangle3<S>& a, const Triangle3<S>& b) {
  return intersects_exact(a.template cast<double>(), b.template cast<double>());
}

template <class S>
bool verdict(const Triangle3<S>& a, const Triangle3<S>& b, bool& exact_ran) {
  const V p[3] = {widen(a.vertices[0]), widen(a.vertices[1]), widen(a.vertices[2])};
  const V q[3] = {widen(b.vertices[0]), widen(b.vertices[1]), widen(b.vertices[2])};
  // Float input is always in range (|x| < 2¹²⁸).
  const Signs signs{std::is_same_v<S, float> || in_range(p, q), exact_ran};
  const Decided d = decide(p, q, signs);
  if (d != Decided::flat) return d == Decided::intersecting;
  exact_ran = true;
  return flat_pair(a, b);
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
