#pragma once
/// \file Gomez's sphere kernels the commands judge: sepax's sphere–sphere test
/// and sweep and Arvo's box–ball test (float and double, core/simple/) and,
/// when sepax is built with the peers, FCL's sphere–sphere and sphere–box
/// tests (double).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "kernel_lists/query_answer.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/aabb3.hpp"
#include "sepax/core/shapes/plane3.hpp"
#include "sepax/core/shapes/sphere3.hpp"

namespace sepax::cli {

struct SphereKernel {
  std::string id;  ///< "sphere_sphere/test_static/float", "sphere_sphere/find_first_contact/double", "fcl/sphere_sphere/double"
  ScalarKind scalar = ScalarKind::float64;
  bool peer = false;
  /// The static test (empty for a sweep kernel).
  std::function<bool(const Sphere3<double>&, const Sphere3<double>&)> test;
  /// The sweep over one frame: meets? and the first time (none when
  /// overlapping at start). Empty for a static kernel.
  std::function<std::optional<QueryAnswer>(const Sphere3<double>&, const Vec3<double>&, const Sphere3<double>&,
                                                  const Vec3<double>&)>
      sweep;
};

std::vector<SphereKernel> sphere_kernels();

/// Arvo's box–ball test (aabb_sphere): sepax's (float, double) and, with the
/// peers, FCL's sphere–box test (double).
struct BoxSphereKernel {
  std::string id;  ///< "aabb_sphere/test_static/float", "fcl/aabb_sphere/double"
  ScalarKind scalar = ScalarKind::float64;
  bool peer = false;
  std::function<bool(const Aabb3<double>&, const Sphere3<double>&)> test;
};

std::vector<BoxSphereKernel> box_sphere_kernels();

/// Gomez's sphere–plane test and sweep (sphere_plane): sepax's (float,
/// double) and, with the peers, FCL's spherePlaneIntersect (double, static).
struct SpherePlaneKernel {
  std::string id;  ///< "sphere_plane/test_static/float", "sphere_plane/find_first_contact/double", "fcl/sphere_plane/double"
  ScalarKind scalar = ScalarKind::float64;
  bool peer = false;
  std::function<bool(const Sphere3<double>&, const Plane3<double>&)> test;  ///< empty for a sweep kernel
  /// The ball's centre moving by u·displacement: meets? and the first time
  /// (none when overlapping at start). Empty for a static kernel.
  std::function<QueryAnswer(const Sphere3<double>&, const Vec3<double>&, const Plane3<double>&)> sweep;
};

std::vector<SpherePlaneKernel> sphere_plane_kernels();

/// Gomez's AABB overlap test and sweep (aabb_aabb): sepax's (float, double)
/// and, with the peers, FCL's AABB::overlap (double, static).
struct AabbKernel {
  std::string id;  ///< "aabb_aabb/test_static/float", "aabb_aabb/find_first_contact/double", "fcl/aabb_aabb/double"
  ScalarKind scalar = ScalarKind::float64;
  bool peer = false;
  std::function<bool(const Aabb3<double>&, const Aabb3<double>&)> test;  ///< empty for a sweep kernel
  /// A moving by u·da and B by u·db: meets? and the first time (none when
  /// overlapping at start). Empty for a static kernel.
  std::function<QueryAnswer(const Aabb3<double>&, const Vec3<double>&, const Aabb3<double>&, const Vec3<double>&)> sweep;
};

std::vector<AabbKernel> aabb_kernels();

}  // namespace sepax::cli
