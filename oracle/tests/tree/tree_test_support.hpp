#pragma once
/// \file Shared pieces of the OBB tree tests (issue 10): meshes as the tree's
/// scalar sees them, seeded poses near first contact, and the brute-force
/// reference of what the leaf tests would find without any pruning.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "sepax/core/shapes/pose.hpp"
#include "sepax/core/shapes/triangle_mesh.hpp"
#include "sepax/core/static/tri_tri.hpp"
#include "sepax/core/tree/obb_tree.hpp"
#include "sepax/core/tree/posing.hpp"
#include "sepax/core/tree/traversal.hpp"
#include "sepax/harness/mesh_file.hpp"
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

inline V box_center(const TriangleMesh& m) {
  V lo = m.vertices[0], hi = m.vertices[0];
  for (const V& v : m.vertices) {
    lo = lo.cwiseMin(v);
    hi = hi.cwiseMax(v);
  }
  return 0.5 * (lo + hi);
}

inline double diameter(const TriangleMesh& m) {
  V lo = m.vertices[0], hi = m.vertices[0];
  for (const V& v : m.vertices) {
    lo = lo.cwiseMin(v);
    hi = hi.cwiseMax(v);
  }
  return (hi - lo).norm();
}

/// Poses per mesh pair: SEPAX_TREE_POSES when set (the acceptance run uses 1000), else `fallback`.
inline int pose_count(int fallback) {
  if (const char* e = std::getenv("SEPAX_TREE_POSES")) return std::max(1, std::atoi(e));
  return fallback;
}

/// A seeded pose near first contact: a random rotation (unit quaternion
/// rounded to doubles), B's box center moved onto A's, then B pushed along a
/// random direction; the distance of first contact is bisected with the tree
/// itself, and the final distance perturbed by ±10^U(−7, −2) of the diameter
/// (both signs: overlapping and separated poses).
template <class S>
Pose pose_near_contact(const tree::ObbTree<S>& ta, const tree::ObbTree<S>& tb, const TriangleMesh& a,
                       const TriangleMesh& b, std::mt19937_64& rng) {
  std::normal_distribution<double> n;
  Eigen::Quaterniond q(n(rng), n(rng), n(rng), n(rng));
  q.normalize();
  const V d = V(n(rng), n(rng), n(rng)).normalized();
  Pose p;
  p.rotation = q.toRotationMatrix();
  const V base = box_center(a) - p.rotation * box_center(b);
  const double diam = std::max(diameter(a), diameter(b));
  double lo = 0, hi = 2 * diam;
  for (int k = 0; k < 40; ++k) {
    const double mid = 0.5 * (lo + hi);
    p.translation = base + mid * d;
    (tree::test_intersection(ta, tb, p) ? lo : hi) = mid;
  }
  const double magnitude = std::pow(10.0, std::uniform_real_distribution<double>(-7, -2)(rng)) * diam;
  const double sign = std::bernoulli_distribution(0.5)(rng) ? 1.0 : -1.0;
  p.translation = base + (hi + sign * magnitude) * d;
  return p;
}

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
