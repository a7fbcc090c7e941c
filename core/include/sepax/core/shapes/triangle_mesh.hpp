#pragma once
/// \file
/// A triangle mesh: shared vertices and index triples (issue 10).
#include <array>
#include <cstdint>
#include <vector>

#include "sepax/core/shapes/triangle3.hpp"
#include "sepax/core/shapes/vec3.hpp"

namespace sepax {

/// Vertices and triangles as index triples into them. Degenerate (zero-area)
/// triangles are valid: each is the segment or point it spans (triangle3.hpp),
/// and exact judges answer for that set. Invariant (checked by readers and
/// oracles, not here): indices < vertices.size(), coordinates finite.
struct TriangleMesh {
  std::vector<Vec3<double>> vertices;
  std::vector<std::array<std::uint32_t, 3>> triangles;

  /// Triangle i with its vertices copied out (no bounds checks beyond the vector's).
  Triangle3d triangle(std::size_t i) const {
    const auto& t = triangles[i];
    return {{vertices[t[0]], vertices[t[1]], vertices[t[2]]}};
  }
};

}  // namespace sepax
