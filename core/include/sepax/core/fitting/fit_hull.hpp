#pragma once
/// \file
/// OBB from the convex hull (Eberly §6.1.2's last paragraph and §6.1.3:
/// the orientation should depend on the hull only; the continuous,
/// area-weighted covariance of the hull's faces). Implemented with CGAL's
/// convex_hull_3 in the separate library sepax_fitting_cgal (core is
/// Eigen-only): link it to use these. No CGAL type appears here.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "sepax/core/fitting/fit_min_volume.hpp"
#include "sepax/core/shapes/obb3.hpp"

namespace sepax::fitting {

/// Hull of the points: its vertices (copies of input points) and triangular
/// faces (indices into `vertices`). `dimension` < 3 when the points are
/// coplanar, collinear or all equal; then `faces` is empty and `vertices` holds
/// every input point.
struct Hull {
  std::vector<Vec3<double>> vertices;
  std::vector<std::array<std::uint32_t, 3>> faces;
  int dimension = 0;
};
Hull convex_hull(std::span<const Vec3<double>> points);
Hull convex_hull(std::span<const Vec3<float>> points);

/// Eberly §6.1.3 applied to the hull's faces; for a hull of dimension < 3 the
/// points' covariance (§6.1.2) of the hull's points. Every input point is
/// enclosed exactly (enclose()). Throws std::invalid_argument on empty or
/// non-finite input.
Obb3<double> fit_hull(std::span<const Vec3<double>> points);
Obb3<float> fit_hull(std::span<const Vec3<float>> points);

/// Eberly §6.1.1 over the hull's vertices only (the volume depends on nothing
/// else), seeded by the hull fit's and the points' covariance frames; every
/// input point enclosed exactly.
Obb3<double> fit_min_volume_hull(std::span<const Vec3<double>> points, const MinVolumeOptions& opt = {});
Obb3<float> fit_min_volume_hull(std::span<const Vec3<float>> points, const MinVolumeOptions& opt = {});

/// CGAL's oriented_bounding_box (Chang, Gorissen & Melchior's optimiser on the
/// hull; approximate, randomised: `seed` fixes it) — a reference for quality
/// tables, not a fitting method of sepax. Its 8 corners as CGAL returns them
/// (double, rounded) and the volume spanned at corner 0.
struct ReferenceBox {
  std::array<Vec3<double>, 8> corners;
  double volume = 0;
};
ReferenceBox cgal_oriented_bounding_box(std::span<const Vec3<double>> points, unsigned seed);

}  // namespace sepax::fitting
