#pragma once
/// \file
/// OBB from points (Eberly §6.1.2): axes = eigenvectors of the points'
/// covariance; center and extents from the intervals of projection (the
/// "minor variation" of §6.1.2, i.e. enclose()).
#include <span>
#include <stdexcept>

#include "sepax/core/fitting/enclose.hpp"
#include "sepax/core/fitting/frame.hpp"

namespace sepax::fitting {

/// M = (1/n) Σ (Xj − C)(Xj − C)ᵀ, C = (1/n) Σ Xj (Eberly §6.1.2), in double and
/// divided by s² (s = the largest |Xj − C|∞) so that huge or tiny coordinates
/// neither overflow nor underflow; eigenvectors do not depend on the scale.
template <class S, class PointAt>
Eigen::Matrix3d point_covariance(std::size_t count, PointAt&& point) {
  Vec3<double> mean = Vec3<double>::Zero();
  for (std::size_t k = 0; k < count; ++k) mean += Vec3<S>(point(k)).template cast<double>() / double(count);
  double s = 0;
  for (std::size_t k = 0; k < count; ++k)
    s = std::max(s, (Vec3<S>(point(k)).template cast<double>() - mean).cwiseAbs().maxCoeff());
  Eigen::Matrix3d m = Eigen::Matrix3d::Zero();
  if (!(s > 0) || !std::isfinite(s)) return m;
  for (std::size_t k = 0; k < count; ++k) {
    const Vec3<double> d = (Vec3<S>(point(k)).template cast<double>() - mean) / s;
    m += d * d.transpose();
  }
  return m / double(count);
}

/// Covariance frame of the points, largest spread first, right-handed.
template <class S>
Frame points_frame(std::span<const Vec3<S>> points) {
  return frame_from_covariance(
      point_covariance<S>(points.size(), [&](std::size_t k) -> const Vec3<S>& { return points[k]; }));
}

/// Eberly §6.1.2. The stored box contains every point exactly (enclose()).
/// Throws std::invalid_argument on an empty or non-finite input.
template <class S>
Obb3<S> fit_points(std::span<const Vec3<S>> points) {
  if (points.empty()) throw std::invalid_argument("sepax::fitting::fit_points: no points");
  return enclose<S>(round_frame<S>(points_frame<S>(points)), points);
}

}  // namespace sepax::fitting
