#pragma once
// A tiny OFF reader for the fitting tests (the product's mesh reader is another
// piece of issue 10): "OFF", counts, vertices, then faces "k i0 … i{k-1}";
// polygons fanned into triangles. Throws with the file name on bad input.
#include <array>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "sepax/core/shapes/vec3.hpp"

namespace sepax::fitting_test {

struct OffMesh {
  std::vector<Vec3<double>> vertices;
  std::vector<std::array<std::uint32_t, 3>> faces;
};

inline OffMesh read_off(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::stringstream body;
  std::string line;
  while (std::getline(in, line)) body << line.substr(0, line.find('#')) << '\n';
  std::string magic;
  body >> magic;
  if (magic != "OFF") throw std::runtime_error(path + ": not an OFF file (header '" + magic + "')");
  std::size_t nv = 0, nf = 0, ne = 0;
  if (!(body >> nv >> nf >> ne)) throw std::runtime_error(path + ": bad counts");
  OffMesh m;
  m.vertices.resize(nv);
  for (auto& v : m.vertices)
    if (!(body >> v[0] >> v[1] >> v[2])) throw std::runtime_error(path + ": bad vertex");
  for (std::size_t f = 0; f < nf; ++f) {
    std::size_t k = 0;
    if (!(body >> k) || k < 3) throw std::runtime_error(path + ": bad face " + std::to_string(f));
    std::vector<std::uint32_t> idx(k);
    for (auto& i : idx)
      if (!(body >> i) || i >= nv) throw std::runtime_error(path + ": bad index in face " + std::to_string(f));
    for (std::size_t j = 1; j + 1 < k; ++j) m.faces.push_back({idx[0], idx[j], idx[j + 1]});
  }
  return m;
}

/// The small meshes (couplingdown, elephant) ship in the repository.
inline std::string small_mesh_path(const std::string& name) { return std::string(SEPAX_SMALL_MESH_DIR) + "/" + name; }
/// The large ones (armadillo) live beside the clone; may be missing.
inline std::string large_mesh_path(const std::string& name) { return std::string(SEPAX_MESH_DIR) + "/" + name; }

}  // namespace sepax::fitting_test
