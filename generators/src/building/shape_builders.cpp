// Shared building blocks of the families; see shape_builders.hpp for why only
// IEEE-exact operations appear here.
#include "building/shape_builders.hpp"

#include <algorithm>
#include <cmath>

namespace sepax::gen::detail {

int uniform_int(Source& source, int lo, int hi) {
  return lo + static_cast<int>(source.below(static_cast<std::uint64_t>(hi - lo) + 1));
}

bool chance(Source& source, double p) { return source.unit() < p; }

int random_sign(Source& source) { return source.coin() ? 1 : -1; }

int signed_int(Source& source, int lo, int hi) {
  const int sign = random_sign(source);
  return sign * uniform_int(source, lo, hi);
}

double pow2_uniform(Source& source, double e_lo, double e_hi) {
  const double u = source.uniform(e_lo, e_hi);
  const double octave = std::floor(u);
  return std::ldexp(1.0 + (u - octave), static_cast<int>(octave));
}

double log_uniform(Source& source, double lo, double hi) {
  // log2 of the bounds only picks the octave range; the value is clamped.
  int e_lo = 0;
  int e_hi = 0;
  std::frexp(lo, &e_lo);
  std::frexp(hi, &e_hi);
  const double lo_exp = (e_lo - 1) + (std::ldexp(lo, 1 - e_lo) - 1.0);
  const double hi_exp = (e_hi - 1) + (std::ldexp(hi, 1 - e_hi) - 1.0);
  return std::clamp(pow2_uniform(source, lo_exp, hi_exp), lo, hi);
}

Vec3d random_in_ball(Source& source) {
  for (int attempt = 0; attempt < 64; ++attempt) {
    const Vec3d p{source.uniform(-1, 1), source.uniform(-1, 1), source.uniform(-1, 1)};
    if (p.squaredNorm() <= 1.0) return p;
  }
  return Vec3d::Zero();
}

Vec3d random_unit_vector(Source& source) {
  for (int attempt = 0; attempt < 64; ++attempt) {
    const Vec3d p{source.uniform(-1, 1), source.uniform(-1, 1), source.uniform(-1, 1)};
    const double n2 = p.squaredNorm();
    if (n2 <= 1.0 && n2 > 1e-6) return p / std::sqrt(n2);
  }
  return Vec3d::UnitZ();
}

std::array<double, 2> random_unit_2d(Source& source, bool first_quadrant, double min_component) {
  const double lo = first_quadrant ? 0.0 : -1.0;
  for (int attempt = 0; attempt < 64; ++attempt) {
    const double x = source.uniform(lo, 1);
    const double y = source.uniform(lo, 1);
    const double n2 = x * x + y * y;
    if (n2 > 1.0 || n2 < 1e-6) continue;
    const double n = std::sqrt(n2);
    const std::array<double, 2> v{x / n, y / n};
    if (first_quadrant && (v[0] < min_component || v[1] < min_component)) continue;
    return v;
  }
  return {std::sqrt(0.5), std::sqrt(0.5)};
}

Axes random_rotation(Source& source) {
  // A point uniform in the 4-ball, normalised, is uniform on S³, and unit
  // quaternions uniform on S³ give rotations uniform in SO(3) (Shoemake).
  double w = 1, x = 0, y = 0, z = 0;
  for (int attempt = 0; attempt < 64; ++attempt) {
    const double a = source.uniform(-1, 1), b = source.uniform(-1, 1);
    const double c = source.uniform(-1, 1), d = source.uniform(-1, 1);
    const double n2 = a * a + b * b + c * c + d * d;
    if (n2 > 1.0 || n2 < 1e-6) continue;
    const double n = std::sqrt(n2);
    w = a / n, x = b / n, y = c / n, z = d / n;
    break;
  }
  return {Vec3d(1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)),
          Vec3d(2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)),
          Vec3d(2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y))};
}

Axes random_signed_permutation(Source& source) {
  static constexpr std::array<std::array<int, 3>, 6> kPermutations{
      {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
  const auto& p = kPermutations[source.below(6)];
  Axes axes;
  axes[0] = random_sign(source) * Vec3d::Unit(p[0]);
  axes[1] = random_sign(source) * Vec3d::Unit(p[1]);
  axes[2] = axes[0].cross(axes[1]);  // exact: right-handed by construction
  return axes;
}

Vec3d rotate_small(const Vec3d& v, const Vec3d& axis, double angle) {
  // Taylor series: the next terms are below 1e-20 for |angle| ≤ 0.02.
  const double t2 = angle * angle;
  const double sin_t = angle * (1 - t2 / 6 * (1 - t2 / 20 * (1 - t2 / 42)));
  const double one_minus_cos = t2 / 2 * (1 - t2 / 12 * (1 - t2 / 30 * (1 - t2 / 56)));
  const Vec3d kv = axis.cross(v);
  return v + sin_t * kv + one_minus_cos * axis.cross(kv);
}

Axes rotate_small(const Axes& axes, const Vec3d& axis, double angle) {
  return {rotate_small(axes[0], axis, angle), rotate_small(axes[1], axis, angle),
          rotate_small(axes[2], axis, angle)};
}

Axes planar_rotation(int w, double c, double s) {
  const int u = (w + 1) % 3;
  const int v = (w + 2) % 3;
  Axes axes;
  axes[w] = Vec3d::Unit(w);
  axes[u] = c * Vec3d::Unit(u) + s * Vec3d::Unit(v);
  axes[v] = -s * Vec3d::Unit(u) + c * Vec3d::Unit(v);
  return axes;
}

Obb3d make_box(const Vec3d& center, const Axes& axes, const std::array<double, 3>& extents) {
  Obb3d box;
  box.center = center;
  box.axes = axes;
  box.extents = extents;
  return box;
}

Obb3d random_box(Source& source, const Vec3d& center, double lo, double hi) {
  const Axes axes = random_rotation(source);
  return make_box(
      center, axes,
      {log_uniform(source, lo, hi), log_uniform(source, lo, hi), log_uniform(source, lo, hi)});
}

Triangle3d random_triangle(Source& source, const Vec3d& center, double size) {
  Triangle3d tri;
  for (Vec3d& v : tri.vertices) v = center + size * random_in_ball(source);
  return tri;
}

double shape_size(const Obb3d& box) {
  return std::max({box.extents[0], box.extents[1], box.extents[2]});
}

double shape_size(const Triangle3d& tri) {
  const Vec3d centroid = (tri.vertices[0] + tri.vertices[1] + tri.vertices[2]) / 3;
  double r = 0;
  for (const Vec3d& v : tri.vertices) r = std::max(r, (v - centroid).norm());
  return r;
}

void swap_shapes(ShapePair& pair) {
  std::swap(pair.obb_a, pair.obb_b);
  std::swap(pair.tri_a, pair.tri_b);
}

void shuffle_vertices(Source& source, Triangle3d& tri) {
  std::rotate(tri.vertices.begin(), tri.vertices.begin() + source.below(3), tri.vertices.end());
  if (source.coin()) std::swap(tri.vertices[1], tri.vertices[2]);
}

double to_scalar(double x, ScalarKind scalar) {
  return scalar == ScalarKind::float32 ? static_cast<double>(static_cast<float>(x)) : x;
}

Vec3d to_scalar(const Vec3d& v, ScalarKind scalar) {
  return {to_scalar(v[0], scalar), to_scalar(v[1], scalar), to_scalar(v[2], scalar)};
}

bool representable(double x, ScalarKind scalar) { return to_scalar(x, scalar) == x; }

double ulps_away(double x, int k, ScalarKind scalar) {
  const double direction = k > 0 ? HUGE_VAL : -HUGE_VAL;
  for (int i = 0; i < std::abs(k); ++i) {
    x = scalar == ScalarKind::float32 ? static_cast<double>(std::nextafter(
                                            static_cast<float>(x), static_cast<float>(direction)))
                                      : std::nextafter(x, direction);
  }
  return x;
}

namespace {

void round_box(Obb3d& box, ScalarKind scalar) {
  box.center = to_scalar(box.center, scalar);
  for (int i = 0; i < 3; ++i) {
    box.axes[i] = to_scalar(box.axes[i], scalar);
    box.extents[i] = to_scalar(box.extents[i], scalar);
  }
}

void round_triangle(Triangle3d& tri, ScalarKind scalar) {
  for (Vec3d& v : tri.vertices) v = to_scalar(v, scalar);
}

}  // namespace

void round_to_scalar(ShapePair& pair, ScalarKind scalar) {
  round_box(pair.obb_a, scalar);
  round_box(pair.obb_b, scalar);
  round_triangle(pair.tri_a, scalar);
  round_triangle(pair.tri_b, scalar);
}

}  // namespace sepax::gen::detail
