#pragma once
/// \file
/// Mesh-vs-mesh kernels as values, and one pose judged for all of them
/// (issue 10): what `sepax mesh-check` and verify's tree campaign share, and
/// what a user's program can extend with kernels of its own (any callable that
/// answers "do B at this pose and A intersect?" and "which triangle pairs?").
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sepax/core/shapes/pose.hpp"
#include "sepax/core/shapes/triangle_mesh.hpp"
#include "sepax/harness/mesh/mesh_judgement.hpp"

namespace sepax::harness {

/// A kernel's answer to a moving pose (B translating by t·velocity, t in [0, dt]).
struct MovingMeshAnswer {
  bool hit = false;                  ///< touch at some t in [0, dt]
  std::vector<MeshPair> pairs;       ///< every pair that touches in [0, dt], sorted
  std::optional<double> first_time;  ///< the earliest contact, when hit
};

struct MeshKernel {
  std::string name;
  ScalarKind scalar = ScalarKind::float64;  ///< whose rounding band excuses a disagreeing pair
  bool peer = false;                        ///< another library's: its gross answers are findings, not failures
  std::function<bool(const Pose&)> intersects;                  ///< first-hit query
  std::function<std::vector<MeshPair>(const Pose&)> pairs;      ///< every intersecting pair, sorted
  /// Both answers of one call (a plugin's); when set, the judge calls it instead of the two above.
  std::function<std::pair<bool, std::vector<MeshPair>>(const Pose&)> both;
  /// Moving poses (empty: the kernel has no moving query).
  std::function<MovingMeshAnswer(const Pose&, const Vec3<double>& velocity, double dt)> moving;
};

/// sepax's OBB trees of a and b: sepax/center/leaf1/{double,float} (the
/// default build, the benchmark's fastest) and sepax/median/leaf4/{double,float}
/// (the other split rule, a quarter of the nodes), built once.
std::vector<MeshKernel> sepax_tree_kernels(const TriangleMesh& a, const TriangleMesh& b);

/// Kernels of another library (or a user's), made for each mesh pair: they
/// come in through this door, as the SAT and pair-query kernels do through
/// theirs (peers/ registers FCL's BVHs at start-up).
struct MeshKernelMaker {
  std::string name;  ///< "fcl", or a brought kernel's id
  bool peer = true;  ///< another library's (left out by mesh_kernels without peers); false: a user's, always run
  std::function<std::vector<MeshKernel>(const TriangleMesh& a, const TriangleMesh& b)> make;
};

/// Adds makers; call before mesh_kernels() is first called (a late call
/// throws std::logic_error, as does a maker without `make`).
void register_mesh_kernel_makers(std::vector<MeshKernelMaker> makers);

/// sepax's trees of a and b, then every registered maker's kernels: the
/// peers' only with_peers. Throws what a build throws.
std::vector<MeshKernel> mesh_kernels(const TriangleMesh& a, const TriangleMesh& b, bool with_peers);

/// The ids of the registered makers that are not peers' (the kernels a user brought).
std::vector<std::string> brought_mesh_kernel_ids();

/// One kernel's answers over poses.
struct MeshKernelTally {
  std::size_t poses = 0, ok = 0, boundary = 0, gross = 0;
  std::size_t hits = 0;   ///< poses it called intersecting
  double seconds = 0;     ///< both queries, every pose

  void add(bool hit, oracle::Class cls) {
    ++poses;
    hits += hit;
    (cls == oracle::Class::gross ? gross : cls == oracle::Class::boundary ? boundary : ok) += 1;
  }
};

struct MeshAnswer {
  bool ran = true;  ///< false: the kernel has no query for this pose (moving), not judged
  std::string error;  ///< the kernel threw (a plugin's failure, a malformed answer): judged gross
  bool hit = false;
  std::size_t pairs = 0;
  std::optional<double> first_time;  ///< moving poses
  MeshAnswerJudgement judgement;
};

struct MeshPoseOutcome {
  bool truth_hit = false;
  std::size_t truth_pairs = 0;
  std::optional<double> truth_first_time;  ///< moving poses with contact
  double truth_seconds = 0;
  std::vector<MeshAnswer> answers;  ///< one per kernel, in order
};

/// The exact pairs at `pose` once, then every kernel's two queries judged
/// against them (judge_mesh_answer); `tallies` (resized to the kernels) accumulate.
MeshPoseOutcome judge_mesh_pose(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose,
                                const std::vector<MeshKernel>& kernels, std::vector<MeshKernelTally>& tallies);

/// A moving pose: the exact pairs that touch in [0, dt] and the first time
/// (oracle::exact_moving_mesh_truth), then every kernel with a moving query,
/// judged by judge_moving_mesh_answer.
MeshPoseOutcome judge_moving_mesh_pose(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose,
                                       const Vec3<double>& velocity, double dt, const std::vector<MeshKernel>& kernels,
                                       std::vector<MeshKernelTally>& tallies);

}  // namespace sepax::harness
