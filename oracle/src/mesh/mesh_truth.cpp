// exact_mesh_truth: every intersecting triangle pair of mesh a and mesh b
// posed exactly (mesh_truth.hpp).
//
// Broad phase: CGAL::box_intersection_d over boxes that contain the exact
// triangles — a's boxes are its doubles' min/max (exact), b's the outward-
// rounded interval enclosures of its exact posed vertices — in CLOSED
// topology, so a pair touching only at a box face is still a candidate. No
// intersecting pair can be lost: each exact triangle lies in its box.
//
// Narrow phase, per candidate: each triangle is first classified into the set
// it really is (a Triangle_3, or a Segment_3 between its farthest vertices
// when collinear, or a Point_3 when all three coincide) because CGAL's
// Triangle_3 predicates assume non-degenerate input and under -DNDEBUG answer
// silently wrong otherwise (ORACLE-NOTES, pitfalls; as in cgal_judge.cpp).
// The matching CGAL::do_intersect then runs, first on interval coordinates
// (Simple_cartesian<Interval_nt>: every predicate either certain or throwing
// Uncertain_conversion_exception, the scheme of CGAL's own filtered kernels),
// and on an uncertain answer again on the exact GMP rationals
// (Simple_cartesian<mpq_class>). mpq_class values are plain values (no shared
// reference counts, unlike CGAL::Gmpq or lazy Epeck objects), so threads may
// read the shared vertex arrays concurrently.
#include "sepax/oracle/mesh_truth.hpp"

#include <CGAL/Box_intersection_d/Box_with_info_d.h>
#include <CGAL/Simple_cartesian.h>
#include <CGAL/box_intersection_d.h>
#include <CGAL/gmpxx.h>
#include <CGAL/intersections.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <variant>

#include "mesh/posed_vertices.hpp"

namespace sepax::oracle {
namespace {

using mesh_detail::Interval;
using mesh_detail::PosedVertices;
using IntervalKernel = CGAL::Simple_cartesian<Interval>;
using ExactKernel = CGAL::Simple_cartesian<mpq_class>;
using Box = CGAL::Box_intersection_d::Box_with_info_d<double, 3, std::uint32_t>;

/// The smallest double box holding the enclosures of the triangle's vertices.
Box box_of(const PosedVertices& v, const std::array<std::uint32_t, 3>& tri, std::uint32_t index) {
  double lo[3], hi[3];
  for (int k = 0; k < 3; ++k) {
    lo[k] = std::min({v.enclosure[tri[0]][k].inf(), v.enclosure[tri[1]][k].inf(),
                      v.enclosure[tri[2]][k].inf()});
    hi[k] = std::max({v.enclosure[tri[0]][k].sup(), v.enclosure[tri[1]][k].sup(),
                      v.enclosure[tri[2]][k].sup()});
  }
  return Box(lo, hi, index);
}

template <class K>
using Hull = std::variant<typename K::Point_3, typename K::Segment_3, typename K::Triangle_3>;

/// The set a triangle really is, as the CGAL object whose predicates accept it.
/// With intervals every comparison either is certain or throws.
template <class K>
Hull<K> hull_of(const std::array<typename K::Point_3, 3>& p) {
  if (!CGAL::collinear(p[0], p[1], p[2])) return typename K::Triangle_3(p[0], p[1], p[2]);
  // Collinear (repeated vertices included): the segment between the farthest pair.
  int bi = 0, bj = 1;
  typename K::FT best = CGAL::squared_distance(p[0], p[1]);
  for (auto [i, j] : {std::pair{1, 2}, std::pair{0, 2}}) {
    typename K::FT d = CGAL::squared_distance(p[i], p[j]);
    if (d > best) {
      best = d;
      bi = i;
      bj = j;
    }
  }
  if (CGAL::is_zero(best)) return p[0];  // all three coincide
  return typename K::Segment_3(p[bi], p[bj]);
}

template <class K>
bool hulls_intersect(const std::array<typename K::Point_3, 3>& a,
                     const std::array<typename K::Point_3, 3>& b) {
  return std::visit(
      [](const auto& x, const auto& y) { return static_cast<bool>(CGAL::do_intersect(x, y)); },
      hull_of<K>(a), hull_of<K>(b));
}

struct PairJudge {
  const TriangleMesh& a;
  const TriangleMesh& b;
  const PosedVertices& va;
  const PosedVertices& vb;

  template <class K, class Coordinates>
  static std::array<typename K::Point_3, 3> points(const Coordinates& coords,
                                                   const std::array<std::uint32_t, 3>& tri) {
    std::array<typename K::Point_3, 3> p;
    for (int c = 0; c < 3; ++c)
      p[c] = typename K::Point_3(coords[tri[c]][0], coords[tri[c]][1], coords[tri[c]][2]);
    return p;
  }

  /// True when a vertex of one is exactly a vertex of the other, read off
  /// enclosures that are single points (the stored doubles of a; b's images
  /// whenever R x + t was exact in double, e.g. a mesh against its own copy).
  /// Such pairs touch exactly, which intervals can never confirm: without this
  /// every pair of neighbours would need the rationals.
  bool share_a_point(std::uint32_t i, std::uint32_t j) const {
    for (std::uint32_t u : a.triangles[i])
      for (std::uint32_t v : b.triangles[j]) {
        bool same = true;
        for (int k = 0; k < 3 && same; ++k) {
          const Interval& x = va.enclosure[u][k];
          const Interval& y = vb.enclosure[v][k];
          same = x.is_point() && y.is_point() && x.inf() == y.inf();
        }
        if (same) return true;
      }
    return false;
  }

  /// The exact verdict; `fallback` set when the intervals could not decide.
  /// Call under Protect_FPU_rounding<true>.
  bool operator()(std::uint32_t i, std::uint32_t j, bool& fallback) const {
    if (share_a_point(i, j)) return true;
    try {
      return hulls_intersect<IntervalKernel>(points<IntervalKernel>(va.enclosure, a.triangles[i]),
                                             points<IntervalKernel>(vb.enclosure, b.triangles[j]));
    } catch (const CGAL::Uncertain_conversion_exception&) {
      fallback = true;
    }
    return hulls_intersect<ExactKernel>(points<ExactKernel>(va.exact, a.triangles[i]),
                                        points<ExactKernel>(vb.exact, b.triangles[j]));
  }
};

/// Posed vertices and broad-phase candidates, sorted (a-index, b-index).
struct Candidates {
  PosedVertices va, vb;
  std::vector<TrianglePair> pairs;
};

Candidates candidates(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose_b) {
  mesh_detail::check_mesh(a, "a");
  mesh_detail::check_mesh(b, "b");
  mesh_detail::check_pose(pose_b);
  Candidates c;
  CGAL::Protect_FPU_rounding<true> rounding;
  // Enclosures first; exact rationals only for the vertices of candidates.
  c.va = mesh_detail::unposed_vertices(a, std::vector<bool>(a.vertices.size(), false));
  c.vb = mesh_detail::pose_vertices(b, pose_b, std::vector<bool>(b.vertices.size(), false));
  std::vector<Box> boxes_a, boxes_b;
  boxes_a.reserve(a.triangles.size());
  boxes_b.reserve(b.triangles.size());
  for (std::uint32_t i = 0; i < a.triangles.size(); ++i) boxes_a.push_back(box_of(c.va, a.triangles[i], i));
  for (std::uint32_t j = 0; j < b.triangles.size(); ++j) boxes_b.push_back(box_of(c.vb, b.triangles[j], j));
  CGAL::box_intersection_d(
      boxes_a.begin(), boxes_a.end(), boxes_b.begin(), boxes_b.end(),
      [&](const Box& x, const Box& y) { c.pairs.emplace_back(x.info(), y.info()); },
      std::ptrdiff_t(10), CGAL::Box_intersection_d::CLOSED);
  std::sort(c.pairs.begin(), c.pairs.end());
  std::vector<bool> needed_a(a.vertices.size(), false), needed_b(b.vertices.size(), false);
  for (const auto& [i, j] : c.pairs) {
    for (std::uint32_t v : a.triangles[i]) needed_a[v] = true;
    for (std::uint32_t v : b.triangles[j]) needed_b[v] = true;
  }
  mesh_detail::add_exact_images(c.va, a, Pose::identity(), needed_a);  // R = I, t = 0: exact copy
  mesh_detail::add_exact_images(c.vb, b, pose_b, needed_b);
  return c;
}

}  // namespace

MeshTruth exact_mesh_truth(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose_b) {
  const Candidates c = candidates(a, b, pose_b);
  const PairJudge judge{a, b, c.va, c.vb};
  std::vector<unsigned char> hit(c.pairs.size(), 0);
  std::atomic<std::size_t> fallbacks{0};
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, c.pairs.size(), 64),
                    [&](const tbb::blocked_range<std::size_t>& range) {
                      CGAL::Protect_FPU_rounding<true> rounding;  // per thread: the FPU mode is
                      std::size_t local_fallbacks = 0;
                      for (std::size_t k = range.begin(); k != range.end(); ++k) {
                        bool fallback = false;
                        hit[k] = judge(c.pairs[k].first, c.pairs[k].second, fallback);
                        local_fallbacks += fallback;
                      }
                      fallbacks += local_fallbacks;
                    });
  MeshTruth truth;
  truth.candidate_pairs = c.pairs.size();
  truth.exact_fallbacks = fallbacks;
  for (std::size_t k = 0; k < c.pairs.size(); ++k)
    if (hit[k]) truth.pairs.push_back(c.pairs[k]);
  return truth;
}

std::vector<TrianglePair> exact_intersecting_pairs(const TriangleMesh& a, const TriangleMesh& b,
                                                   const Pose& pose_b) {
  return exact_mesh_truth(a, b, pose_b).pairs;
}

bool exact_intersects(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose_b) {
  const Candidates c = candidates(a, b, pose_b);
  const PairJudge judge{a, b, c.va, c.vb};
  std::atomic<bool> found{false};
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, c.pairs.size(), 64),
                    [&](const tbb::blocked_range<std::size_t>& range) {
                      CGAL::Protect_FPU_rounding<true> rounding;
                      bool fallback = false;
                      for (std::size_t k = range.begin(); k != range.end(); ++k) {
                        if (found.load(std::memory_order_relaxed)) return;  // someone hit: stop
                        if (judge(c.pairs[k].first, c.pairs[k].second, fallback)) {
                          found = true;
                          return;
                        }
                      }
                    });
  return found;
}

}  // namespace sepax::oracle
