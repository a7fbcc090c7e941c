// Cases and answers as typed columns (columns.hpp).
#include "sepax/harness/query/columns.hpp"

#include <algorithm>
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
  out.reserve(fields.size());
  std::size_t first = 0;
  for (const Field& f : fields) {
    Column c{f, value_bytes(f.type, scalar), std::vector<unsigned char>(n * f.width * value_bytes(f.type, scalar))};
    const auto refuse = [&](std::size_t row, double v) {
      throw std::invalid_argument(fmt::format("field \"{}\" of case {} is {}: not a{} {}", f.name, row, v,
                                              f.type == FieldType::i32 ? "n" : "",
                                              f.type == FieldType::scalar ? std::string(to_string(scalar))
                                                                          : std::string(to_string(f.type))));
    };
    // One loop per type (this runs for every case of every plugin batch).
    const auto each = [&](auto&& put) {
      for (std::size_t row = 0; row < n; ++row)
        for (std::uint32_t w = 0; w < f.width; ++w) put(row, row * f.width + w, rows[row * width + first + w]);
    };
    if (f.type == FieldType::u8) {
      unsigned char* to = c.bytes.data();
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
        std::memcpy(c.bytes.data() + 4 * i, &x, 4);
      });
    } else if (c.value_bytes == 4) {
      each([&](std::size_t row, std::size_t i, double v) {
        const auto x = static_cast<float>(v);
        if (double(x) != v && !std::isnan(v)) refuse(row, v);
        std::memcpy(c.bytes.data() + 4 * i, &x, 4);
      });
    } else {
      each([&](std::size_t, std::size_t i, double v) { std::memcpy(c.bytes.data() + 8 * i, &v, 8); });
    }
    first += f.width;
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<Column> blank_columns(const std::vector<Field>& fields, ScalarKind scalar, std::size_t n,
                                  unsigned char fill_u8, std::int32_t fill_i32) {
  std::vector<Column> out;
  out.reserve(fields.size());
  for (const Field& f : fields) {
    Column c{f, value_bytes(f.type, scalar), std::vector<unsigned char>(n * f.width * value_bytes(f.type, scalar), 0)};
    if (f.type == FieldType::u8) std::fill(c.bytes.begin(), c.bytes.end(), fill_u8);
    if (f.type == FieldType::i32)
      for (std::size_t i = 0; i < n * f.width; ++i) std::memcpy(c.bytes.data() + 4 * i, &fill_i32, 4);
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

void put_row(std::vector<Column>& columns, std::size_t row, std::span<const double> values) {
  std::size_t at = 0;
  for (Column& c : columns) {
    const Field& f = c.field;
    unsigned char* to = c.bytes.data() + row * f.width * c.value_bytes;
    if (f.type == FieldType::scalar && c.value_bytes == 8) {  // doubles: as they are
      std::memcpy(to, values.data() + at, 8 * f.width);
      at += f.width;
      continue;
    }
    for (std::uint32_t w = 0; w < f.width; ++w) {
      const double v = values[at + w];
      const auto refuse = [&] {
        throw std::invalid_argument(fmt::format("field \"{}\" of case {} is {}: not a{} {}", f.name, row, v,
                                                f.type == FieldType::i32 ? "n" : "",
                                                f.type == FieldType::scalar ? (c.value_bytes == 4 ? "float" : "double")
                                                                            : to_string(f.type)));
      };
      if (f.type == FieldType::u8) {
        if (v != 0 && v != 1) refuse();
        to[w] = static_cast<unsigned char>(v);
      } else if (f.type == FieldType::i32) {
        if (v != std::floor(v) || v < std::numeric_limits<std::int32_t>::min() ||
            v > std::numeric_limits<std::int32_t>::max())
          refuse();
        const auto x = static_cast<std::int32_t>(v);
        std::memcpy(to + 4 * w, &x, 4);
      } else if (c.value_bytes == 4) {
        const auto x = static_cast<float>(v);
        if (double(x) != v && !std::isnan(v)) refuse();
        std::memcpy(to + 4 * w, &x, 4);
      } else {
        std::memcpy(to + 8 * w, &v, 8);
      }
    }
    at += f.width;
  }
}

void get_row(const std::vector<Column>& columns, std::size_t row, std::span<double> values) {
  std::size_t at = 0;
  for (const Column& c : columns) {
    const Field& f = c.field;
    const unsigned char* from = c.bytes.data() + row * f.width * c.value_bytes;
    if (f.type == FieldType::scalar && c.value_bytes == 8) {  // doubles: as they are
      std::memcpy(values.data() + at, from, 8 * f.width);
      at += f.width;
      continue;
    }
    for (std::uint32_t w = 0; w < f.width; ++w) {
      double v;
      if (f.type == FieldType::u8) {
        v = from[w];
      } else if (f.type == FieldType::i32) {
        std::int32_t x;
        std::memcpy(&x, from + 4 * w, 4);
        v = x;
      } else if (c.value_bytes == 4) {
        float x;
        std::memcpy(&x, from + 4 * w, 4);
        v = x;
      } else {
        std::memcpy(&v, from + 8 * w, 8);
      }
      values[at + w] = v;
    }
    at += f.width;
  }
}

}  // namespace sepax::harness
