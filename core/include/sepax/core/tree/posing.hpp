#pragma once
/// \file
/// Tree B placed by a Pose in tree A's frame, conservatively (issue 10).
///
/// B's triangles are posed as the leaf tests see them: R v + t evaluated in
/// double (Pose::apply), rounded to S. B's node boxes are posed to
/// center' = R c + t, axes' = R A_i (double, rounded to S) — NOT renormalised:
/// they are only nearly orthonormal — and their extents are GROWN, for two reasons:
///  1. containment: every posed triangle must lie in the posed box as stored,
///     or pruning at a box could drop a pair the leaf test reports. A vertex
///     v = c + Σ y_i a_i A_i (|y_i| ≤ 1) maps exactly to R c + t + Σ y_i a_i R A_i;
///     the computed vertex, center and axes each differ from their exact images
///     by ≤ (γ3(double) + u_S)·(‖R‖(|c| + Σ a_i) + |t|) per coordinate, so a
///     growth of about 2√3·4·u_S·scale_B covers the vertex in the dual (box)
///     coordinates of the nearly orthonormal posed axes;
///  2. the box kernel: obb_obb::test_static assumes orthonormal axes and rounds;
///     it can only call overlapping parallelepipeds separated when their overlap
///     is within a few u_S (plus the axes' orthonormality defect η = max|RᵀR − I|)
///     of both boxes' sizes and positions — growth by that much of A's and B's
///     scale leaves a margin it cannot round away.
/// Growing is cheaper than the alternative (posing each triangle against A's
/// boxes with tri_obb: a node then costs its triangle count) and keeps the
/// node test the registry's OBB kernel. We take 64·(u_S + η)·scale, about 4x
/// the sum of the first-order bounds above; the tests check (1) exactly with
/// box_contains_exactly on posed boxes, and (2) by comparing the tree's pair
/// sets with brute force and the exact oracle.
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include <Eigen/Core>

#include "sepax/core/numeric/force_inline.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/numeric/round_up.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/shapes/pose.hpp"
#include "sepax/core/shapes/triangle3.hpp"

namespace sepax::tree {

/// Pose-dependent constants of one query, and the posing of B's parts.
template <class S>
class Posing {
 public:
  /// Rotations this far from orthonormal are refused: the box kernel's
  /// radii assume orthonormal axes (a general linear map is not a pose).
  static constexpr double max_defect = 1e-3;

  explicit Posing(const Pose& pose) : pose_(pose) {
    if (!pose.rotation.allFinite() || !pose.translation.allFinite())
      throw std::invalid_argument("sepax::tree: pose is not finite");
    const double eta = (pose.rotation.transpose() * pose.rotation - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff();
    if (!(eta <= max_defect))
      throw std::invalid_argument("sepax::tree: pose rotation is not nearly orthonormal (|RᵀR − I| = " +
                                  std::to_string(eta) + ")");
    eta_ = eta;
    rel_ = 64.0 * (scalar_traits<S>::unit_roundoff + eta + 0x1p-50);
    r_norm_ = pose.rotation.cwiseAbs().rowwise().sum().maxCoeff();
    t_norm_ = pose.translation.cwiseAbs().maxCoeff();
  }

  /// B's triangle as the leaf tests see it: R v + t in double, rounded to S.
  SEPAX_FORCE_INLINE Triangle3<S> triangle(const Triangle3<S>& tri) const {
    Triangle3<S> out;
    for (int k = 0; k < 3; ++k) out.vertices[k] = pose_.apply(tri.vertices[k].template cast<double>()).template cast<S>();
    return out;
  }

  /// B's box posed and grown for containment and for B's share of the kernel's
  /// slack; `extra` (≥ 0) is added too: the traversal passes A's share
  /// (slack_for_scale of A's largest node), so the node test needs no per-pair slack.
  SEPAX_FORCE_INLINE Obb3<S> box(const Obb3<S>& b, double extra = 0) const {
    Obb3<S> out;
    out.center = pose_.apply(b.center.template cast<double>()).template cast<S>();
    for (int i = 0; i < 3; ++i) out.axes[i] = (pose_.rotation * b.axes[i].template cast<double>()).template cast<S>();
    const double grow = growth(b, extra);
    for (int i = 0; i < 3; ++i) out.extents[i] = round_up<S>(double(b.extents[i]) + grow);
    return out;
  }

  /// The radius of a ball about box(b, extra)'s center that contains it, from
  /// b's (Node::radius): the extents grow by g (box()), which moves the corners
  /// by at most g·√3 (< 2g) times the axes' length; the rotation stretches by at
  /// most ‖R‖ ≤ 1 + 1.5η (RᵀR = I + E, |E_ij| ≤ η); computing and rounding the
  /// posed axes adds a few u_S. Rounded up to a float.
  SEPAX_FORCE_INLINE float radius(float b_radius, const Obb3<S>& b, double extra = 0) const {
    const double r = (double(b_radius) + 2 * growth(b, extra)) * (1 + 2 * eta_ + 16 * scalar_traits<S>::unit_roundoff) *
                     (1 + 0x1p-40);
    return round_up<float>(r);
  }

  /// The growth A's boxes add for their share of the kernel's slack (their size
  /// and position), for all of them at once from the largest |center|∞ + Σ extents
  /// (ObbTree::box_scale): B's boxes grown by this need no per-pair slack.
  double slack_for_scale(double a_scale) const { return rel_ * a_scale * (1 + 0x1p-40); }

 private:
  /// How much box() grows each extent of b.
  SEPAX_FORCE_INLINE double growth(const Obb3<S>& b, double extra) const {
    const double sum_a = double(b.extents[0]) + double(b.extents[1]) + double(b.extents[2]);
    const double scale = r_norm_ * 2.0 * (b.center.template cast<double>().cwiseAbs().maxCoeff() + sum_a) + 2.0 * t_norm_;
    return rel_ * scale + extra;
  }

  Pose pose_;
  double eta_ = 0, rel_ = 0, r_norm_ = 0, t_norm_ = 0;
};

}  // namespace sepax::tree
