// FCL 0.7 (Debian libfcl-dev): its sphere–sphere and sphere–box primitive
// tests (sphere_peers.hpp).
#include <fcl/geometry/shape/box.h>
#include <fcl/math/bv/AABB.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/geometry/shape/plane.h>
#include <fcl/geometry/shape/utility.h>
#include <fcl/narrowphase/detail/primitive_shape_algorithm/plane.h>
#include <fcl/narrowphase/detail/primitive_shape_algorithm/sphere_box.h>
#include <fcl/narrowphase/detail/primitive_shape_algorithm/sphere_sphere.h>

#include <vector>

#include "sepax/peers/sphere_peers.hpp"

namespace sepax::peers {
namespace {

fcl::Transform3<double> at(const Vec3<double>& p) {
  fcl::Transform3<double> t = fcl::Transform3<double>::Identity();
  t.translation() = p;
  return t;
}

}  // namespace

bool fcl_sphere_sphere(const Sphere3<double>& a, const Sphere3<double>& b) {
  return fcl::detail::sphereSphereIntersect(fcl::Sphere<double>(a.radius), at(a.center), fcl::Sphere<double>(b.radius),
                                            at(b.center), static_cast<std::vector<fcl::ContactPoint<double>>*>(nullptr));
}

bool fcl_aabb_sphere(const Aabb3<double>& box, const Sphere3<double>& sphere) {
  // fcl::Box takes full side lengths and sits at its centre.
  const fcl::Box<double> b(box.max - box.min);
  return fcl::detail::sphereBoxIntersect(fcl::Sphere<double>(sphere.radius), at(sphere.center), b,
                                         at(0.5 * (box.min + box.max)), static_cast<std::vector<fcl::ContactPoint<double>>*>(nullptr));
}

bool fcl_sphere_plane(const Sphere3<double>& sphere, const Plane3<double>& plane) {
  return fcl::detail::spherePlaneIntersect(fcl::Sphere<double>(sphere.radius), at(sphere.center),
                                           fcl::Plane<double>(plane.normal, plane.offset),
                                           fcl::Transform3<double>::Identity(),
                                           static_cast<std::vector<fcl::ContactPoint<double>>*>(nullptr));
}

bool fcl_aabb_aabb(const Aabb3<double>& a, const Aabb3<double>& b) {
  return fcl::AABB<double>(a.min, a.max).overlap(fcl::AABB<double>(b.min, b.max));
}

Aabb3<double> fcl_obb_to_aabb(const Obb3<double>& box) {
  const fcl::Box<double> b(2 * box.extents[0], 2 * box.extents[1], 2 * box.extents[2]);
  fcl::Transform3<double> pose = fcl::Transform3<double>::Identity();
  for (int k = 0; k < 3; ++k) pose.linear().col(k) = box.axes[k];
  pose.translation() = box.center;
  fcl::AABB<double> out;
  fcl::computeBV(b, pose, out);
  return {out.min_, out.max_};
}

}  // namespace sepax::peers
