#pragma once
/// \file FCL 0.7's sphere, plane and AABB primitives, the peers of Gomez's
/// sphere–sphere, sphere–plane, AABB and OBB→AABB tests and Arvo's
/// AABB–sphere test (double). FCL is not included here
/// (peers/src/fcl_sphere_adapters.cpp).
///
/// fcl::detail::sphereSphereIntersect compares the centres' distance, a square
/// root, with the sum of the radii (`len > r1 + r2` is "apart": closed balls);
/// fcl::detail::sphereBoxIntersect clamps the centre into the box.
#include "sepax/core/shapes/aabb3.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/shapes/plane3.hpp"
#include "sepax/core/shapes/sphere3.hpp"

namespace sepax::peers {

bool fcl_sphere_sphere(const Sphere3<double>& a, const Sphere3<double>& b);
bool fcl_aabb_sphere(const Aabb3<double>& box, const Sphere3<double>& sphere);
/// fcl::detail::spherePlaneIntersect: FCL's Plane is the surface n·x = d (n
/// normalised on construction); touching (depth 0) intersects.
bool fcl_sphere_plane(const Sphere3<double>& sphere, const Plane3<double>& plane);
/// fcl::AABB<double>::overlap: closed boxes (a strict `>` separates).
bool fcl_aabb_aabb(const Aabb3<double>& a, const Aabb3<double>& b);
/// fcl::computeBV<AABB>(Box, pose): the AABB of an oriented box (Gomez's
/// formula, rounded to nearest: no outward move).
Aabb3<double> fcl_obb_to_aabb(const Obb3<double>& box);

}  // namespace sepax::peers
