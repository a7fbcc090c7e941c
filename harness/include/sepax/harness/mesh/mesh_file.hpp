#pragma once
/// \file
/// Triangle meshes from files (issue 10): OFF, STL (ASCII and binary) and
/// OBJ, each plain or gzip-compressed (".gz").
///
/// Refusals are InputError naming the file and, where it is known, the line
/// and the field ("m.off:14: face 3 has 4 vertices, ..."): a face that is not
/// a triangle (never triangulated behind the user's back), a coordinate that
/// is not a finite number, an index out of range, no triangles at all, an
/// unknown extension, a gzip stream that does not decompress. Degenerate
/// (zero-area) triangles are kept: they are valid input and get judged.
#include <filesystem>
#include <string_view>

#include "sepax/core/shapes/triangle_mesh.hpp"
#include "sepax/harness/input_error.hpp"

namespace sepax::harness {

enum class MeshFormat { off, stl, obj };

/// The format named by the extension (".off", ".stl", ".obj", case-insensitive,
/// optionally followed by ".gz"); InputError naming the file otherwise.
MeshFormat mesh_format_of(const std::filesystem::path& path);

/// The mesh in `path`, decompressed first when its name ends in ".gz".
/// STL stores each facet's corners separately: vertices are welded by exact
/// coordinate equality (−0 equals +0), in order of first appearance.
TriangleMesh read_mesh(const std::filesystem::path& path);

/// The mesh in `bytes` (already decompressed) in `format`; `path` is used in
/// error messages only.
TriangleMesh parse_mesh(std::string_view bytes, MeshFormat format,
                        const std::filesystem::path& path);

}  // namespace sepax::harness
