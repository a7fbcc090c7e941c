#pragma once
// One parser per format; each refuses malformed input with InputError naming
// file, line and field. The empty-mesh check is mesh_file.cpp's, shared.
#include <filesystem>
#include <string_view>

#include "sepax/core/shapes/triangle_mesh.hpp"

namespace sepax::harness::mesh_detail {

TriangleMesh parse_off(std::string_view text, const std::filesystem::path& path);
TriangleMesh parse_obj(std::string_view text, const std::filesystem::path& path);
/// ASCII ("solid ...") or binary (80-byte header, count, 50-byte facets).
TriangleMesh parse_stl(std::string_view bytes, const std::filesystem::path& path);

}  // namespace sepax::harness::mesh_detail
