#pragma once
/// \file
/// A mesh-vs-mesh answer judged against the exact truth (issue 10): the
/// answer of any kernel (a sepax tree, FCL, a user's) for one pose — its
/// verdict and the triangle pairs it reports — against the exact set of
/// intersecting pairs (oracle::exact_mesh_truth).
///
/// Every disagreeing pair is classified as a single triangle–triangle case
/// would be (harness::classify, in the kernel's scalar, on A's triangle and
/// B's triangle posed in double): within the rounding band it is `boundary`,
/// beyond it `gross`. The verdict follows the pairs: a "no" with truth pairs is
/// acceptable when every missed pair is; a "yes" without truth pairs when one of
/// the reported pairs is plausibly intersecting. The answer's class is the
/// worst of these.
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "sepax/core/shapes/pose.hpp"
#include "sepax/core/shapes/triangle_mesh.hpp"
#include "sepax/harness/truth.hpp"
#include "sepax/oracle/mesh_truth.hpp"

namespace sepax::harness {

using MeshPair = std::pair<std::uint32_t, std::uint32_t>;

struct MeshAnswerJudgement {
  oracle::Class cls = oracle::Class::ok;
  std::size_t extra = 0;   ///< reported pairs the truth does not have
  std::size_t missed = 0;  ///< truth pairs not reported
  std::size_t boundary = 0, gross = 0;  ///< of the disagreeing pairs
  std::optional<MeshPair> first_gross;  ///< to replay
};

/// The triangle pair as a single case: a's triangle, b's posed in double.
ShapePair posed_pair(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose_b, const MeshPair& p);

/// `exact` and `reported` sorted (mesh indices: a's triangle, b's triangle).
MeshAnswerJudgement judge_mesh_answer(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose_b,
                                      const std::vector<MeshPair>& exact, bool says_intersects,
                                      const std::vector<MeshPair>& reported, ScalarKind scalar);

/// A moving answer (B translating by t·velocity over [0, dt]) against the exact
/// moving truth: a disagreeing pair is boundary when its exact moving margin
/// is within the kernel's band (oracle::moving_boundary_tolerance), else gross;
/// a verdict with no disagreeing pair behind it is gross; a first time off by
/// more than oracle::contact_time_tolerance·dt is gross unless some
/// disagreement was boundary (then boundary).
MeshAnswerJudgement judge_moving_mesh_answer(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose_b,
                                             const Vec3<double>& velocity, double dt,
                                             const oracle::MovingMeshTruth& exact, bool says_intersects,
                                             const std::vector<MeshPair>& reported,
                                             const std::optional<double>& first_time, ScalarKind scalar);

}  // namespace sepax::harness
