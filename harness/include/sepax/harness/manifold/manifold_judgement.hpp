#pragma once
/// \file
/// Judging an OBB–OBB contact manifold (Gaul's manifold generation)
/// against the exact boxes (oracle/exact_manifold.hpp), for sepax's kernel and
/// the peers alike. Lengths are measured in ℓ = the larger box diagonal; the
/// band is oracle::boundary_tolerance of the pair for the kernel's scalar.
///
/// | check | ok when |
/// |---|---|
/// | contact | equals the exact verdict; else boundary within the band of touching, gross beyond (oracle::classify) |
/// | depth | |depth − depth*| ≤ band (depth* the exact penetration depth) |
/// | normal | the boxes' overlap along it, oriented from A to B, is within the band of depth* |
/// | points | each lies in both boxes, each grown by the band (outside_distance) |
/// | face polygon | when the normal is a face normal and that face's overlap is within 4u·(|C_B − C_A|∞ + 2Σ extents)/ℓ of depth* (at most band/16: a face contact, where a kernel that prefers faces within a few dozen ulps of its sizes gives its polygon): the points' hull and the exact clipped polygon (for some tied reference and incident face), both projected along the normal (where a point lies along it is the point check's business: on the incident face, on the reference face or between), are within band × conditioning of each other (an edge crossing a clipping plane at a small angle α moves its corner by 1/sin α times the plane's error) |
/// | edge point | otherwise, when an edge–edge axis A_i × B_j parallel to the normal attains the depth within the band: the points are within band / sin²θ of the segment between its supporting edges' exact closest points (θ the angle of the edges: the closest points of nearly parallel edges are ill-conditioned), unless those are ambiguous (oracle::edge_contact_segment) |
///
/// A face attaining the depth that closely asks for its polygon; beyond
/// that, an edge axis attaining it within the band may give one point.
///
/// A manifold in contact that fails one check is gross; the reason names it.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/oracle/classify.hpp"

namespace sepax::harness {

/// The most points a manifold answer holds in a query's arrays (a box–box
/// face contact clips to at most 8).
inline constexpr std::size_t kManifoldPoints = 8;

/// A manifold's points: up to kManifoldPoints kept in the answer itself, so
/// that a batch of answers is made without an allocation each (a kernel
/// reporting more still may: they go to the heap).
using ManifoldPoints = boost::container::small_vector<Vec3<double>, kManifoldPoints>;

/// A manifold as any kernel reports it, in double.
struct ManifoldAnswer {
  /// Provided, as QueryAnswer's: value-initialisation (optional::emplace(),
  /// an answer read in place) then sets the fields, rather than first zeroing
  /// the points' whole inline storage.
  ManifoldAnswer() noexcept {}
  ManifoldAnswer(bool contact, const Vec3<double>& normal, double depth, ManifoldPoints points = {})
      : contact(contact), normal(normal), depth(depth), points(std::move(points)) {}

  bool contact = false;
  Vec3<double> normal = Vec3<double>::Zero();  ///< unit, from A towards B
  double depth = 0;
  ManifoldPoints points;
};

/// The exact facts of a pair, computed once for every kernel judged on it.
struct ManifoldTruth {
  bool intersects = false;
  double depth = 0;   ///< exact penetration depth / ℓ (0 without contact)
  double margin = 0;  ///< oracle::relative_margin: separation distance or −depth, / ℓ
  double ell = 1;
};
ManifoldTruth manifold_truth(const Obb3d& a, const Obb3d& b);

struct ManifoldJudgement {
  oracle::Class verdict_class = oracle::Class::ok;
  std::string reason;  ///< the failed check, for gross and boundary
  double tolerance = 0;
  std::optional<double> depth_error;       ///< |depth − depth*| / ℓ
  std::optional<double> normal_excess;     ///< oriented overlap on the normal / ℓ − depth*
  std::optional<double> point_distance;    ///< largest outside_distance of a point / ℓ
  std::optional<double> polygon_distance;  ///< face: hull distance / ℓ / conditioning; edge: distance to the exact closest points' segment / ℓ · sin²θ
};

ManifoldJudgement judge_manifold(const Obb3d& a, const Obb3d& b, ScalarKind scalar, const ManifoldAnswer& says,
                                 const ManifoldTruth& truth);

}  // namespace sepax::harness
