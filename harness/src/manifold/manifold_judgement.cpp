// Judging an OBB–OBB contact manifold (the header's table).
#include "sepax/harness/manifold/manifold_judgement.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "sepax/oracle/exact_manifold.hpp"
#include "sepax/oracle/exact_sat.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::harness {
namespace {

ShapePair pair_of(const Obb3d& a, const Obb3d& b) {
  ShapePair p;
  p.query = Query::obb_obb;
  p.obb_a = a;
  p.obb_b = b;
  return p;
}

oracle::Point3 point3(const Vec3<double>& v) { return {v[0], v[1], v[2]}; }

/// The points projected along the unit normal onto the plane through the
/// origin perpendicular to it: where a point lies along the normal (on the
/// incident face, on the reference face, or between them as FCL puts them)
/// is the point-in-box checks' business; the polygon is compared across it.
std::vector<oracle::Point3> across(const std::vector<oracle::Point3>& points, const Vec3<double>& n) {
  std::vector<oracle::Point3> out;
  for (const oracle::Point3& p : points) {
    const Vec3<double> v(p[0], p[1], p[2]);
    out.push_back(point3(v - v.dot(n) * n));
  }
  return out;
}

/// How far the kernel's points and the exact polygon are from covering each
/// other, across the normal: every `must` corner near the points' hull, every
/// point near the hull of the `may` corners.
double polygon_gap(const std::vector<oracle::Point3>& points, const oracle::FacePolygon& exact, const Vec3<double>& n) {
  const std::vector<oracle::Point3> k = across(points, n), must = across(exact.must, n), may = across(exact.may, n);
  double gap = 0;
  for (const oracle::Point3& e : must) gap = std::max(gap, oracle::distance_to_hull(e, k));
  for (const oracle::Point3& x : k) gap = std::max(gap, oracle::distance_to_hull(x, may));
  return gap;
}

/// Face contacts: the least polygon gap over the faces that are a least
/// penetration direction (their overlap within 4 ulps of the boxes' sizes and
/// distance of the depth: kernels prefer faces to edges within a few dozen) and
/// that the normal is the normal of (within the scalar's rounding); nullopt
/// when there is none.
std::optional<double> face_polygon_distance(const Obb3d& a, const Obb3d& b, const Vec3<double>& n,
                                            const std::vector<oracle::Point3>& points, double u, double band,
                                            const ManifoldTruth& truth) {
  // A face contact: a face within a few ulps of the boxes' sizes and distance
  // of the depth (band/16 at most), where kernels prefer the face to an edge.
  const double sizes = 2 * (a.extents[0] + a.extents[1] + a.extents[2] + b.extents[0] + b.extents[1] + b.extents[2]);
  const double face_tie = std::min(band / 16, 4 * u * ((b.center - a.center).cwiseAbs().maxCoeff() + sizes) / truth.ell);
  std::optional<double> best;
  for (const bool reference_is_a : {true, false}) {
    const Obb3d& ref = reference_is_a ? a : b;
    const Obb3d& inc = reference_is_a ? b : a;
    for (int k = 0; k < 3; ++k) {
      const double c = n.dot(ref.axes[k]) / ref.axes[k].norm();
      if (!(std::abs(c) >= 1 - 64 * u)) continue;
      const Vec3<double> face = c > 0 ? ref.axes[k] : Vec3<double>(-ref.axes[k]);
      if (!(std::abs(oracle::oriented_overlap(a, b, point3(face), truth.ell) - truth.depth) <= face_tie)) continue;
      const double plane_band = band * truth.ell;
      // A's face towards B has its outward normal along n, B's face towards A against it.
      const int side = (c > 0) == reference_is_a ? 1 : -1;
      for (const oracle::FacePolygon& fp : oracle::face_contact_polygons(ref, k, side, inc, 64 * u, plane_band)) {
        const double g = polygon_gap(points, fp, n.normalized()) / fp.conditioning;
        if (!best || g < *best) best = g;
      }
    }
  }
  return best;
}

double distance_to_segment(const Vec3<double>& p, const Vec3<double>& from, const Vec3<double>& to) {
  const Vec3<double> v = to - from;
  const double vv = v.squaredNorm();
  const double t = vv > 0 ? std::clamp((p - from).dot(v) / vv, 0.0, 1.0) : 0.0;
  return (p - (from + t * v)).norm();
}

/// Edge–edge: the axes A_i × B_j parallel to the normal (within the
/// scalar's rounding; several when edges are parallel) that are a least
/// penetration direction (their overlap within the band of the depth); for
/// each, the points' distance (/ ℓ, times sin²θ, the conditioning) from the
/// segment between its exact closest points — nullopt when that is ambiguous (a supporting
/// edge lies in a face, or a flat box meets the other away from the closest
/// points). `best` is the smallest of those (nullopt if one is ambiguous).
struct EdgeCheck {
  bool attains = false;
  std::optional<double> best;
};
EdgeCheck edge_check(const Obb3d& a, const Obb3d& b, const Vec3<double>& n, const ManifoldPoints& points,
                     double u, double band, const ManifoldTruth& truth) {
  EdgeCheck out;
  bool ambiguous = false;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) {
      Vec3<double> axis = a.axes[i].cross(b.axes[k]);
      const double len = axis.norm();
      if (!(len > 0) || !(std::abs(axis.dot(n)) / len >= 1 - 64 * u)) continue;
      if (axis.dot(n) < 0) axis = -axis;
      if (!(std::abs(oracle::oriented_overlap(a, b, point3(axis), truth.ell) - truth.depth) <= band)) continue;
      out.attains = true;
      const auto segment = oracle::edge_contact_segment(a, i, b, k, point3(n), 64 * u);
      if (!segment) {
        ambiguous = true;
        continue;
      }
      const Vec3<double> from((*segment)[0][0], (*segment)[0][1], (*segment)[0][2]);
      const Vec3<double> to((*segment)[1][0], (*segment)[1][1], (*segment)[1][2]);
      double d = 0;
      for (const Vec3<double>& p : points) d = std::max(d, distance_to_segment(p, from, to));
      // Nearly parallel edges locate their closest points only to about
      // band / sin²θ (the closest-point solve divides by 1 − cos²θ).
      const double sine = len / (a.axes[i].norm() * b.axes[k].norm());
      const double distance = d / truth.ell * std::max(sine * sine, 64 * u);
      if (!out.best || distance < *out.best) out.best = distance;
    }
  if (ambiguous) out.best.reset();
  return out;
}

}  // namespace

ManifoldTruth manifold_truth(const Obb3d& a, const Obb3d& b) {
  const ShapePair pair = pair_of(a, b);
  ManifoldTruth t;
  t.intersects = oracle::sat_filtered(pair).intersects;
  t.ell = oracle::reference_length(pair);
  t.margin = oracle::relative_margin(pair, t.intersects);
  t.depth = t.intersects ? -t.margin : 0;
  return t;
}

ManifoldJudgement judge_manifold(const Obb3d& a, const Obb3d& b, ScalarKind scalar, const ManifoldAnswer& says,
                                 const ManifoldTruth& truth) {
  ManifoldJudgement j;
  const double band = oracle::boundary_tolerance(pair_of(a, b), scalar);
  j.tolerance = band;
  if (says.contact != truth.intersects) {
    j.verdict_class = oracle::classify(says.contact, truth.intersects, truth.margin, band);
    j.reason = says.contact ? "contact reported for separated boxes" : "no contact for intersecting boxes";
    return j;
  }
  if (!says.contact) return j;
  auto fail = [&](const std::string& reason) {
    if (j.verdict_class != oracle::Class::ok) return;
    j.verdict_class = oracle::Class::gross;
    j.reason = reason;
  };
  const double ell = truth.ell;
  const Vec3<double>& n = says.normal;
  j.depth_error = std::abs(says.depth / ell - truth.depth);
  if (!(*j.depth_error <= band)) fail("depth");
  if (!n.allFinite() || !(std::abs(n.norm() - 1) <= 1e-3)) {
    fail("normal is not a unit vector");
    return j;
  }
  // A point that is not a number is no point (and no exact rational either).
  for (const Vec3<double>& p : says.points)
    if (!p.allFinite()) {
      fail("points: a contact point is not a number");
      return j;
    }
  j.normal_excess = oracle::oriented_overlap(a, b, point3(n), ell) - truth.depth;
  if (!(std::abs(*j.normal_excess) <= band)) fail("normal is not a direction of least penetration");
  if (says.points.empty()) {
    fail("contact without a point");
    return j;
  }
  std::vector<oracle::Point3> points;
  double worst = 0;
  for (const Vec3<double>& p : says.points) {
    points.push_back(point3(p));
    worst = std::max({worst, oracle::outside_distance(a, points.back(), ell),
                      oracle::outside_distance(b, points.back(), ell)});
  }
  j.point_distance = worst;
  if (!(worst <= band)) fail("point outside the boxes");
  const double u = unit_roundoff(scalar);
  // A face contact's polygon or an edge contact's point: when a face and an
  // edge axis both attain the depth within the band, either manifold is right.
  const std::optional<double> face = face_polygon_distance(a, b, n, points, u, band, truth);
  if (face) {
    j.polygon_distance = *face / ell;
    if (!(*j.polygon_distance <= band)) fail("face contact polygon");
    return j;
  }
  const EdgeCheck edge = edge_check(a, b, n, says.points, u, band, truth);
  if (edge.attains && (!edge.best || *edge.best <= band)) {
    j.polygon_distance = edge.best;
    return j;
  }
  if (edge.attains) {
    j.polygon_distance = edge.best;
    fail("edge contact point");
  }
  return j;
}

}  // namespace sepax::harness
