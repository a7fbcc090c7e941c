// Mesh kernels as values and one pose judged for all: see sepax/harness/mesh/mesh_kernels.hpp.
#include "sepax/harness/mesh/mesh_kernels.hpp"

#include <chrono>
#include <memory>

#include "sepax/core/tree/obb_tree.hpp"
#include "sepax/core/tree/traversal.hpp"
#include "sepax/oracle/mesh_truth.hpp"

namespace sepax::harness {
namespace {

template <class S>
void add_trees(const TriangleMesh& a, const TriangleMesh& b, std::vector<MeshKernel>& out) {
  const std::string scalar = sizeof(S) == 4 ? "float" : "double";
  for (const auto& [rule, leaf] : {std::pair{tree::SplitRule::center, 1u}, std::pair{tree::SplitRule::median, 4u}}) {
    auto ta = std::make_shared<const tree::ObbTree<S>>(tree::build<S>(a, {rule, leaf}));
    auto tb = std::make_shared<const tree::ObbTree<S>>(tree::build<S>(b, {rule, leaf}));
    MeshKernel k;
    k.name = std::string("sepax/") + (rule == tree::SplitRule::center ? "center" : "median") + "/leaf" +
             std::to_string(leaf) + "/" + scalar;
    k.scalar = sizeof(S) == 4 ? ScalarKind::float32 : ScalarKind::float64;
    k.intersects = [ta, tb](const Pose& p) { return tree::test_intersection(*ta, *tb, p); };
    k.pairs = [ta, tb](const Pose& p) { return tree::collect_intersections(*ta, *tb, p); };
    out.push_back(std::move(k));
  }
}

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

std::vector<MeshKernel> sepax_tree_kernels(const TriangleMesh& a, const TriangleMesh& b) {
  std::vector<MeshKernel> out;
  add_trees<double>(a, b, out);
  add_trees<float>(a, b, out);
  return out;
}

MeshPoseOutcome judge_mesh_pose(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose,
                                const std::vector<MeshKernel>& kernels, std::vector<MeshKernelTally>& tallies) {
  tallies.resize(kernels.size());
  MeshPoseOutcome o;
  auto t0 = std::chrono::steady_clock::now();
  const auto exact = oracle::exact_intersecting_pairs(a, b, pose);
  o.truth_seconds = since(t0);
  o.truth_hit = !exact.empty();
  o.truth_pairs = exact.size();
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const MeshKernel& k = kernels[i];
    MeshKernelTally& t = tallies[i];
    t0 = std::chrono::steady_clock::now();
    const bool hit = k.intersects(pose);
    const auto pairs = k.pairs(pose);
    t.seconds += since(t0);
    const auto j = judge_mesh_answer(a, b, pose, exact, hit, pairs, k.scalar);
    ++t.poses;
    t.hits += hit;
    (j.cls == oracle::Class::gross ? t.gross : j.cls == oracle::Class::boundary ? t.boundary : t.ok) += 1;
    o.answers.push_back({hit, pairs.size(), j});
  }
  return o;
}

}  // namespace sepax::harness
