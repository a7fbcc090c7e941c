// Cases and answers as typed columns (columns.hpp).
#include "sepax/harness/query/columns.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "answer_reader.hpp"

namespace sepax::harness {
namespace {

/// Field `c` of n = rows.size() / width rows (its values from `offset` in
/// each) into cases first … first + n − 1 of its column. One loop per type,
/// its sizes in locals (a store through the bytes may alias the field, which
/// would be read again after every value): this runs for every case of every
/// plugin batch.
void put_field(Column& c, std::size_t first, std::span<const double> rows, std::size_t width, std::size_t offset) {
  const Field& f = c.field;
  const std::size_t n = rows.size() / width, fw = f.width, bytes = c.value_bytes;
  unsigned char* to = c.bytes.data() + first * fw * bytes;
  const double* from = rows.data() + offset;
  if (f.type == FieldType::scalar && bytes == 8) {  // doubles: as they are, a row's run at once
    for (std::size_t row = 0; row < n; ++row) std::memcpy(to + row * fw * 8, from + row * width, fw * 8);
    return;
  }
  const auto refuse = [&](std::size_t row, double v) {
    throw std::invalid_argument(fmt::format("field \"{}\" of case {} is {}: not a{} {}", f.name, first + row, v,
                                            f.type == FieldType::i32 ? "n" : "",
                                            f.type == FieldType::scalar ? (bytes == 4 ? "float" : "double")
                                                                        : to_string(f.type)));
  };
  const auto each = [&](auto&& put) {
    for (std::size_t row = 0; row < n; ++row)
      for (std::size_t w = 0; w < fw; ++w) put(row, row * fw + w, from[row * width + w]);
  };
  if (f.type == FieldType::u8) {
    each([&](std::size_t row, std::size_t i, double v) {
      if (v != 0 && v != 1) refuse(row, v);
      to[i] = static_cast<unsigned char>(v);
    });
  } else if (f.type == FieldType::i32) {
    each([&](std::size_t row, std::size_t i, double v) {
      if (v != std::floor(v) || v < std::numeric_limits<std::int32_t>::min() ||
          v > std::numeric_limits<std::int32_t>::max())
        refuse(row, v);
      const auto x = static_cast<std::int32_t>(v);
      std::memcpy(to + 4 * i, &x, 4);
    });
  } else {  // floats: exactly the case's values
    each([&](std::size_t row, std::size_t i, double v) {
      const auto x = static_cast<float>(v);
      if (double(x) != v && !std::isnan(v)) refuse(row, v);
      std::memcpy(to + 4 * i, &x, 4);
    });
  }
}

/// Case `row`'s values in the answer columns, field after field
/// (answer_reader.hpp's Values), through the batch's cursors.
struct ColumnValues {
  const std::vector<AnswerColumns::Cursor>& cursors;
  std::size_t row;
  const AnswerColumns::Cursor* cursor = nullptr;
  const unsigned char* at = nullptr;

  void start(std::size_t f) {
    if (f >= cursors.size()) throw std::logic_error("read_answer: fewer columns than the answer has fields");
    cursor = &cursors[f];
    at = cursor->base + row * cursor->row_bytes;
  }
  double next() {
    double v;
    switch (cursor->kind) {
      case AnswerColumns::Kind::u8: v = *at; break;
      case AnswerColumns::Kind::i32: {
        std::int32_t x;
        std::memcpy(&x, at, 4);
        v = x;
        break;
      }
      case AnswerColumns::Kind::f32: {
        float x;
        std::memcpy(&x, at, 4);
        v = x;
        break;
      }
      default: std::memcpy(&v, at, 8);
    }
    at += cursor->value_bytes;
    return v;
  }
};

}  // namespace

std::size_t value_bytes(FieldType type, ScalarKind scalar) {
  switch (type) {
    case FieldType::scalar: return scalar == ScalarKind::float32 ? 4 : 8;
    case FieldType::u8: return 1;
    case FieldType::i32: return 4;
  }
  return 8;
}

std::vector<Column> to_columns(const std::vector<Field>& fields, ScalarKind scalar, std::span<const double> rows,
                               std::size_t n) {
  std::size_t width = 0;
  for (const Field& f : fields) width += f.width;
  if (rows.size() != n * width)
    throw std::invalid_argument(fmt::format("{} values for {} cases of {} values each", rows.size(), n, width));
  std::vector<Column> out = blank_columns(fields, scalar, n, 0, 0);
  if (width > 0) put_rows(out, 0, rows);
  return out;
}

std::vector<Column> blank_columns(const std::vector<Field>& fields, ScalarKind scalar, std::size_t n,
                                  unsigned char fill_u8, std::int32_t fill_i32) {
  std::vector<Column> out;
  reset_columns(out, fields, scalar, n, true, fill_u8, fill_i32);
  return out;
}

void reset_columns(std::vector<Column>& columns, const std::vector<Field>& fields, ScalarKind scalar, std::size_t n,
                   bool fill, unsigned char fill_u8, std::int32_t fill_i32) {
  columns.resize(fields.size());
  for (std::size_t f = 0; f < fields.size(); ++f) {
    Column& c = columns[f];
    if (c.field.name != fields[f].name || c.field.width != fields[f].width || c.field.type != fields[f].type)
      c.field = fields[f];  // another layout's: copied once, not per batch
    c.value_bytes = value_bytes(c.field.type, scalar);
    c.bytes.resize(n * c.field.width * c.value_bytes);
    if (!fill) continue;
    if (c.field.type == FieldType::u8) {
      std::fill(c.bytes.begin(), c.bytes.end(), fill_u8);
    } else if (c.field.type == FieldType::i32) {
      for (std::size_t i = 0; i < c.bytes.size(); i += 4) std::memcpy(c.bytes.data() + i, &fill_i32, 4);
    } else {
      std::fill(c.bytes.begin(), c.bytes.end(), 0);
    }
  }
}

std::vector<double> from_columns(const std::vector<Column>& columns, std::size_t n) {
  std::size_t width = 0;
  for (const Column& c : columns) width += c.field.width;
  std::vector<double> rows(n * width);
  std::size_t first = 0;
  for (const Column& c : columns) {
    const std::uint32_t w = c.field.width;
    // One loop per type, as to_columns.
    const auto each = [&](auto&& get) {
      for (std::size_t row = 0; row < n; ++row)
        for (std::uint32_t k = 0; k < w; ++k) rows[row * width + first + k] = get(row * w + k);
    };
    const unsigned char* from = c.bytes.data();
    if (c.field.type == FieldType::u8) {
      each([&](std::size_t i) { return double(from[i]); });
    } else if (c.field.type == FieldType::i32) {
      each([&](std::size_t i) {
        std::int32_t x;
        std::memcpy(&x, from + 4 * i, 4);
        return double(x);
      });
    } else if (c.value_bytes == 4) {
      each([&](std::size_t i) {
        float x;
        std::memcpy(&x, from + 4 * i, 4);
        return double(x);
      });
    } else {
      each([&](std::size_t i) {
        double x;
        std::memcpy(&x, from + 8 * i, 8);
        return x;
      });
    }
    first += w;
  }
  return rows;
}

void put_rows(std::vector<Column>& columns, std::size_t first, std::span<const double> rows) {
  std::size_t width = 0;
  for (const Column& c : columns) width += c.field.width;
  if (width == 0 || rows.size() % width != 0)
    throw std::invalid_argument(fmt::format("{} values are no whole rows of {} values", rows.size(), width));
  const std::size_t n = rows.size() / width;
  std::size_t offset = 0;  // of the field in a row
  for (Column& c : columns) {
    if ((first + n) * c.field.width * c.value_bytes > c.bytes.size())
      throw std::out_of_range(fmt::format("{} rows from case {} go beyond the columns' cases", n, first));
    put_field(c, first, rows, width, offset);
    offset += c.field.width;
  }
}

AnswerColumns::AnswerColumns(const std::vector<Column>& columns) {
  cursors_.reserve(columns.size());
  for (const Column& c : columns) {
    const Kind kind = c.field.type == FieldType::u8    ? Kind::u8
                      : c.field.type == FieldType::i32 ? Kind::i32
                      : c.value_bytes == 4             ? Kind::f32
                                                       : Kind::f64;
    cursors_.push_back({c.bytes.data(), c.field.width * c.value_bytes, c.value_bytes, kind});
  }
}

void AnswerColumns::read(AnswerForm form, std::size_t row, QueryAnswer& out) const {
  ColumnValues values{cursors_, row};
  answer_reading::read_answer(form, values, out);
}

void read_answer(AnswerForm form, const std::vector<Column>& columns, std::size_t row, QueryAnswer& out) {
  AnswerColumns(columns).read(form, row, out);
}

}  // namespace sepax::harness
