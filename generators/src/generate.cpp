// generate(): dispatch to the family; the seeded overload gives case `index`
// of campaign `seed` its own independent stream.
#include "sepax/generators/generate.hpp"

#include "families/families.hpp"
#include "sepax/generators/motion_case.hpp"

namespace sepax::gen {

ShapePair generate(Family family, Query query, ScalarKind scalar, Source& source) {
  switch (family) {
    case Family::random:
      return detail::generate_random(query, scalar, source);
    case Family::parallel_edges:
      return detail::generate_parallel_edges(query, scalar, source);
    case Family::touching:
      return detail::generate_touching(query, scalar, source);
    case Family::coplanar:
      return detail::generate_coplanar(query, scalar, source);
    case Family::scale:
      return detail::generate_scale(query, scalar, source);
    case Family::degenerate_shapes:
      return detail::generate_degenerate_shapes(query, scalar, source);
    case Family::near_parallel:
      return detail::generate_near_parallel(query, scalar, source);
    case Family::ultra_parallel:
      return detail::generate_ultra_parallel(query, scalar, source);
    case Family::motion:
      // The configuration at t = 0 of the moving case (same choices).
      return generate_motion_case(query, scalar, source).moving.pair;
  }
  return detail::generate_random(query, scalar, source);
}

ShapePair generate(Family family, Query query, ScalarKind scalar, std::uint64_t seed,
                   std::uint64_t index) {
  SeededSource source(seed, index);
  return generate(family, query, scalar, source);
}

}  // namespace sepax::gen
