// The certified triangle–OBB test's filter (tri_obb_certified.hpp derives
// the bounds); undecided axes go to exact_gap_sign (tri_obb_exact_gap.cpp).
#include "sepax/core/static/tri_obb_certified.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "sepax/core/numeric/accurate_products.hpp"

namespace sepax::tri_obb {
namespace {

struct V {
  double x, y, z;
};

inline V sub(const V& p, const V& q) { return {p.x - q.x, p.y - q.y, p.z - q.z}; }
inline V cross(const V& p, const V& q) { return {p.y * q.z - p.z * q.y, p.z * q.x - p.x * q.z, p.x * q.y - p.y * q.x}; }
inline double dot(const V& p, const V& q) { return p.x * q.x + p.y * q.y + p.z * q.z; }
inline double max_abs(const V& v) { return std::fmax(std::fabs(v.x), std::fmax(std::fabs(v.y), std::fabs(v.z))); }

template <class S>
V widen(const Vec3<S>& v) {
  return {double(v[0]), double(v[1]), double(v[2])};
}

template <class S>
[[gnu::noinline, gnu::cold]] bool exact_separates(const Triangle3<S>& t, const Obb3<S>& b, SeparatingAxis axis) {
  return exact_gap_sign(t.template cast<double>(), b.template cast<double>(), axis) > 0;
}

/// g = max(min_k t_k, −max_k t_k) − r for t_k = q_k·L (the header's gap).
inline double gap(const V (&q)[3], const V& l, double r) {
  const double t0 = dot(q[0], l), t1 = dot(q[1], l), t2 = dot(q[2], l);
  const double lo = std::fmin(t0, std::fmin(t1, t2)), hi = std::fmax(t0, std::fmax(t1, t2));
  return std::fmax(lo, -hi) - r;
}

template <class S>
SeparatingAxis first_separating(const Triangle3<S>& T, const Obb3<S>& B, bool& exact_ran) {
  const V c = widen(B.center);
  const V p[3] = {widen(T.vertices[0]), widen(T.vertices[1]), widen(T.vertices[2])};
  const V q[3] = {sub(p[0], c), sub(p[1], c), sub(p[2], c)};
  const V e[3] = {sub(p[1], p[0]), sub(p[2], p[1]), sub(p[0], p[2])};
  const V b[3] = {widen(B.axes[0]), widen(B.axes[1]), widen(B.axes[2])};
  const double eb[3] = {double(B.extents[0]), double(B.extents[1]), double(B.extents[2])};
  // Δ and S rounded up: each is a max or a sum of non-negative terms.
  const double delta = std::fmax(max_abs(q[0]), std::fmax(max_abs(q[1]), max_abs(q[2]))) * (1 + 0x1p-50);
  const double s = (delta + eb[0] + eb[1] + eb[2]) * (1 + 0x1p-49);
  const bool in_range = delta >= 0x1p-300 && delta <= 0x1p300 && s <= 0x1p300;
  const double u = 0x1p-53;
  const double err_face = in_range ? 64 * u * s : INFINITY;
  const double err_normal = in_range ? 320 * u * delta * delta * s : INFINITY;
  const double err_edge = in_range ? 160 * u * delta * s : INFINITY;
  const auto decide = [&](double g, double err, SeparatingAxis axis) {
    if (g > err) return true;
    if (g < -err) return false;
    exact_ran = true;
    return exact_separates(T, B, axis);
  };
  const auto radius = [&](const V& l) {
    return eb[0] * std::fabs(dot(b[0], l)) + eb[1] * std::fabs(dot(b[1], l)) + eb[2] * std::fabs(dot(b[2], l));
  };

  // N = E_0 × E_1 (0 for a degenerate triangle: its gap is then −r ≤ 0).
  {
    const V n = cross(e[0], e[1]);
    const SeparatingAxis axis{AxisKind::normal_a, 0, 0};
    if (decide(gap(q, n, radius(n)), err_normal, axis)) return axis;
  }
  // The box's faces M_j = B_{j+1} × B_{j+2}: radius b_j |det B|.
  double det_b = 0;
#pragma GCC unroll 3
  for (int j = 0; j < 3; ++j) {
    const V m = cross(b[(j + 1) % 3], b[(j + 2) % 3]);
    if (j == 0) det_b = dot(m, b[0]);
    const SeparatingAxis axis{AxisKind::face_b, 0, std::uint8_t(j)};
    if (decide(gap(q, m, eb[j] * std::fabs(det_b)), err_face, axis)) return axis;
  }
  // E_i × B_j.
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i)
#pragma GCC unroll 3
    for (int j = 0; j < 3; ++j) {
      const V l = cross(e[i], b[j]);
      const SeparatingAxis axis{AxisKind::edge_edge, std::uint8_t(i), std::uint8_t(j)};
      if (decide(gap(q, l, radius(l)), err_edge, axis)) return axis;
    }
  return {};
}

}  // namespace

template <class S>
CertifiedResult<S> test_certified(const Triangle3<S>& a, const Obb3<S>& b) {
  CertifiedResult<S> out;
  const SeparatingAxis axis = first_separating(a, b, out.exact_path);
  if (axis.kind == AxisKind::none) return out;
  out.result.intersects = false;
  out.result.axis = axis;
  // The axis in world coordinates, as the header defines it.
  const Triangle3<double> t = a.template cast<double>();
  const Obb3<double> box = b.template cast<double>();
  // The edges' crosses from the exact edges (accurate_products.hpp): a
  // sliver's normal or an edge nearly parallel to a box axis still points
  // where the exact axis does, to a few ulps.
  const auto& u = t.vertices;
  Vec3<double> dir;
  switch (axis.kind) {
    case AxisKind::normal_a: dir = accurate::edge_cross(u[0], u[1], u[1], u[2]); break;
    case AxisKind::face_b: dir = box.axes[(axis.j + 1) % 3].cross(box.axes[(axis.j + 2) % 3]); break;
    default:
      dir = accurate::edge_cross(u[axis.i], u[(axis.i + 1) % 3], Vec3<double>::Zero().eval(), box.axes[axis.j]);
      break;
  }
  out.result.direction = dir.template cast<S>();
  return out;
}

bool intersects_certified(const Triangle3<float>& a, const Obb3<float>& b, bool* exact_path) {
  bool exact = false;
  const bool hit = first_separating(a, b, exact).kind == AxisKind::none;
  if (exact_path) *exact_path = exact;
  return hit;
}
bool intersects_certified(const Triangle3<double>& a, const Obb3<double>& b, bool* exact_path) {
  bool exact = false;
  const bool hit = first_separating(a, b, exact).kind == AxisKind::none;
  if (exact_path) *exact_path = exact;
  return hit;
}

template CertifiedResult<float> test_certified(const Triangle3<float>&, const Obb3<float>&);
template CertifiedResult<double> test_certified(const Triangle3<double>&, const Obb3<double>&);

}  // namespace sepax::tri_obb
