#pragma once
/// \file
/// The 3-vector used by every kernel: Eigen's fixed-size column vector.
#include <Eigen/Core>
#include <Eigen/Geometry>

namespace sepax {

template <class S>
using Vec3 = Eigen::Matrix<S, 3, 1>;

}  // namespace sepax
