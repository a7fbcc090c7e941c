// Judging a signed distance (distance_judgement.hpp). The checks measure the
// answer against the shapes in double: a point's distance to a box or a
// triangle, a shape's extent along a direction. Their own rounding, a few ulps
// of the coordinates, is far below the band of any scalar they judge.
#include "sepax/harness/distance/distance_judgement.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "sepax/oracle/exact_sat.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::harness {
namespace {

using V = Vec3<double>;

double outside_distance(const Obb3d& b, const V& p) {
  double sum = 0;
  for (int i = 0; i < 3; ++i) {
    const double excess = std::abs((p - b.center).dot(b.axes[std::size_t(i)])) - b.extents[std::size_t(i)];
    if (excess > 0) sum += excess * excess;
  }
  return std::sqrt(sum);
}

/// The closest point of a (possibly degenerate) triangle to p, by regions
/// (Ericson, Real-Time Collision Detection §5.1.5).
V closest_on_triangle(const Triangle3d& t, const V& p) {
  const V &a = t.vertices[0], &b = t.vertices[1], &c = t.vertices[2];
  const V ab = b - a, ac = c - a, ap = p - a;
  const double d1 = ab.dot(ap), d2 = ac.dot(ap);
  if (d1 <= 0 && d2 <= 0) return a;
  const V bp = p - b;
  const double d3 = ab.dot(bp), d4 = ac.dot(bp);
  if (d3 >= 0 && d4 <= d3) return b;
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0 && d1 - d3 > 0) return a + ab * (d1 / (d1 - d3));
  const V cp = p - c;
  const double d5 = ab.dot(cp), d6 = ac.dot(cp);
  if (d6 >= 0 && d5 <= d6) return c;
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0 && d2 - d6 > 0) return a + ac * (d2 / (d2 - d6));
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0 && (d4 - d3) + (d5 - d6) > 0)
    return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
  const double denom = va + vb + vc;
  if (denom <= 0) {  // degenerate: the closest of the three edges
    V best = a;
    for (int e = 0; e < 3; ++e) {
      const V &u = t.vertices[std::size_t(e)], &w = t.vertices[std::size_t((e + 1) % 3)];
      const double len2 = (w - u).squaredNorm();
      const V q = len2 > 0 ? u + (w - u) * std::clamp((p - u).dot(w - u) / len2, 0.0, 1.0) : u;
      if ((q - p).squaredNorm() < (best - p).squaredNorm()) best = q;
    }
    return best;
  }
  return a + ab * (vb / denom) + ac * (vc / denom);
}

double outside_distance(const Triangle3d& t, const V& p) { return (closest_on_triangle(t, p) - p).norm(); }

struct Extent {
  double lo, hi;
};

Extent extent(const Obb3d& b, const V& n) {
  double r = 0;
  for (int i = 0; i < 3; ++i) r += b.extents[std::size_t(i)] * std::abs(b.axes[std::size_t(i)].dot(n));
  const double c = b.center.dot(n);
  return {c - r, c + r};
}

Extent extent(const Triangle3d& t, const V& n) {
  Extent e{t.vertices[0].dot(n), t.vertices[0].dot(n)};
  for (const V& v : t.vertices) e = {std::min(e.lo, v.dot(n)), std::max(e.hi, v.dot(n))};
  return e;
}

/// Shape a and shape b of the pair, whatever their kinds.
template <class F>
auto with_shapes(const ShapePair& p, F f) {
  switch (p.query) {
    case Query::obb_obb: return f(p.obb_a, p.obb_b);
    case Query::tri_obb: return f(p.tri_a, p.obb_b);
    case Query::tri_tri: break;
  }
  return f(p.tri_a, p.tri_b);
}

}  // namespace

DistanceTruth distance_truth(const ShapePair& pair) {
  DistanceTruth t;
  t.intersects = oracle::sat_filtered(pair).intersects;
  t.margin = oracle::relative_margin(pair, t.intersects);
  t.ell = oracle::reference_length(pair);
  return t;
}

DistanceJudgement judge_distance(const ShapePair& pair, ScalarKind scalar, const DistanceAnswer& says,
                                 const DistanceTruth& truth, double declared) {
  DistanceJudgement j;
  const double band = oracle::boundary_tolerance(pair, scalar);
  j.tolerance = std::max({band, declared, says.tolerance});
  const double ell = truth.ell, d = says.distance / ell;
  const auto gross = [&](std::string reason) {
    j.verdict_class = oracle::Class::gross;
    j.reason = std::move(reason);
    return j;
  };
  // Reasons start with the check's name (the failure class's kind: "wrong-normal").
  if (!std::isfinite(says.distance)) return gross(fmt::format("distance: {} is not a number", says.distance));
  // The side: do the shapes meet (d ≤ 0)?
  const bool says_meets = d <= 0;
  j.verdict_class = oracle::classify(says_meets, truth.intersects, truth.margin, j.tolerance);
  if (j.verdict_class != oracle::Class::ok) {
    j.reason = says_meets ? "a penetration for shapes that are apart" : "a separation for shapes that overlap";
    return j;
  }
  j.distance_error = std::abs(d - truth.margin);
  if (*j.distance_error > j.tolerance)
    return gross(fmt::format("{} {:.6g} of the size, exactly {:.6g}: off by {:.3g} ({:.3g}x the allowance {:.3g})",
                             says_meets ? "penetration depth" : "distance", std::abs(d), std::abs(truth.margin),
                             *j.distance_error, *j.distance_error / j.tolerance, j.tolerance));
  if (!says_meets) {
    const double miss = with_shapes(pair, [&](const auto& a, const auto& b) {
      return std::max({outside_distance(a, says.point_a), outside_distance(b, says.point_b),
                       std::abs((says.point_b - says.point_a).norm() - says.distance)});
    }) / ell;
    j.witness_error = miss;
    if (!(miss <= j.tolerance))
      return gross(fmt::format("witness points {:.3g} of the size off their shapes or their distance ({:.3g}x the "
                               "allowance)", miss, miss / j.tolerance));
    return j;
  }
  // Touching, or a depth within the allowance: B moves out by (about) nothing,
  // along whatever direction; a physics engine applies no push.
  if (-truth.margin <= j.tolerance) return j;
  const double norm = says.normal.norm();
  if (!(std::abs(norm - 1) <= 1e-3)) return gross(fmt::format("normal: of length {:.6g}, not unit", norm));
  const V n = says.normal / norm;
  const double overlap = with_shapes(pair, [&](const auto& a, const auto& b) {
    return extent(a, n).hi - extent(b, n).lo;  // how far B must move along n to clear A
  }) / ell;
  j.normal_excess = overlap - (-truth.margin);
  if (*j.normal_excess > j.tolerance)
    return gross(fmt::format("normal: along it the shapes overlap by {:.6g} of the size, the depth is {:.6g}: moving B "
                             "by the depth along it does not separate them", overlap, -truth.margin));
  return j;
}

}  // namespace sepax::harness
