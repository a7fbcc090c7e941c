#pragma once
// The box of a tree node (Eberly §6.1.3, OBB from triangles) from moments
// summed once per triangle, not recomputed per node: the build visits every
// triangle once per level, and recomputing areas and products there was a
// third of the build (sepax_bench_trees). Internal to obb_tree.cpp.
//
// With uniform density on each triangle, weight m_i (area), S_i = v0 + v1 + v2
// and T = Σ m_i, the area-weighted continuous covariance of fit_triangles.hpp,
//   M = Σ_i m_i/12 · ((Σ_j d_j)(Σ_j d_j)ᵀ + Σ_j d_j d_jᵀ) / T,  d_j = v_j − C,
// expands (with C = Σ m_i S_i / 3T) to
//   M = (1/T) Σ_i m_i/12 · (S_i S_iᵀ + Σ_j v_j v_jᵀ) − C Cᵀ,
// so a node needs only the sums of m_i, m_i S_i and the per-triangle second
// moments. Coordinates are taken relative to the mesh's first vertex and
// divided by its extent, so the cancellation in M − C Cᵀ costs digits only in
// proportion to how small a node is against the mesh — the axes need no more
// (the box contains its triangles whatever the axes: enclose() certifies it).
#include <array>
#include <cmath>
#include <span>
#include <vector>

#include <Eigen/Eigenvalues>

#include "sepax/core/fitting/enclose.hpp"
#include "sepax/core/fitting/fit_triangles.hpp"
#include "sepax/core/fitting/frame.hpp"
#include "sepax/core/shapes/triangle3.hpp"

namespace sepax::tree::detail {

/// A triangle's share of a node's covariance sums (or a node's sums).
struct TriangleMoments {
  double area = 0;
  Vec3<double> first = Vec3<double>::Zero();  ///< area · (v0 + v1 + v2)
  std::array<double, 6> second{};             ///< area/12 · (S Sᵀ + Σ v vᵀ): xx yy zz xy xz yz

  TriangleMoments& operator+=(const TriangleMoments& o) {
    area += o.area;
    first += o.first;
    for (int k = 0; k < 6; ++k) second[k] += o.second[k];
    return *this;
  }
  TriangleMoments operator-(const TriangleMoments& o) const {
    TriangleMoments r = *this;
    r.area -= o.area;
    r.first -= o.first;
    for (int k = 0; k < 6; ++k) r.second[k] -= o.second[k];
    return r;
  }
};


/// Coordinates the moments are taken in: (v − origin) / scale.
struct MomentFrame {
  Vec3<double> origin = Vec3<double>::Zero();
  double scale = 1;
};

template <class S>
MomentFrame moment_frame(std::span<const Triangle3<S>> tris) {
  MomentFrame f;
  if (tris.empty()) return f;
  f.origin = tris[0].vertices[0].template cast<double>();
  double s = 0;
  for (const auto& t : tris)
    for (const auto& v : t.vertices) s = std::max(s, (v.template cast<double>() - f.origin).cwiseAbs().maxCoeff());
  f.scale = s > 0 && std::isfinite(s) ? s : 1.0;
  return f;
}

template <class S>
TriangleMoments moments_of(const Triangle3<S>& t, const MomentFrame& f) {
  const Vec3<double> v0 = (t.vertices[0].template cast<double>() - f.origin) / f.scale;
  const Vec3<double> v1 = (t.vertices[1].template cast<double>() - f.origin) / f.scale;
  const Vec3<double> v2 = (t.vertices[2].template cast<double>() - f.origin) / f.scale;
  TriangleMoments m;
  m.area = 0.5 * (v1 - v0).cross(v2 - v0).norm();
  if (!(m.area > 0)) {
    m.area = 0;
    return m;
  }
  const Vec3<double> s = v0 + v1 + v2;
  m.first = m.area * s;
  const double w = m.area / 12.0;
  auto xy = [&](int a, int b) { return w * (s[a] * s[b] + v0[a] * v0[b] + v1[a] * v1[b] + v2[a] * v2[b]); };
  m.second = {xy(0, 0), xy(1, 1), xy(2, 2), xy(0, 1), xy(0, 2), xy(1, 2)};
  return m;
}

/// Axes from a node's summed moments (eigenvectors of M, Eigen's closed-form
/// 3×3 solver: any orthonormal frame is valid, containment never depends on
/// it), or none when every triangle has zero area.
inline bool node_frame(const TriangleMoments& sum, fitting::Frame& frame) {
  const double area = sum.area;
  const Vec3<double>& first = sum.first;
  const std::array<double, 6>& second = sum.second;
  if (!(area > 0)) return false;
  const Vec3<double> c = first / (3.0 * area);
  Eigen::Matrix3d cov;
  cov << second[0], second[3], second[4], second[3], second[1], second[5], second[4], second[5], second[2];
  cov = cov / area - c * c.transpose();
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> solver;
  solver.computeDirect(cov);
  if (solver.info() != Eigen::Success || !solver.eigenvectors().allFinite()) return false;
  frame = fitting::right_handed_frame(solver.eigenvectors().col(2), solver.eigenvectors().col(1));
  return frame[0].allFinite() && frame[1].allFinite() && frame[2].allFinite();
}

/// One triangle's own frame: its longest edge, the in-plane normal to it, the
/// triangle's normal — the eigenvectors' job done without a solver (its box is
/// flat, as the covariance's would be). False for a zero-area triangle.
template <class S>
bool triangle_frame(const Triangle3<S>& t, fitting::Frame& frame) {
  const Vec3<double> v0 = t.vertices[0].template cast<double>(), v1 = t.vertices[1].template cast<double>(),
                     v2 = t.vertices[2].template cast<double>();
  const std::array<Vec3<double>, 3> e{v1 - v0, v2 - v1, v0 - v2};
  int longest = 0;
  for (int k = 1; k < 3; ++k)
    if (e[k].squaredNorm() > e[longest].squaredNorm()) longest = k;
  const Vec3<double> normal = e[0].cross(e[1]);
  if (!(normal.squaredNorm() > 0)) return false;
  frame = fitting::right_handed_frame(e[longest], normal.cross(e[longest]));
  return frame[0].allFinite() && frame[1].allFinite() && frame[2].allFinite();
}

/// The node's box: the frame from its moments' sum (a single triangle: its own
/// frame), every vertex enclosed exactly; fit_triangles itself when neither
/// gives a frame (all areas zero).
template <class S>
Obb3<S> fit_node(std::span<const Triangle3<S>> tris, const TriangleMoments& sum) {
  fitting::Frame frame;
  const bool framed = tris.size() == 1 ? triangle_frame(tris[0], frame) || node_frame(sum, frame)
                                       : node_frame(sum, frame);
  if (!framed) return fitting::fit_triangles<S>(tris);
  auto corner = [&](std::size_t k) -> const Vec3<S>& { return tris[k / 3].vertices[k % 3]; };
  return fitting::enclose_with<S>(fitting::round_frame<S>(frame), 3 * tris.size(), corner);
}

}  // namespace sepax::tree::detail
