#pragma once
/// \file A fuzz input decoded into a valid case of one query: the first byte
/// picks the scalar, the second the generator family — or "raw", where the
/// numbers themselves are drawn from a menu biased to what breaks kernels
/// (zero, signed zero, small integers, dyadic grids, subnormals, extreme
/// exponents, the previous number and its neighbours, axis permutations,
/// a box's axes copied to the other) — and the rest drives that generator
/// (byte_source.hpp). Inputs that decode to an invalid raw case are skipped.
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "sepax/core/moving/motion.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/core/shapes/query.hpp"

namespace sepax::fuzz {

struct FuzzCase {
  ShapePair pair;
  ScalarKind scalar = ScalarKind::float64;
  std::string family;                   ///< a generator family's name, or "raw"
  std::optional<LinearMotiond> motion;  ///< moving targets only
};

/// nullopt when the bytes decode to a raw case that is not valid input (a
/// non-finite number in the scalar, a box failing validate()).
std::optional<FuzzCase> decode_case(std::span<const std::uint8_t> bytes, Query query, bool moving);

/// The bytes of a seed input that makes `decode_case` use `family` (its index
/// in gen::all_families(), or that count for "raw") and `scalar`, followed by
/// `body` (random bytes from the generators' PRNG): the seed corpora.
std::string seed_input(std::size_t family, ScalarKind scalar, std::span<const std::uint8_t> body);

}  // namespace sepax::fuzz
