// OBB tree construction (issue 10, Eberly §6.2): the structure of the flat
// layout, and every node's box containing its triangles EXACTLY
// (box_contains_exactly) on all five meshes × split rules × leaf sizes ×
// float/double; B's posed, grown boxes containing B's posed triangles exactly.
#include <gtest/gtest.h>

#include <cstdio>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <boost/multiprecision/gmp.hpp>

#include "sepax/oracle/box_containment.hpp"
#include "tree_test_support.hpp"

namespace {

using namespace sepax;
using namespace sepax::tree_test;

/// Structural invariants: the root covers everything, children split their
/// parent's range in two non-empty parts, leaves respect leaf_size, `order`
/// is a permutation and triangles[k] is mesh triangle order[k] rounded to S.
template <class S>
void expect_structure(const TriangleMesh& m, const tree::ObbTree<S>& t, const tree::BuildOptions& o) {
  ASSERT_FALSE(t.empty());
  EXPECT_EQ(t.nodes[0].first, 0u);
  EXPECT_EQ(t.nodes[0].count, m.triangles.size());
  std::vector<int> seen(m.triangles.size(), 0);
  for (std::uint32_t k : t.order) ++seen.at(k);
  for (int s : seen) ASSERT_EQ(s, 1);
  for (std::size_t k = 0; k < t.triangles.size(); ++k)
    for (int j = 0; j < 3; ++j)
      ASSERT_EQ(t.triangles[k].vertices[j], m.vertices[m.triangles[t.order[k]][j]].template cast<S>());
  std::uint32_t leaves = 0;
  for (const auto& n : t.nodes) {
    if (n.leaf()) {
      ++leaves;
      EXPECT_GE(n.count, 1u);
      EXPECT_LE(n.count, o.leaf_size);
      EXPECT_EQ(n.right(), -1);
      continue;
    }
    const auto& l = t.nodes.at(n.left);
    const auto& r = t.nodes.at(n.right());
    EXPECT_GT(n.count, o.leaf_size);
    EXPECT_EQ(l.first, n.first);
    EXPECT_EQ(r.first, n.first + l.count);
    EXPECT_EQ(l.count + r.count, n.count);
    EXPECT_GE(l.count, 1u);
    EXPECT_GE(r.count, 1u);
  }
  EXPECT_EQ(leaves, t.stats.leaves);
  EXPECT_EQ(t.nodes.size(), 2 * std::size_t(leaves) - 1);
}

/// Every node's box contains every triangle of its range, checked exactly.
template <class S>
std::size_t expect_nodes_contain_exactly(const tree::ObbTree<S>& t) {
  std::size_t checked = 0;
  std::vector<Triangle3d> tris;
  for (std::size_t i = 0; i < t.nodes.size(); ++i) {
    const auto& n = t.nodes[i];
    tris.clear();
    for (const auto& tri : t.triangles_of(n)) tris.push_back(tri.template cast<double>());
    const auto outside = oracle::box_contains_exactly(n.box.template cast<double>(), tris);
    EXPECT_FALSE(outside.has_value()) << "node " << i << " misses triangle " << t.order[n.first + *outside];
    checked += tris.size();
    if (outside) break;
  }
  return checked;
}

template <class S>
void check_mesh(const std::string& file, const TriangleMesh& m) {
  for (auto rule : {tree::SplitRule::center, tree::SplitRule::median})
    for (std::uint32_t leaf : {1u, 4u, 16u}) {
      const tree::BuildOptions o{rule, leaf};
      const auto t = tree::build<S>(m, o);
      SCOPED_TRACE(file + " " + (rule == tree::SplitRule::center ? "center" : "median") + " leaf " +
                   std::to_string(leaf) + " " + (sizeof(S) == 4 ? "float" : "double"));
      expect_structure(m, t, o);
      const std::size_t checked = expect_nodes_contain_exactly(t);
      std::printf("%-18s %-6s %-6s leaf %2u: %7zu triangles, %7zu nodes, depth %2u, build %.3f s, "
                  "%.1f bytes/triangle, %zu node-triangle containments checked exactly\n",
                  file.c_str(), sizeof(S) == 4 ? "float" : "double",
                  rule == tree::SplitRule::center ? "center" : "median", leaf, m.triangles.size(),
                  t.nodes.size(), t.stats.depth, t.stats.seconds, t.stats.bytes_per_triangle, checked);
    }
}

class AllMeshes : public ::testing::TestWithParam<const char*> {};

TEST_P(AllMeshes, EveryNodeContainsItsTrianglesExactly) {
  const std::string file = GetParam();
  if (!have_mesh(file)) GTEST_SKIP() << file << " not present (SEPAX_MESH_DIR)";
  const TriangleMesh m = load(file);
  check_mesh<float>(file, m);
  check_mesh<double>(file, m);
}

INSTANTIATE_TEST_SUITE_P(Meshes, AllMeshes,
                         ::testing::Values("couplingdown.off", "elephant.off", "armadillo.off",
                                           "DTC-scaled.stl.gz", "buildings.obj.gz"),
                         [](const auto& info) {
                           std::string s = info.param;
                           return s.substr(0, s.find('.')) == "DTC-scaled" ? std::string("DTC")
                                                                         : s.substr(0, s.find('.'));
                         });

// The small meshes ship with the repository: their trees must be checked, never skipped.
TEST(TreeBuild, SmallMeshesArePresent) {
  EXPECT_TRUE(have_mesh("couplingdown.off"));
  EXPECT_TRUE(have_mesh("elephant.off"));
}

/// B's posed boxes (posing.hpp: grown by the rounding bound) contain B's posed
/// triangles exactly — the pruning's premise — at random poses, including far
/// translations where the rounding of R x + t is largest relative to the box.
template <class S>
void expect_posed_boxes_contain(const TriangleMesh& m, std::uint64_t seed) {
  const auto t = tree::build<S>(m, {});
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> n;
  std::vector<Triangle3d> tris;
  for (int k = 0; k < 6; ++k) {
    Eigen::Quaterniond q(n(rng), n(rng), n(rng), n(rng));
    q.normalize();
    Pose p;
    p.rotation = q.toRotationMatrix();
    p.translation = V(n(rng), n(rng), n(rng)) * std::pow(10.0, k - 1);  // 0.1 … 1e4
    const tree::Posing<S> posing(p);
    for (std::size_t i = 0; i < t.nodes.size(); ++i) {
      const auto& node = t.nodes[i];
      tris.clear();
      for (const auto& tri : t.triangles_of(node)) tris.push_back(posing.triangle(tri).template cast<double>());
      const auto outside = oracle::box_contains_exactly(posing.box(node.box).template cast<double>(), tris);
      ASSERT_FALSE(outside.has_value()) << "pose " << k << " node " << i;
    }
  }
}

TEST(TreeBuild, PosedBoxesContainPosedTrianglesExactly) {
  for (const char* file : {"couplingdown.off", "elephant.off"}) {
    const TriangleMesh m = load(file);
    expect_posed_boxes_contain<float>(m, 5);
    expect_posed_boxes_contain<double>(m, 6);
  }
}

/// Without the growth, the same check must be able to fail: posed boxes at
/// their fitted extents miss posed triangles (so the test above can catch a
/// missing or too small growth).
TEST(TreeBuild, UngrownPosedBoxesMissTriangles) {
  const TriangleMesh m = load("couplingdown.off");
  const auto t = tree::build<float>(m, {});
  Pose p;
  p.rotation = Eigen::Quaterniond(0.9, 0.3, -0.2, 0.1).normalized().toRotationMatrix();
  p.translation = V(1000.3, -2000.7, 500.1);
  const tree::Posing<float> posing(p);
  std::size_t missing = 0;
  std::vector<Triangle3d> tris;
  for (const auto& node : t.nodes) {
    Obb3f b = posing.box(node.box);
    b.extents = node.box.extents;
    tris.clear();
    for (const auto& tri : t.triangles_of(node)) tris.push_back(posing.triangle(tri).template cast<double>());
    missing += oracle::box_contains_exactly(b.cast<double>(), tris).has_value();
  }
  std::printf("ungrown posed boxes missing a posed triangle: %zu of %zu\n", missing, t.nodes.size());
  EXPECT_GT(missing, 0u);
}

/// Does the ball of radius r about the box's center contain the box (every
/// corner c + Σ ±e_i A_i, as the parallelepiped the stored numbers describe)?
/// Exact: rationals from the stored floats.
template <class S>
bool ball_contains_box_exactly(const Obb3<S>& b, float r) {
  using Q = boost::multiprecision::mpq_rational;
  const Q r2 = Q(double(r)) * Q(double(r));
  for (unsigned bits = 0; bits < 8; ++bits) {
    Q len2 = 0;
    for (int k = 0; k < 3; ++k) {
      Q x = 0;
      for (int i = 0; i < 3; ++i) {
        const Q term = Q(double(b.extents[i])) * Q(double(b.axes[i][k]));
        x += (bits >> i) & 1u ? term : Q(-term);
      }
      len2 += x * x;
    }
    if (len2 > r2) return false;
  }
  return true;
}

/// The traversal's ball pretest may prune only what the boxes would: every
/// node's radius, and every posed box's (Posing::radius), covers its box exactly.
template <class S>
void expect_balls_contain_boxes(const TriangleMesh& m, std::uint64_t seed) {
  for (std::uint32_t leaf : {1u, 4u}) {
    const auto t = tree::build<S>(m, {tree::SplitRule::median, leaf});
    for (std::size_t i = 0; i < t.nodes.size(); ++i)
      ASSERT_TRUE(ball_contains_box_exactly(t.nodes[i].box, t.nodes[i].radius)) << "node " << i;
    std::mt19937_64 rng(seed + leaf);
    std::normal_distribution<double> n;
    for (int k = 0; k < 4; ++k) {
      Pose p;
      p.rotation = Eigen::Quaterniond(n(rng), n(rng), n(rng), n(rng)).normalized().toRotationMatrix();
      p.translation = V(n(rng), n(rng), n(rng)) * std::pow(10.0, 2 * k - 2);
      const tree::Posing<S> posing(p);
      const double extra = posing.slack_for_scale(t.box_scale);
      for (std::size_t i = 0; i < t.nodes.size(); ++i) {
        const auto& node = t.nodes[i];
        ASSERT_TRUE(ball_contains_box_exactly(posing.box(node.box, extra), posing.radius(node.radius, node.box, extra)))
            << "pose " << k << " node " << i;
      }
    }
  }
}

TEST(TreeBuild, BallsContainTheirBoxesExactly) {
  for (const char* file : {"couplingdown.off", "elephant.off"}) {
    const TriangleMesh m = load(file);
    expect_balls_contain_boxes<float>(m, 7);
    expect_balls_contain_boxes<double>(m, 8);
  }
}

/// The ball check can fail: a radius one float step short of |extents| misses a corner.
TEST(TreeBuild, BallCheckCatchesATooSmallRadius) {
  Obb3d b;
  b.extents = {0.75, 0.5, 0.25};
  const float exact_or_more = tree::enclosing_radius(b);
  EXPECT_TRUE(ball_contains_box_exactly(b, exact_or_more));
  const float r = float(std::sqrt(0.75 * 0.75 + 0.5 * 0.5 + 0.25 * 0.25));
  EXPECT_FALSE(ball_contains_box_exactly(b, std::nextafter(std::min(r, exact_or_more), 0.0f)));
}

TEST(TreeBuild, RejectsBadInput) {
  TriangleMesh m;
  m.vertices = {V(0, 0, 0), V(1, 0, 0), V(0, 1, 0)};
  m.triangles = {{0, 1, 3}};
  EXPECT_THROW(tree::build<double>(m, {}), std::invalid_argument);
  m.triangles = {{0, 1, 2}};
  EXPECT_THROW(tree::build<double>(m, {tree::SplitRule::median, 0}), std::invalid_argument);
  m.vertices[1] = V(1e300, 0, 0);
  EXPECT_THROW(tree::build<float>(m, {}), std::invalid_argument);  // overflows float
  EXPECT_TRUE(tree::build<double>(TriangleMesh{}, {}).empty());
}

}  // namespace
