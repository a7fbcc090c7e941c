#pragma once
/// \file Where the tests find real meshes: the small ones are in the
/// repository (examples/meshes, SEPAX_SMALL_MESH_DIR), the large ones in
/// SEPAX_MESH_DIR (environment variable, else the CMake cache variable), which
/// may be absent on a user's machine; a test of a large mesh then skips, saying so.
#include <cstdlib>
#include <filesystem>
#include <string>

namespace sepax::test {

inline std::filesystem::path mesh_path(const std::string& file) {
  namespace fs = std::filesystem;
  if (const char* env = std::getenv("SEPAX_MESH_DIR"); env && fs::exists(fs::path(env) / file))
    return fs::path(env) / file;
  if (fs::exists(fs::path(SEPAX_SMALL_MESH_DIR) / file)) return fs::path(SEPAX_SMALL_MESH_DIR) / file;
  return fs::path(SEPAX_MESH_DIR) / file;
}

}  // namespace sepax::test
