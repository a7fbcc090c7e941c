// OBB–OBB contact manifold (Gaul, "Manifold Generation"; the header gives the
// steps). Everything is computed in A's frame or in the reference box's frame,
// relative to a box center, and mapped to world coordinates at the end, so
// that the rounding errors scale with the boxes' size and distance, not with
// their distance from the origin.
#include "sepax/core/static/obb_obb_manifold.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

#include "sepax/core/mutant.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"

namespace sepax::obb_obb {
namespace {

template <class S>
S sign_of(S x) {
  return x < S(0) ? S(-1) : S(1);
}

/// e_i × v (A's frame), as in obb_obb.hpp: A_i × B_j when v holds B_j's components.
template <class S>
Vec3<S> unit_cross(int i, const Vec3<S>& v) {
  switch (i) {
    case 0: return {S(0), -v[2], v[1]};
    case 1: return {v[2], S(0), -v[0]};
    default: return {-v[1], v[0], S(0)};
  }
}

/// One box seen from another's frame: its center and axes in that frame.
template <class S>
struct Local {
  Vec3<S> center;
  std::array<Vec3<S>, 3> axes;
  std::array<S, 3> extents;
};

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
int face_contact(const std::array<S, 3>& r_ext, int k, S side, const Local<S>& inc, S tol,
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

/// How far a ray from p (inside the box, up to rounding) along the unit
/// vector v runs before it leaves the box (slab by slab); 0 when p is outside.
template <class S>
S leaving(const Local<S>& box, const Vec3<S>& p, const Vec3<S>& v) {
  S t = std::numeric_limits<S>::infinity();
  const Vec3<S> r = p - box.center;
  for (int k = 0; k < 3; ++k) {
    const S y = box.axes[k].dot(r), w = box.axes[k].dot(v);
    if (w > S(0)) t = std::min(t, (box.extents[k] - y) / w);
    if (w < S(0)) t = std::min(t, (box.extents[k] + y) / -w);
  }
  return std::max(t, S(0));
}

/// How far p lies outside the box, slab by slab (0 inside).
template <class S>
S outside(const Local<S>& box, const Vec3<S>& p) {
  const Vec3<S> r = p - box.center;
  S worst = S(0);
  for (int k = 0; k < 3; ++k) worst = std::max(worst, std::abs(box.axes[k].dot(r)) - box.extents[k]);
  return worst;
}

/// The middle parameter of the part of the segment p + t·v, |t| ≤ h, inside
/// the box grown by tol (slab clipping); nullopt when it misses the box.
template <class S>
std::optional<std::pair<S, S>> inside_interval(const Local<S>& box, const Vec3<S>& p, const Vec3<S>& v, S h, S tol) {
  S lo = -h, hi = h;
  const Vec3<S> r = p - box.center;
  for (int k = 0; k < 3; ++k) {
    const S y = box.axes[k].dot(r), w = box.axes[k].dot(v);
    const S e = box.extents[k] + tol;
    if (w == S(0)) {
      if (std::abs(y) > e) return std::nullopt;
      continue;
    }
    S t0 = (-e - y) / w, t1 = (e - y) / w;
    if (t0 > t1) std::swap(t0, t1);
    lo = std::max(lo, t0);
    hi = std::min(hi, t1);
  }
  if (!(lo <= hi)) return std::nullopt;
  return std::pair<S, S>{lo, hi};
}

/// The middle of inside_interval.
template <class S>
std::optional<S> inside_part(const Local<S>& box, const Vec3<S>& p, const Vec3<S>& v, S h, S tol) {
  const auto part = inside_interval(box, p, v, h, tol);
  if (!part) return std::nullopt;
  return S(0.5) * (part->first + part->second);
}

/// A point of both boxes, for when the supporting edges miss: the middle of
/// the part of an edge of one box inside the other (grown by tol), the one
/// nearest `near`; failing that, the centre of a box inside the other. When
/// two boxes meet and neither holds the other, an edge of one meets the other.
template <class S>
std::optional<Vec3<S>> meeting_point(const Local<S>& a, const Local<S>& b, S tol, const Vec3<S>& near) {
  std::optional<Vec3<S>> best;
  S best_d = std::numeric_limits<S>::infinity();
  for (const auto& [owner, other] : {std::pair{&a, &b}, std::pair{&b, &a}})
    for (int i = 0; i < 3; ++i) {
      const int j = (i + 1) % 3, k = (i + 2) % 3;
      for (const S sj : {S(-1), S(1)})
        for (const S sk : {S(-1), S(1)}) {
          const Vec3<S> mid = owner->center + (sj * owner->extents[j]) * owner->axes[j] +
                              (sk * owner->extents[k]) * owner->axes[k];
          const auto t = inside_part(*other, mid, owner->axes[i], owner->extents[i], tol);
          if (!t) continue;
          const Vec3<S> p = mid + (*t) * owner->axes[i];
          const S d = (p - near).squaredNorm();
          if (d < best_d) best_d = d, best = p;
        }
    }
  if (best) return best;
  if (outside(b, a.center) <= tol) return a.center;
  if (outside(a, b.center) <= tol) return b.center;
  return std::nullopt;
}

/// Step 4, in A's frame: the supporting edges along e_i (of A, furthest along
/// n) and B_j (of B, furthest against n), and the midpoint of their closest
/// points, or of the part of the segment between them that lies in both boxes.
template <class S>
Vec3<S> edge_contact(const std::array<S, 3>& a_ext, int i, const Local<S>& b, int j, const Vec3<S>& n, S tol) {
  Vec3<S> pa = Vec3<S>::Zero();
  for (int k = 0; k < 3; ++k)
    if (k != i) pa[k] = sign_of(n[k]) * a_ext[k];
  Vec3<S> pb = b.center;
  for (int m = 0; m < 3; ++m)
    if (m != j) pb -= (sign_of(b.axes[m].dot(n)) * b.extents[m]) * b.axes[m];
  const Vec3<S>& db = b.axes[j];
  // Closest points of pa + s·e_i and pb + t·db: with r = pa − pb, c = e_i·db,
  // s = (c·(db·r) − r_i·|db|²)/den, t = (db·r − c·r_i)/den, den = |db|² − c².
  const Vec3<S> r = pa - pb;
  const S c = db[i], dbr = db.dot(r), dd = db.dot(db);
  const S den = dd - c * c;
  S s = S(0), t = S(0);
  if (den > S(0)) {
    s = std::clamp((c * dbr - r[i] * dd) / den, -a_ext[i], a_ext[i]);
    t = std::clamp((dbr + c * s) / dd, -b.extents[j], b.extents[j]);
    s = std::clamp(c * t - r[i], -a_ext[i], a_ext[i]);  // s again for the clamped t
  }
  Vec3<S> on_a = pa;
  on_a[i] += s;
  const Vec3<S> on_b = pb + t * db;
  // The part of the segment from on_b to on_a inside both boxes: B holds it
  // from on_b up to where it leaves B, A from where it enters A; their middle.
  // (Gaul's midpoint when the boxes are thicker than the depth along n; deep
  // in, the midpoint can lie beyond the thinner box.)
  const Local<S> a_local{Vec3<S>::Zero(), {Vec3<S>::UnitX(), Vec3<S>::UnitY(), Vec3<S>::UnitZ()}, a_ext};
  Vec3<S> x = S(0.5) * (on_a + on_b);
  const Vec3<S> v = on_a - on_b;
  const S len = v.norm();
  if (len > S(0)) {
    const Vec3<S> dir = v / len;
    const S in_b = leaving(b, on_b, dir), in_a = leaving(a_local, on_a, Vec3<S>(-dir));
    const S from = std::max(S(0), len - in_a), to = std::min(len, in_b);
    if (from <= to) x = on_b + (S(0.5) * (from + to)) * dir;
  }
  if (outside(a_local, x) <= tol && outside(b, x) <= tol) return x;
  // Out of a box: nearly parallel edges, whose closest points slide along
  // them by about u/sin²θ, or a flat box the segment between the closest
  // points does not cross. The part of each supporting edge inside the other
  // box is found robustly (slab clipping), and on it the point nearest the
  // closest point computed (s, t): both lie in both boxes, and so does their
  // middle — near the exact closest points even when those slide far along
  // nearly parallel edges (the parts' midpoints can be most of an edge away:
  // verify --seed 3 --cases 10000, parallel-edges, double, case 6924). Failing
  // both, any edge's part (meeting_point). (A flat or segment box meets the
  // other only where its own edge goes in: then only that part exists, and it
  // is the contact point.)
  const auto a_interval = inside_interval(b, pa, Vec3<S>(Vec3<S>::Unit(i)), a_ext[i], tol);
  const auto b_interval = inside_interval(a_local, pb, db, b.extents[j], tol);
  const std::optional<S> a_part = a_interval ? std::optional<S>(std::clamp(s, a_interval->first, a_interval->second))
                                             : std::nullopt;
  const std::optional<S> b_part = b_interval ? std::optional<S>(std::clamp(t, b_interval->first, b_interval->second))
                                             : std::nullopt;
  Vec3<S> on_a_part = pa;
  on_a_part[i] += a_part.value_or(S(0));
  const Vec3<S> on_b_part = pb + b_part.value_or(S(0)) * db;
  if (a_part && b_part) return S(0.5) * (on_a_part + on_b_part);
  if (a_part) return on_a_part;
  if (b_part) return on_b_part;
  // Neither supporting edge reaches into the other box (thin boxes deep in,
  // flat ones crossing elsewhere): a point where any edge does.
  return meeting_point(a_local, b, tol, x).value_or(x);
}

template <class S>
Vec3<S> to_world(const Obb3<S>& box, const Vec3<S>& x) {
  return box.center + x[0] * box.axes[0] + x[1] * box.axes[1] + x[2] * box.axes[2];
}

}  // namespace

template <class S>
Manifold<S> find_manifold(const Obb3<S>& a, const Obb3<S>& b) {
  Manifold<S> out;
  const Vec3<S> D = b.center - a.center;
  Vec3<S> d;                   // D in A's frame
  std::array<Vec3<S>, 3> col;  // col[j] = B_j in A's frame
  for (int i = 0; i < 3; ++i) {
    d[i] = a.axes[i].dot(D);
    for (int j = 0; j < 3; ++j) col[j][i] = a.axes[i].dot(b.axes[j]);
  }
  // Step 1 and 2: the separation s(L)/|L| of every axis, the largest kept.
  // Ties go to the earlier axis of Table 1's order among the faces, and to
  // the faces against the edges within `tie`: a few dozen ulps of the boxes'
  // sizes and distance, the scale of the rounding of these separations (all
  // computed from D, exact for nearby boxes, not from the coordinates). Boxes
  // with nearly parallel frames make edge axes that duplicate a face normal;
  // their separations differ by less than that, and the face contact, with
  // its whole polygon, is the manifold a solver needs.
  const S size = a.extents[0] + a.extents[1] + a.extents[2] + b.extents[0] + b.extents[1] + b.extents[2];
  const S band = S(64 * scalar_traits<S>::unit_roundoff) * (size + d.cwiseAbs().maxCoeff());
  const S tie = S(24 * scalar_traits<S>::unit_roundoff) * (d.cwiseAbs().maxCoeff() + 2 * size);
  SeparatingAxis best{AxisKind::face_a, 0, 0};
  S best_s = -std::numeric_limits<S>::infinity();
  Vec3<S> best_l = Vec3<S>::Zero();  // unnormalised, in A's frame
  for (int i = 0; i < 3; ++i) {
    const S r1 = b.extents[0] * std::abs(col[0][i]) + b.extents[1] * std::abs(col[1][i]) +
                 b.extents[2] * std::abs(col[2][i]);
    const S s = std::abs(d[i]) - (a.extents[i] + r1);
    if (s > S(0)) return out;
    if (s > best_s) best_s = s, best = {AxisKind::face_a, std::uint8_t(i), 0}, best_l = Vec3<S>::Unit(i);
  }
  for (int j = 0; j < 3; ++j) {
    const S r0 = a.extents[0] * std::abs(col[j][0]) + a.extents[1] * std::abs(col[j][1]) +
                 a.extents[2] * std::abs(col[j][2]);
    const S s = std::abs(col[j].dot(d)) - (r0 + b.extents[j]);
    if (s > S(0)) return out;
    if (s > best_s) best_s = s, best = {AxisKind::face_b, 0, std::uint8_t(j)}, best_l = col[j];
  }
  SeparatingAxis edge{};
  S edge_s = -std::numeric_limits<S>::infinity();
  Vec3<S> edge_l = Vec3<S>::Zero();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const Vec3<S> l = unit_cross(i, col[j]);
      const S r = std::abs(l.dot(d));
      const S r0 = a.extents[0] * std::abs(l[0]) + a.extents[1] * std::abs(l[1]) + a.extents[2] * std::abs(l[2]);
      const int m1 = (j + 1) % 3, m2 = (j + 2) % 3;
      const S r1 = b.extents[m1] * std::abs(l.dot(col[m1])) + b.extents[m2] * std::abs(l.dot(col[m2]));
      if (r > r0 + r1) return out;  // the unnormalised strict test of test_static
      const S ll = l.dot(l);
      // Exactly parallel edges (or |L|² below the normal range): no axis.
      if (!(ll >= std::numeric_limits<S>::min() * S(16))) continue;
      // Mutant manifold_depth_unnormalised: the separation along the
      // unnormalised L compared with the faces' normalised ones.
      const S s = mutant("manifold_depth_unnormalised") ? r - (r0 + r1) : (r - (r0 + r1)) / std::sqrt(ll);
      if (s > edge_s) edge_s = s, edge = {AxisKind::edge_edge, std::uint8_t(i), std::uint8_t(j)}, edge_l = l;
    }
  if (edge_s > best_s + tie) best = edge, best_s = edge_s, best_l = edge_l;

  out.contact = true;
  out.axis = best;
  out.depth = best_s < S(0) ? -best_s : S(0);
  // The normal in A's frame, from A towards B (the sign of L·D; either sign
  // gives the same overlap when L·D = 0).
  // Every later choice of side follows this one sign, never a recomputation
  // of L·D: with the centres aligned across L, two roundings of that zero
  // could disagree and put the reference face on the wrong side.
  const S along = best_l.dot(d) < S(0) ? S(-1) : S(1);
  const Vec3<S> n = (along / best_l.norm()) * best_l;
  out.normal = n[0] * a.axes[0] + n[1] * a.axes[1] + n[2] * a.axes[2];
  if (mutant("manifold_normal_flipped")) out.normal = -out.normal;  // mutant: from B towards A

  if (best.kind == AxisKind::face_a) {
    // A is the reference box, in its own frame; B as seen from A.
    const Local<S> inc{d, col, b.extents};
    const S side = along;  // A's face towards B: outward normal +normal = along·A_i
    out.count = face_contact(a.extents, best.i, side, inc, band / S(32), out.points);
    for (int c = 0; c < out.count; ++c) out.points[c] = to_world(a, out.points[c]);
  } else if (best.kind == AxisKind::face_b) {
    // B is the reference box; A seen from B: center −Bᵀ D, axes the rows of C.
    Local<S> inc;
    for (int j = 0; j < 3; ++j) inc.center[j] = -col[j].dot(d);
    for (int i = 0; i < 3; ++i) inc.axes[i] = {col[0][i], col[1][i], col[2][i]};
    inc.extents = a.extents;
    // B's face towards A: outward normal −normal = −along·B_j.
    const S side = -along;
    out.count = face_contact(b.extents, best.j, side, inc, band / S(32), out.points);
    for (int c = 0; c < out.count; ++c) out.points[c] = to_world(b, out.points[c]);
  } else {
    const Local<S> bl{d, col, b.extents};
    out.points[0] = to_world(a, edge_contact(a.extents, best.i, bl, best.j, n, band / S(4)));
    out.count = 1;
  }
  return out;
}

template Manifold<float> find_manifold(const Obb3<float>&, const Obb3<float>&);
template Manifold<double> find_manifold(const Obb3<double>&, const Obb3<double>&);

}  // namespace sepax::obb_obb
