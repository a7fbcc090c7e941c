#pragma once
/// \file A point of contact from the last separating axis (Eberly §2.3.2,
/// Table 2; §3.3.2, eqs. 8–16; §4.3.2, Table 7; Gaul's face clipping).
///
/// At the first time of contact the two shapes touch across the plane normal
/// to the last separating axis n. Each touches it with its supporting feature
/// in that direction: the points whose box coordinates are fixed at ±a_i where
/// n·A_i ≠ 0 and free where n·A_i = 0 (a vertex, an edge or a face), or the
/// triangle vertices with the extreme projection. Eberly's Table 2 solves for the
/// fixed coordinates and his c_ij = 0 handlers pick the free ones from the
/// intersection of their ranges; for two faces at an angle within the plane,
/// choosing each free coordinate separately can leave the other shape, so here
/// the two features are intersected as convex polygons in the plane (Gaul's
/// reference/incident clipping) and the centroid of the overlap is returned.
/// A coordinate counts as free when |n·A_i| is at rounding level, so that
/// nearly face-to-face contacts of a few-ulp tilt are treated as faces. When a
/// shape is tilted against the plane by more than rounding but still little
/// (a triangle nearly edge-on), the extreme vertex can lie beside the other
/// feature in the plane; the kernels then retry with looser feature
/// thresholds (the point moves off the plane by at most that threshold) and
/// keep the candidate that misses the features least (contact_candidates).
///
/// The plane is parametrised by dropping n's dominant coordinate (no sqrt);
/// the 2D point is lifted back onto both features' planes and averaged.
#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "sepax/core/vec3.hpp"

namespace sepax::detail {

/// A convex polygon of 1 to 4 vertices, in order (a point, a segment, a
/// triangle or a quadrilateral face).
template <class S>
struct Feature {
  std::array<Vec3<S>, 4> points{};
  int count = 0;

  void add(const Vec3<S>& p) { points[count++] = p; }
  Vec3<S> centroid() const {
    Vec3<S> c = Vec3<S>::Zero();
    for (int i = 0; i < count; ++i) c += points[i];
    return c / S(count);
  }
};

template <class S>
struct Point2 {
  S x, y;
};

template <class S>
S cross2(const Point2<S>& o, const Point2<S>& a, const Point2<S>& b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/// Clips the convex polygon `subject` (any orientation, up to 8 vertices) by
/// the convex polygon `clip` (≥ 3 vertices) — Sutherland–Hodgman.
template <class S>
int clip_polygon(const Point2<S>* clip, int clip_count, Point2<S>* subject, int count) {
  // Orientation of the clip polygon.
  S area = S(0);
  for (int i = 1; i + 1 < clip_count; ++i) area += cross2(clip[0], clip[i], clip[i + 1]);
  const S orient = area >= S(0) ? S(1) : S(-1);
  std::array<Point2<S>, 16> out;
  for (int e = 0; e < clip_count && count > 0; ++e) {
    const Point2<S>& p = clip[e];
    const Point2<S>& q = clip[(e + 1) % clip_count];
    int n = 0;
    for (int i = 0; i < count; ++i) {
      const Point2<S>& cur = subject[i];
      const Point2<S>& nxt = subject[(i + 1) % count];
      const S dc = orient * cross2(p, q, cur), dn = orient * cross2(p, q, nxt);
      if (dc >= S(0)) out[n++] = cur;
      if ((dc >= S(0)) != (dn >= S(0))) {
        const S t = dc / (dc - dn);
        out[n++] = {cur.x + t * (nxt.x - cur.x), cur.y + t * (nxt.y - cur.y)};
      }
      if (n >= 14) break;
    }
    count = std::min(n, 8);
    for (int i = 0; i < count; ++i) subject[i] = out[i];
  }
  return count;
}

/// Clips the segment [s0, s1] to the convex polygon (≥ 3 vertices) — Cyrus–Beck.
/// Returns false when nothing is left.
template <class S>
bool clip_segment(const Point2<S>* poly, int count, Point2<S>& s0, Point2<S>& s1) {
  S area = S(0);
  for (int i = 1; i + 1 < count; ++i) area += cross2(poly[0], poly[i], poly[i + 1]);
  const S orient = area >= S(0) ? S(1) : S(-1);
  S t0 = S(0), t1 = S(1);
  for (int e = 0; e < count; ++e) {
    const Point2<S>& p = poly[e];
    const Point2<S>& q = poly[(e + 1) % count];
    const S d0 = orient * cross2(p, q, s0), d1 = orient * cross2(p, q, s1);
    if (d0 < S(0) && d1 < S(0)) return false;
    if (d0 < S(0)) t0 = std::max(t0, d0 / (d0 - d1));
    if (d1 < S(0)) t1 = std::min(t1, d0 / (d0 - d1));
  }
  if (t0 > t1) return false;
  const Point2<S> a{s0.x + t0 * (s1.x - s0.x), s0.y + t0 * (s1.y - s0.y)};
  const Point2<S> b{s0.x + t1 * (s1.x - s0.x), s0.y + t1 * (s1.y - s0.y)};
  s0 = a;
  s1 = b;
  return true;
}

/// Closest point to p on the segment [a, b] (2D).
template <class S>
Point2<S> closest_on_segment(const Point2<S>& p, const Point2<S>& a, const Point2<S>& b) {
  const S dx = b.x - a.x, dy = b.y - a.y;
  const S len2 = dx * dx + dy * dy;
  if (len2 == S(0)) return a;
  S t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2;
  t = std::clamp(t, S(0), S(1));
  return {a.x + t * dx, a.y + t * dy};
}

/// Squared 2D distance from c to a feature (a point, a segment or a convex
/// polygon: 0 inside).
template <class S>
S miss2(const Point2<S>& c, const Point2<S>* f, int count) {
  const auto d2 = [&](const Point2<S>& p) { return (p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y); };
  if (count == 1) return d2(f[0]);
  if (count >= 3) {
    bool inside = true;
    S area = S(0);
    for (int i = 1; i + 1 < count; ++i) area += cross2(f[0], f[i], f[i + 1]);
    for (int e = 0; e < count; ++e)
      if ((area >= S(0) ? S(1) : S(-1)) * cross2(f[e], f[(e + 1) % count], c) < S(0)) inside = false;
    if (inside) return S(0);
  }
  S best = d2(closest_on_segment(c, f[0], f[1 % count]));
  for (int e = 1; e < count; ++e) best = std::min(best, d2(closest_on_segment(c, f[e], f[(e + 1) % count])));
  return best;
}

/// A point common to two features touching across the plane with normal n
/// (both lie in that plane up to rounding). `miss` receives the squared
/// distance, in the plane's 2D parametrisation, from the point to the farther
/// feature: 0 up to rounding when the features really meet.
template <class S>
Vec3<S> feature_contact(const Feature<S>& fa, const Feature<S>& fb, const Vec3<S>& n, S* miss = nullptr) {
  using std::abs;
  int k = 0;
  for (int i = 1; i < 3; ++i)
    if (abs(n[i]) > abs(n[k])) k = i;
  const int i = (k + 1) % 3, j = (k + 2) % 3;
  const auto flat = [&](const Vec3<S>& p) { return Point2<S>{p[i], p[j]}; };
  std::array<Point2<S>, 8> a2{}, b2{};
  for (int m = 0; m < fa.count; ++m) a2[m] = flat(fa.points[m]);
  for (int m = 0; m < fb.count; ++m) b2[m] = flat(fb.points[m]);

  // A point of the intersection in the plane, by feature dimensions.
  Point2<S> q{S(0), S(0)};
  bool found = false;
  const auto average = [](const Point2<S>* p, int count) {
    Point2<S> c{S(0), S(0)};
    for (int m = 0; m < count; ++m) c.x += p[m].x, c.y += p[m].y;
    return Point2<S>{c.x / S(count), c.y / S(count)};
  };
  const Feature<S>* big = fa.count >= fb.count ? &fa : &fb;
  std::array<Point2<S>, 8>& big2 = fa.count >= fb.count ? a2 : b2;
  std::array<Point2<S>, 8>& small2 = fa.count >= fb.count ? b2 : a2;
  const int small_count = fa.count >= fb.count ? fb.count : fa.count;
  if (big->count >= 3 && small_count >= 3) {
    std::array<Point2<S>, 8> subject = small2;
    const int m = clip_polygon(big2.data(), big->count, subject.data(), small_count);
    if (m > 0) q = average(subject.data(), m), found = true;
  } else if (big->count >= 3 && small_count == 2) {
    Point2<S> s0 = small2[0], s1 = small2[1];
    if (clip_segment(big2.data(), big->count, s0, s1))
      q = {(s0.x + s1.x) / S(2), (s0.y + s1.y) / S(2)}, found = true;
  } else if (big->count == 2 && small_count == 2) {
    // Two segments: their crossing (clamped onto both), or the middle of
    // their overlap. For nearly parallel segments the crossing of the lines is
    // ill-conditioned, and for a true crossing the overlap's middle is wrong,
    // so both are formed and the one closer to both segments is kept.
    const Point2<S>& p0 = big2[0];
    const Point2<S>& p1 = big2[1];
    const Point2<S>& r0 = small2[0];
    const Point2<S>& r1 = small2[1];
    const S px = p1.x - p0.x, py = p1.y - p0.y, rx = r1.x - r0.x, ry = r1.y - r0.y;
    const auto miss = [&](const Point2<S>& c) {  // squared distance to the farther segment
      const Point2<S> a = closest_on_segment(c, p0, p1), b = closest_on_segment(c, r0, r1);
      const S da = (a.x - c.x) * (a.x - c.x) + (a.y - c.y) * (a.y - c.y);
      const S db = (b.x - c.x) * (b.x - c.x) + (b.y - c.y) * (b.y - c.y);
      return da > db ? da : db;
    };
    const Point2<S> c0 = closest_on_segment(r0, p0, p1), c1 = closest_on_segment(r1, p0, p1);
    const Point2<S> d0 = closest_on_segment(p0, r0, r1), d1 = closest_on_segment(p1, r0, r1);
    q = {(c0.x + c1.x + d0.x + d1.x) / S(4), (c0.y + c1.y + d0.y + d1.y) / S(4)};
    const S denom = px * ry - py * rx;
    if (denom != S(0)) {
      const S t = std::clamp(((r0.x - p0.x) * ry - (r0.y - p0.y) * rx) / denom, S(0), S(1));
      const S u = std::clamp(((r0.x - p0.x) * py - (r0.y - p0.y) * px) / denom, S(0), S(1));
      const Point2<S> crossing{(p0.x + t * px + r0.x + u * rx) / S(2),
                               (p0.y + t * py + r0.y + u * ry) / S(2)};
      if (miss(crossing) <= miss(q)) q = crossing;
    }
    found = true;
  } else if (small_count == 1) {
    q = small2[0];  // a vertex touching anything: the vertex itself
    found = true;
  }
  if (!found) {
    // Rounding left the features apart: the small feature's point nearest the
    // big one's centroid is within rounding of the contact.
    const Point2<S> c = average(big2.data(), big->count);
    q = small_count == 2 ? closest_on_segment(c, small2[0], small2[1]) : average(small2.data(), small_count);
  }

  if (miss) *miss = std::max(miss2(q, a2.data(), fa.count), miss2(q, b2.data(), fb.count));

  // Lift onto each feature's plane n·x = n·p and average.
  const auto lift = [&](const Feature<S>& f) {
    const S offset = n.dot(f.centroid());
    Vec3<S> p;
    p[i] = q.x;
    p[j] = q.y;
    p[k] = (offset - n[i] * q.x - n[j] * q.y) / n[k];
    return p;
  };
  return (lift(fa) + lift(fb)) / S(2);
}

/// The contact point of two features built by `make(looseness)` for
/// looseness 1, 4, 16, …, 2^16 (thresholds multiplied by it): the first —
/// hence least off the plane — whose point meets both features within
/// rounding (2D miss² ≤ tiny2), else the one that misses least.
template <class S, class MakeFeatures>
Vec3<S> contact_candidates(const Vec3<S>& n, S tiny2, MakeFeatures make) {
  Vec3<S> best = Vec3<S>::Zero();
  S best_miss = S(-1);
  for (S looseness = S(1); looseness <= S(0x1p16); looseness *= S(4)) {
    const auto [fa, fb] = make(looseness);
    S miss = S(0);
    const Vec3<S> p = feature_contact(fa, fb, n, &miss);
    if (best_miss < S(0) || miss < best_miss) best = p, best_miss = miss;
    if (miss <= tiny2) break;
  }
  return best;
}

}  // namespace sepax::detail

