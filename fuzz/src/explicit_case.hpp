#pragma once
/// \file The explicit form of a fuzz input: the case's numbers themselves
/// after the scalar byte and the family byte kExplicitFamily. The structure-
/// aware mutator (fuzz/mutator/) writes this form: its moves act on decoded
/// shapes (a shared axis, a vertex exactly on a plane), and only an encoding
/// that stores the numbers keeps what a move built exactly. A generated or raw
/// input re-encoded this way decodes to the same case.
///
/// Layout: byte 0 bit 0 the scalar (as decode_case), byte 1 = 0xFF, then the
/// numbers little-endian in the case's scalar (4-byte floats or 8-byte
/// doubles): per shape of the query in order (obb: center, extents, A0, A1,
/// A2; triangle: U0, U1, U2), then for a moving case velocity_a, velocity_b, T.
/// Bytes after the numbers are ignored.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "fuzz_case.hpp"

namespace sepax::fuzz {

inline constexpr std::uint8_t kExplicitFamily = 0xFF;

/// The bytes of `c` (its query from c.pair, moving when c.motion is set).
std::string encode_explicit(const FuzzCase& c);
/// How many bytes encode_explicit writes for such a case.
std::size_t explicit_size(Query query, ScalarKind scalar, bool moving);
/// The case of explicit-form bytes (family "explicit"); nullopt when they are
/// too short or decode to invalid input (harness::valid_case) or beyond the
/// magnitudes decoded cases keep (within_magnitude).
std::optional<FuzzCase> decode_explicit(std::span<const std::uint8_t> bytes, Query query, bool moving);

}  // namespace sepax::fuzz
