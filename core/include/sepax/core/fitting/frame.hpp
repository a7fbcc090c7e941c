#pragma once
/// \file
/// Axes from a covariance matrix (Eberly §6.1.2–6.1.3: the axes are unit
/// eigenvectors of the covariance), right-handed and orthonormal, then rounded
/// to the scalar.
#include <array>
#include <cmath>

#include <Eigen/Eigenvalues>

#include "sepax/core/shapes/vec3.hpp"

namespace sepax::fitting {

using Frame = std::array<Vec3<double>, 3>;

/// Right-handed orthonormal frame from two directions: A0 = u/|u|, A1 = the part
/// of v orthogonal to A0, A2 = A0 × A1 (so right-handed by construction).
inline Frame right_handed_frame(const Vec3<double>& u, const Vec3<double>& v) {
  Frame f;
  f[0] = u.normalized();
  f[1] = (v - f[0].dot(v) * f[0]).normalized();
  f[2] = f[0].cross(f[1]).normalized();
  return f;
}

/// Unit eigenvectors of a symmetric 3×3 matrix, largest eigenvalue first,
/// right-handed. A degenerate spectrum (repeated eigenvalues: all points
/// equal, a sphere-like cloud) still gives an orthonormal frame (Eigen's
/// solver returns an orthonormal basis of each eigenspace).
inline Frame frame_from_covariance(const Eigen::Matrix3d& m) {
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> solver(m);
  if (solver.info() != Eigen::Success || !solver.eigenvectors().allFinite()) {
    return {Vec3<double>::UnitX(), Vec3<double>::UnitY(), Vec3<double>::UnitZ()};
  }
  // Eigenvalues ascending: column 2 has the largest.
  return right_handed_frame(solver.eigenvectors().col(2), solver.eigenvectors().col(1));
}

/// The frame rounded to S. Components below 2^-500 are flushed to zero first
/// (the axes stay orthonormal within any tolerance), so enclose()'s products
/// of axis components never underflow.
template <class S>
std::array<Vec3<S>, 3> round_frame(const Frame& f) {
  std::array<Vec3<S>, 3> a;
  for (int i = 0; i < 3; ++i)
    for (int m = 0; m < 3; ++m) a[i][m] = std::abs(f[i][m]) < 0x1p-500 ? S(0) : static_cast<S>(f[i][m]);
  return a;
}

/// The 3×3 matrix whose columns are the frame's axes.
inline Eigen::Matrix3d frame_matrix(const Frame& f) {
  Eigen::Matrix3d r;
  r << f[0], f[1], f[2];
  return r;
}

}  // namespace sepax::fitting
