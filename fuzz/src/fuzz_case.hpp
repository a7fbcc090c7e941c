#pragma once
/// \file A fuzz input decoded into a valid case of one query: the first byte
/// picks the scalar, the second the generator family — or "raw", where the
/// numbers themselves are drawn from a menu biased to what breaks kernels
/// (zero, signed zero, small integers, dyadic grids, subnormals, extreme
/// exponents, the previous number and its neighbours, axis permutations,
/// a box's axes copied to the other) — and the rest drives that generator
/// (byte_source.hpp); or, with the family byte 0xFF, the case's numbers
/// themselves (explicit_case.hpp: what the structure-aware mutator writes).
/// Inputs that decode to an invalid raw or explicit case are skipped.
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
  std::string family;                   ///< a generator family's name, "raw" or "explicit"
  std::optional<LinearMotiond> motion;  ///< moving targets only
};

/// The largest exponent a decoded case's numbers reach: |x| ≤ 2^max_exponent
/// (120 for double, 30 for float). Beyond it the products a SAT test forms
/// overflow in any kernel — and in the judge's rounding band — so findings
/// there say nothing about a kernel's design.
int max_exponent(ScalarKind scalar);
/// Every coordinate, extent, velocity and T of the case within 2^max_exponent.
bool within_magnitude(const FuzzCase& c);

/// nullopt when the bytes decode to a raw or explicit case that is not valid
/// input (a non-finite number in the scalar, a box failing validate(), a
/// number beyond 2^max_exponent).
std::optional<FuzzCase> decode_case(std::span<const std::uint8_t> bytes, Query query, bool moving);

/// The bytes of a seed input that makes `decode_case` use `family` (its index
/// in gen::all_families(), or that count for "raw") and `scalar`, followed by
/// `body` (random bytes from the generators' PRNG): the seed corpora.
std::string seed_input(std::size_t family, ScalarKind scalar, std::span<const std::uint8_t> body);

}  // namespace sepax::fuzz
