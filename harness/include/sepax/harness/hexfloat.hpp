#pragma once
/// \file
/// C99 hexadecimal floating literals ("0x1.8p-3"): the exact, bit-for-bit
/// spelling of a binary floating-point number that case files use so that
/// cases round-trip (SPEC §10).
#include <optional>
#include <string>
#include <string_view>

namespace sepax::harness {

/// The shortest hexadecimal spelling of `value` that reads back to the same
/// bits: "0x1.8p-3", "-0x0p+0" (negative zero keeps its sign), "0x0.0000000000001p-1022"
/// (denormals), "inf", "nan". Float data is stored as double and prints just as
/// short (a float has 23 fraction bits, at most 6 hex digits).
std::string format_hex(double value);

/// Reads a C99 hexadecimal floating literal — optional sign, "0x" or "0X", hex
/// digits with an optional point, optional binary exponent "p±d" — rounded to
/// the nearest `S` (ties to even, as strtod/strtof do; values beyond the range
/// become ±infinity, tiny ones a denormal or zero).
///
/// Also recognizes "inf", "infinity" and "nan" (any case, optional sign) and
/// returns the non-finite value, so that a reader can reject them by name
/// instead of calling them garbage. Anything else — decimal strings, leading or
/// trailing spaces, trailing characters — is std::nullopt.
template <class S>
std::optional<S> parse_hex(std::string_view text);

extern template std::optional<float> parse_hex<float>(std::string_view);
extern template std::optional<double> parse_hex<double>(std::string_view);

}  // namespace sepax::harness
