#pragma once
/// \file
/// The entry point shared by properties, fuzz, benchmarks and the CLI.
#include <cstdint>

#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/generators/source.hpp"

namespace sepax::gen {

/// One configuration of `family` for `query`. For ScalarKind::float32 every
/// stored number is exactly a float (the kernel under test sees exactly what the
/// oracle judges). Boxes always pass validate() for the scalar.
ShapePair generate(Family family, Query query, ScalarKind scalar, Source& source);

/// Reproducible: the same arguments give the same pair on every platform.
ShapePair generate(Family family, Query query, ScalarKind scalar, std::uint64_t seed,
                   std::uint64_t index);

/// A pair with a constant-velocity motion over [0, T].
struct MovingPair {
  ShapePair pair;
  LinearMotiond motion;
};

/// A moving configuration of `family`: for Family::motion the dedicated motion
/// cases (SPEC §5: grazing, velocity parallel to a face or an edge, zero
/// velocity, T = 0, contact exactly at t = 0 or t = T, initially overlapping,
/// passing through); for every other family that family's pair, given a
/// velocity that brings the shapes into contact within [0, T] about half the
/// time. Float cases store floats only, velocities and T included.
MovingPair generate_moving(Family family, Query query, ScalarKind scalar, Source& source);
MovingPair generate_moving(Family family, Query query, ScalarKind scalar, std::uint64_t seed,
                           std::uint64_t index);

}  // namespace sepax::gen
