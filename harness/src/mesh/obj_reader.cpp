// Wavefront OBJ, geometry only: "v x y z [w]" and "f a b c" lines, where a
// face corner may be "v/vt/vn" (the vertex is the first number) and a negative
// index counts back from the last vertex read so far. Other statements (vt,
// vn, o, g, s, usemtl, mtllib, l, p) are skipped.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "mesh/mesh_readers.hpp"
#include "mesh/mesh_text.hpp"

namespace sepax::harness::mesh_detail {

TriangleMesh parse_obj(std::string_view text, const std::filesystem::path& path) {
  TriangleMesh mesh;
  // Positive indices may name vertices defined later in the file, so the range
  // check waits for the end; each face's line is kept for the refusal.
  std::vector<std::size_t> face_lines;
  LineCursor lines(text);
  std::string_view line;
  while (lines.next(line)) {
    Tokens tokens(strip_comment(line));
    std::string_view keyword;
    if (!tokens.next(keyword)) continue;
    if (keyword == "v") {
      const std::string name = "vertex " + std::to_string(mesh.vertices.size() + 1);  // OBJ is 1-based
      Vec3<double> p;
      for (int k = 0; k < 3; ++k) {
        std::string_view field;
        if (!tokens.next(field)) field = {};
        p[k] = parse_coordinate(field, path, lines.number(), name + " " + axis_name(k));
      }
      mesh.vertices.push_back(p);
    } else if (keyword == "f") {
      const std::string name = "face " + std::to_string(mesh.triangles.size());
      std::vector<std::string_view> corners;
      for (std::string_view corner; tokens.next(corner);) corners.push_back(corner);
      if (corners.size() != 3)
        refuse(path, lines.number(), name + " has " + std::to_string(corners.size()) +
                                         " vertices; only triangles are accepted (not triangulated)");
      std::array<std::uint32_t, 3> tri{};
      for (int k = 0; k < 3; ++k) {
        const std::string index_name = name + " index " + std::to_string(k);
        std::string_view number = corners[k].substr(0, corners[k].find('/'));
        const bool from_end = !number.empty() && number.front() == '-';
        if (from_end) number.remove_prefix(1);
        const std::uint64_t index = parse_count(number, path, lines.number(), index_name);
        const std::uint64_t count = mesh.vertices.size();
        if (index == 0 || (from_end && index > count))
          refuse(path, lines.number(), index_name + " is " + std::string(corners[k]) +
                                           ", out of range (" + std::to_string(count) +
                                           " vertices so far; OBJ indices start at 1)");
        const std::uint64_t zero_based = from_end ? count - index : index - 1;
        if (zero_based > 0xFFFFFFFEull)
          refuse(path, lines.number(), index_name + " is " + std::string(corners[k]) + ", too large");
        tri[k] = static_cast<std::uint32_t>(zero_based);
      }
      mesh.triangles.push_back(tri);
      face_lines.push_back(lines.number());
    }
  }
  for (std::size_t f = 0; f < mesh.triangles.size(); ++f)
    for (int k = 0; k < 3; ++k)
      if (mesh.triangles[f][k] >= mesh.vertices.size())
        refuse(path, face_lines[f], "face " + std::to_string(f) + " index " + std::to_string(k) +
                                        " is " + std::to_string(mesh.triangles[f][k] + 1) +
                                        ", out of range (" + std::to_string(mesh.vertices.size()) +
                                        " vertices)");
  return mesh;
}

}  // namespace sepax::harness::mesh_detail
