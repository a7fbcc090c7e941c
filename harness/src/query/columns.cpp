// Cases and answers as typed columns (columns.hpp).
#include "sepax/harness/query/columns.hpp"

#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

namespace sepax::harness {

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
  std::vector<Column> out;
  std::size_t first = 0;
  for (const Field& f : fields) {
    Column c{f, value_bytes(f.type, scalar), std::vector<unsigned char>(n * f.width * value_bytes(f.type, scalar))};
    for (std::size_t row = 0; row < n; ++row)
      for (std::uint32_t w = 0; w < f.width; ++w) {
        const double v = rows[row * width + first + w];
        unsigned char* to = c.bytes.data() + (row * f.width + w) * c.value_bytes;
        const auto refuse = [&] {
          throw std::invalid_argument(fmt::format("field \"{}\" of case {} is {}: not a{} {}", f.name, row, v,
                                                  f.type == FieldType::i32 ? "n" : "",
                                                  f.type == FieldType::scalar ? std::string(to_string(scalar))
                                                                              : std::string(to_string(f.type))));
        };
        if (f.type == FieldType::u8) {
          if (v != 0 && v != 1) refuse();
          *to = static_cast<unsigned char>(v);
        } else if (f.type == FieldType::i32) {
          if (v != std::floor(v) || v < std::numeric_limits<std::int32_t>::min() ||
              v > std::numeric_limits<std::int32_t>::max())
            refuse();
          const auto i = static_cast<std::int32_t>(v);
          std::memcpy(to, &i, 4);
        } else if (c.value_bytes == 4) {
          const auto x = static_cast<float>(v);
          if (double(x) != v && !std::isnan(v)) refuse();
          std::memcpy(to, &x, 4);
        } else {
          std::memcpy(to, &v, 8);
        }
      }
    first += f.width;
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<Column> blank_columns(const std::vector<Field>& fields, ScalarKind scalar, std::size_t n,
                                  unsigned char fill_u8, std::int32_t fill_i32) {
  std::vector<Column> out;
  for (const Field& f : fields) {
    Column c{f, value_bytes(f.type, scalar), std::vector<unsigned char>(n * f.width * value_bytes(f.type, scalar), 0)};
    for (std::size_t i = 0; i < n * f.width; ++i) {
      if (f.type == FieldType::u8) c.bytes[i] = fill_u8;
      if (f.type == FieldType::i32) std::memcpy(c.bytes.data() + 4 * i, &fill_i32, 4);
    }
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<double> from_columns(const std::vector<Column>& columns, std::size_t n) {
  std::size_t width = 0;
  for (const Column& c : columns) width += c.field.width;
  std::vector<double> rows(n * width);
  std::size_t first = 0;
  for (const Column& c : columns) {
    for (std::size_t row = 0; row < n; ++row)
      for (std::uint32_t w = 0; w < c.field.width; ++w) {
        const unsigned char* from = c.bytes.data() + (row * c.field.width + w) * c.value_bytes;
        double v = 0;
        if (c.field.type == FieldType::u8) {
          v = *from;
        } else if (c.field.type == FieldType::i32) {
          std::int32_t i;
          std::memcpy(&i, from, 4);
          v = i;
        } else if (c.value_bytes == 4) {
          float x;
          std::memcpy(&x, from, 4);
          v = x;
        } else {
          std::memcpy(&v, from, 8);
        }
        rows[row * width + first + w] = v;
      }
    first += c.field.width;
  }
  return rows;
}

}  // namespace sepax::harness
