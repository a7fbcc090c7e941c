#pragma once
// For the tests of brought mesh kernels (plugin and external process), whose
// planted answer is a broad phase: the triangle pairs of a and of b posed
// whose bounding boxes overlap, computed here independently of the kernels.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "sepax/core/shapes/pose.hpp"
#include "sepax/core/shapes/triangle_mesh.hpp"
#include "sepax/harness/mesh/mesh_judgement.hpp"

namespace sepax::harness::test {

/// A tetrahedron's surface with its corner at (x, 0, 0).
inline TriangleMesh tetrahedron(double x) {
  TriangleMesh m;
  m.vertices = {Vec3<double>(x, 0, 0), Vec3<double>(x + 1, 0, 0), Vec3<double>(x, 1, 0), Vec3<double>(x, 0, 1)};
  m.triangles = {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}};
  return m;
}

/// Every (ta, tb) whose triangles' boxes (b's posed in double) overlap, sorted.
inline std::vector<MeshPair> box_overlapping_pairs(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose) {
  std::vector<MeshPair> out;
  for (std::uint32_t ta = 0; ta < a.triangles.size(); ++ta)
    for (std::uint32_t tb = 0; tb < b.triangles.size(); ++tb) {
      const Triangle3d x = a.triangle(ta), y = pose.apply(b.triangle(tb));
      bool apart = false;
      for (int r = 0; r < 3; ++r) {
        double xl = 1e300, xh = -1e300, yl = 1e300, yh = -1e300;
        for (int c = 0; c < 3; ++c) {
          xl = std::min(xl, x.vertices[c][r]), xh = std::max(xh, x.vertices[c][r]);
          yl = std::min(yl, y.vertices[c][r]), yh = std::max(yh, y.vertices[c][r]);
        }
        apart = apart || xh < yl || yh < xl;
      }
      if (!apart) out.emplace_back(ta, tb);
    }
  return out;
}

}  // namespace sepax::harness::test
