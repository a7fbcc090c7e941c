#pragma once
/// \file
/// Is a pair (and motion) valid input for a kernel computing in a
/// scalar: every number finite and exactly a number of that scalar, boxes
/// passing validate() with the scalar's axis tolerance, T ≥ 0. What generated
/// cases are by construction, and what shrinking and fuzzing must keep.
#include <optional>

#include "sepax/core/moving/motion.hpp"
#include "sepax/core/registry.hpp"

namespace sepax::harness {

bool valid_case(const ShapePair& pair, const std::optional<LinearMotiond>& motion, ScalarKind scalar);

}  // namespace sepax::harness
