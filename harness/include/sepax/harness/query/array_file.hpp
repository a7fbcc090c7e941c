#pragma once
/// \file
/// sepax's structure-of-arrays files (".sepaxarrays"): the cases of a
/// campaign as `sepax generate --format arrays` writes them, and the answers
/// a program computed elsewhere (a GPU, numpy) hands back to `sepax check
/// --answers`. One query × mode, one scalar, `count` cases; each field of the
/// query's layout (query_layout.hpp) one contiguous little-endian array. A
/// reader needs no parser: the header has fixed offsets.
///
/// | bytes     | what                                                      |
/// |-----------|-----------------------------------------------------------|
/// | 0–7       | "SEPAXARR"                                                |
/// | 8–11      | u32 format version (1)                                    |
/// | 12–15     | u32 header size H: the first array starts at or after it  |
/// | 16–23     | u64 count: cases (rows of every array)                    |
/// | 24–27     | u32 scalar size: 4 (float) or 8 (double)                  |
/// | 28–31     | u32 number of fields F                                    |
/// | 32–35     | u32 kind: 0 cases (the layout's inputs), 1 answers        |
/// | 36–43     | u64 first_index: the first case's index in its group      |
/// | 44–63     | zero                                                      |
/// | 64 + 64k  | field k: name (40 bytes, NUL-padded), u64 offset of its   |
/// |           | array from the file's start (a multiple of 64), u32 width |
/// |           | (values per case), u32 type (0 scalar, 1 u8, 2 i32),      |
/// |           | 8 bytes zero                                              |
/// | after     | the same description as one line of JSON (query, mode,    |
/// |           | family, scalar, seed, …), NUL-padded to H                 |
///
/// numpy: `np.frombuffer(data, dtype, count*width, offset).reshape(count, width)`.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/harness/query/query_layout.hpp"

namespace sepax::harness {

struct ArrayFile {
  enum class Kind : std::uint32_t { cases = 0, answers = 1 };
  Kind kind = Kind::cases;
  std::string query, mode;
  ScalarKind scalar = ScalarKind::float64;
  std::uint64_t count = 0;
  std::uint64_t first_index = 0;
  /// What else the header's JSON says (family, seed, kernel, …).
  nlohmann::ordered_json about = nlohmann::ordered_json::object();
  /// Every case's (or answer's) values, case after case, field after field,
  /// each as a double (exactly its type's value).
  std::vector<double> values;

  const QueryLayout& layout() const { return query_layout(query, mode); }
  const std::vector<Field>& fields() const { return kind == Kind::cases ? layout().inputs : layout().answers; }
  std::size_t width() const { return kind == Kind::cases ? layout().input_width() : layout().answer_width(); }
};

/// Writes the file (replacing it); throws std::runtime_error naming the path
/// when it cannot, std::invalid_argument when `values` do not fit the layout
/// (their number, or a value its type cannot hold exactly).
void write_array_file(const std::filesystem::path& path, const ArrayFile& file);

/// Reads a file written by write_array_file (or any program following the
/// table above); throws std::runtime_error naming the path and what is wrong
/// (magic, version, a field the layout does not have, a truncated array).
ArrayFile read_array_file(const std::filesystem::path& path);

}  // namespace sepax::harness
