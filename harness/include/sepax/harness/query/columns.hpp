#pragma once
/// \file
/// Cases and answers as the typed arrays of their layout
/// (query_layout.hpp): one contiguous array per field, n cases long, each
/// value in the field's type — float or double for `scalar` fields, unsigned
/// char for u8, int32_t for i32. The form of the plugin ABI's batch calls and
/// of the structure-of-arrays files; sepax's own code keeps cases as rows of
/// doubles (a case's fields one after the other), which these convert.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/harness/query/query_layout.hpp"

namespace sepax::harness {

struct Column {
  Field field;
  std::size_t value_bytes = 8;     ///< bytes of one value (4 for float and i32, 1 for u8)
  std::vector<unsigned char> bytes;  ///< n × width values
  const void* data() const { return bytes.data(); }
  void* data() { return bytes.data(); }
};

/// Bytes of one value of `type` for cases of `scalar`.
std::size_t value_bytes(FieldType type, ScalarKind scalar);

/// `rows` (n rows of the fields' summed width) as one column per field.
/// Throws std::invalid_argument naming the field and case of a value its
/// type cannot hold exactly (a u8 that is not 0 or 1, an i32 that is not an
/// integer in range, a double that is not a float for a float column).
std::vector<Column> to_columns(const std::vector<Field>& fields, ScalarKind scalar, std::span<const double> rows,
                               std::size_t n);

/// Columns for n cases whose every value is `fill_u8` (u8 fields),
/// `fill_i32` (i32 fields) or 0 (scalars): a batch's answers before the call,
/// so that a value the callee never wrote is seen for what it is.
std::vector<Column> blank_columns(const std::vector<Field>& fields, ScalarKind scalar, std::size_t n,
                                  unsigned char fill_u8, std::int32_t fill_i32);

/// `columns` made as blank_columns(fields, scalar, n, fill_u8, fill_i32)
/// makes them, in place, keeping their allocations (a plugin's batch after
/// batch); with `fill` false only sized, their values whatever they held
/// (columns about to be written whole).
void reset_columns(std::vector<Column>& columns, const std::vector<Field>& fields, ScalarKind scalar, std::size_t n,
                   bool fill, unsigned char fill_u8, std::int32_t fill_i32);

/// Rows of cases (their fields' widths summed, row after row) into the
/// columns from case `first` on: a batch a block of cases at a time, without
/// the rows of all (a plugin's batch). Refuses a value as to_columns does
/// (naming its case in the columns), and rows beyond the columns' cases
/// (std::out_of_range).
void put_rows(std::vector<Column>& columns, std::size_t first, std::span<const double> rows);

/// Case `row`'s answer straight from the columns of `form`'s answer fields
/// (as blank_columns(layout.answers, ...) made them), set into `out`, a fresh
/// QueryAnswer: unflatten_answer without the row of doubles, refusing a value
/// as it does (std::invalid_argument naming the field).
void read_answer(AnswerForm form, const std::vector<Column>& columns, std::size_t row, QueryAnswer& out);

/// A batch's answer columns read case after case as read_answer reads one,
/// each column's place, size and type looked up once for the batch (a
/// plugin's answers, every case of every batch).
class AnswerColumns {
 public:
  /// Valid while `columns` are neither resized nor destroyed.
  explicit AnswerColumns(const std::vector<Column>& columns);
  /// read_answer(form, columns, row, out).
  void read(AnswerForm form, std::size_t row, QueryAnswer& out) const;

  enum class Kind : std::uint8_t { u8, i32, f32, f64 };
  struct Cursor {
    const unsigned char* base;
    std::size_t row_bytes, value_bytes;
    Kind kind;
  };

 private:
  std::vector<Cursor> cursors_;
};

/// The columns back as rows of doubles (exact).
std::vector<double> from_columns(const std::vector<Column>& columns, std::size_t n);

}  // namespace sepax::harness
