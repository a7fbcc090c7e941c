// The hull-based OBB fits (Eberly §6.1.2–6.1.3 on the convex hull) and CGAL's
// oriented_bounding_box as a quality reference. The only CGAL TU of fitting.
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Surface_mesh.h>
#include <CGAL/convex_hull_3.h>
#ifdef SEPAX_HAVE_CGAL_OBB
#include <CGAL/optimal_bounding_box.h>
#endif

#include <limits>
#include <stdexcept>
#include <string>

#include "sepax/core/fitting/enclose.hpp"
#include "sepax/core/fitting/fit_hull.hpp"
#include "sepax/core/fitting/fit_points.hpp"
#include "sepax/core/fitting/fit_triangles.hpp"

namespace sepax::fitting {
namespace {

using K = CGAL::Exact_predicates_inexact_constructions_kernel;
using Point = K::Point_3;
using Mesh = CGAL::Surface_mesh<Point>;

template <class S>
std::vector<Point> to_points(std::span<const Vec3<S>> in, const char* who) {
  std::vector<Point> pts;
  pts.reserve(in.size());
  for (std::size_t k = 0; k < in.size(); ++k) {
    if (!detail::finite(in[k]))
      throw std::invalid_argument(std::string("sepax::fitting::") + who + ": point " + std::to_string(k) +
                                  " is not finite");
    pts.emplace_back(double(in[k][0]), double(in[k][1]), double(in[k][2]));  // exact
  }
  return pts;
}

/// Affine dimension of the points with exact predicates (Epick filters them).
int dimension(const std::vector<Point>& pts) {
  if (pts.empty()) return -1;
  std::size_t i1 = 0;
  while (i1 < pts.size() && pts[i1] == pts[0]) ++i1;
  if (i1 == pts.size()) return 0;
  std::size_t i2 = 0;
  while (i2 < pts.size() && CGAL::collinear(pts[0], pts[i1], pts[i2])) ++i2;
  if (i2 == pts.size()) return 1;
  for (const Point& p : pts)
    if (!CGAL::coplanar(pts[0], pts[i1], pts[i2], p)) return 3;
  return 2;
}

Hull hull_of(const std::vector<Point>& pts) {
  Hull h;
  h.dimension = dimension(pts);
  if (h.dimension < 3) {
    for (const Point& p : pts) h.vertices.emplace_back(p.x(), p.y(), p.z());
    return h;
  }
  Mesh mesh;
  CGAL::convex_hull_3(pts.begin(), pts.end(), mesh);
  std::vector<std::uint32_t> index(mesh.number_of_vertices() + mesh.number_of_removed_vertices());
  for (auto v : mesh.vertices()) {
    index[v.idx()] = std::uint32_t(h.vertices.size());
    const Point& p = mesh.point(v);
    h.vertices.emplace_back(p.x(), p.y(), p.z());
  }
  for (auto f : mesh.faces()) {
    std::array<std::uint32_t, 3> tri{};
    int j = 0;
    for (auto v : CGAL::vertices_around_face(mesh.halfedge(f), mesh)) {
      if (j == 3) throw std::logic_error("sepax::fitting::convex_hull: a hull face is not a triangle");
      tri[j++] = index[v.idx()];
    }
    h.faces.push_back(tri);
  }
  return h;
}

/// §6.1.3 on the hull faces (or §6.1.2 on the points when the hull is flat).
Frame hull_frame(const Hull& h) {
  if (h.faces.empty()) return points_frame<double>(h.vertices);
  bool flat = true;
  const Eigen::Matrix3d cov = triangle_covariance<double>(
      h.faces.size(),
      [&](std::size_t i) {
        return std::array<Vec3<double>, 3>{h.vertices[h.faces[i][0]], h.vertices[h.faces[i][1]],
                                           h.vertices[h.faces[i][2]]};
      },
      flat);
  return flat ? points_frame<double>(h.vertices) : frame_from_covariance(cov);
}

template <class S>
Obb3<S> fit_hull_impl(std::span<const Vec3<S>> points) {
  if (points.empty()) throw std::invalid_argument("sepax::fitting::fit_hull: no points");
  const Hull h = hull_of(to_points(points, "fit_hull"));
  return enclose<S>(round_frame<S>(hull_frame(h)), points);
}

template <class S>
Obb3<S> fit_min_volume_hull_impl(std::span<const Vec3<S>> points, const MinVolumeOptions& opt) {
  if (points.empty()) throw std::invalid_argument("sepax::fitting::fit_min_volume_hull: no points");
  const Hull h = hull_of(to_points(points, "fit_min_volume_hull"));
  // Seeds: the hull fit (§6.1.3) and the covariance of ALL points (§6.1.2), so
  // the result is never worse than either (V is the same on hull and points).
  const std::array<Frame, 2> seeds{hull_frame(h), points_frame<S>(points)};
  // The volume of a box with given axes depends on the hull's vertices only.
  const Frame f = min_volume_frame<double>(h.vertices, seeds, opt);
  return enclose<S>(round_frame<S>(f), points);
}

}  // namespace

Hull convex_hull(std::span<const Vec3<double>> points) { return hull_of(to_points(points, "convex_hull")); }
Hull convex_hull(std::span<const Vec3<float>> points) { return hull_of(to_points(points, "convex_hull")); }
Obb3<double> fit_hull(std::span<const Vec3<double>> points) { return fit_hull_impl<double>(points); }
Obb3<float> fit_hull(std::span<const Vec3<float>> points) { return fit_hull_impl<float>(points); }
Obb3<double> fit_min_volume_hull(std::span<const Vec3<double>> points, const MinVolumeOptions& opt) {
  return fit_min_volume_hull_impl<double>(points, opt);
}
Obb3<float> fit_min_volume_hull(std::span<const Vec3<float>> points, const MinVolumeOptions& opt) {
  return fit_min_volume_hull_impl<float>(points, opt);
}

ReferenceBox cgal_oriented_bounding_box(std::span<const Vec3<double>> points, unsigned seed) {
#ifdef SEPAX_HAVE_CGAL_OBB
  const std::vector<Point> pts = to_points(points, "cgal_oriented_bounding_box");
  std::array<Point, 8> obb;
  CGAL::oriented_bounding_box(pts, obb, CGAL::parameters::random_seed(seed));
  ReferenceBox r;
  for (int k = 0; k < 8; ++k) r.corners[k] = Vec3<double>(obb[k].x(), obb[k].y(), obb[k].z());
  // Corner 0's two nearest corners are its neighbours along edges (a diagonal
  // is longer than both its edges); the third neighbour is the corner whose
  // offset is orthogonal to both (a diagonal through those two edges is not).
  std::array<int, 7> order{1, 2, 3, 4, 5, 6, 7};
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return (r.corners[a] - r.corners[0]).squaredNorm() < (r.corners[b] - r.corners[0]).squaredNorm();
  });
  const Vec3<double> e1 = r.corners[order[0]] - r.corners[0], e2 = r.corners[order[1]] - r.corners[0];
  Vec3<double> e3 = Vec3<double>::Zero();
  double best = std::numeric_limits<double>::infinity();
  for (int k = 2; k < 7; ++k) {
    const Vec3<double> d = r.corners[order[k]] - r.corners[0];
    const double n = d.norm();
    if (n == 0) continue;
    const double c = std::abs(d.dot(e1)) / (n * e1.norm() + 1e-300) + std::abs(d.dot(e2)) / (n * e2.norm() + 1e-300);
    if (c < best) best = c, e3 = d;
  }
  Eigen::Matrix3d e;
  e << e1, e2, e3;
  r.volume = std::abs(e.determinant());
  return r;
#else
  (void)points, (void)seed;
  throw std::runtime_error("sepax::fitting::cgal_oriented_bounding_box: CGAL was found without Eigen support");
#endif
}

}  // namespace sepax::fitting
