// textbook/tri_tri_moller[_eps]/*: Möller's interval-overlap triangle–triangle
// test (T. Möller, "A Fast Triangle-Triangle Intersection Test", JGT 2(2),
// 1997), written here from the paper's math as an independent reference, in
// the case scalar, with the paper's divisions (the later no-division variant
// multiplies the four plane distances together and overflows float at
// moderate scales).
//
//  1. Plane of V (N1 = (V1−V0)×(V2−V0)): signed distances du_i = N1·(U_i−V0).
//     All of one strict sign: separated (witness N1). Same for U's plane (N2).
//  2. Both triangles cut the line L = P + t·(N1×N2); project every vertex on
//     the coordinate axis where N1×N2 is largest, and interpolate along the
//     two edges that cross the other plane to get each triangle's interval
//     of t. Disjoint intervals (strict '<'): separated. Touching intersects.
//  3. All du zero: coplanar; drop the coordinate where |N1| is largest and
//     test in 2D: any edge pair crossing (closed segments), or a vertex of
//     one inside the other.
// The _eps variant is the paper's USE_EPSILON_TEST: every |du|, |dv| below
// 1e-6 (absolute, on unnormalised distances, so scale-dependent) is snapped
// to 0 so that nearly coplanar input takes the coplanar branch. It leans
// towards "touching" but is not purely conservative: a snapped vertex also
// moves an interval end, so overlaps of about that size can be missed.
// Möller assumes non-degenerate triangles: with a collinear triangle N1 = 0,
// every distance to its plane is 0 and it goes to the coplanar branch, whose
// projection (chosen from N1) is then arbitrary, so separation along the
// dropped coordinate is lost. That is the algorithm's answer and is kept (no
// crash); only the 2D primitives below are exact closed-set tests.
#include <algorithm>
#include <array>
#include <cmath>

#include "entry.hpp"

namespace sepax::peers::detail {
namespace {

template <class S>
using Tri = std::array<Vec3<S>, 3>;

/// 2D orientation of (a, b, c) in the plane of coordinates (x, y).
template <class S>
S orient(const Vec3<S>& a, const Vec3<S>& b, const Vec3<S>& c, int x, int y) {
  return (b[x] - a[x]) * (c[y] - a[y]) - (b[y] - a[y]) * (c[x] - a[x]);
}

template <class S>
bool opposite_or_zero(S p, S q) {
  return (p <= 0 && q >= 0) || (p >= 0 && q <= 0);
}

/// Closed segments pq and rs in 2D (zero-length ones included).
template <class S>
bool segments_meet(const Vec3<S>& p, const Vec3<S>& q, const Vec3<S>& r, const Vec3<S>& s, int x,
                   int y) {
  const S o1 = orient(p, q, r, x, y), o2 = orient(p, q, s, x, y);
  const S o3 = orient(r, s, p, x, y), o4 = orient(r, s, q, x, y);
  if (o1 == 0 && o2 == 0 && o3 == 0 && o4 == 0) {  // on one line: overlap of the ranges
    for (int c : {x, y})
      if (std::max(p[c], q[c]) < std::min(r[c], s[c]) ||
          std::max(r[c], s[c]) < std::min(p[c], q[c]))
        return false;
    return true;
  }
  return opposite_or_zero(o1, o2) && opposite_or_zero(o3, o4);
}

/// Closed triangle t contains point p, in 2D. All three orientations zero
/// (t flat in this projection, p on its line) is left to the edge tests,
/// which decide that case correctly.
template <class S>
bool contains(const Tri<S>& t, const Vec3<S>& p, int x, int y) {
  const S a = orient(t[0], t[1], p, x, y), b = orient(t[1], t[2], p, x, y),
          c = orient(t[2], t[0], p, x, y);
  if (a == 0 && b == 0 && c == 0) return false;
  return (a >= 0 && b >= 0 && c >= 0) || (a <= 0 && b <= 0 && c <= 0);
}

template <class S>
bool coplanar_meet(const Tri<S>& v, const Tri<S>& u, const Vec3<S>& n) {
  const Vec3<S> an = n.cwiseAbs();
  int drop = 0;
  if (an[1] > an[drop]) drop = 1;
  if (an[2] > an[drop]) drop = 2;
  const int x = (drop + 1) % 3, y = (drop + 2) % 3;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      if (segments_meet(v[i], v[(i + 1) % 3], u[j], u[(j + 1) % 3], x, y)) return true;
  return contains(u, v[0], x, y) || contains(v, u[0], x, y);
}

/// The interval of L that triangle (projections p, plane distances d) covers.
/// Returns false when all three distances are zero (coplanar).
template <class S>
bool interval(const S p[3], const S d[3], S out[2]) {
  // k: the vertex alone on its side of the other plane (or on it); the
  // interval runs between the points where edges k→i and k→j cross the plane.
  int k;
  if (d[0] * d[1] > 0) k = 2;
  else if (d[0] * d[2] > 0) k = 1;
  else if (d[1] * d[2] > 0 || d[0] != 0) k = 0;
  else if (d[1] != 0) k = 1;
  else if (d[2] != 0) k = 2;
  else return false;
  const int i = (k + 1) % 3, j = (k + 2) % 3;
  const S t1 = p[k] + (p[i] - p[k]) * d[k] / (d[k] - d[i]);
  const S t2 = p[k] + (p[j] - p[k]) * d[k] / (d[k] - d[j]);
  out[0] = std::min(t1, t2);
  out[1] = std::max(t1, t2);
  return true;
}

/// 0: intersecting; 1: separated by V's plane; 2: by U's plane; 3: disjoint
/// intervals on L; 4: coplanar and disjoint.
template <class S>
int moller(const Tri<S>& v, const Tri<S>& u, S eps) {
  const Vec3<S> n1 = (v[1] - v[0]).cross(v[2] - v[0]);
  S du[3];
  for (int i = 0; i < 3; ++i) {
    du[i] = n1.dot(u[i] - v[0]);
    if (std::abs(du[i]) < eps) du[i] = 0;
  }
  if (du[0] * du[1] > 0 && du[0] * du[2] > 0) return 1;

  const Vec3<S> n2 = (u[1] - u[0]).cross(u[2] - u[0]);
  S dv[3];
  for (int i = 0; i < 3; ++i) {
    dv[i] = n2.dot(v[i] - u[0]);
    if (std::abs(dv[i]) < eps) dv[i] = 0;
  }
  if (dv[0] * dv[1] > 0 && dv[0] * dv[2] > 0) return 2;

  // Projecting on the largest coordinate of L's direction keeps the order of
  // points on L (a positive or negative scale of t).
  const Vec3<S> dir = n1.cross(n2).cwiseAbs();
  int c = 0;
  if (dir[1] > dir[c]) c = 1;
  if (dir[2] > dir[c]) c = 2;
  const S vp[3] = {v[0][c], v[1][c], v[2][c]};
  const S up[3] = {u[0][c], u[1][c], u[2][c]};

  S iv[2], iu[2];
  if (!interval(vp, dv, iv) || !interval(up, du, iu)) return coplanar_meet(v, u, n1) ? 0 : 4;
  return (iv[1] < iu[0] || iu[1] < iv[0]) ? 3 : 0;
}

template <class S>
struct TriPair {
  Tri<S> v, u;
};

template <class S>
TriPair<S> convert(const ShapePair& p) {
  TriPair<S> t;
  for (int i = 0; i < 3; ++i) {
    t.v[i] = p.tri_a.vertices[i].template cast<S>();
    t.u[i] = p.tri_b.vertices[i].template cast<S>();
  }
  return t;
}

template <class S>
KernelInfo entry(const char* name, S eps) {
  KernelInfo k = make_entry(
      "textbook", name, Query::tri_tri, scalar_traits<S>::kind, convert<S>,
      [eps](const TriPair<S>& t) { return moller(t.v, t.u, eps) == 0; },
      eps > S(0) ? KernelBias{BiasMethod::epsilon_on_plane_distances, double(eps), std::nullopt} : KernelBias{});
  // Plane rejections have a true separating axis (a triangle normal); the
  // interval and coplanar rejections do not.
  k.test = [eps](const ShapePair& p) {
    const TriPair<S> t = convert<S>(p);
    const int r = moller(t.v, t.u, eps);
    StaticOutcome out;
    out.intersects = r == 0;
    if (r == 1 || r == 2) {
      const Tri<S>& w = r == 1 ? t.v : t.u;
      const Vec3<S> n = (w[1] - w[0]).cross(w[2] - w[0]);
      out.axis = {r == 1 ? AxisKind::normal_a : AxisKind::normal_b, 0, 0};
      out.direction = {double(n[0]), double(n[1]), double(n[2])};
    }
    return out;
  };
  return k;
}

}  // namespace

std::vector<KernelInfo> textbook_tri_tri_kernels() {
  return {
      entry<float>("tri_tri_moller", 0.0f),
      entry<double>("tri_tri_moller", 0.0),
      entry<float>("tri_tri_moller_eps", 1e-6f),
      entry<double>("tri_tri_moller_eps", 1e-6),
  };
}

}  // namespace sepax::peers::detail
