// exact_moving_mesh_truth (mesh_truth.hpp): the triangle pairs of two meshes
// that touch while B translates over [0, dt], and the earliest exact contact.
//
// Broad phase: CGAL::box_intersection_d (CLOSED) over A's triangle boxes (its
// doubles' min/max, exact) and B's swept boxes: the min/max of the posed
// triangle at t = 0 and at t = dt (vertex + dt·v widened by its rounding
// bound, then one ulp outward), which hold the exactly translated triangle for every t because a
// box of a convex motion's end points contains its whole straight path.
// Narrow phase per candidate: oracle::moving_intersects (interval-filtered
// rational SAT along the motion), then first_contact_sat for the time.
#include <CGAL/Box_intersection_d/Box_with_info_d.h>
#include <CGAL/box_intersection_d.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "sepax/oracle/exact_contact.hpp"
#include "sepax/oracle/mesh_truth.hpp"

namespace sepax::oracle {
namespace {

using Box = CGAL::Box_intersection_d::Box_with_info_d<double, 3, std::uint32_t>;

double down(double x) { return std::nextafter(x, -std::numeric_limits<double>::infinity()); }
double up(double x) { return std::nextafter(x, std::numeric_limits<double>::infinity()); }

}  // namespace

MovingMeshTruth exact_moving_mesh_truth(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose_b,
                                        const Vec3<double>& velocity, double dt) {
  if (!velocity.allFinite() || !(dt >= 0) || !std::isfinite(dt))
    throw std::invalid_argument("exact_moving_mesh_truth: velocity and dt must be finite, dt >= 0");
  std::vector<Triangle3d> ta(a.triangles.size()), tb(b.triangles.size());
  std::vector<Box> boxes_a, boxes_b;
  for (std::uint32_t i = 0; i < a.triangles.size(); ++i) {
    ta[i] = a.triangle(i);
    double lo[3], hi[3];
    for (int k = 0; k < 3; ++k) {
      lo[k] = std::min({ta[i].vertices[0][k], ta[i].vertices[1][k], ta[i].vertices[2][k]});
      hi[k] = std::max({ta[i].vertices[0][k], ta[i].vertices[1][k], ta[i].vertices[2][k]});
    }
    boxes_a.emplace_back(lo, hi, i);
  }
  for (std::uint32_t j = 0; j < b.triangles.size(); ++j) {
    tb[j] = pose_b.apply(b.triangle(j));
    double lo[3], hi[3];
    for (int k = 0; k < 3; ++k) {
      lo[k] = std::numeric_limits<double>::infinity();
      hi[k] = -lo[k];
      for (const auto& v : tb[j].vertices) {
        // v + dt·w rounds twice: off by at most 2u(|v| + |dt·w|) (+ an absolute
        // term for subnormal products); the box takes that much more.
        const double end = v[k] + dt * velocity[k];
        const double err = 0x1p-51 * (std::abs(v[k]) + std::abs(dt * velocity[k])) + 0x1p-1060;
        lo[k] = std::min({lo[k], v[k], end - err});
        hi[k] = std::max({hi[k], v[k], end + err});
      }
      lo[k] = down(lo[k]);
      hi[k] = up(hi[k]);
    }
    if (!std::isfinite(lo[0] + lo[1] + lo[2] + hi[0] + hi[1] + hi[2]))
      throw std::invalid_argument("exact_moving_mesh_truth: a swept triangle of b is not finite");
    boxes_b.emplace_back(lo, hi, j);
  }
  std::vector<TrianglePair> candidates;
  CGAL::box_intersection_d(
      boxes_a.begin(), boxes_a.end(), boxes_b.begin(), boxes_b.end(),
      [&](const Box& x, const Box& y) { candidates.emplace_back(x.info(), y.info()); }, std::ptrdiff_t(10),
      CGAL::Box_intersection_d::CLOSED);
  std::sort(candidates.begin(), candidates.end());
  const LinearMotiond motion{Vec3<double>::Zero(), velocity, dt};
  std::vector<unsigned char> hit(candidates.size(), 0);
  std::vector<double> time(candidates.size(), 0);
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, candidates.size(), 16),
                    [&](const tbb::blocked_range<std::size_t>& range) {
                      for (std::size_t k = range.begin(); k != range.end(); ++k) {
                        ShapePair sp;
                        sp.query = Query::tri_tri;
                        sp.tri_a = ta[candidates[k].first];
                        sp.tri_b = tb[candidates[k].second];
                        if (!moving_intersects(sp, motion).intersects) continue;
                        hit[k] = 1;
                        time[k] = first_contact_sat(sp, motion).time;
                      }
                    });
  MovingMeshTruth truth;
  truth.candidate_pairs = candidates.size();
  for (std::size_t k = 0; k < candidates.size(); ++k) {
    if (!hit[k]) continue;
    if (truth.pairs.empty() || time[k] < truth.first_time) {
      truth.first_time = time[k];
      truth.first_pair = candidates[k];
    }
    truth.pairs.push_back(candidates[k]);
  }
  return truth;
}

}  // namespace sepax::oracle
