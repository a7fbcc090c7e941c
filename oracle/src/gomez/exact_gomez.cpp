// Exact answers for Gomez's tests and sweeps (exact_gomez.hpp).
//
// Quadratic sweeps. Both sphere sweeps touch at u while the squared gap
// f(u) = a·u² + 2β·u + c ≤ 0, every coefficient an exact rational of the
// stored doubles:
//   sphere–sphere (p = B − A, v = db − da, R = r_a + r_b): a = v·v, β = v·p,
//     c = p·p − R² (Gomez's quadratic);
//   sphere–plane (s0 = n·c − d, w = n·v): a = w², β = s0·w, c = s0² − r²·(n·n),
//     i.e. (s0 + u·w)² ≤ r²·(n·n), the plane of the stored numbers.
// State: c ≤ 0 ⇒ overlapping at start; else they meet in [0, 1] iff f(1) ≤ 0
// or the vertex −β/a lies in (0, 1) with disc = β² − a·c ≥ 0. The roots
// (−β ∓ √disc)/a are taken in 256-bit MPFR and rounded once; the tests check
// them against exact signs of f at their neighbouring doubles.
//
// AABB sweep (Gomez, Figure 6): on axis k the projections overlap for u in a
// window with rational ends; the contact times are the intersection of the
// windows with [0, 1], exact.
#include "sepax/oracle/exact_gomez.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <boost/multiprecision/gmp.hpp>
#include <mpfr.h>

#include "sepax/oracle/exact_sat.hpp"

namespace sepax::oracle {
namespace {

using Exact = boost::multiprecision::mpq_rational;

struct Quadratic {
  Exact a, beta, c;
  Exact at(const Exact& u) const { return (a * u + 2 * beta) * u + c; }
};

Quadratic sphere_sphere(const Sphere3<double>& sa, const Vec3<double>& da, const Sphere3<double>& sb,
                        const Vec3<double>& db) {
  Quadratic q{0, 0, 0};
  Exact pp = 0;
  for (int k = 0; k < 3; ++k) {
    const Exact p = Exact(sb.center[k]) - Exact(sa.center[k]);
    const Exact v = Exact(db[k]) - Exact(da[k]);
    pp += p * p;
    q.a += v * v;
    q.beta += v * p;
  }
  const Exact r = Exact(sa.radius) + Exact(sb.radius);
  q.c = pp - r * r;
  return q;
}

Quadratic sphere_plane(const Sphere3<double>& s, const Vec3<double>& d, const Plane3<double>& plane) {
  Exact s0 = -Exact(plane.offset), w = 0, nn = 0;
  for (int k = 0; k < 3; ++k) {
    const Exact n(plane.normal[k]);
    s0 += n * Exact(s.center[k]);
    w += n * Exact(d[k]);
    nn += n * n;
  }
  const Exact r(s.radius);
  return {w * w, s0 * w, s0 * s0 - r * r * nn};
}

/// (−β + sign·√disc) / a, rounded to the nearest double.
double root(const Quadratic& q, const Exact& disc, int sign) {
  mpfr_t s, x, a;
  mpfr_inits2(256, s, x, a, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_q(s, disc.backend().data(), MPFR_RNDN);
  mpfr_sqrt(s, s, MPFR_RNDN);
  if (sign < 0) mpfr_neg(s, s, MPFR_RNDN);
  const Exact minus_beta = -q.beta;
  mpfr_set_q(x, minus_beta.backend().data(), MPFR_RNDN);
  mpfr_add(x, x, s, MPFR_RNDN);
  mpfr_set_q(a, q.a.backend().data(), MPFR_RNDN);
  mpfr_div(x, x, a, MPFR_RNDN);
  const double out = mpfr_get_d(x, MPFR_RNDN);
  mpfr_clears(s, x, a, static_cast<mpfr_ptr>(nullptr));
  return out;
}

ExactSweep quadratic_sweep(const Quadratic& q) {
  const Exact disc = q.beta * q.beta - q.a * q.c;
  ExactSweep out;
  if (q.c <= 0) {
    out.state = ContactState::overlapping_at_start;
    out.last = q.a == 0 ? 1.0 : std::clamp(root(q, disc, +1), 0.0, 1.0);
    return out;
  }
  const bool at_end = q.at(1) <= 0;
  const bool inside = q.beta < 0 && -q.beta < q.a && disc >= 0;
  if (!at_end && !inside) return out;  // a = 0 (no approach) lands here too
  out.state = ContactState::first_contact;
  out.first = std::clamp(root(q, disc, -1), 0.0, 1.0);
  out.last = std::clamp(root(q, disc, +1), out.first, 1.0);
  return out;
}

int sign_of(const Exact& x) { return x < 0 ? -1 : x > 0 ? 1 : 0; }

}  // namespace

ExactSweep sphere_sphere_sweep_exact(const Sphere3<double>& a, const Vec3<double>& da, const Sphere3<double>& b,
                                     const Vec3<double>& db) {
  return quadratic_sweep(sphere_sphere(a, da, b, db));
}

namespace {

/// |p + u·v| + R in double, for dividing the exact squared gap by.
double distance_plus_radii(const Sphere3<double>& a, const Vec3<double>& da, const Sphere3<double>& b,
                           const Vec3<double>& db, const Exact& u) {
  const double ud = u.convert_to<double>();
  const Vec3<double> d = (b.center + ud * db) - (a.center + ud * da);
  return d.norm() + a.radius + b.radius;
}

}  // namespace

double sphere_sphere_gap_at(const Sphere3<double>& a, const Vec3<double>& da, const Sphere3<double>& b,
                            const Vec3<double>& db, double u) {
  const Exact f = sphere_sphere(a, da, b, db).at(Exact(u));
  if (f == 0) return 0;
  const double denom = distance_plus_radii(a, da, b, db, Exact(u));
  return denom > 0 ? f.convert_to<double>() / denom : 0.0;
}

double sphere_sphere_min_gap(const Sphere3<double>& a, const Vec3<double>& da, const Sphere3<double>& b,
                             const Vec3<double>& db) {
  const Quadratic q = sphere_sphere(a, da, b, db);
  Exact u = 0;  // the minimiser of a·u² + 2β·u + c on [0, 1]
  if (q.a > 0) {
    u = -q.beta / q.a;
    if (u < 0) u = 0;
    if (u > 1) u = 1;
  }
  const Exact f = q.at(u);
  if (f == 0) return 0;
  const double denom = distance_plus_radii(a, da, b, db, u);
  return denom > 0 ? f.convert_to<double>() / denom : 0.0;
}

int sphere_sphere_gap_sign(const Sphere3<double>& a, const Vec3<double>& da, const Sphere3<double>& b,
                           const Vec3<double>& db, double u) {
  return sign_of(sphere_sphere(a, da, b, db).at(Exact(u)));
}

ExactSweep sphere_plane_sweep_exact(const Sphere3<double>& s, const Vec3<double>& d, const Plane3<double>& plane) {
  return quadratic_sweep(sphere_plane(s, d, plane));
}

int sphere_plane_gap_sign(const Sphere3<double>& s, const Vec3<double>& d, const Plane3<double>& plane, double u) {
  return sign_of(sphere_plane(s, d, plane).at(Exact(u)));
}

namespace {

/// f(u) = s(u)² − r²·(n·n) exactly, over (|s(u)| + r|n|)·|n| in double: the
/// signed distance |s(u)|/|n| − r.
double sphere_plane_distance(const Quadratic& q, const Sphere3<double>& s, const Vec3<double>& d,
                             const Plane3<double>& plane, const Exact& u) {
  const Exact f = q.at(u);
  if (f == 0) return 0;
  const double ud = u.convert_to<double>();
  const double n = plane.normal.norm();
  const double su = std::abs(plane.normal.dot(s.center + ud * d) - plane.offset);
  const double denom = (su + s.radius * n) * n;
  return denom > 0 ? f.convert_to<double>() / denom : 0.0;
}

}  // namespace

double sphere_plane_gap_at(const Sphere3<double>& s, const Vec3<double>& d, const Plane3<double>& plane, double u) {
  return sphere_plane_distance(sphere_plane(s, d, plane), s, d, plane, Exact(u));
}

double sphere_plane_min_gap(const Sphere3<double>& s, const Vec3<double>& d, const Plane3<double>& plane) {
  const Quadratic q = sphere_plane(s, d, plane);
  Exact u = 0;  // s(u) = s0 + u·w is linear: |s| least where it crosses 0, clamped to [0, 1]
  if (q.a > 0) {
    u = -q.beta / q.a;
    if (u < 0) u = 0;
    if (u > 1) u = 1;
  }
  return sphere_plane_distance(q, s, d, plane, u);
}

namespace {

/// The six lines whose largest value is the boxes' separation at u: per axis,
/// b.min − a.max + u·v and a.min − b.max − u·v (v = db − da), as (c, slope).
std::array<std::pair<Exact, Exact>, 6> aabb_gap_lines(const Aabb3<double>& a, const Vec3<double>& da,
                                                      const Aabb3<double>& b, const Vec3<double>& db) {
  std::array<std::pair<Exact, Exact>, 6> out;
  for (int k = 0; k < 3; ++k) {
    const Exact v = Exact(db[k]) - Exact(da[k]);
    out[2 * k] = {Exact(b.min[k]) - Exact(a.max[k]), v};
    out[2 * k + 1] = {Exact(a.min[k]) - Exact(b.max[k]), Exact(-v)};
  }
  return out;
}

Exact largest_at(const std::array<std::pair<Exact, Exact>, 6>& lines, const Exact& u) {
  Exact best = lines[0].first + lines[0].second * u;
  for (const auto& [c, slope] : lines) best = std::max(best, Exact(c + slope * u));
  return best;
}

}  // namespace

double aabb_aabb_gap_at(const Aabb3<double>& a, const Vec3<double>& da, const Aabb3<double>& b, const Vec3<double>& db,
                        double u) {
  return largest_at(aabb_gap_lines(a, da, b, db), Exact(u)).convert_to<double>();
}

double aabb_aabb_min_gap(const Aabb3<double>& a, const Vec3<double>& da, const Aabb3<double>& b,
                         const Vec3<double>& db) {
  const auto lines = aabb_gap_lines(a, da, b, db);
  Exact best = std::min(largest_at(lines, Exact(0)), largest_at(lines, Exact(1)));
  for (std::size_t i = 0; i < lines.size(); ++i)
    for (std::size_t j = i + 1; j < lines.size(); ++j) {
      const Exact ds = lines[i].second - lines[j].second;
      if (ds == 0) continue;
      const Exact u = (lines[j].first - lines[i].first) / ds;
      if (u > 0 && u < 1) best = std::min(best, largest_at(lines, u));
    }
  return best.convert_to<double>();
}

ExactSweep aabb_aabb_sweep_exact(const Aabb3<double>& a, const Vec3<double>& da, const Aabb3<double>& b,
                                 const Vec3<double>& db) {
  Exact first = 0, last = 1;
  ExactSweep out;
  for (int k = 0; k < 3; ++k) {
    // B − A's offset on axis k at u: [b.min − a.max, b.max − a.min] + u·v must contain 0.
    const Exact v = Exact(db[k]) - Exact(da[k]);
    const Exact lo = Exact(b.min[k]) - Exact(a.max[k]), hi = Exact(b.max[k]) - Exact(a.min[k]);
    if (v == 0) {
      if (lo > 0 || hi < 0) return out;
      continue;
    }
    const Exact t0 = -hi / v, t1 = -lo / v;  // lo + u·v ≤ 0 ≤ hi + u·v
    first = std::max(first, std::min(t0, t1));
    last = std::min(last, std::max(t0, t1));
  }
  if (first > last) return out;
  out.state = first == 0 ? ContactState::overlapping_at_start : ContactState::first_contact;
  out.first = first.convert_to<double>();
  out.last = last.convert_to<double>();
  return out;
}

bool aabb_sphere_exact(const Aabb3<double>& box, const Sphere3<double>& sphere) {
  Exact d2 = 0;
  for (int k = 0; k < 3; ++k) {
    const Exact c(sphere.center[k]);
    const Exact gap = c < Exact(box.min[k]) ? Exact(box.min[k]) - c : c > Exact(box.max[k]) ? c - Exact(box.max[k]) : Exact(0);
    d2 += gap * gap;
  }
  const Exact r(sphere.radius);
  return d2 <= r * r;
}

double aabb_sphere_gap(const Aabb3<double>& box, const Sphere3<double>& sphere) {
  Exact d2 = 0;
  Vec3<double> outside = Vec3<double>::Zero();
  for (int k = 0; k < 3; ++k) {
    const Exact c(sphere.center[k]);
    const Exact gap = c < Exact(box.min[k]) ? Exact(box.min[k]) - c : c > Exact(box.max[k]) ? c - Exact(box.max[k]) : Exact(0);
    d2 += gap * gap;
    outside[k] = gap.convert_to<double>();
  }
  const Exact r(sphere.radius);
  const Exact f = d2 - r * r;
  if (f == 0) return 0;
  const double denom = outside.norm() + sphere.radius;
  return denom > 0 ? f.convert_to<double>() / denom : 0.0;
}

bool obb_segment_exact(const Obb3<double>& box, const Segment3<double>& segment) {
  ShapePair pair;
  pair.query = Query::tri_obb;
  pair.tri_a = Triangle3d{{segment.p0, segment.p1, segment.p1}};
  pair.obb_b = box;
  return sat_exact(pair);
}

namespace {

/// The exact extreme of the box along world axis k: C_k ± Σ a_i·|A_i,k|.
std::pair<Exact, Exact> exact_span(const Obb3<double>& box, int k) {
  Exact e = 0;
  for (int i = 0; i < 3; ++i) {
    const Exact c(box.axes[i][k]);
    e += Exact(box.extents[i]) * (c < 0 ? Exact(-c) : c);
  }
  const Exact c(box.center[k]);
  return {c - e, c + e};
}

}  // namespace

bool aabb_contains_obb_exact(const Aabb3<double>& aabb, const Obb3<double>& box) {
  for (int k = 0; k < 3; ++k) {
    const auto [lo, hi] = exact_span(box, k);
    if (Exact(aabb.min[k]) > lo || Exact(aabb.max[k]) < hi) return false;
  }
  return true;
}

namespace {

/// |C|∞ + Σ a_i, the size the AABB measures are relative to (1 for a point at the origin).
double box_scale(const Obb3<double>& box) {
  double size = std::max({std::abs(box.center[0]), std::abs(box.center[1]), std::abs(box.center[2])});
  for (double e : box.extents) size += e;
  return size > 0 ? size : 1;
}

/// The largest over the six faces of how far the AABB's bound lies beyond the
/// box's exact span (beyond = outward), or, with `miss`, how far the span
/// lies beyond the bound.
double worst_face(const Aabb3<double>& aabb, const Obb3<double>& box, bool miss) {
  Exact worst = 0;
  bool first = true;
  for (int k = 0; k < 3; ++k) {
    const auto [lo, hi] = exact_span(box, k);
    for (Exact x : {Exact(lo - Exact(aabb.min[k])), Exact(Exact(aabb.max[k]) - hi)}) {
      if (miss) x = -x;
      if (first || x > worst) worst = x, first = false;
    }
  }
  return worst.convert_to<double>() / box_scale(box);
}

}  // namespace

double aabb_excess(const Aabb3<double>& aabb, const Obb3<double>& box) { return worst_face(aabb, box, false); }

double aabb_miss(const Aabb3<double>& aabb, const Obb3<double>& box) {
  return std::max(0.0, worst_face(aabb, box, true));
}

}  // namespace sepax::oracle
