#include "sepax/generators/poses.hpp"

#include <algorithm>
#include <cmath>

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
  // A signed permutation: rows e_perm[i] with signs.
  static constexpr int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  const int* perm = perms[src.below(6)];
  Pose p;
  p.rotation.setZero();
  for (int i = 0; i < 3; ++i) p.rotation(i, perm[i]) = src.coin() ? 1.0 : -1.0;
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

std::vector<Pose> near_contact_poses(const TriangleMesh& a, const TriangleMesh& b, const PoseSetOptions& options) {
  const auto ta = tree::build<double>(a), tb = tree::build<double>(b);
  SeededSource src(options.seed);
  std::vector<Pose> out;
  out.reserve(options.count + options.exact);
  for (std::size_t k = 0; k < options.count; ++k) out.push_back(pose_near_contact(ta, tb, a, b, src));
  for (std::size_t k = 0; k < options.exact; ++k) out.push_back(exact_pose_near_contact(ta, tb, a, b, src));
  return out;
}

}  // namespace sepax::gen
