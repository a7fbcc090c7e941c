#pragma once
/// \file Shared pieces of the OBB tree tests (issue 10): meshes as the tree's
/// scalar sees them, the pose count, and the brute-force
/// reference of what the leaf tests would find without any pruning.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "sepax/core/shapes/pose.hpp"
#include "sepax/core/shapes/triangle_mesh.hpp"
#include "sepax/core/static/tri_tri.hpp"
#include "sepax/core/tree/obb_tree.hpp"
#include "sepax/core/tree/posing.hpp"
#include "sepax/core/tree/traversal.hpp"
#include "sepax/generators/poses.hpp"
#include "sepax/harness/mesh/mesh_file.hpp"
#include "test_meshes.hpp"

namespace sepax::tree_test {

using V = Vec3<double>;

inline bool have_mesh(const std::string& file) { return std::filesystem::exists(sepax::test::mesh_path(file)); }
inline TriangleMesh load(const std::string& file) { return harness::read_mesh(sepax::test::mesh_path(file)); }

/// The mesh with its vertices rounded to S: the numbers a tree in S holds, and
/// so the input the exact oracle must judge for it.
template <class S>
TriangleMesh rounded(const TriangleMesh& m) {
  TriangleMesh r = m;
  for (V& v : r.vertices) v = v.template cast<S>().template cast<double>();
  return r;
}

/// Poses per mesh pair: SEPAX_TREE_POSES when set (the acceptance run uses 1000), else `fallback`.
inline int pose_count(int fallback) {
  if (const char* e = std::getenv("SEPAX_TREE_POSES")) return std::max(1, std::atoi(e));
  return fallback;
}

/// Poses near first contact come from the generator (one copy, shared with
/// the tree benchmark): gen::pose_near_contact on double trees of the meshes.
using gen::pose_near_contact;

/// Every pair the leaf test reports on B's posed triangles, with no tree: an
/// axis-aligned box prefilter (grown by a relative 1e-5, far beyond any
/// rounding) in front of tri_tri::test_static. The tree must find exactly these.
template <class S>
std::vector<tree::TrianglePair> brute_force_pairs(const tree::ObbTree<S>& ta, const tree::ObbTree<S>& tb,
                                                  const Pose& pose) {
  const tree::Posing<S> posing(pose);
  struct Box { V lo, hi; };
  auto aabb = [](const Triangle3<S>& t, double grow) {
    Box bx{t.vertices[0].template cast<double>(), t.vertices[0].template cast<double>()};
    for (const auto& v : t.vertices) {
      bx.lo = bx.lo.cwiseMin(v.template cast<double>());
      bx.hi = bx.hi.cwiseMax(v.template cast<double>());
    }
    const double g = grow * (1 + bx.lo.cwiseAbs().maxCoeff() + bx.hi.cwiseAbs().maxCoeff());
    bx.lo.array() -= g;
    bx.hi.array() += g;
    return bx;
  };
  std::vector<Triangle3<S>> pb(tb.triangles.size());
  std::vector<Box> ba(ta.triangles.size()), bb(tb.triangles.size());
  for (std::size_t k = 0; k < ta.triangles.size(); ++k) ba[k] = aabb(ta.triangles[k], 1e-5);
  for (std::size_t k = 0; k < tb.triangles.size(); ++k) {
    pb[k] = posing.triangle(tb.triangles[k]);
    bb[k] = aabb(pb[k], 1e-5);
  }
  std::vector<tree::TrianglePair> out;
  for (std::size_t i = 0; i < ba.size(); ++i)
    for (std::size_t j = 0; j < bb.size(); ++j) {
      if ((ba[i].lo.array() > bb[j].hi.array()).any() || (bb[j].lo.array() > ba[i].hi.array()).any()) continue;
      if (tri_tri::test_static(ta.triangles[i], pb[j]).intersects) out.emplace_back(ta.order[i], tb.order[j]);
    }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace sepax::tree_test
