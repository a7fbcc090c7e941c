#pragma once
// The vertices of a mesh placed by a pose, twice: exactly (GMP rationals,
// x ↦ R x + t evaluated without rounding from the stored doubles) and as
// interval enclosures of those exact values (for conservative boxes and the
// interval filter). Mesh a is posed by the identity: its doubles unchanged.
#include <CGAL/Interval_nt.h>
#include <gmpxx.h>

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "sepax/core/shapes/pose.hpp"
#include "sepax/core/shapes/triangle_mesh.hpp"

namespace sepax::oracle::mesh_detail {

using Interval = CGAL::Interval_nt<false>;  // needs Protect_FPU_rounding around its arithmetic

struct PosedVertices {
  std::vector<std::array<mpq_class, 3>> exact;
  std::vector<std::array<Interval, 3>> enclosure;
};

/// Refuses what the exact sets cannot be built from: a non-finite number or
/// an index past the vertices. `name` is "a" or "b" in the message.
inline void check_mesh(const TriangleMesh& mesh, const char* name) {
  for (std::size_t v = 0; v < mesh.vertices.size(); ++v)
    if (!mesh.vertices[v].allFinite())
      throw std::invalid_argument(std::string("mesh ") + name + ": vertex " + std::to_string(v) +
                                  " has a non-finite coordinate");
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t)
    for (int k = 0; k < 3; ++k)
      if (mesh.triangles[t][k] >= mesh.vertices.size())
        throw std::invalid_argument(std::string("mesh ") + name + ": triangle " + std::to_string(t) +
                                    " index " + std::to_string(k) + " is " +
                                    std::to_string(mesh.triangles[t][k]) + ", out of range (" +
                                    std::to_string(mesh.vertices.size()) + " vertices)");
}

inline void check_pose(const Pose& pose) {
  if (!pose.rotation.allFinite() || !pose.translation.allFinite())
    throw std::invalid_argument("pose: a non-finite number in R or t");
}

/// R x + t of one vertex, exactly.
inline std::array<mpq_class, 3> exact_image(const Vec3<double>& x, const Pose& pose) {
  std::array<mpq_class, 3> out;
  for (int i = 0; i < 3; ++i) {
    mpq_class e(pose.translation[i]);  // doubles convert to mpq exactly
    for (int k = 0; k < 3; ++k) e += mpq_class(pose.rotation(i, k)) * mpq_class(x[k]);
    out[i] = std::move(e);
  }
  return out;
}

/// The enclosures of R x + t for every vertex; the exact images only where
/// `needed` is set (all when it is empty): the broad phase usually leaves few
/// vertices in play, and rationals cost far more than intervals. Call under
/// CGAL::Protect_FPU_rounding<true> (the intervals round outward).
inline PosedVertices pose_vertices(const TriangleMesh& mesh, const Pose& pose,
                                   const std::vector<bool>& needed = {}) {
  PosedVertices out;
  out.exact.resize(mesh.vertices.size());
  out.enclosure.resize(mesh.vertices.size());
  for (std::size_t v = 0; v < mesh.vertices.size(); ++v) {
    const Vec3<double>& x = mesh.vertices[v];
    for (int i = 0; i < 3; ++i) {
      Interval s(pose.translation[i]);
      for (int k = 0; k < 3; ++k) s += Interval(pose.rotation(i, k)) * Interval(x[k]);
      out.enclosure[v][i] = s;
    }
    if (needed.empty() || needed[v]) out.exact[v] = exact_image(x, pose);
  }
  return out;
}

/// The exact images of the vertices `needed` marks, added to `v`.
inline void add_exact_images(PosedVertices& v, const TriangleMesh& mesh, const Pose& pose,
                             const std::vector<bool>& needed) {
  for (std::size_t i = 0; i < mesh.vertices.size(); ++i)
    if (needed[i]) v.exact[i] = exact_image(mesh.vertices[i], pose);
}

/// The identity placement: the stored doubles, exact as they are (exact
/// images only where `needed` is set, all when it is empty).
inline PosedVertices unposed_vertices(const TriangleMesh& mesh,
                                      const std::vector<bool>& needed = {}) {
  PosedVertices out;
  out.exact.resize(mesh.vertices.size());
  out.enclosure.resize(mesh.vertices.size());
  for (std::size_t v = 0; v < mesh.vertices.size(); ++v)
    for (int i = 0; i < 3; ++i) {
      if (needed.empty() || needed[v]) out.exact[v][i] = mpq_class(mesh.vertices[v][i]);
      out.enclosure[v][i] = Interval(mesh.vertices[v][i]);
    }
  return out;
}

}  // namespace sepax::oracle::mesh_detail
