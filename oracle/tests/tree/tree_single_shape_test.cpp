// One OBB tree against one box or one triangle (single_shape_query.hpp): the
// pruning never loses a triangle the leaf test reports (brute force over every
// triangle), and every answer agrees with the exact oracle up to the rounding
// band (harness::judge / classify).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

#include <Eigen/Geometry>

#include "sepax/core/tree/single_shape_query.hpp"
#include "sepax/harness/truth.hpp"
#include "tree_test_support.hpp"

namespace {

using namespace sepax;
using namespace sepax::tree_test;

template <class S>
struct Counts {
  int shapes = 0, hits = 0;
  std::size_t pairs = 0, boundary = 0, gross = 0;
};

template <class S>
std::pair<V, V> shape_bounds(const Obb3<S>& b) {
  V lo = V::Constant(1e300), hi = V::Constant(-1e300);
  for (unsigned bits = 0; bits < 8; ++bits) {
    const V p = b.vertex(bits).template cast<double>();
    lo = lo.cwiseMin(p);
    hi = hi.cwiseMax(p);
  }
  return {lo, hi};
}
template <class S>
std::pair<V, V> shape_bounds(const Triangle3<S>& t) {
  const auto& v = t.vertices;
  return {v[0].cwiseMin(v[1]).cwiseMin(v[2]).template cast<double>(),
          v[0].cwiseMax(v[1]).cwiseMax(v[2]).template cast<double>()};
}

/// Brute force and exact checks of one query shape.
template <class S, class Shape>
void check(const TriangleMesh& m, const tree::ObbTree<S>& t, const Shape& shape, Query query, Counts<S>& c) {
  const auto found = tree::collect_intersections(t, shape);
  EXPECT_EQ(tree::test_intersection(t, shape), !found.empty());
  std::vector<std::uint32_t> brute;
  for (std::size_t k = 0; k < t.triangles.size(); ++k) {
    bool meets;
    if constexpr (std::is_same_v<Shape, Obb3<S>>) meets = tri_obb::test_static(t.triangles[k], shape).intersects;
    else meets = tri_tri::test_static(t.triangles[k], shape).intersects;
    if (meets) brute.push_back(t.order[k]);
  }
  std::sort(brute.begin(), brute.end());
  EXPECT_EQ(found, brute) << "the tree pruned a triangle the leaf test reports";
  ++c.shapes;
  c.hits += !found.empty();
  c.pairs += found.size();
  // Exact: every triangle near the shape judged; disagreements must be boundary.
  const ScalarKind kind = sizeof(S) == 4 ? ScalarKind::float32 : ScalarKind::float64;
  for (std::size_t k = 0; k < m.triangles.size(); ++k) {
    ShapePair sp;
    sp.query = query;
    sp.tri_a = m.triangle(k);
    if constexpr (std::is_same_v<Shape, Obb3<S>>) sp.obb_b = shape.template cast<double>();
    else sp.tri_b = shape.template cast<double>();
    const bool says = std::binary_search(found.begin(), found.end(), std::uint32_t(k));
    // Far triangles: their AABB misses the shape's by a margin; judged only near it.
    const auto tb = shape_bounds(shape);
    const auto& v = sp.tri_a.vertices;
    const V lo = v[0].cwiseMin(v[1]).cwiseMin(v[2]), hi = v[0].cwiseMax(v[1]).cwiseMax(v[2]);
    if (!says && ((lo.array() > tb.second.array() + 1e-3).any() || (hi.array() < tb.first.array() - 1e-3).any()))
      continue;
    if (harness::judge(sp).intersects == says) continue;
    const auto cls = harness::classify(sp, kind, says);
    if (cls == oracle::Class::gross) {
      ++c.gross;
      ADD_FAILURE() << "triangle " << k << ": tree says " << says;
    } else {
      ++c.boundary;
    }
  }
}

template <class S>
void run(const char* file, std::uint64_t seed) {
  const TriangleMesh m = rounded<S>(load(file));
  const auto t = tree::build<S>(m, {tree::SplitRule::center, 1});
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-0.5, 0.5), size(0.005, 0.2);
  std::normal_distribution<double> n;
  Counts<S> c;
  for (int k = 0; k < 40; ++k) {
    const Eigen::Matrix3d r = Eigen::Quaterniond(n(rng), n(rng), n(rng), n(rng)).normalized().toRotationMatrix();
    Obb3<S> box;
    box.center = V(u(rng), u(rng), 0.4 * u(rng)).template cast<S>();
    for (int i = 0; i < 3; ++i) {
      box.axes[i] = r.col(i).template cast<S>();
      box.extents[i] = S(size(rng));
    }
    check(m, t, box, Query::tri_obb, c);
    Triangle3<S> tri;
    const V centre(u(rng), u(rng), 0.4 * u(rng));
    for (auto& v : tri.vertices) v = (centre + size(rng) * V(n(rng), n(rng), n(rng))).template cast<S>();
    check(m, t, tri, Query::tri_tri, c);
  }
  std::printf("%s %s: %d shapes, %d hit the mesh, %zu triangles reported, %zu boundary, %zu gross\n", file,
              sizeof(S) == 4 ? "float" : "double", c.shapes, c.hits, c.pairs, c.boundary, c.gross);
  EXPECT_GT(c.hits, c.shapes / 4);  // the checks ran on hits, not only on misses
  EXPECT_LT(c.hits, c.shapes);
}

TEST(TreeSingleShape, BoxesAndTrianglesAgainstCouplingdown) {
  run<double>("couplingdown.off", 51);
  run<float>("couplingdown.off", 52);
}

TEST(TreeSingleShape, EmptyTreeMeetsNothing) {
  const tree::ObbTree<double> empty;
  Obb3d b;
  b.extents = {1, 1, 1};
  EXPECT_FALSE(tree::test_intersection(empty, b));
  EXPECT_TRUE(tree::collect_intersections(empty, b).empty());
}

}  // namespace
