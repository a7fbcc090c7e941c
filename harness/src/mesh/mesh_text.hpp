#pragma once
// Line-by-line reading shared by the text mesh formats: lines with their
// 1-based numbers, whitespace tokens, numbers parsed exactly (from_chars rounds
// correctly, so a decimal coordinate becomes the double nearest to it) and
// refusals naming file, line and field.
#include <charconv>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>

#include "sepax/harness/input_error.hpp"

namespace sepax::harness::mesh_detail {

/// Lines of a text, '\r' before '\n' dropped.
class LineCursor {
 public:
  explicit LineCursor(std::string_view text) : text_(text) {}

  /// The next line into `line`; false at the end of the text.
  bool next(std::string_view& line) {
    if (pos_ >= text_.size()) return false;
    const std::size_t end = text_.find('\n', pos_);
    const std::size_t stop = end == std::string_view::npos ? text_.size() : end;
    line = text_.substr(pos_, stop - pos_);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos_ = stop + 1;
    ++number_;
    return true;
  }
  std::size_t number() const { return number_; }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t number_ = 0;
};

inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

/// Whitespace-separated tokens of one line.
class Tokens {
 public:
  explicit Tokens(std::string_view line) : line_(line) {}
  /// The next token into `token`; false when the line is used up.
  bool next(std::string_view& token) {
    while (pos_ < line_.size() && is_space(line_[pos_])) ++pos_;
    if (pos_ >= line_.size()) return false;
    const std::size_t start = pos_;
    while (pos_ < line_.size() && !is_space(line_[pos_])) ++pos_;
    token = line_.substr(start, pos_ - start);
    return true;
  }

 private:
  std::string_view line_;
  std::size_t pos_ = 0;
};

/// `line` without a '#' comment.
inline std::string_view strip_comment(std::string_view line) {
  const std::size_t hash = line.find('#');
  return hash == std::string_view::npos ? line : line.substr(0, hash);
}

inline bool is_blank(std::string_view line) {
  for (char c : line)
    if (!is_space(c)) return false;
  return true;
}

[[noreturn]] inline void refuse(const std::filesystem::path& path, std::size_t line,
                                const std::string& what) {
  throw InputError(file_position(path, line) + ": " + what);
}

/// A finite coordinate; `field` names it in the refusal ("vertex 4 y").
inline double parse_coordinate(std::string_view token, const std::filesystem::path& path,
                               std::size_t line, const std::string& field) {
  if (token.empty()) refuse(path, line, field + " is missing");
  std::string_view digits = token;
  if (digits.front() == '+') digits.remove_prefix(1);  // from_chars refuses a '+' sign
  double value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  // Out-of-range decimals (1e999) are refused like Inf: the set must be finite.
  if (error == std::errc::result_out_of_range)
    refuse(path, line, field + " is '" + std::string(token) + "', outside the range of double");
  if (error != std::errc() || end != digits.data() + digits.size())
    refuse(path, line, field + " is '" + std::string(token) + "', not a number");
  if (!std::isfinite(value))
    refuse(path, line, field + " is " + std::string(token) + " (coordinates must be finite)");
  return value;
}

/// A non-negative integer (a count or an index); `field` names it.
inline std::uint64_t parse_count(std::string_view token, const std::filesystem::path& path,
                                 std::size_t line, const std::string& field) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (token.empty() || error != std::errc() || end != token.data() + token.size())
    refuse(path, line, field + " is '" + std::string(token) + "', not a non-negative integer");
  return value;
}

inline const char* axis_name(int k) { return k == 0 ? "x" : k == 1 ? "y" : "z"; }

}  // namespace sepax::harness::mesh_detail
