// STL, ASCII ("solid" ... "facet normal" / "outer loop" / 3 × "vertex x y z" /
// "endloop" / "endfacet" ... "endsolid") or binary (80-byte header, uint32
// facet count, 50 bytes per facet: normal, 3 corners as little-endian float32,
// a uint16 attribute). The stored normals are ignored: the corners define the
// triangle. STL repeats each corner per facet; corners are welded by exact
// coordinate equality, in order of first appearance.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_map>

#include "mesh/mesh_readers.hpp"
#include "mesh/mesh_text.hpp"

namespace sepax::harness::mesh_detail {
namespace {

static_assert(std::endian::native == std::endian::little, "binary STL is read as little-endian");

/// Welds corners: the bit patterns of the coordinates, with −0 made +0 so that
/// equal numbers are one vertex (exact equality, no tolerance).
class Welder {
 public:
  explicit Welder(TriangleMesh& mesh) : mesh_(mesh) {}
  std::uint32_t index_of(const Vec3<double>& p) {
    Key key;
    for (int k = 0; k < 3; ++k) key[k] = std::bit_cast<std::uint64_t>(p[k] + 0.0);  // −0 + 0 = +0
    const auto [it, inserted] =
        index_.try_emplace(key, static_cast<std::uint32_t>(mesh_.vertices.size()));
    if (inserted) mesh_.vertices.push_back(p);
    return it->second;
  }

 private:
  using Key = std::array<std::uint64_t, 3>;
  struct Hash {
    std::size_t operator()(const Key& k) const {
      std::uint64_t h = 0x9E3779B97F4A7C15ull;
      for (std::uint64_t x : k) h = (h ^ x) * 0x100000001B3ull + (h >> 29);
      return static_cast<std::size_t>(h);
    }
  };
  TriangleMesh& mesh_;
  std::unordered_map<Key, std::uint32_t, Hash> index_;
};

TriangleMesh parse_ascii(std::string_view text, const std::filesystem::path& path) {
  TriangleMesh mesh;
  Welder welder(mesh);
  LineCursor lines(text);
  std::string_view line;
  std::array<Vec3<double>, 3> corners;
  int corner_count = 0;
  std::size_t facet_line = 0;
  bool in_facet = false;
  while (lines.next(line)) {
    Tokens tokens(line);
    std::string_view keyword;
    if (!tokens.next(keyword)) continue;
    const std::string name = "facet " + std::to_string(mesh.triangles.size());
    if (keyword == "facet") {
      if (in_facet) refuse(path, lines.number(), name + " starts before the previous one ended");
      in_facet = true;
      facet_line = lines.number();
      corner_count = 0;
    } else if (keyword == "vertex") {
      if (!in_facet) refuse(path, lines.number(), "'vertex' outside a facet");
      Vec3<double> p;
      for (int k = 0; k < 3; ++k) {
        std::string_view field;
        if (!tokens.next(field)) field = {};
        p[k] = parse_coordinate(field, path, lines.number(),
                                name + " vertex " + std::to_string(corner_count) + " " + axis_name(k));
      }
      if (corner_count < 3) corners[corner_count] = p;
      ++corner_count;
    } else if (keyword == "endfacet") {
      if (!in_facet) refuse(path, lines.number(), "'endfacet' without 'facet'");
      if (corner_count != 3)
        refuse(path, facet_line, name + " has " + std::to_string(corner_count) +
                                     " vertices; only triangles are accepted");
      mesh.triangles.push_back({welder.index_of(corners[0]), welder.index_of(corners[1]),
                                welder.index_of(corners[2])});
      in_facet = false;
    }
    // solid, outer loop, endloop, endsolid carry nothing we need.
  }
  if (in_facet) refuse(path, facet_line, "facet " + std::to_string(mesh.triangles.size()) +
                                             " has no 'endfacet' (file truncated?)");
  return mesh;
}

TriangleMesh parse_binary(std::string_view bytes, const std::filesystem::path& path) {
  std::uint32_t count = 0;
  std::memcpy(&count, bytes.data() + 80, 4);
  const std::uint64_t expected = 84 + 50ull * count;
  if (bytes.size() != expected)
    throw InputError(path.string() + ": binary STL header says " + std::to_string(count) +
                     " facets (" + std::to_string(expected) + " bytes), the file has " +
                     std::to_string(bytes.size()) + " bytes");
  TriangleMesh mesh;
  Welder welder(mesh);
  mesh.triangles.reserve(count);
  for (std::uint32_t f = 0; f < count; ++f) {
    const char* facet = bytes.data() + 84 + 50ull * f;
    std::array<std::uint32_t, 3> tri{};
    for (int c = 0; c < 3; ++c) {
      Vec3<double> p;
      for (int k = 0; k < 3; ++k) {
        float x = 0;
        std::memcpy(&x, facet + 12 * (c + 1) + 4 * k, 4);
        if (!std::isfinite(x))
          throw InputError(path.string() + ": facet " + std::to_string(f) + " (byte " +
                           std::to_string(84 + 50ull * f) + ") vertex " + std::to_string(c) + " " +
                           axis_name(k) + " is " + std::to_string(x) +
                           " (coordinates must be finite)");
        p[k] = x;  // float → double is exact
      }
      tri[c] = welder.index_of(p);
    }
    mesh.triangles.push_back(tri);
  }
  return mesh;
}

bool starts_with_solid(std::string_view bytes) {
  std::size_t i = 0;
  while (i < bytes.size() && (is_space(bytes[i]) || bytes[i] == '\n')) ++i;
  return bytes.substr(i).starts_with("solid");
}

}  // namespace

TriangleMesh parse_stl(std::string_view bytes, const std::filesystem::path& path) {
  // Some binary files also begin with "solid": an exact size match decides first.
  if (bytes.size() >= 84) {
    std::uint32_t count = 0;
    std::memcpy(&count, bytes.data() + 80, 4);
    if (bytes.size() == 84 + 50ull * count) return parse_binary(bytes, path);
  }
  if (starts_with_solid(bytes)) return parse_ascii(bytes, path);
  if (bytes.size() >= 84) return parse_binary(bytes, path);  // refuses with the size mismatch
  throw InputError(path.string() + ": neither ASCII STL (no 'solid') nor binary STL (" +
                   std::to_string(bytes.size()) + " bytes, fewer than the 84-byte header)");
}

}  // namespace sepax::harness::mesh_detail
