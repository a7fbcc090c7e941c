#pragma once
/// \file
/// A rigid placement x ↦ R x + t, stored as the numbers it is (issue 10).
#include <Eigen/Core>

#include "sepax/core/shapes/triangle3.hpp"
#include "sepax/core/shapes/vec3.hpp"

namespace sepax {

/// x ↦ R x + t. The stored doubles ARE the pose: R is not assumed orthonormal
/// (a rotation rounded to doubles never is exactly), and exact oracles map
/// points by these numbers in rational arithmetic. apply() rounds, for kernels.
struct Pose {
  Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();  ///< R, row i = rotation.row(i)
  Vec3<double> translation = Vec3<double>::Zero();          ///< t

  static Pose identity() { return {}; }

  /// R x + t in double (rounded; not the exact image).
  Vec3<double> apply(const Vec3<double>& x) const { return rotation * x + translation; }

  Triangle3d apply(const Triangle3d& tri) const {
    return {{apply(tri.vertices[0]), apply(tri.vertices[1]), apply(tri.vertices[2])}};
  }
};

}  // namespace sepax
