// Step 3 of obb_obb::find_manifold (obb_obb_manifold.hpp): the incident face
// clipped to the reference box (Sutherland–Hodgman, in the reference box's
// frame). contact_points.hpp says why plain arrays; every value is rounded as
// the Eigen form it replaced rounded it (issue 33), so the manifold is the
// same bit for bit.
#include <algorithm>
#include <cmath>
#include <limits>

#include "manifold/contact_points.hpp"
#include "sepax/core/mutant.hpp"
#include "sepax/core/numeric/eigen_order.hpp"
#include "sepax/core/numeric/force_inline.hpp"

namespace sepax::obb_obb::manifold {
namespace {

/// A polygon of up to 10 corners (a quadrilateral clipped by up to 6 planes).
template <class S>
struct Polygon {
  std::array<Vec3<S>, 10> v;
  int n = 0;
};

/// More than 8 corners (each clipping plane can cut one off): the corner
/// nearest the line through its neighbours goes, changing the polygon least.
template <class S>
void drop_flattest(Polygon<S>& p) {
  int worst = 0;
  S least = std::numeric_limits<S>::infinity();
  for (int c = 0; c < p.n; ++c) {
    const Vec3<S>& prev = p.v[(c + p.n - 1) % p.n];
    const Vec3<S>& next = p.v[(c + 1) % p.n];
    const Vec3<S> e = next - prev;
    const S len = e.norm();
    const S dist = len > S(0) ? e.cross(p.v[c] - prev).norm() / len : (p.v[c] - prev).norm();
    if (dist < least) least = dist, worst = c;
  }
  std::copy(p.v.begin() + worst + 1, p.v.begin() + p.n, p.v.begin() + worst);
  --p.n;
}

/// The n corners pts[index[c]] (index null: pts[c]) cut to at most 8, the
/// flattest going first, into out; returns their count (in R's frame).
template <class S>
int at_most_eight(const S (*pts)[3], const int* index, int n, std::array<Vec3<S>, 8>& out) {
  Polygon<S> many;
  many.n = n;
  for (int c = 0; c < n; ++c) {
    const S* x = pts[index ? index[c] : c];
    many.v[c] = {x[0], x[1], x[2]};
  }
  while (many.n > 8) drop_flattest(many);
  std::copy_n(many.v.begin(), many.n, out.begin());
  return many.n;
}

/// One Sutherland–Hodgman pass keeping the part of `in` (n corners) where
/// sign·x[k] ≤ limit, into `out`; returns the count. A crossing point is
/// interpolated from the corner before it, its coordinate k then set to the
/// plane exactly. Each corner's distance is computed once (its dq is the next
/// corner's dp). When every corner is on the kept side nothing is cut (no
/// dp > 0, so no crossing) and `in` is the answer unchanged: −1, and nothing
/// is copied.
template <class S>
SEPAX_FORCE_INLINE int clip_axis(const S (*in)[3], int n, int k, S sign, S limit, S (*out)[3]) {
  S dist[10];
  bool cut = false;
  for (int c = 0; c < n; ++c) {
    dist[c] = sign * in[c][k] - limit;
    cut |= dist[c] > S(0);
  }
  if (!cut) return -1;
  int m = 0;
  for (int c = 0; c < n; ++c) {
    const S* p = in[c];
    const S* q = in[c + 1 == n ? 0 : c + 1];
    const S dp = dist[c], dq = dist[c + 1 == n ? 0 : c + 1];
    if (dp <= S(0) && m < 10) out[m][0] = p[0], out[m][1] = p[1], out[m][2] = p[2], ++m;
    if ((dp < S(0) && dq > S(0)) || (dp > S(0) && dq < S(0))) {
      const S t = dp / (dp - dq);
      if (m < 10) {
        for (int r = 0; r < 3; ++r) out[m][r] = p[r] + t * (q[r] - p[r]);
        out[m][k] = sign * limit;
        ++m;
      }
    }
  }
  return m;
}

/// One Sutherland–Hodgman pass against any plane, keeping m·x ≤ h, from `in`
/// (n corners) into `out`; returns the count. m·x as Eigen's dot (eigen_sum3).
template <class S>
SEPAX_FORCE_INLINE int clip_any(const S (*in)[3], int n, const S* m, S h, S (*out)[3]) {
  S dist[10];
  for (int c = 0; c < n; ++c) dist[c] = eigen_sum3(m[0] * in[c][0], m[1] * in[c][1], m[2] * in[c][2]) - h;
  int got = 0;
  for (int c = 0; c < n; ++c) {
    const S* p = in[c];
    const S* q = in[c + 1 == n ? 0 : c + 1];
    const S dp = dist[c], dq = dist[c + 1 == n ? 0 : c + 1];
    if (dp <= S(0) && got < 10) out[got][0] = p[0], out[got][1] = p[1], out[got][2] = p[2], ++got;
    if (((dp < S(0) && dq > S(0)) || (dp > S(0) && dq < S(0))) && got < 10) {
      const S t = dp / (dp - dq);
      for (int r = 0; r < 3; ++r) out[got][r] = p[r] + t * (q[r] - p[r]);
      ++got;
    }
  }
  return got;
}

/// No incident corner left: the incident face lies wholly beyond the
/// reference box R (nested in the incident box I along the normal), and the
/// boxes meet where R's face lies inside I: that face clipped to I's slabs;
/// with nothing left to rounding, I's deepest corner along −side·e_k. In R's
/// frame. Taken by ~8 % of the near-parallel family's pairs, where redoing the
/// incident clip in an Eigen form first cost ~10 % of that family's time.
template <class S>
int reference_face_in_incident(const std::array<S, 3>& r_ext, int k, S side, const Box<S>& inc, S tol,
                               std::array<Vec3<S>, 8>& out) {
  const int k1 = k == 2 ? 0 : k + 1, k2 = k == 0 ? 2 : k - 1;
  // rc ± ru ± rw of the Eigen form, its zeros included (−0 + 0 is +0).
  S rc[3] = {S(0), S(0), S(0)}, ru[3] = {S(0), S(0), S(0)}, rw[3] = {S(0), S(0), S(0)};
  rc[k] = side * r_ext[k];
  ru[k1] = r_ext[k1];
  rw[k2] = r_ext[k2];
  S buf[2][10][3];
  for (int r = 0; r < 3; ++r) {
    buf[0][0][r] = rc[r] + ru[r] + rw[r];
    buf[0][1][r] = rc[r] - ru[r] + rw[r];
    buf[0][2][r] = rc[r] - ru[r] - rw[r];
    buf[0][3][r] = rc[r] + ru[r] - rw[r];
  }
  int n = 4, cur = 0;
  for (int j = 0; j < 3 && n > 0; ++j) {
    const S* m = inc.ax[j];
    const S at = eigen_sum3(m[0] * inc.c[0], m[1] * inc.c[1], m[2] * inc.c[2]);
    const S neg[3] = {-m[0], -m[1], -m[2]};
    n = clip_any(buf[cur], n, m, inc.e[j] + tol + at, buf[1 - cur]);
    cur = 1 - cur;
    n = clip_any(buf[cur], n, neg, inc.e[j] + tol - at, buf[1 - cur]);
    cur = 1 - cur;
  }
  if (n > 8) return at_most_eight(buf[cur], nullptr, n, out);
  for (int c = 0; c < n; ++c) out[c] = {buf[cur][c][0], buf[cur][c][1], buf[cur][c][2]};
  if (n > 0) return n;
  // Nothing left to rounding: the corner of I deepest along −side·e_k.
  S deepest[3] = {inc.c[0], inc.c[1], inc.c[2]};
  for (int j = 0; j < 3; ++j) {
    const S s = side * sign_of(inc.ax[j][k]) * inc.e[j];
    for (int r = 0; r < 3; ++r) deepest[r] -= s * inc.ax[j][r];
  }
  out[0] = {deepest[0], deepest[1], deepest[2]};
  return 1;
}

}  // namespace

/// The reference box R is at the origin of its own frame with unit axes; its
/// face k on side `side` (±1) faces the incident box I (given in R's frame).
/// The face of I most opposed to side·e_k is clipped to R's side planes and
/// far face; its corners on or below R's face are the contact points, mapped
/// to world coordinates (to_world's sums, in its order). Every plane is moved
/// out by tol, a fraction of the rounding band, so that boxes touching along
/// an edge or at a corner keep their contact points instead of rounding them
/// away.
template <class S>
int face_contact(const Obb3<S>& ref, int k, S side, const Box<S>& inc, S tol, std::array<Vec3<S>, 8>& out) {
  const std::array<S, 3>& r_ext = ref.extents;
  int m = 0;
  for (int j = 1; j < 3; ++j)
    if (std::abs(inc.ax[j][k]) > std::abs(inc.ax[m][k])) m = j;
  const S m_sign = -side * sign_of(inc.ax[m][k]);
  const int p = m == 2 ? 0 : m + 1, q = m == 0 ? 2 : m - 1;
  S buf[2][10][3];
  const S scale = m_sign * inc.e[m];
  for (int r = 0; r < 3; ++r) {
    // Eigen evaluates face_center ± u ± w coordinate by coordinate, left to right.
    const S fc = inc.c[r] + scale * inc.ax[m][r];
    const S u = inc.e[p] * inc.ax[p][r], w = inc.e[q] * inc.ax[q][r];
    buf[0][0][r] = fc + u + w;
    buf[0][1][r] = fc - u + w;
    buf[0][2][r] = fc - u - w;
    buf[0][3][r] = fc + u - w;
  }
  // The five planes: the reference face's sides (k1 +, k1 −, k2 +, k2 −) and
  // its far face (deep in, a flat reference box or one nested in I along the
  // normal leaves the incident face reaching beyond it, out of R).
  const int k1 = k == 2 ? 0 : k + 1, k2 = k == 0 ? 2 : k - 1;
  const int axis[5] = {k1, k1, k2, k2, k};
  const S sign[5] = {S(1), S(-1), S(1), S(-1), -side};
  const S limit[5] = {r_ext[k1] + tol, r_ext[k1] + tol, r_ext[k2] + tol, r_ext[k2] + tol, r_ext[k] + tol};
  // Mutant manifold_no_far_face_clip: that clip left out.
  const int planes = mutant("manifold_no_far_face_clip") ? 4 : 5;
  int n = 4, cur = 0;
  for (int f = 0; f < planes && n > 0; ++f) {
    const int got = clip_axis(buf[cur], n, axis[f], sign[f], limit[f], buf[1 - cur]);
    if (got >= 0) n = got, cur = 1 - cur;
  }
  const S(*poly)[3] = buf[cur];
  const S top = r_ext[k] + tol;
  int keep[10], kept = 0;
  for (int c = 0; c < n; ++c)
    if (side * poly[c][k] <= top) keep[kept++] = c;
  if (kept > 8) {
    const int count = at_most_eight(poly, keep, kept, out);
    for (int c = 0; c < count; ++c) out[c] = to_world(ref, out[c]);
    return count;
  }
  // to_world() on plain numbers: ((center + x0·R_0) + x1·R_1) + x2·R_2, Eigen's order.
  for (int c = 0; c < kept; ++c) {
    const S* x = poly[keep[c]];
    S w[3];
#pragma GCC unroll 3
    for (int r = 0; r < 3; ++r)
      w[r] = ref.center[r] + x[0] * ref.axes[0][r] + x[1] * ref.axes[1][r] + x[2] * ref.axes[2][r];
    out[c] = {w[0], w[1], w[2]};
  }
  if (kept > 0) return kept;
  const int count = reference_face_in_incident(r_ext, k, side, inc, tol, out);
  for (int c = 0; c < count; ++c) out[c] = to_world(ref, out[c]);
  return count;
}

template int face_contact(const Obb3<float>&, int, float, const Box<float>&, float, std::array<Vec3<float>, 8>&);
template int face_contact(const Obb3<double>&, int, double, const Box<double>&, double, std::array<Vec3<double>, 8>&);

}  // namespace sepax::obb_obb::manifold
