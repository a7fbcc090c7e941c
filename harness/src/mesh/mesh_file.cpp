// read_mesh: picks the format by extension, decompresses ".gz" with zlib,
// parses, refuses an empty mesh.
//
// Own parsers rather than CGAL::IO::read_OFF/read_STL/read_OBJ: CGAL's readers
// answer only true/false (no line, no field), and a CGAL translation unit in
// the harness costs ~30–70 s of compile time; these parsers are small and
// name line and field in every refusal. The oracle's mesh tests cross-check
// them against CGAL::IO::read_OFF on the real OFF meshes.
#include "sepax/harness/mesh/mesh_file.hpp"

#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <memory>
#include <string>

#include "mesh/mesh_readers.hpp"

namespace sepax::harness {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

bool is_gzip_name(const std::filesystem::path& path) {
  return lower(path.extension().string()) == ".gz";
}

/// The decompressed bytes of a gzip file. zlib would pass non-gzip bytes
/// through unchanged; a ".gz" that is not gzip is refused instead.
std::string read_gzip(const std::filesystem::path& path) {
  {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path.string() + ": cannot open for reading");
    unsigned char magic[2] = {0, 0};
    in.read(reinterpret_cast<char*>(magic), 2);
    if (in.gcount() != 2 || magic[0] != 0x1f || magic[1] != 0x8b)
      throw InputError(path.string() + ": not gzip data (no 1f 8b magic at the start)");
  }
  const std::unique_ptr<gzFile_s, int (*)(gzFile)> file(gzopen(path.c_str(), "rb"), gzclose);
  if (!file) throw InputError(path.string() + ": cannot open for reading");
  std::string out;
  char buffer[1 << 16];
  for (;;) {
    const int n = gzread(file.get(), buffer, sizeof buffer);
    if (n < 0) {
      int code = 0;
      throw InputError(path.string() + ": gzip data cannot be decompressed (" +
                       gzerror(file.get(), &code) + ")");
    }
    if (n == 0) break;
    out.append(buffer, static_cast<std::size_t>(n));
  }
  // A truncated stream ends with Z_BUF_ERROR instead of a clean end.
  int code = Z_OK;
  const char* message = gzerror(file.get(), &code);
  if (code != Z_OK && code != Z_STREAM_END)
    throw InputError(path.string() + ": gzip data cannot be decompressed (" + message + ")");
  return out;
}

}  // namespace

MeshFormat mesh_format_of(const std::filesystem::path& path) {
  std::filesystem::path name = path.filename();
  if (is_gzip_name(name)) name = name.stem();
  const std::string ext = lower(name.extension().string());
  if (ext == ".off") return MeshFormat::off;
  if (ext == ".stl") return MeshFormat::stl;
  if (ext == ".obj") return MeshFormat::obj;
  throw InputError(path.string() + ": unknown mesh extension '" + name.extension().string() +
                   "' (expected .off, .stl or .obj, optionally followed by .gz)");
}

TriangleMesh parse_mesh(std::string_view bytes, MeshFormat format,
                        const std::filesystem::path& path) {
  TriangleMesh mesh;
  switch (format) {
    case MeshFormat::off: mesh = mesh_detail::parse_off(bytes, path); break;
    case MeshFormat::stl: mesh = mesh_detail::parse_stl(bytes, path); break;
    case MeshFormat::obj: mesh = mesh_detail::parse_obj(bytes, path); break;
  }
  if (mesh.triangles.empty()) throw InputError(path.string() + ": the mesh has no triangles");
  return mesh;
}

TriangleMesh read_mesh(const std::filesystem::path& path) {
  const MeshFormat format = mesh_format_of(path);  // refuse unknown names before reading
  const std::string bytes = is_gzip_name(path) ? read_gzip(path) : read_text_file(path);
  return parse_mesh(bytes, format, path);
}

}  // namespace sepax::harness
