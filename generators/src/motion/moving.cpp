// generate_moving(): moving cases for every family. The motion family has its
// own constructions (family_motion.cpp); every other family's pair gets a
// velocity here.
//
// The family's pair (about half of them intersecting, most near contact) is
// taken as the configuration b reaches at time T/κ: b is moved back by S —
// along the pair's separating direction (placement.hpp: about the contact
// normal, so b retreats straight away from a) or along a random direction
// (then the way back may cross a) — and given W = −κ·S/T. κ = 1 exactly brings
// b back to the family's configuration at t = T exactly (exact in the scalar:
// S is chosen on the coordinates' lattice and T is a power of two); κ = 1 ± 2^-x
// stops just short of it or runs just past it, so the answer turns on the last
// bits; a bulk κ in [0, 2.5] gives clear hits and misses. Contact within
// [0, T] therefore happens about half the time, often near t = T. T is
// log-uniform in [2^-10, 2^10] and the path 2^-6..4 shape sizes, so speeds
// span many decades at every family's scale.
#include "sepax/generators/generate.hpp"

#include <cmath>

#include "families/families.hpp"
#include "motion/motion_builders.hpp"
#include "building/placement.hpp"
#include "sepax/generators/motion_case.hpp"

namespace sepax::gen {
namespace detail {

MovingPair give_velocity(ShapePair pair, ScalarKind scalar, Source& source) {
  const double length = length_scale(pair);
  const Vec3d direction = source.coin() ? separating_direction(pair) : random_unit_vector(source);
  const Vec3d back = length * pow2_uniform(source, -6, 2) * direction;

  Vec3d shift;
  if (const auto step = exact_translation_step(pair, back, 1, scalar)) {
    shift = *step;
    translate_b_exactly(pair, shift, scalar);
  } else {
    // b's coordinates cannot all move exactly (far from the origin in float,
    // say): move and round them; the family's structure may lose its last bits.
    shift = to_scalar(back, scalar);
    translate_b(pair, shift);
    round_to_scalar(pair, scalar);
  }

  const int digits = scalar_digits(scalar);
  double duration = 0;
  Vec3d W;
  switch (pick(source, std::array{2, 5, 3})) {
    case 0: {  // κ = 1: back at the family's configuration exactly at t = T
      duration = std::ldexp(1.0, uniform_int(source, -10, 10));
      W = -shift / duration;  // a power-of-two division: exact
      break;
    }
    case 1: {  // κ = 1 ± 2^-x: the answer turns on the last bits
      const double sign = random_sign(source);
      const double kappa = 1 + sign * pow2_uniform(source, -(digits + 2), -1);
      duration = random_duration(source, -10, 10, scalar);
      W = to_scalar(Vec3d(-kappa / duration * shift), scalar);
      break;
    }
    default: {  // bulk: clear hits and misses
      const double kappa = source.uniform(0, 2.5);
      duration = random_duration(source, -10, 10, scalar);
      W = to_scalar(Vec3d(-kappa / duration * shift), scalar);
      break;
    }
  }
  MovingPair moving{pair, split_velocity(source, W, W.norm(), duration, scalar)};
  return moving;
}

}  // namespace detail

MovingPair generate_moving(Family family, Query query, ScalarKind scalar, Source& source) {
  if (family == Family::motion) return generate_motion_case(query, scalar, source).moving;
  return detail::give_velocity(generate(family, query, scalar, source), scalar, source);
}

MovingPair generate_moving(Family family, Query query, ScalarKind scalar, std::uint64_t seed,
                           std::uint64_t index) {
  SeededSource source(seed, index);
  return generate_moving(family, query, scalar, source);
}

}  // namespace sepax::gen
