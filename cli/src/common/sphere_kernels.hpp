#pragma once
/// \file Gomez's sphere–sphere kernels the commands judge: sepax's static test
/// and sweep (float and double, core/simple/sphere_sphere.hpp) and, when sepax
/// is built with the peers, FCL's sphere–sphere test (double).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/query_answer.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
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

}  // namespace sepax::cli
