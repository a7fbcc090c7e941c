#pragma once
/// \file
/// Minimum-volume OBB (Eberly §6.1.1), seeded by the covariance fit.
///
/// Method: Powell's direction-set method (Eberly §6.1.1 recommends it; no
/// derivatives, and V is only piecewise smooth) over a rotation vector θ ∈ R³,
/// R(θ) = R_seed · exp([θ]×), minimising V(θ) = Π (βi − αi), the product of the
/// projection intervals' widths. Chosen over rotating calipers on the hull
/// (O'Rourke's exact O(n³) algorithm) because core is Eigen-only (no hull here)
/// and Powell is what §6.1.1 describes; the hull-based variant in
/// sepax_fitting_cgal runs the same search over the hull's vertices only. Powell
/// finds a local minimum: it starts from several frames (the covariance
/// frame — the seed §6.1.1 suggests —, the coordinate frame, any the caller
/// adds) and is restarted from its result until it stops improving. Every
/// accepted step lowers V, so the result is never worse than the best seed.
#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <stdexcept>
#include <vector>

#include "sepax/core/fitting/enclose.hpp"
#include "sepax/core/fitting/fit_points.hpp"
#include "sepax/core/fitting/frame.hpp"

namespace sepax::fitting {

struct MinVolumeOptions {
  int max_restarts = 4;          // Powell runs from each seed (each from the last result)
  int max_iterations = 60;       // direction-set iterations per run
  double tolerance = 1e-9;       // relative decrease of V that ends a run
};

namespace detail {

/// The volume objective over points held in double, relative to their mean and
/// divided by their scale (so V is O(1) and never overflows). Flat sets: widths
/// are floored at 1e-9 of the largest, so a flat cloud still minimises its area.
class VolumeObjective {
 public:
  template <class S>
  explicit VolumeObjective(std::span<const Vec3<S>> points) {
    Vec3<double> mean = Vec3<double>::Zero();
    for (const auto& p : points) mean += p.template cast<double>() / double(points.size());
    double s = 0;
    for (const auto& p : points) s = std::max(s, (p.template cast<double>() - mean).cwiseAbs().maxCoeff());
    if (!(s > 0) || !std::isfinite(s)) s = 1;
    pts_.resize(3, Eigen::Index(points.size()));
    for (std::size_t k = 0; k < points.size(); ++k)
      pts_.col(Eigen::Index(k)) = (points[k].template cast<double>() - mean) / s;
  }

  double volume(const Eigen::Matrix3d& r) const {
    const Eigen::Matrix3Xd proj = r.transpose() * pts_;
    const Eigen::Vector3d w = proj.rowwise().maxCoeff() - proj.rowwise().minCoeff();
    const double floor = 1e-9 * std::max(w.maxCoeff(), 1e-300);
    return std::max(w[0], floor) * std::max(w[1], floor) * std::max(w[2], floor);
  }

 private:
  Eigen::Matrix3Xd pts_;
};

inline Eigen::Matrix3d rotation(const Eigen::Matrix3d& seed, const Eigen::Vector3d& theta) {
  const double angle = theta.norm();
  if (angle == 0) return seed;
  return seed * Eigen::AngleAxisd(angle, theta / angle).toRotationMatrix();
}

/// Golden-section line minimisation of g(t) after bracketing (Numerical
/// Recipes' mnbrak + golden; Brent's parabolic steps help little on a
/// piecewise-smooth V). Returns t and writes g(t) to best.
template <class G>
double line_minimise(G&& g, double g0, double step, double& best) {
  constexpr double phi = 1.618033988749895, r = 0.6180339887498949;
  double a = 0, b = step, fa = g0, fb = g(b);
  if (fb > fa) {
    std::swap(a, b);
    std::swap(fa, fb);
  }
  double c = b + phi * (b - a), fc = g(c);
  for (int k = 0; k < 40 && fc < fb; ++k) {
    a = b, fa = fb;
    b = c, fb = fc;
    c = b + phi * (b - a), fc = g(c);
  }
  // Minimum bracketed by [a, c] with interior b (or at the start: then [a,c] still brackets it).
  double lo = std::min(a, c), hi = std::max(a, c);
  double x1 = hi - r * (hi - lo), x2 = lo + r * (hi - lo);
  double f1 = g(x1), f2 = g(x2);
  for (int k = 0; k < 60 && hi - lo > 1e-10; ++k) {
    if (f1 < f2) {
      hi = x2, x2 = x1, f2 = f1;
      x1 = hi - r * (hi - lo), f1 = g(x1);
    } else {
      lo = x1, x1 = x2, f1 = f2;
      x2 = lo + r * (hi - lo), f2 = g(x2);
    }
  }
  double t = 0;
  best = g0;
  for (auto [x, f] : {std::pair{x1, f1}, std::pair{x2, f2}, std::pair{b, fb}})
    if (f < best) best = f, t = x;
  return t;
}

/// One Powell run from `seed`; returns the improved frame matrix and its V.
inline Eigen::Matrix3d powell(const VolumeObjective& obj, const Eigen::Matrix3d& seed, double& v,
                              const MinVolumeOptions& opt) {
  Eigen::Matrix3d dirs = Eigen::Matrix3d::Identity();
  Eigen::Vector3d theta = Eigen::Vector3d::Zero();
  v = obj.volume(seed);
  for (int it = 0; it < opt.max_iterations; ++it) {
    const double v_start = v;
    const Eigen::Vector3d theta_start = theta;
    int biggest = 0;
    double biggest_drop = 0;
    for (int d = 0; d < 3; ++d) {
      const Eigen::Vector3d u = dirs.col(d);
      double fbest;
      const double t = line_minimise([&](double s) { return obj.volume(rotation(seed, theta + s * u)); }, v,
                                     0.05, fbest);
      if (fbest < v) {
        if (v - fbest > biggest_drop) biggest_drop = v - fbest, biggest = d;
        theta += t * u;
        v = fbest;
      }
    }
    // Powell's update: move along the net displacement, replace the direction of largest drop.
    const Eigen::Vector3d net = theta - theta_start;
    if (net.norm() > 0) {
      double fbest;
      const Eigen::Vector3d u = net.normalized();
      const double t = line_minimise([&](double s) { return obj.volume(rotation(seed, theta + s * u)); }, v,
                                     0.5 * net.norm(), fbest);
      if (fbest < v) theta += t * u, v = fbest;
      dirs.col(biggest) = dirs.col(2);
      dirs.col(2) = u;
    }
    if (!(v_start - v > opt.tolerance * v_start)) break;
  }
  return rotation(seed, theta);
}

}  // namespace detail

/// The frame of (locally) minimum volume for the points, starting from each of
/// `seeds` plus the points' covariance frame and the coordinate frame.
template <class S>
Frame min_volume_frame(std::span<const Vec3<S>> points, std::span<const Frame> seeds = {},
                       const MinVolumeOptions& opt = {}) {
  const detail::VolumeObjective obj(points);
  std::vector<Frame> starts(seeds.begin(), seeds.end());
  starts.push_back(points_frame<S>(points));
  starts.push_back({Vec3<double>::UnitX(), Vec3<double>::UnitY(), Vec3<double>::UnitZ()});
  Eigen::Matrix3d best_r = frame_matrix(starts.front());
  double best_v = std::numeric_limits<double>::infinity();
  for (const Frame& f : starts) {
    Eigen::Matrix3d r = frame_matrix(f);
    double v = obj.volume(r);
    for (int k = 0; k < opt.max_restarts; ++k) {
      double v_new;
      const Eigen::Matrix3d r_new = detail::powell(obj, r, v_new, opt);
      if (!(v_new < v)) break;
      const bool small = v - v_new <= opt.tolerance * v;
      r = r_new, v = v_new;
      if (small) break;
    }
    if (v < best_v) best_v = v, best_r = r;
  }
  // Re-orthonormalise (products of rotations drift by ulps), right-handed.
  return right_handed_frame(best_r.col(0), best_r.col(1));
}

/// Eberly §6.1.1 seeded by §6.1.2. The stored box contains every point exactly.
template <class S>
Obb3<S> fit_min_volume(std::span<const Vec3<S>> points, std::span<const Frame> seeds = {},
                       const MinVolumeOptions& opt = {}) {
  if (points.empty()) throw std::invalid_argument("sepax::fitting::fit_min_volume: no points");
  for (std::size_t k = 0; k < points.size(); ++k)
    if (!detail::finite(points[k]))
      throw std::invalid_argument("sepax::fitting::fit_min_volume: point " + std::to_string(k) +
                                  " is not finite");
  return enclose<S>(round_frame<S>(min_volume_frame<S>(points, seeds, opt)), points);
}

}  // namespace sepax::fitting
