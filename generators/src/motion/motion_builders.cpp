// Building blocks of moving cases; see motion_builders.hpp for the exactness
// argument.
#include "motion/motion_builders.hpp"

#include <algorithm>
#include <cmath>

namespace sepax::gen::detail {

int scalar_digits(ScalarKind scalar) { return scalar == ScalarKind::float32 ? 24 : 53; }

std::vector<Vec3d> b_positions(const ShapePair& pair) {
  if (pair.query == Query::tri_tri) {
    return {pair.tri_b.vertices.begin(), pair.tri_b.vertices.end()};
  }
  return {pair.obb_b.center};
}

bool translate_b_exactly(ShapePair& pair, const Vec3d& shift, ScalarKind scalar) {
  std::vector<Vec3d> moved = b_positions(pair);
  for (Vec3d& p : moved) {
    for (int k = 0; k < 3; ++k) {
      double sum = 0;
      if (!exact_sum(p[k], shift[k], sum) || !representable(sum, scalar)) return false;
      p[k] = sum;
    }
  }
  if (pair.query == Query::tri_tri) {
    std::copy(moved.begin(), moved.end(), pair.tri_b.vertices.begin());
  } else {
    pair.obb_b.center = moved[0];
  }
  return true;
}

std::optional<Vec3d> exact_translation_step(const ShapePair& pair, const Vec3d& target,
                                            int multiplier, ScalarKind scalar) {
  const int digits = scalar_digits(scalar);
  const std::vector<Vec3d> positions = b_positions(pair);
  for (int halving = 0; halving <= 12; ++halving) {
    const Vec3d wanted = std::ldexp(1.0, -halving) * target / multiplier;
    Vec3d step = Vec3d::Zero();
    for (int k = 0; k < 3; ++k) {
      if (wanted[k] == 0) continue;
      double largest = 0;
      for (const Vec3d& p : positions) largest = std::max(largest, std::abs(p[k]));
      // The finest grid on which every moved coordinate still has ≤ digits bits.
      const int grid = magnitude_exponent(largest + multiplier * std::abs(wanted[k])) - digits;
      step[k] = std::ldexp(std::nearbyint(std::ldexp(wanted[k], -grid)), grid);
    }
    if (step == Vec3d::Zero()) return std::nullopt;  // halving only makes it coarser
    if (to_scalar(step, scalar) != step) continue;
    ShapePair moved = pair;
    if (translate_b_exactly(moved, multiplier * step, scalar)) return step;
  }
  return std::nullopt;
}

LinearMotiond split_velocity(Source& source, const Vec3d& W, double speed, double duration,
                             ScalarKind scalar) {
  LinearMotiond motion;
  motion.velocity_b = W;
  motion.duration = duration;
  if (source.coin()) return motion;
  // A few-bit dyadic velocity for a: k·2^e with |k| ≤ 16, e from the speed.
  const int exponent = magnitude_exponent(speed > 0 ? speed : 1.0) - 4 + uniform_int(source, -2, 8);
  Vec3d va;
  for (int k = 0; k < 3; ++k) va[k] = std::ldexp(uniform_int(source, -16, 16), exponent);
  Vec3d vb;
  for (int k = 0; k < 3; ++k) {
    double sum = 0;
    if (!exact_sum(va[k], W[k], sum) || !representable(sum, scalar)) return motion;
    vb[k] = sum;
  }
  motion.velocity_a = va;
  motion.velocity_b = vb;
  return motion;
}

double random_duration(Source& source, int lo, int hi, ScalarKind scalar) {
  return to_scalar(pow2_uniform(source, lo, hi), scalar);
}

double length_scale(const ShapePair& pair) {
  double a = 0;
  double b = 0;
  switch (pair.query) {
    case Query::obb_obb:
      a = shape_size(pair.obb_a), b = shape_size(pair.obb_b);
      break;
    case Query::tri_obb:
      a = shape_size(pair.tri_a), b = shape_size(pair.obb_b);
      break;
    case Query::tri_tri:
      a = shape_size(pair.tri_a), b = shape_size(pair.tri_b);
      break;
  }
  const double smaller = std::min(a, b);
  if (smaller > 0) return smaller;
  const double larger = std::max(a, b);
  return larger > 0 ? larger : 1.0;
}

Vec3d random_tangent(Source& source, const Vec3d& n) {
  for (int attempt = 0; attempt < 8; ++attempt) {
    const Vec3d t = n.cross(random_unit_vector(source));
    const double norm = t.norm();
    if (norm > 0.1) return t / norm;
  }
  return n.unitOrthogonal();
}

}  // namespace sepax::gen::detail
