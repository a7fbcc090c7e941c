#pragma once
/// \file
/// Judging a signed distance between two shapes (box–box, triangle–box,
/// triangle–triangle): the separation distance with its witness points when
/// the shapes are apart, the penetration depth with its direction when they
/// overlap — what GJK, EPA and MPR routines report (FCL's distance and
/// contacts, libccd's penetration, Bullet's GJK–EPA, MuJoCo's contacts).
/// The truth is the exact signed distance (oracle::relative_margin: the
/// Euclidean distance of the exact sets, or minus their penetration depth).
/// Lengths are relative to ℓ = reference_length(pair); the band is
/// oracle::boundary_tolerance for the kernel's scalar, widened to the
/// tolerance the kernel declares (an iterative method's stopping tolerance).
///
/// | check | ok when |
/// |---|---|
/// | side | distance ≤ 0 (meets) equals the exact verdict; else boundary within the band (oracle::classify), gross beyond |
/// | distance | |d − d*| ≤ allowance |
/// | witnesses (apart) | each point within the allowance of its shape, and |p_b − p_a| within it of d |
/// | direction (overlap) | a unit normal from A towards B along which the shapes' overlap is within the allowance of the depth (a translation of B by depth along it separates them) |
///
/// allowance = max(band, declared tolerance). A value beyond it is gross; the
/// reason names the check.
#include <optional>
#include <string>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/oracle/classify.hpp"

namespace sepax::harness {

/// A signed distance as any kernel reports it, in double.
struct DistanceAnswer {
  /// > 0: the separation distance; ≤ 0: minus the penetration depth (0: touching).
  double distance = 0;
  /// Overlapping: the unit direction from A towards B along which B moves out
  /// by the depth. Apart: optional (zero when not given).
  Vec3<double> normal = Vec3<double>::Zero();
  /// Apart: the closest points of A and of B. Overlapping: not judged.
  Vec3<double> point_a = Vec3<double>::Zero(), point_b = Vec3<double>::Zero();
  /// The accuracy the method promises for this answer, relative to ℓ: an
  /// iterative method's stopping tolerance (FCL's GJK: 1e-6 absolute;
  /// libccd's EPA and MPR: 1e-4). Not one of the answer's array fields: a
  /// kernel brought from elsewhere declares it (--tolerance, tolerance=).
  double tolerance = 0;
};

/// The exact facts of a pair, computed once for every kernel judged on it.
struct DistanceTruth {
  bool intersects = false;
  double margin = 0;  ///< oracle::relative_margin: distance, or −depth, / ℓ (rounded once)
  double ell = 1;
};
DistanceTruth distance_truth(const ShapePair& pair);

struct DistanceJudgement {
  oracle::Class verdict_class = oracle::Class::ok;
  std::string reason;  ///< the failed check, for gross and boundary
  double tolerance = 0;  ///< the allowance, / ℓ
  std::optional<double> distance_error;  ///< |d − d*| / ℓ
  std::optional<double> witness_error;   ///< apart: the witnesses' largest miss / ℓ
  std::optional<double> normal_excess;   ///< overlapping: overlap along the normal / ℓ − depth*
};

/// `declared`: the tolerance the kernel declares, relative to ℓ (0: the band alone).
DistanceJudgement judge_distance(const ShapePair& pair, ScalarKind scalar, const DistanceAnswer& says,
                                 const DistanceTruth& truth, double declared = 0);

}  // namespace sepax::harness
