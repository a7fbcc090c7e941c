// Family "random" (SPEC §5): uniformly random rotations from unit quaternions,
// box extents and triangle sizes log-uniform in [0.1, 2], and B placed near
// contact with A (placement.hpp) across a random feature pair — face of A,
// face of B, edge × edge, or a generic direction — with a signed gap that is
// mostly tiny, so about half the pairs intersect and many sit at the boundary.
#include "families/families.hpp"
#include "building/placement.hpp"

namespace sepax::gen::detail {
namespace {

constexpr double kMinSize = 0.1;
constexpr double kMaxSize = 2.0;

Triangle3d sized_triangle(Source& source, const Vec3d& center) {
  const double size = log_uniform(source, kMinSize, kMaxSize);
  return random_triangle(source, center, size);
}

}  // namespace

ShapePair generate_random(Query query, ScalarKind scalar, Source& source) {
  ShapePair pair;
  pair.query = query;
  const Vec3d center_a{source.uniform(-2, 2), source.uniform(-2, 2), source.uniform(-2, 2)};
  const Vec3d origin = Vec3d::Zero();
  switch (query) {
    case Query::obb_obb:
      pair.obb_a = random_box(source, center_a, kMinSize, kMaxSize);
      pair.obb_b = random_box(source, origin, kMinSize, kMaxSize);
      break;
    case Query::tri_obb:
      pair.tri_a = sized_triangle(source, center_a);
      pair.obb_b = random_box(source, origin, kMinSize, kMaxSize);
      break;
    case Query::tri_tri:
      pair.tri_a = sized_triangle(source, center_a);
      pair.tri_b = sized_triangle(source, origin);
      break;
  }
  translate_b(pair, near_contact_translation(source, pair, scalar));
  round_to_scalar(pair, scalar);
  return pair;
}

}  // namespace sepax::gen::detail
