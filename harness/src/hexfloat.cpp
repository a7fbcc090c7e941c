#include "sepax/harness/hexfloat.hpp"

#include <cctype>
#include <cstdlib>
#include <limits>

#include <fmt/format.h>

namespace sepax::harness {
namespace {

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != b[i]) return false;
  return true;
}

bool is_hex_digit(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// The grammar is checked here because strtod also accepts decimals, leading
/// spaces and "0x" without digits, which a case file must not.
bool is_hex_literal(std::string_view body) {
  if (body.size() < 3 || body[0] != '0' || (body[1] != 'x' && body[1] != 'X')) return false;
  std::size_t i = 2;
  std::size_t digits = 0;
  while (i < body.size() && is_hex_digit(body[i])) ++i, ++digits;
  if (i < body.size() && body[i] == '.') {
    ++i;
    while (i < body.size() && is_hex_digit(body[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i == body.size()) return true;
  if (body[i] != 'p' && body[i] != 'P') return false;
  ++i;
  if (i < body.size() && (body[i] == '+' || body[i] == '-')) ++i;
  if (i == body.size()) return false;
  while (i < body.size() && is_digit(body[i])) ++i;
  return i == body.size();
}

template <class S>
S strto(const std::string& text);
template <>
float strto<float>(const std::string& text) {
  return std::strtof(text.c_str(), nullptr);
}
template <>
double strto<double>(const std::string& text) {
  return std::strtod(text.c_str(), nullptr);
}

}  // namespace

std::string format_hex(double value) { return fmt::format("{:a}", value); }

template <class S>
std::optional<S> parse_hex(std::string_view text) {
  const bool negative = !text.empty() && text.front() == '-';
  const std::string_view body =
      !text.empty() && (text.front() == '-' || text.front() == '+') ? text.substr(1) : text;
  S magnitude;
  if (equals_ignoring_case(body, "inf") || equals_ignoring_case(body, "infinity")) {
    magnitude = std::numeric_limits<S>::infinity();
  } else if (equals_ignoring_case(body, "nan")) {
    magnitude = std::numeric_limits<S>::quiet_NaN();
  } else if (is_hex_literal(body)) {
    // glibc's strtod/strtof round hexadecimal input correctly in the C locale,
    // which this program never leaves (no setlocale call).
    magnitude = strto<S>(std::string(body));
  } else {
    return std::nullopt;
  }
  return negative ? -magnitude : magnitude;
}

template std::optional<float> parse_hex<float>(std::string_view);
template std::optional<double> parse_hex<double>(std::string_view);

}  // namespace sepax::harness
