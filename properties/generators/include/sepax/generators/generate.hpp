#pragma once
/// \file The entry point shared by properties, fuzz, benchmarks and the CLI.
#include <cstdint>

#include "sepax/core/query.hpp"
#include "sepax/core/scalar_traits.hpp"
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

}  // namespace sepax::gen
