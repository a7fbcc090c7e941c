// Mesh kernels as values and one pose judged for all: see sepax/harness/mesh/mesh_kernels.hpp.
#include "sepax/harness/mesh/mesh_kernels.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>

#include "sepax/core/tree/obb_tree.hpp"
#include "sepax/core/tree/moving_traversal.hpp"
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
    k.moving = [ta, tb](const Pose& p, const Vec3<double>& v, double dt) {
      tree::TreeMotion motion;
      motion.velocity = v;
      motion.dt = dt;
      MovingMeshAnswer ans;
      tree::find_contacts_moving(*ta, *tb, p, motion, [&](const tree::TreeContact& c) {
        ans.pairs.push_back(c.pair);
        return true;
      });
      std::sort(ans.pairs.begin(), ans.pairs.end());
      ans.hit = tree::test_intersection_moving(*ta, *tb, p, motion);
      if (const auto first = tree::find_first_contact(*ta, *tb, p, motion)) ans.first_time = first->time;
      return ans;
    };
    out.push_back(std::move(k));
  }
}

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

namespace {

struct Makers {
  std::vector<MeshKernelMaker> list;
  bool read = false;
};
Makers& makers() {
  static Makers m;
  return m;
}

}  // namespace

void register_mesh_kernel_makers(std::vector<MeshKernelMaker> extra) {
  Makers& m = makers();
  if (m.read) throw std::logic_error("register_mesh_kernel_makers called after mesh kernels were made");
  for (MeshKernelMaker& k : extra) {
    if (!k.make) throw std::logic_error("register_mesh_kernel_makers: maker " + k.name + " has no make function");
    m.list.push_back(std::move(k));
  }
}

std::vector<MeshKernel> mesh_kernels(const TriangleMesh& a, const TriangleMesh& b, bool with_peers) {
  Makers& m = makers();
  m.read = true;
  std::vector<MeshKernel> out = sepax_tree_kernels(a, b);
  for (const MeshKernelMaker& maker : m.list)
    if (with_peers || !maker.peer)
      for (MeshKernel& k : maker.make(a, b)) out.push_back(std::move(k));
  return out;
}

std::vector<std::string> brought_mesh_kernel_ids() {
  std::vector<std::string> ids;
  for (const MeshKernelMaker& maker : makers().list)
    if (!maker.peer) ids.push_back(maker.name);
  return ids;
}

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
    MeshAnswer ans;
    t0 = std::chrono::steady_clock::now();
    try {
      const auto [hit, pairs] = k.both ? k.both(pose) : std::pair{k.intersects(pose), k.pairs(pose)};
      ans.hit = hit;
      t.seconds += since(t0);
      ans.pairs = pairs.size();
      ans.judgement = judge_mesh_answer(a, b, pose, exact, ans.hit, pairs, k.scalar);
    } catch (const std::exception& e) {  // a brought kernel's failure: its answer, gross
      t.seconds += since(t0);
      ans.error = e.what();
      ans.judgement.cls = oracle::Class::gross;
    }
    t.add(ans.hit, ans.judgement.cls);
    o.answers.push_back(std::move(ans));
  }
  return o;
}

MeshPoseOutcome judge_moving_mesh_pose(const TriangleMesh& a, const TriangleMesh& b, const Pose& pose,
                                       const Vec3<double>& velocity, double dt, const std::vector<MeshKernel>& kernels,
                                       std::vector<MeshKernelTally>& tallies) {
  tallies.resize(kernels.size());
  MeshPoseOutcome o;
  auto t0 = std::chrono::steady_clock::now();
  const auto exact = oracle::exact_moving_mesh_truth(a, b, pose, velocity, dt);
  o.truth_seconds = since(t0);
  o.truth_hit = !exact.pairs.empty();
  o.truth_pairs = exact.pairs.size();
  if (o.truth_hit) o.truth_first_time = exact.first_time;
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const MeshKernel& k = kernels[i];
    MeshAnswer ans;
    if (!k.moving) {
      ans.ran = false;
      o.answers.push_back(ans);
      continue;
    }
    MeshKernelTally& t = tallies[i];
    t0 = std::chrono::steady_clock::now();
    const MovingMeshAnswer m = k.moving(pose, velocity, dt);
    t.seconds += since(t0);
    ans.hit = m.hit;
    ans.pairs = m.pairs.size();
    ans.first_time = m.first_time;
    ans.judgement = judge_moving_mesh_answer(a, b, pose, velocity, dt, exact, m.hit, m.pairs, m.first_time, k.scalar);
    t.add(m.hit, ans.judgement.cls);
    o.answers.push_back(std::move(ans));
  }
  return o;
}

}  // namespace sepax::harness
