// Dyadic-lattice helpers; see lattice.hpp for the exactness argument.
#include "building/lattice.hpp"

#include <bit>
#include <cmath>
#include <vector>

namespace sepax::gen::detail {

int significant_bits(std::int64_t n) {
  if (n == 0) return 0;
  std::uint64_t m = n < 0 ? 0 - static_cast<std::uint64_t>(n) : static_cast<std::uint64_t>(n);
  m >>= std::countr_zero(m);
  return std::bit_width(m);
}

bool fits(std::int64_t n, ScalarKind scalar) {
  return significant_bits(n) <= (scalar == ScalarKind::float32 ? 24 : 53);
}

bool fits(const IVec3& v, ScalarKind scalar) {
  return fits(v[0], scalar) && fits(v[1], scalar) && fits(v[2], scalar);
}

double to_double(std::int64_t n, int exponent) {
  return std::ldexp(static_cast<double>(n), exponent);
}

Vec3d to_double(const IVec3& v, int exponent) {
  return {to_double(v[0], exponent), to_double(v[1], exponent), to_double(v[2], exponent)};
}

IVec3 operator+(const IVec3& a, const IVec3& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
IVec3 operator-(const IVec3& a, const IVec3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
IVec3 operator*(std::int64_t k, const IVec3& a) { return {k * a[0], k * a[1], k * a[2]}; }
std::int64_t dot(const IVec3& a, const IVec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
IVec3 cross(const IVec3& a, const IVec3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
bool is_zero(const IVec3& a) { return a[0] == 0 && a[1] == 0 && a[2] == 0; }

IVec3 shifted(const IVec3& a, int shift) {
  const std::int64_t k = std::int64_t{1} << shift;
  return k * a;
}

IVec3 random_ivec(Source& source, int lo, int hi) {
  return {uniform_int(source, lo, hi), uniform_int(source, lo, hi), uniform_int(source, lo, hi)};
}

int axis_quantum_bits(ScalarKind scalar) { return scalar == ScalarKind::float32 ? 19 : 48; }

std::optional<std::array<IVec3, 3>> quantise_axes(const Axes& axes, int q, ScalarKind scalar) {
  std::array<IVec3, 3> result;
  Axes rounded;
  for (int i = 0; i < 3; ++i) {
    for (int k = 0; k < 3; ++k) {
      result[i][k] = static_cast<std::int64_t>(std::nearbyint(std::ldexp(axes[i][k], q)));
    }
    rounded[i] = to_double(result[i], -q);
  }
  const double limit = 0.5 * axis_tolerance(scalar);
  for (int i = 0; i < 3; ++i) {
    for (int j = i; j < 3; ++j) {
      if (std::abs(rounded[i].dot(rounded[j]) - (i == j ? 1.0 : 0.0)) > limit) return std::nullopt;
    }
  }
  if (rounded[0].cross(rounded[1]).dot(rounded[2]) <= 0) return std::nullopt;
  return result;
}

namespace {

void transform_box(const ExactSymmetry& symmetry, Obb3d& box) {
  box.center = symmetry.point(box.center);
  for (int i = 0; i < 3; ++i) {
    box.axes[i] = symmetry.direction(box.axes[i]);
    box.extents[i] = std::ldexp(box.extents[i], symmetry.exponent);
  }
  if (symmetry.reflects) box.axes[2] = -box.axes[2];
}

}  // namespace

ExactSymmetry ExactSymmetry::draw(Source& source, int min_exponent, int max_exponent) {
  static constexpr std::array<std::array<int, 3>, 6> kPermutations{
      {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}}};
  const int which = static_cast<int>(source.below(6));
  ExactSymmetry s;
  s.source_axis = kPermutations[which];
  s.reflects = which >= 3;
  for (double& sign : s.sign) {
    if (source.coin()) {
      sign = -1;
      s.reflects = !s.reflects;
    }
  }
  s.exponent = uniform_int(source, min_exponent, max_exponent);
  return s;
}

Vec3d ExactSymmetry::direction(const Vec3d& v) const {
  return {sign[0] * v[source_axis[0]], sign[1] * v[source_axis[1]], sign[2] * v[source_axis[2]]};
}

Vec3d ExactSymmetry::point(const Vec3d& p) const {
  return std::ldexp(1.0, exponent) * direction(p);
}

void ExactSymmetry::apply(ShapePair& pair) const {
  transform_box(*this, pair.obb_a);
  transform_box(*this, pair.obb_b);
  for (Triangle3d* tri : {&pair.tri_a, &pair.tri_b}) {
    for (Vec3d& v : tri->vertices) v = point(v);
  }
}

void apply_exact_symmetry(Source& source, ShapePair& pair, int min_exponent, int max_exponent) {
  ExactSymmetry::draw(source, min_exponent, max_exponent).apply(pair);
}

namespace {

// TwoSum (Knuth): x + y = sum + error exactly, sum = fl(x + y).
double two_sum(double x, double y, double& error) {
  const double sum = x + y;
  const double y_virtual = sum - x;
  const double x_virtual = sum - y_virtual;
  error = (x - x_virtual) + (y - y_virtual);
  return sum;
}

// Adds x to a nonoverlapping expansion (Shewchuk's Grow-Expansion): the sum of
// the components stays exactly the sum of everything added, and the components
// grow in magnitude without overlapping.
void grow_expansion(std::vector<double>& expansion, double x) {
  for (double& component : expansion) {
    double error = 0;
    x = two_sum(x, component, error);
    component = error;
  }
  expansion.push_back(x);
}

}  // namespace

bool exact_sum(double x, double y, double& sum) {
  double error = 0;
  sum = two_sum(x, y, error);
  return error == 0;
}

int exact_dot_sign(const Vec3d& u, const Vec3d& v) {
  std::vector<double> expansion;
  for (int k = 0; k < 3; ++k) {
    const double product = u[k] * v[k];
    grow_expansion(expansion, product);
    grow_expansion(expansion, std::fma(u[k], v[k], -product));  // TwoProduct's error term
  }
  // Components grow in magnitude and do not overlap: the last nonzero one
  // carries the sign.
  for (auto it = expansion.rbegin(); it != expansion.rend(); ++it) {
    if (*it != 0) return *it > 0 ? 1 : -1;
  }
  return 0;
}

int grid_exponent(double x) {
  if (x == 0) return 1 << 20;
  int e = 0;
  const double mantissa = std::frexp(x, &e);  // |mantissa| in [1/2, 1)
  const auto bits = static_cast<std::uint64_t>(std::ldexp(std::abs(mantissa), 53));
  return e - 53 + std::countr_zero(bits);
}

int magnitude_exponent(double x) {
  if (x == 0) return -(1 << 20);
  int e = 0;
  std::frexp(x, &e);
  return e;
}

}  // namespace sepax::gen::detail
