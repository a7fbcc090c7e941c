// sepax's structure-of-arrays files (array_file.hpp).
#include "sepax/harness/query/array_file.hpp"

#include "sepax/harness/query/columns.hpp"

#include <bit>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

namespace sepax::harness {
namespace {

static_assert(std::endian::native == std::endian::little, "array files are little-endian, as is every machine sepax runs on");

constexpr char kMagic[8] = {'S', 'E', 'P', 'A', 'X', 'A', 'R', 'R'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kAlign = 64, kNameBytes = 40;

std::size_t aligned(std::size_t n) { return (n + kAlign - 1) / kAlign * kAlign; }

template <class T>
void put(std::vector<unsigned char>& out, std::size_t at, T v) {
  std::memcpy(out.data() + at, &v, sizeof v);
}

template <class T>
T get(const std::vector<unsigned char>& in, std::size_t at) {
  T v;
  std::memcpy(&v, in.data() + at, sizeof v);
  return v;
}

/// Where each field's array starts, after a header of `header` bytes.
std::vector<std::size_t> offsets(const std::vector<Field>& fields, ScalarKind scalar, std::uint64_t count,
                                 std::size_t header) {
  std::vector<std::size_t> out;
  std::size_t at = header;
  for (const Field& f : fields) {
    out.push_back(at);
    at = aligned(at + count * f.width * value_bytes(f.type, scalar));
  }
  out.push_back(at);  // the file's size
  return out;
}

nlohmann::ordered_json description(const ArrayFile& file) {
  nlohmann::ordered_json j;
  j["format"] = "sepax arrays 1";
  j["kind"] = file.kind == ArrayFile::Kind::cases ? "cases" : "answers";
  j["query"] = file.query;
  j["mode"] = file.mode;
  j["scalar"] = std::string(to_string(file.scalar));
  j["count"] = file.count;
  j["first_index"] = file.first_index;
  for (const auto& [k, v] : file.about.items()) j[k] = v;
  nlohmann::ordered_json fields = nlohmann::ordered_json::array();
  for (const Field& f : file.fields())
    fields.push_back({{"name", f.name}, {"width", f.width}, {"type", to_string(f.type)}, {"meaning", f.meaning}});
  j["fields"] = std::move(fields);
  return j;
}

}  // namespace

void write_array_file(const std::filesystem::path& path, const ArrayFile& file) {
  const std::vector<Field>& fields = file.fields();
  const std::size_t width = file.width();
  if (file.values.size() != file.count * width)
    throw std::invalid_argument(fmt::format("{} values for {} cases of {} values each", file.values.size(), file.count,
                                            width));
  const std::string json = description(file).dump() + "\n";
  const std::size_t header = aligned(64 + 64 * fields.size() + json.size());
  const std::vector<std::size_t> at = offsets(fields, file.scalar, file.count, header);
  std::vector<unsigned char> bytes(at.back(), 0);
  std::memcpy(bytes.data(), kMagic, sizeof kMagic);
  put<std::uint32_t>(bytes, 8, kVersion);
  put<std::uint32_t>(bytes, 12, std::uint32_t(header));
  put<std::uint64_t>(bytes, 16, file.count);
  put<std::uint32_t>(bytes, 24, std::uint32_t(value_bytes(FieldType::scalar, file.scalar)));
  put<std::uint32_t>(bytes, 28, std::uint32_t(fields.size()));
  put<std::uint32_t>(bytes, 32, static_cast<std::uint32_t>(file.kind));
  put<std::uint64_t>(bytes, 36, file.first_index);
  const std::vector<Column> columns = to_columns(fields, file.scalar, file.values, file.count);
  for (std::size_t k = 0; k < fields.size(); ++k) {
    const Field& f = fields[k];
    const std::size_t entry = 64 + 64 * k;
    std::memcpy(bytes.data() + entry, f.name.data(), std::min(f.name.size(), kNameBytes - 1));
    put<std::uint64_t>(bytes, entry + 40, at[k]);
    put<std::uint32_t>(bytes, entry + 48, f.width);
    put<std::uint32_t>(bytes, entry + 52, static_cast<std::uint32_t>(f.type));
    std::memcpy(bytes.data() + at[k], columns[k].bytes.data(), columns[k].bytes.size());
  }
  std::memcpy(bytes.data() + 64 + 64 * fields.size(), json.data(), json.size());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

ArrayFile read_array_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  const std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto fail = [&](const std::string& what) { throw std::runtime_error(path.string() + ": " + what); };
  if (bytes.size() < 64 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    fail("not a sepax arrays file (it does not start with \"SEPAXARR\")");
  if (const auto v = get<std::uint32_t>(bytes, 8); v != kVersion)
    fail(fmt::format("format version {}; this sepax reads version {}", v, kVersion));
  const std::size_t header = get<std::uint32_t>(bytes, 12);
  const std::size_t field_count = get<std::uint32_t>(bytes, 28);
  if (header > bytes.size() || 64 + 64 * field_count > header) fail("its header is cut short");
  ArrayFile file;
  file.count = get<std::uint64_t>(bytes, 16);
  const std::uint32_t scalar_bytes = get<std::uint32_t>(bytes, 24);
  if (scalar_bytes != 4 && scalar_bytes != 8) fail(fmt::format("scalar size {}: 4 (float) or 8 (double)", scalar_bytes));
  file.scalar = scalar_bytes == 4 ? ScalarKind::float32 : ScalarKind::float64;
  const std::uint32_t kind = get<std::uint32_t>(bytes, 32);
  if (kind > 1) fail(fmt::format("kind {}: 0 (cases) or 1 (answers)", kind));
  file.kind = static_cast<ArrayFile::Kind>(kind);
  file.first_index = get<std::uint64_t>(bytes, 36);
  // The query and mode: from the JSON description after the field table.
  const std::size_t json_at = 64 + 64 * field_count;
  const std::string text(reinterpret_cast<const char*>(bytes.data() + json_at),
                         strnlen(reinterpret_cast<const char*>(bytes.data() + json_at), header - json_at));
  const nlohmann::ordered_json about = nlohmann::ordered_json::parse(text, nullptr, false);
  if (!about.is_object() || !about.contains("query") || !about.contains("mode"))
    fail("its header's description names no query and mode");
  file.query = about.value("query", "");
  file.mode = about.value("mode", "");
  for (const auto& [k, v] : about.items())
    if (k != "format" && k != "kind" && k != "query" && k != "mode" && k != "scalar" && k != "count" &&
        k != "first_index" && k != "fields")
      file.about[k] = v;
  try {
    (void)file.layout();
  } catch (const std::invalid_argument& e) {
    fail(e.what());
  }
  const std::vector<Field>& fields = file.fields();
  if (fields.size() != field_count)
    fail(fmt::format("{} fields; {} {} has {}", field_count, file.query, file.mode, fields.size()));
  std::vector<Column> columns;
  for (std::size_t k = 0; k < fields.size(); ++k) {
    const Field& f = fields[k];
    const std::size_t entry = 64 + 64 * k;
    const std::string name(reinterpret_cast<const char*>(bytes.data() + entry),
                           strnlen(reinterpret_cast<const char*>(bytes.data() + entry), kNameBytes));
    const std::uint64_t offset = get<std::uint64_t>(bytes, entry + 40);
    const std::uint32_t w = get<std::uint32_t>(bytes, entry + 48), type = get<std::uint32_t>(bytes, entry + 52);
    if (name != f.name || w != f.width || type != static_cast<std::uint32_t>(f.type))
      fail(fmt::format("field {} is \"{}\" ({} x type {}); {} {} has \"{}\" ({} x {}) there", k, name, w, type,
                       file.query, file.mode, f.name, f.width, to_string(f.type)));
    const std::size_t size = value_bytes(f.type, file.scalar), length = file.count * w * size;
    if (offset < header || offset + length > bytes.size())
      fail(fmt::format("field \"{}\"'s array (offset {}, {} cases) runs past the file's end", name, offset, file.count));
    columns.push_back({f, size, std::vector<unsigned char>(bytes.begin() + std::ptrdiff_t(offset),
                                                           bytes.begin() + std::ptrdiff_t(offset + length))});
  }
  file.values = from_columns(columns, file.count);
  return file;
}

}  // namespace sepax::harness
