#pragma once
/// \file
/// An input file `sepax gate` cannot use: the message names the file and,
/// when it is known, the line ("bench.json:12: ..."), so a CI log points at it.
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace sepax::harness {

/// Thrown by the result and threshold readers; the gate's exit status 2.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// "FILE:LINE" (or "FILE" when line is 0), as compilers print positions.
inline std::string file_position(const std::filesystem::path& path, std::size_t line) {
  return line ? path.string() + ":" + std::to_string(line) : path.string();
}

/// The 1-based line holding byte `offset` of `text` (offsets past the end:
/// the last line), e.g. for nlohmann's parse_error::byte.
inline std::size_t line_of_offset(std::string_view text, std::size_t offset) {
  std::size_t line = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i)
    if (text[i] == '\n') ++line;
  return line;
}

/// nlohmann's exception text without its "[json.exception.parse_error.101] "
/// prefix: what a user needs is the position and the reason.
inline std::string json_error_text(const std::string& what) {
  if (!what.starts_with("[json.exception.")) return what;
  const auto end = what.find("] ");
  return end == std::string::npos ? what : what.substr(end + 2);
}

/// The whole file; InputError naming it when it cannot be read.
inline std::string read_text_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path.string() + ": cannot open for reading");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError(path.string() + ": read error");
  return text.str();
}

/// `text` with each bare token NaN, Infinity, -Infinity (and -NaN) outside
/// strings replaced by `replacement(token)`. Line structure is kept, so
/// positions in error messages stay right.
template <class Replacement>
std::string replace_nonfinite_tokens(std::string_view text, const Replacement& replacement) {
  std::string out;
  out.reserve(text.size() + 16);
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < text.size()) out += text[++i];
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    bool replaced = false;
    for (std::string_view token : {"-Infinity", "Infinity", "-NaN", "NaN"})
      if (text.substr(i, token.size()) == token) {
        out += replacement(token);
        i += token.size() - 1;
        replaced = true;
        break;
      }
    if (!replaced) out += c;
  }
  return out;
}

/// `text` with those tokens replaced by null. Google Benchmark writes them
/// (e.g. the coefficient of variation of a counter that is 0 in every
/// repetition), and strict JSON readers reject them; a value that is not a
/// number is what null means.
inline std::string without_nonfinite_tokens(const std::string& text) {
  return replace_nonfinite_tokens(text, [](std::string_view) { return std::string("null"); });
}

/// `text` (the contents of `path`) as one JSON document; InputError naming the
/// file and line of a syntax error.
inline nlohmann::json parse_json_document(const std::filesystem::path& path, const std::string& text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    const std::size_t byte = e.byte ? e.byte - 1 : 0;
    throw InputError(file_position(path, line_of_offset(text, byte)) + ": not valid JSON (" +
                     json_error_text(e.what()) + ")");
  }
}

}  // namespace sepax::harness
