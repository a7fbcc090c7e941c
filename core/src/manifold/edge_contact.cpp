// Step 4 of obb_obb::find_manifold (obb_obb_manifold.hpp): the contact point
// of an edge–edge axis. contact_points.hpp says why plain arrays and why the
// answers are the former Eigen form's bit for bit; meeting_point, the last
// fallback, is still that form.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

#include "manifold/contact_points.hpp"
#include "sepax/core/numeric/eigen_order.hpp"

namespace sepax::obb_obb::manifold {
namespace {

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

/// u·v rounded as Eigen's dot of two 3-vectors (eigen_order.hpp).
template <class S>
S dot3(const S* u, const S* v) {
  return eigen_sum3<S>(u[0] * v[0], u[1] * v[1], u[2] * v[2]);
}

/// A box's slabs: how far a ray runs inside (leaving), how far a point lies
/// outside (outside, 0 inside), and the part of a segment inside the box grown
/// by tol (inside_interval, slab clipping); for the box `b`, and for A in its
/// own frame (unit axes at the origin, kUnit), where e_k·r is
/// r_k itself: Eigen's e_k·r is r_k plus products by 0, which are ±0 and
/// change only the sign of a zero — which none of these uses (it is divided
/// into nothing: w = 0 is skipped or tested with ==, y enters through e − y,
/// e + y and |y|).
template <class S, bool kUnit>
struct Slabs {
  const Box<S>* box;  // unused when kUnit (A: origin, unit axes)
  const S* ext;
  S coord(int k, const S* r) const { return kUnit ? r[k] : dot3(box->ax[k], r); }
  void offset(const S* p, S* r) const {
    for (int c = 0; c < 3; ++c) r[c] = kUnit ? p[c] : p[c] - box->c[c];
  }
  S leaving(const S* p, const S* v) const {
    S t = std::numeric_limits<S>::infinity();
    S r[3];
    offset(p, r);
    for (int k = 0; k < 3; ++k) {
      const S y = coord(k, r), w = coord(k, v);
      if (w > S(0)) t = std::min(t, (ext[k] - y) / w);
      if (w < S(0)) t = std::min(t, (ext[k] + y) / -w);
    }
    return std::max(t, S(0));
  }
  S outside(const S* p) const {
    S r[3];
    offset(p, r);
    S worst = S(0);
    for (int k = 0; k < 3; ++k) worst = std::max(worst, std::abs(coord(k, r)) - ext[k]);
    return worst;
  }
  bool inside_interval(const S* p, const S* v, S h, S tol, S& lo, S& hi) const {
    lo = -h, hi = h;
    S r[3];
    offset(p, r);
    for (int k = 0; k < 3; ++k) {
      const S y = coord(k, r), w = coord(k, v);
      const S e = ext[k] + tol;
      if (w == S(0)) {
        if (std::abs(y) > e) return false;
        continue;
      }
      S t0 = (-e - y) / w, t1 = (e - y) / w;
      if (t0 > t1) std::swap(t0, t1);
      lo = std::max(lo, t0);
      hi = std::min(hi, t1);
    }
    return lo <= hi;
  }
};

}  // namespace

/// The supporting edges along e_i (of A, furthest along n) and B_j (of B,
/// furthest against n), and the midpoint of their closest points, or of the
/// part of the segment between them that lies in both boxes. Eigen's dots and
/// norms are spelled as eigen_sum3 (dot3), in the same order as the Eigen form.
template <class S>
Vec3<S> edge_contact(const std::array<S, 3>& a_ext, int i, const Box<S>& b, int j, const Vec3<S>& nv, S tol) {
  const S n[3] = {nv[0], nv[1], nv[2]};
  S pa[3], pb[3];
  for (int k = 0; k < 3; ++k) pa[k] = k != i ? sign_of(n[k]) * a_ext[k] : S(0);
  for (int k = 0; k < 3; ++k) pb[k] = b.c[k];
  for (int m = 0; m < 3; ++m)
    if (m != j) {
      const S sc = sign_of(dot3(b.ax[m], n)) * b.e[m];
      for (int k = 0; k < 3; ++k) pb[k] -= sc * b.ax[m][k];
    }
  const S* db = b.ax[j];
  S r[3];
  for (int k = 0; k < 3; ++k) r[k] = pa[k] - pb[k];
  const S c = db[i], dbr = dot3(db, r), dd = dot3(db, db);
  const S den = dd - c * c;
  S s = S(0), t = S(0);
  if (den > S(0)) {
    s = std::clamp((c * dbr - r[i] * dd) / den, -a_ext[i], a_ext[i]);
    t = std::clamp((dbr + c * s) / dd, -b.e[j], b.e[j]);
    s = std::clamp(c * t - r[i], -a_ext[i], a_ext[i]);
  }
  S on_a[3] = {pa[0], pa[1], pa[2]}, on_b[3], x[3], v[3];
  on_a[i] += s;
  for (int k = 0; k < 3; ++k) on_b[k] = pb[k] + t * db[k];
  for (int k = 0; k < 3; ++k) x[k] = S(0.5) * (on_a[k] + on_b[k]), v[k] = on_a[k] - on_b[k];
  const Slabs<S, true> in_a_box{nullptr, a_ext.data()};
  const Slabs<S, false> in_b_box{&b, b.e};
  // The part of the segment from on_b to on_a inside both boxes: B holds it
  // from on_b up to where it leaves B, A from where it enters A; their middle.
  // (Gaul's midpoint when the boxes are thicker than the depth along n; deep
  // in, the midpoint can lie beyond the thinner box.)
  const S len = std::sqrt(dot3(v, v));  // Eigen's norm(): √ of its squaredNorm (dot order)
  if (len > S(0)) {
    const S dir[3] = {v[0] / len, v[1] / len, v[2] / len}, back[3] = {-dir[0], -dir[1], -dir[2]};
    const S in_b = in_b_box.leaving(on_b, dir), in_a = in_a_box.leaving(on_a, back);
    const S from = std::max(S(0), len - in_a), to = std::min(len, in_b);
    if (from <= to) {
      const S mid = S(0.5) * (from + to);
      for (int k = 0; k < 3; ++k) x[k] = on_b[k] + mid * dir[k];
    }
  }
  if (in_a_box.outside(x) <= tol && in_b_box.outside(x) <= tol) return {x[0], x[1], x[2]};
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
  S unit[3] = {S(0), S(0), S(0)};
  unit[i] = S(1);
  S alo, ahi, blo, bhi;
  const bool has_a = in_b_box.inside_interval(pa, unit, a_ext[i], tol, alo, ahi);
  const bool has_b = in_a_box.inside_interval(pb, db, b.e[j], tol, blo, bhi);
  S on_a_part[3] = {pa[0], pa[1], pa[2]}, on_b_part[3];
  const S a_part = has_a ? std::clamp(s, alo, ahi) : S(0), b_part = has_b ? std::clamp(t, blo, bhi) : S(0);
  on_a_part[i] += a_part;
  for (int k = 0; k < 3; ++k) on_b_part[k] = pb[k] + b_part * db[k];
  if (has_a && has_b)
    return {S(0.5) * (on_a_part[0] + on_b_part[0]), S(0.5) * (on_a_part[1] + on_b_part[1]),
            S(0.5) * (on_a_part[2] + on_b_part[2])};
  if (has_a) return {on_a_part[0], on_a_part[1], on_a_part[2]};
  if (has_b) return {on_b_part[0], on_b_part[1], on_b_part[2]};
  // Neither supporting edge reaches into the other box (thin boxes deep in,
  // flat ones crossing elsewhere): a point where any edge does.
  const Local<S> a_local{Vec3<S>::Zero(), {Vec3<S>::UnitX(), Vec3<S>::UnitY(), Vec3<S>::UnitZ()}, a_ext};
  const Vec3<S> xv(x[0], x[1], x[2]);
  return meeting_point(a_local, to_local(b), tol, xv).value_or(xv);
}

template Vec3<float> edge_contact(const std::array<float, 3>&, int, const Box<float>&, int, const Vec3<float>&, float);
template Vec3<double> edge_contact(const std::array<double, 3>&, int, const Box<double>&, int, const Vec3<double>&,
                                   double);

}  // namespace sepax::obb_obb::manifold
