// Step 3 of obb_obb::find_manifold (obb_obb_manifold.hpp): the incident face
// clipped to the reference box (Sutherland–Hodgman, in the reference box's
// frame). contact_points.hpp says why plain arrays and why the answers are
// the Eigen form's bit for bit; face_contact_eigen is that form, which the
// rare paths still run.
#include <algorithm>
#include <cmath>
#include <limits>

#include "manifold/contact_points.hpp"
#include "sepax/core/mutant.hpp"
#include "sepax/core/numeric/force_inline.hpp"

namespace sepax::obb_obb::manifold {
namespace {

/// A polygon of up to 10 corners (a quadrilateral clipped by up to 6 planes).
template <class S>
struct Polygon {
  std::array<Vec3<S>, 10> v;
  int n = 0;
};

/// Keeps the part of `in` where sign·x[k] ≤ limit (one Sutherland–Hodgman
/// pass). Crossing points are interpolated from the corner inside, whose
/// coordinate k is then set to the plane exactly.
template <class S>
Polygon<S> clip(const Polygon<S>& in, int k, S sign, S limit) {
  Polygon<S> out;
  for (int c = 0; c < in.n; ++c) {
    const Vec3<S>& p = in.v[c];
    const Vec3<S>& q = in.v[(c + 1) % in.n];
    const S dp = sign * p[k] - limit, dq = sign * q[k] - limit;
    if (dp <= S(0) && out.n < 10) out.v[out.n++] = p;
    if ((dp < S(0) && dq > S(0)) || (dp > S(0) && dq < S(0))) {
      const S t = dp / (dp - dq);  // in (0, 1)
      Vec3<S> x = p + t * (q - p);
      x[k] = sign * limit;
      if (out.n < 10) out.v[out.n++] = x;
    }
  }
  return out;
}

/// Keeps the part of `in` where m·x ≤ h (a Sutherland–Hodgman pass against any plane).
template <class S>
Polygon<S> clip_plane(const Polygon<S>& in, const Vec3<S>& m, S h) {
  Polygon<S> out;
  for (int c = 0; c < in.n; ++c) {
    const Vec3<S>& p = in.v[c];
    const Vec3<S>& q = in.v[(c + 1) % in.n];
    const S dp = m.dot(p) - h, dq = m.dot(q) - h;
    if (dp <= S(0) && out.n < 10) out.v[out.n++] = p;
    if (((dp < S(0) && dq > S(0)) || (dp > S(0) && dq < S(0))) && out.n < 10)
      out.v[out.n++] = p + (dp / (dp - dq)) * (q - p);
  }
  return out;
}

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

/// Step 3: the reference box R is at the origin of its own frame with unit
/// axes; its face k on side `side` (±1) faces the incident box I (given in R's
/// frame). Writes the clipped incident corners on or below that face, in R's
/// frame; with none, the reference face inside I; with none either, the
/// deepest corner of I. Every plane is moved out by tol, a fraction of the
/// rounding band, so that boxes touching along an edge or at a corner keep
/// their contact points instead of rounding them away.
template <class S>
int face_contact_eigen(const std::array<S, 3>& r_ext, int k, S side, const Local<S>& inc, S tol,
                 std::array<Vec3<S>, 8>& out) {
  // Incident face: the face of I whose outward normal is most opposed to side·e_k.
  int m = 0;
  for (int j = 1; j < 3; ++j)
    if (std::abs(inc.axes[j][k]) > std::abs(inc.axes[m][k])) m = j;
  const S m_sign = -side * sign_of(inc.axes[m][k]);  // outward normal of the face: m_sign·I_m
  const int p = (m + 1) % 3, q = (m + 2) % 3;
  const Vec3<S> face_center = inc.center + (m_sign * inc.extents[m]) * inc.axes[m];
  const Vec3<S> u = inc.extents[p] * inc.axes[p], w = inc.extents[q] * inc.axes[q];
  Polygon<S> poly;
  poly.n = 4;
  poly.v = {face_center + u + w, face_center - u + w, face_center - u - w, face_center + u - w};
  const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
  for (const int axis : {k1, k2})
    for (const S s : {S(1), S(-1)}) poly = clip(poly, axis, s, r_ext[axis] + tol);
  // And to the reference box's far face: deep in (a flat reference box, or one
  // nested in the incident box along the normal) the incident face reaches
  // beyond it, out of the reference box.
  // Mutant manifold_no_far_face_clip: that clip left out.
  if (!mutant("manifold_no_far_face_clip")) poly = clip(poly, k, -side, r_ext[k] + tol);
  Polygon<S> kept;
  for (int c = 0; c < poly.n; ++c)
    if (side * poly.v[c][k] <= r_ext[k] + tol) kept.v[kept.n++] = poly.v[c];
  while (kept.n > 8) drop_flattest(kept);
  std::copy_n(kept.v.begin(), kept.n, out.begin());
  if (kept.n > 0) return kept.n;
  // The incident face lies wholly beyond the reference box (which is nested
  // in the incident box along the normal): the boxes meet where the reference
  // face lies inside the incident box, so that face clipped to I's slabs.
  Polygon<S> ref;
  ref.n = 4;
  Vec3<S> rc = Vec3<S>::Zero();
  rc[k] = side * r_ext[k];
  Vec3<S> ru = Vec3<S>::Zero(), rw = Vec3<S>::Zero();
  ru[k1] = r_ext[k1];
  rw[k2] = r_ext[k2];
  ref.v = {rc + ru + rw, rc - ru + rw, rc - ru - rw, rc + ru - rw};
  for (int j = 0; j < 3; ++j) {
    const S at = inc.axes[j].dot(inc.center);
    ref = clip_plane(ref, inc.axes[j], inc.extents[j] + tol + at);
    ref = clip_plane(ref, Vec3<S>(-inc.axes[j]), inc.extents[j] + tol - at);
  }
  while (ref.n > 8) drop_flattest(ref);
  std::copy_n(ref.v.begin(), ref.n, out.begin());
  if (ref.n > 0) return ref.n;
  // Nothing left to rounding: the corner of I deepest along −side·e_k.
  Vec3<S> deepest = inc.center;
  for (int j = 0; j < 3; ++j) deepest -= (side * sign_of(inc.axes[j][k]) * inc.extents[j]) * inc.axes[j];
  out[0] = deepest;
  return 1;
}

/// clip() on plain corners, from `in` (n corners) into `out`; returns the
/// count. The same decisions and roundings: each corner's dp computed once
/// (its dq is the next corner's dp, the same expression on the same numbers).
/// When every corner is on the kept side nothing is cut (no dp > 0, so no
/// crossing) and `in` is the answer unchanged: −1, and nothing is copied.
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

}  // namespace

/// face_contact_eigen on plain numbers, with the points mapped to world
/// coordinates (to_world's sums, in its order) as they are kept.
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
  // The five planes in face_contact's order: the reference face's sides
  // (k1 +, k1 −, k2 +, k2 −) and its far face.
  const int k1 = k == 2 ? 0 : k + 1, k2 = k == 0 ? 2 : k - 1;
  const int axis[5] = {k1, k1, k2, k2, k};
  const S sign[5] = {S(1), S(-1), S(1), S(-1), -side};
  const S limit[5] = {r_ext[k1] + tol, r_ext[k1] + tol, r_ext[k2] + tol, r_ext[k2] + tol, r_ext[k] + tol};
  // Mutant manifold_no_far_face_clip: that clip left out (as face_contact).
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
    Polygon<S> many;  // more than 8 corners: drop_flattest, as face_contact
    many.n = kept;
    for (int c = 0; c < kept; ++c) many.v[c] = {poly[keep[c]][0], poly[keep[c]][1], poly[keep[c]][2]};
    while (many.n > 8) drop_flattest(many);
    for (int c = 0; c < many.n; ++c) out[c] = to_world(ref, many.v[c]);
    return many.n;
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
  const int count = face_contact_eigen(r_ext, k, side, to_local(inc), tol, out);  // the rare paths, as before
  for (int c = 0; c < count; ++c) out[c] = to_world(ref, out[c]);
  return count;
}

template int face_contact(const Obb3<float>&, int, float, const Box<float>&, float, std::array<Vec3<float>, 8>&);
template int face_contact(const Obb3<double>&, int, double, const Box<double>&, double, std::array<Vec3<double>, 8>&);

}  // namespace sepax::obb_obb::manifold
