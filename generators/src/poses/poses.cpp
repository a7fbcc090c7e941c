#include "sepax/generators/poses.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "sepax/core/tree/traversal.hpp"

namespace sepax::gen {
namespace {

using V = Vec3<double>;

struct Bounds {
  V lo = V::Zero(), hi = V::Zero();
};

Bounds bounds(const TriangleMesh& m) {
  Bounds b;
  if (m.vertices.empty()) return b;
  b.lo = b.hi = m.vertices[0];
  for (const V& v : m.vertices) {
    b.lo = b.lo.cwiseMin(v);
    b.hi = b.hi.cwiseMax(v);
  }
  return b;
}

/// Uniform on the unit sphere S^(N-1) by rejection from the cube (sqrt only).
template <int N>
Eigen::Matrix<double, N, 1> unit_vector(Source& src) {
  for (;;) {
    Eigen::Matrix<double, N, 1> v;
    for (int i = 0; i < N; ++i) v[i] = src.uniform(-1, 1);
    const double n2 = v.squaredNorm();
    if (n2 > 1e-4 && n2 <= 1) return v / std::sqrt(n2);
  }
}

/// Bisects the distance along `d` from `base` at which B first touches A (the
/// tree's verdict): returns the smallest distance found separated (hi).
double bisect_contact(const tree::ObbTree<double>& ta, const tree::ObbTree<double>& tb, Pose& p, const V& base,
                      const V& d, double diam) {
  double lo = 0, hi = 2 * diam;
  for (int k = 0; k < 40; ++k) {
    const double mid = 0.5 * (lo + hi);
    p.translation = base + mid * d;
    (tree::test_intersection(ta, tb, p) ? lo : hi) = mid;
  }
  return hi;
}

/// (1…10)·10^-k, k uniform in 3…7: log-uniform-ish over [1e-7, 1e-2) without pow.
double magnitude(Source& src) {
  double scale = 1;
  for (std::uint64_t k = 3 + src.below(5); k > 0; --k) scale /= 10;
  return src.uniform(1, 10) * scale;
}

/// A random signed permutation: exactly orthonormal, and R x is exact.
Eigen::Matrix3d signed_permutation(Source& src) {
  static constexpr int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  const int* perm = perms[src.below(6)];
  Eigen::Matrix3d r = Eigen::Matrix3d::Zero();
  for (int i = 0; i < 3; ++i) r(i, perm[i]) = src.coin() ? 1.0 : -1.0;
  return r;
}

/// x − y when it is exact in double, else false. The rounded difference s is
/// exact iff s + y == x and x − s == y both hold in floating point (each of
/// these is then itself exact: Sterbenz, or a zero error term).
bool exact_difference(double x, double y, double& out) {
  const double s = x - y;
  if (!std::isfinite(s) || s + y != x || x - s != y) return false;
  out = s;
  return true;
}

/// Index of the vertex of `m` (rotated by r) extreme along axis k: the largest
/// (sign > 0) or smallest coordinate; the first such in file order.
std::size_t extreme_vertex(const TriangleMesh& m, const Eigen::Matrix3d& r, int k, double sign) {
  std::size_t best = 0;
  double best_value = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < m.vertices.size(); ++i) {
    const double v = sign * (r * m.vertices[i])[k];
    if (v > best_value) {
      best_value = v;
      best = i;
    }
  }
  return best;
}

}  // namespace

V mesh_box_center(const TriangleMesh& m) {
  const Bounds b = bounds(m);
  return 0.5 * (b.lo + b.hi);
}

double mesh_diameter(const TriangleMesh& m) {
  const Bounds b = bounds(m);
  return (b.hi - b.lo).norm();
}

Pose pose_near_contact(const tree::ObbTree<double>& ta, const tree::ObbTree<double>& tb, const TriangleMesh& a,
                       const TriangleMesh& b, Source& src) {
  const Eigen::Vector4d q4 = unit_vector<4>(src);
  const Eigen::Quaterniond q(q4[0], q4[1], q4[2], q4[3]);
  const V d = unit_vector<3>(src);
  Pose p;
  p.rotation = q.toRotationMatrix();
  const V base = mesh_box_center(a) - p.rotation * mesh_box_center(b);
  const double diam = std::max(mesh_diameter(a), mesh_diameter(b));
  const double hi = bisect_contact(ta, tb, p, base, d, diam);
  const double sign = src.coin() ? 1.0 : -1.0;
  p.translation = base + (hi + sign * magnitude(src) * diam) * d;
  return p;
}

Pose exact_pose_near_contact(const tree::ObbTree<double>& ta, const tree::ObbTree<double>& tb,
                             const TriangleMesh& a, const TriangleMesh& b, Source& src) {
  Pose p;
  p.rotation = signed_permutation(src);
  V d = V::Zero();
  d[int(src.below(3))] = src.coin() ? 1.0 : -1.0;
  const double diam = std::max(mesh_diameter(a), mesh_diameter(b));
  double unit = 1;  // a power of two ≥ diam
  while (unit < diam) unit *= 2;
  while (unit / 2 >= diam && unit > 0x1p-60) unit /= 2;
  const double grid = unit * 0x1p-12;
  const V base = mesh_box_center(a) - p.rotation * mesh_box_center(b);
  const double hi = bisect_contact(ta, tb, p, base, d, diam);
  const double dist = hi + (src.coin() ? 1.0 : -1.0) * grid;
  V t = base + dist * d;
  for (int i = 0; i < 3; ++i) t[i] = std::nearbyint(t[i] / grid) * grid;  // exact: grid is a power of two
  p.translation = t;
  return p;
}

std::optional<Pose> resting_pose(const TriangleMesh& a, const TriangleMesh& b, Source& src, bool on_a_vertex) {
  if (a.vertices.empty() || b.vertices.empty()) return std::nullopt;
  for (int attempt = 0; attempt < 16; ++attempt) {
    Pose p;
    p.rotation = signed_permutation(src);
    const int k = int(src.below(3));
    const double side = src.coin() ? 1.0 : -1.0;
    // A's extreme vertex along side·e_k and B's (rotated: exact) along −side·e_k.
    const V va = a.vertices[extreme_vertex(a, Eigen::Matrix3d::Identity(), k, side)];
    const V vb = p.rotation * b.vertices[extreme_vertex(b, p.rotation, k, -side)];
    bool exact = exact_difference(va[k], vb[k], p.translation[k]);
    const Bounds ba = bounds(a);
    const V cb = p.rotation * mesh_box_center(b);
    for (int i = 0; i < 3 && exact; ++i) {
      if (i == k) continue;
      if (on_a_vertex) {
        exact = exact_difference(va[i], vb[i], p.translation[i]);
      } else {
        // Centred over A's box, shifted by up to a quarter of it, on a dyadic grid.
        const double span = ba.hi[i] - ba.lo[i];
        double grid = 1;
        while (grid > span * 0x1p-10 && grid > 0x1p-60) grid /= 2;
        const double want = 0.5 * (ba.lo[i] + ba.hi[i]) - cb[i] + src.uniform(-0.25, 0.25) * span;
        p.translation[i] = std::nearbyint(want / grid) * grid;
      }
    }
    if (exact) return p;
  }
  return std::nullopt;
}

MovingPose moving_pose_near_contact(const tree::ObbTree<double>& ta, const tree::ObbTree<double>& tb,
                                    const TriangleMesh& a, const TriangleMesh& b, Source& src, double dt) {
  MovingPose mp;
  mp.pose = pose_near_contact(ta, tb, a, b, src);
  const V u = unit_vector<3>(src);
  const double d = 0.1 * std::max(mesh_diameter(a), mesh_diameter(b));
  mp.pose.translation += d * u;
  mp.velocity = -u * (d / (0.9 * dt));
  mp.dt = dt;
  return mp;
}

std::uint64_t seed_for(std::uint64_t seed, std::string_view label) {
  std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a
  for (unsigned char c : label) h = (h ^ c) * 0x100000001b3ull;
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ull + h;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::vector<Pose> near_contact_poses(const TriangleMesh& a, const TriangleMesh& b, const PoseSetOptions& options) {
  const auto ta = tree::build<double>(a), tb = tree::build<double>(b);
  SeededSource src(options.seed);
  std::vector<Pose> out;
  out.reserve(options.count + options.exact);
  for (std::size_t k = 0; k < options.count; ++k) out.push_back(pose_near_contact(ta, tb, a, b, src));
  for (std::size_t k = 0; k < options.exact; ++k) out.push_back(exact_pose_near_contact(ta, tb, a, b, src));
  for (std::size_t k = 0; k < options.resting; ++k) {
    const auto p = resting_pose(a, b, src, k % 2 == 1);
    out.push_back(p ? *p : exact_pose_near_contact(ta, tb, a, b, src));
  }
  return out;
}

}  // namespace sepax::gen
