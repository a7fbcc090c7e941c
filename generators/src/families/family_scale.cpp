// Family "scale" (SPEC §5): sizes log-uniform in [1e-6, 1e6] — half the time
// both shapes at one scale, half the time at independent scales (a 1e-6 box
// against a 1e6 one) — placed near contact (placement.hpp) and then moved
// together far from the origin: |offset| up to 2^24 times a shape's size, so
// the coordinates' rounding error is comparable to the smaller shape or the gap.
#include <algorithm>

#include "families/families.hpp"
#include "building/placement.hpp"

namespace sepax::gen::detail {
namespace {

constexpr double kMinSize = 1e-6;
constexpr double kMaxSize = 1e6;

double clamp_size(double size) { return std::clamp(size, kMinSize, kMaxSize); }

Obb3d scaled_box(Source& source, double size) {
  const Axes axes = random_rotation(source);
  return make_box(Vec3d::Zero(), axes,
                  {clamp_size(size * pow2_uniform(source, -3, 0)),
                   clamp_size(size * pow2_uniform(source, -3, 0)),
                   clamp_size(size * pow2_uniform(source, -3, 0))});
}

}  // namespace

ShapePair generate_scale(Query query, ScalarKind scalar, Source& source) {
  ShapePair pair;
  pair.query = query;
  const double size_a = log_uniform(source, kMinSize, kMaxSize);
  const double size_b = chance(source, 0.5) ? clamp_size(size_a * pow2_uniform(source, -2, 2))
                                            : log_uniform(source, kMinSize, kMaxSize);
  switch (query) {
    case Query::obb_obb:
      pair.obb_a = scaled_box(source, size_a);
      pair.obb_b = scaled_box(source, size_b);
      break;
    case Query::tri_obb:
      pair.tri_a = random_triangle(source, Vec3d::Zero(), size_a);
      pair.obb_b = scaled_box(source, size_b);
      break;
    case Query::tri_tri:
      pair.tri_a = random_triangle(source, Vec3d::Zero(), size_a);
      pair.tri_b = random_triangle(source, Vec3d::Zero(), size_b);
      break;
  }
  translate_b(pair, near_contact_translation(source, pair, scalar));

  const double reference = source.coin() ? size_a : size_b;
  const double distance = reference * pow2_uniform(source, 0, 24);
  const Vec3d direction = random_unit_vector(source);
  translate_all(pair, distance * direction);
  round_to_scalar(pair, scalar);
  return pair;
}

}  // namespace sepax::gen::detail
