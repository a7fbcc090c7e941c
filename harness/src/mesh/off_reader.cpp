// OFF (Object File Format, as CGAL and Geomview write it): a header "OFF"
// (optionally ST/C/N-prefixed: texture, colour, normal data after each vertex,
// which is ignored), the counts "V F E", V vertex lines "x y z ...", F face
// lines "n i0 .. i(n-1) [colour]". '#' starts a comment. Counts may share the
// header's line.
#include <string>
#include <string_view>

#include "mesh/mesh_readers.hpp"
#include "mesh/mesh_text.hpp"

namespace sepax::harness::mesh_detail {
namespace {

bool is_off_keyword(std::string_view token) {
  if (!token.ends_with("OFF")) return false;
  for (char c : token.substr(0, token.size() - 3))
    if (c != 'S' && c != 'T' && c != 'C' && c != 'N') return false;  // "4OFF", "nOFF": not 3-D
  return true;
}

/// The next non-blank line without its comment; refuses when the text ends.
std::string_view next_content_line(LineCursor& lines, const std::filesystem::path& path,
                                   const std::string& expected) {
  std::string_view line;
  while (lines.next(line)) {
    line = strip_comment(line);
    if (!is_blank(line)) return line;
  }
  refuse(path, lines.number(), "file ends where " + expected + " was expected");
}

}  // namespace

TriangleMesh parse_off(std::string_view text, const std::filesystem::path& path) {
  LineCursor lines(text);
  std::string_view line = next_content_line(lines, path, "the OFF header");
  Tokens header(line);
  std::string_view token;
  header.next(token);
  if (!is_off_keyword(token))
    refuse(path, lines.number(), "header is '" + std::string(token) + "', expected OFF");
  // The counts follow on the header's line or on the next content line.
  std::string_view counts[3];
  int have = 0;
  while (have < 3 && header.next(counts[have])) ++have;
  if (have == 0) {
    Tokens next(next_content_line(lines, path, "the counts 'V F E'"));
    while (have < 3 && next.next(counts[have])) ++have;
  }
  if (have < 2) refuse(path, lines.number(), "counts line needs 'V F E' (vertices, faces, edges)");
  const std::uint64_t vertex_count = parse_count(counts[0], path, lines.number(), "vertex count");
  const std::uint64_t face_count = parse_count(counts[1], path, lines.number(), "face count");
  if (vertex_count > 0xFFFFFFFFull)
    refuse(path, lines.number(), "vertex count " + std::to_string(vertex_count) + " exceeds 2^32-1");

  TriangleMesh mesh;
  mesh.vertices.reserve(vertex_count);
  mesh.triangles.reserve(face_count);
  for (std::uint64_t v = 0; v < vertex_count; ++v) {
    const std::string name = "vertex " + std::to_string(v);
    Tokens fields(next_content_line(lines, path, name));
    Vec3<double> p;
    for (int k = 0; k < 3; ++k) {
      std::string_view field;
      if (!fields.next(field)) field = {};
      p[k] = parse_coordinate(field, path, lines.number(), name + " " + axis_name(k));
    }
    mesh.vertices.push_back(p);
  }
  for (std::uint64_t f = 0; f < face_count; ++f) {
    const std::string name = "face " + std::to_string(f);
    Tokens fields(next_content_line(lines, path, name));
    std::string_view field;
    fields.next(field);
    const std::uint64_t n = parse_count(field, path, lines.number(), name + " vertex count");
    if (n != 3)
      refuse(path, lines.number(), name + " has " + std::to_string(n) +
                                       " vertices; only triangles are accepted (not triangulated)");
    std::array<std::uint32_t, 3> tri{};
    for (int k = 0; k < 3; ++k) {
      const std::string index_name = name + " index " + std::to_string(k);
      if (!fields.next(field)) refuse(path, lines.number(), index_name + " is missing");
      const std::uint64_t index = parse_count(field, path, lines.number(), index_name);
      if (index >= vertex_count)
        refuse(path, lines.number(), index_name + " is " + std::to_string(index) +
                                         ", out of range (" + std::to_string(vertex_count) +
                                         " vertices)");
      tri[k] = static_cast<std::uint32_t>(index);
    }
    mesh.triangles.push_back(tri);
  }
  return mesh;
}

}  // namespace sepax::harness::mesh_detail
