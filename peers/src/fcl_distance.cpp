// FCL 0.7's distance (distance_peers.hpp): fcl::distance between two Boxes
// (its distance dispatch has no TriangleP–Box or TriangleP–TriangleP entry:
// "distance function between node type 18 and node type 9 is not supported",
// and a distance of DBL_MAX), with nearest points, through the GJK
// solver FCL uses by default (GST_LIBCCD), in the case's scalar. Its stopping
// tolerance, distance_tolerance = 1e-6 (absolute), is what each answer
// promises (DistanceAnswer::tolerance, relative to ℓ).
//
// Separation only: FCL returns −1 for shapes that overlap (refused here).
// Its signed distance (enable_signed_distance: EPA for the depth) is not run
// in campaigns: Debian's FCL 0.7 is built with assertions, and its EPA
// aborts the process (gjk_libccd-inl.h:1327, ComputeVisiblePatch:
// `isOutsidePolytopeFace` failed) on ordinary overlapping box pairs — in
// double on case 456 of the random family, seed 1; the reported-bug corpus
// (properties/reported_bugs/) keeps such a pair. nearest_points are in the
// world frame.
#include <fcl/geometry/shape/box.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/distance.h>

#include <memory>
#include <optional>

#include "sepax/oracle/margin.hpp"
#include "sepax/peers/distance_peers.hpp"

namespace sepax::peers {
namespace {

template <class S>
fcl::Vector3<S> vec(const Vec3<double>& v) {
  return fcl::Vector3<S>(S(v[0]), S(v[1]), S(v[2]));
}

template <class S>
struct Placed {
  std::shared_ptr<fcl::CollisionGeometry<S>> shape;
  fcl::Transform3<S> pose = fcl::Transform3<S>::Identity();
};

template <class S>
Placed<S> placed(const Obb3d& b) {
  Placed<S> out;
  out.shape = std::make_shared<fcl::Box<S>>(S(2) * S(b.extents[0]), S(2) * S(b.extents[1]), S(2) * S(b.extents[2]));
  for (int i = 0; i < 3; ++i) out.pose.linear().col(i) = vec<S>(b.axes[std::size_t(i)]);
  out.pose.translation() = vec<S>(b.center);
  return out;
}

template <class S>
harness::DistanceAnswer fcl_distance(const Placed<S>& a, const Placed<S>& b, double ell) {
  fcl::DistanceRequest<S> request(/*enable_nearest_points=*/true);
  fcl::DistanceResult<S> result;
  fcl::distance(a.shape.get(), a.pose, b.shape.get(), b.pose, request, result);
  harness::DistanceAnswer d;
  d.distance = double(result.min_distance);
  d.point_a = result.nearest_points[0].template cast<double>();
  d.point_b = result.nearest_points[1].template cast<double>();
  const Vec3<double> gap = d.point_b - d.point_a;
  if (gap.norm() > 0) d.normal = gap.normalized();
  d.tolerance = double(request.distance_tolerance) / ell;
  return d;
}

template <class S>
std::optional<harness::QueryAnswer> answer(const ShapePair& p) {
  const double ell = oracle::reference_length(p);
  const harness::DistanceAnswer d = fcl_distance(placed<S>(p.obb_a), placed<S>(p.obb_b), ell);
  if (d.distance < 0) return std::nullopt;  // overlapping: FCL computes no depth here
  harness::QueryAnswer a;
  a.meets = d.distance <= 0;
  a.distance = d;
  return a;
}

/// FCL's penetration of two boxes: fcl::collide with contacts (its box–box
/// primitive, ODE's dBoxBox port, not EPA), the deepest contact's
/// penetration_depth and normal (FCL: from the first object to the second).
/// Boxes that do not collide: refused (fcl::distance answers for them).
template <class S>
std::optional<harness::QueryAnswer> penetration(const ShapePair& p) {
  const Placed<S> a = placed<S>(p.obb_a), b = placed<S>(p.obb_b);
  fcl::CollisionRequest<S> request(8, /*enable_contact=*/true);
  fcl::CollisionResult<S> result;
  fcl::collide(a.shape.get(), a.pose, b.shape.get(), b.pose, request, result);
  if (result.numContacts() == 0) return std::nullopt;
  const fcl::Contact<S>* deepest = &result.getContact(0);
  for (std::size_t i = 1; i < result.numContacts(); ++i)
    if (result.getContact(i).penetration_depth > deepest->penetration_depth) deepest = &result.getContact(i);
  harness::DistanceAnswer d;
  d.distance = -double(deepest->penetration_depth);
  d.normal = deepest->normal.template cast<double>();
  harness::QueryAnswer answer;
  answer.meets = true;
  answer.distance = d;
  return answer;
}

}  // namespace

std::vector<harness::QueryKernel> fcl_distance_kernels() {
  std::vector<harness::QueryKernel> out;
  for (const ScalarKind s : {ScalarKind::float32, ScalarKind::float64}) {
    const std::string tail = "/" + std::string(to_string(s));
    const bool single = s == ScalarKind::float32;
    out.push_back(harness::query_kernel<ShapePair>("fcl/obb_obb_distance" + tail, "fcl", "obb_obb_distance",
                                                   "find_distance", s, single ? answer<float> : answer<double>));
    out.push_back(harness::query_kernel<ShapePair>("fcl/obb_obb_penetration" + tail, "fcl", "obb_obb_distance",
                                                   "find_distance", s,
                                                   single ? penetration<float> : penetration<double>));
  }
  return out;
}

}  // namespace sepax::peers
