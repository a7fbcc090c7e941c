// pmp_meshes_intersect: the second, independent judge of two posed meshes —
// CGAL Polygon_mesh_processing::do_intersect on Epeck surface meshes (its own
// broad phase and triangle predicates, none of mesh_truth.cpp's code). b's
// vertices are posed exactly in GMP rationals and handed to Epeck as exact
// values, so both judges see the same sets.
//
// What it answers (mesh_truth.hpp): without the bounded-side test, whether the
// surfaces meet (= the pair set is non-empty); with
// do_overlap_test_of_bounded_sides(true), whether the closed solids meet, which
// also reports one mesh inside the other (no triangle pair then).
#include "sepax/oracle/mesh_truth.hpp"

#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Polygon_mesh_processing/intersection.h>
#include <CGAL/Surface_mesh.h>
#include <CGAL/boost/graph/helpers.h>

#include <stdexcept>
#include <string>
#include <type_traits>

#include "mesh/posed_vertices.hpp"

namespace sepax::oracle {
namespace {

using K = CGAL::Exact_predicates_exact_constructions_kernel;
using SurfaceMesh = CGAL::Surface_mesh<K::Point_3>;
// CGAL's CMake target defines CGAL_USE_GMPXX: Epeck's exact number is mpq_class,
// the type the posed vertices are computed in (ORACLE-NOTES).
static_assert(std::is_same_v<K::FT::ET, mpq_class>, "Epeck's exact type is expected to be mpq_class");

SurfaceMesh surface_mesh(const TriangleMesh& mesh, const mesh_detail::PosedVertices& v,
                         const char* name) {
  SurfaceMesh out;
  std::vector<SurfaceMesh::Vertex_index> index(mesh.vertices.size());
  for (std::size_t i = 0; i < mesh.vertices.size(); ++i)
    index[i] = out.add_vertex(K::Point_3(K::FT(v.exact[i][0]), K::FT(v.exact[i][1]),
                                         K::FT(v.exact[i][2])));
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
    const auto& tri = mesh.triangles[t];
    if (out.add_face(index[tri[0]], index[tri[1]], index[tri[2]]) == SurfaceMesh::null_face())
      throw std::invalid_argument(std::string("mesh ") + name + ": triangle " + std::to_string(t) +
                                  " cannot be added to a polygon mesh (non-manifold or repeated)");
  }
  return out;
}

}  // namespace

bool pmp_meshes_intersect(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose_b,
                          MeshOverlap what) {
  mesh_detail::check_mesh(a, "a");
  mesh_detail::check_mesh(b, "b");
  mesh_detail::check_pose(pose_b);
  mesh_detail::PosedVertices va, vb;
  {
    CGAL::Protect_FPU_rounding<true> rounding;  // for the (unused here) enclosures
    va = mesh_detail::unposed_vertices(a);
    vb = mesh_detail::pose_vertices(b, pose_b);
  }
  const SurfaceMesh ma = surface_mesh(a, va, "a");
  const SurfaceMesh mb = surface_mesh(b, vb, "b");
  namespace params = CGAL::parameters;
  if (what == MeshOverlap::surfaces)
    return CGAL::Polygon_mesh_processing::do_intersect(ma, mb);
  if (!CGAL::is_closed(ma) || !CGAL::is_closed(mb))
    throw std::invalid_argument("pmp_meshes_intersect: volumes need closed meshes");
  return CGAL::Polygon_mesh_processing::do_intersect(
      ma, mb, params::do_overlap_test_of_bounded_sides(true),
      params::do_overlap_test_of_bounded_sides(true));
}

}  // namespace sepax::oracle
