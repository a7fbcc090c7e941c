// Top-down OBB tree construction (Eberly §6.2), flat layout, float and double.
#include "sepax/core/tree/obb_tree.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

#include "node_fit.hpp"

namespace sepax::tree {

namespace {

/// A pending node: its index and its depth.
struct Pending {
  std::uint32_t node;
  std::uint32_t depth;
  detail::TriangleMoments sum;  ///< of the node's triangles
};

/// The build's two parallel arrays, permuted together, and scratch space
/// reused by every split (allocating per node was a tenth of the build).
/// Centroids and moments are recomputed from the triangles where needed:
/// permuting them too was most of the build's memory traffic (a deep tree —
/// 61 levels on buildings.obj with center splits — moves every array once a level).
template <class S>
struct BuildArrays {
  std::vector<Triangle3<S>>& tri;
  std::vector<std::uint32_t>& order;
  detail::MomentFrame frame;
  std::vector<double> proj, sorted;
  std::vector<std::pair<std::uint32_t, Triangle3<S>>> pairs;  ///< sort_by_mesh_order's scratch

  Vec3<double> centroid(std::uint32_t k) const {
    const auto& t = tri[k].vertices;
    return (t[0].template cast<double>() + t[1].template cast<double>() + t[2].template cast<double>()) / 3.0;
  }

  detail::TriangleMoments moments(std::uint32_t first, std::uint32_t count) const {
    detail::TriangleMoments sum;
    for (std::uint32_t k = first; k < first + count; ++k) sum += detail::moments_of(tri[k], frame);
    return sum;
  }

  /// Sorts [first, first + count) of both arrays by mesh index.
  void sort_by_mesh_order(std::uint32_t first, std::uint32_t count) {
    pairs.clear();
    for (std::uint32_t k = first; k < first + count; ++k) pairs.emplace_back(order[k], tri[k]);
    std::sort(pairs.begin(), pairs.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    for (std::uint32_t k = 0; k < count; ++k) std::tie(order[first + k], tri[first + k]) = pairs[k];
  }

  /// Moves the triangles of [first, first + count) whose projection (proj[k],
  /// k relative to first) is below `at` to the front, in place: swapping only
  /// the misplaced pairs moves a quarter of the bytes a stable partition
  /// through scratch arrays did (a deep tree — 61 levels on buildings.obj
  /// with center splits — partitions every triangle once a level).
  void partition(std::uint32_t first, std::uint32_t count, double at) {
    std::uint32_t i = 0, j = count;
    for (;;) {
      while (i < j && proj[i] < at) ++i;
      while (i < j && !(proj[j - 1] < at)) --j;
      if (i >= j) return;
      --j;
      std::swap(proj[i], proj[j]);
      std::swap(tri[first + i], tri[first + j]);
      std::swap(order[first + i], order[first + j]);
      ++i;
    }
  }
};

/// Splits [first, first + count) of the arrays in place; returns the size of
/// the left part, in [1, count − 1]. Eberly §6.2: the longest box axis first;
/// an axis that leaves one side empty gives way to the next; when none
/// separates (all centroids project alike), the range is halved.
template <class S>
std::uint32_t split(const Obb3<S>& box, SplitRule rule, std::uint32_t first, std::uint32_t count,
                    BuildArrays<S>& arr) {
  std::array<int, 3> axes{0, 1, 2};
  std::stable_sort(axes.begin(), axes.end(),
                   [&](int i, int j) { return box.extents[i] > box.extents[j]; });
  const Vec3<double> c = box.center.template cast<double>();
  for (int axis : axes) {
    const Vec3<double> a = box.axes[axis].template cast<double>();
    for (std::uint32_t k = 0; k < count; ++k) arr.proj[k] = a.dot(arr.centroid(first + k) - c);
    double at = 0;  // the center plane: projection 0 relative to the center
    if (rule == SplitRule::median) {
      arr.sorted.assign(arr.proj.begin(), arr.proj.begin() + count);
      std::nth_element(arr.sorted.begin(), arr.sorted.begin() + count / 2, arr.sorted.end());
      at = arr.sorted[count / 2];  // left: strictly below the median
    }
    std::uint32_t left = 0;
    for (std::uint32_t k = 0; k < count; ++k) left += arr.proj[k] < at;
    if (left == 0 || left == count) continue;  // this axis puts everything on one side
    arr.partition(first, count, at);
    return left;
  }
  // Balanced fallback: halve the index range, in the mesh's own order (the
  // in-place partitions above scramble it; mesh order keeps neighbouring
  // faces together: on buildings.obj, halving the scrambled order cost 8 %
  // more node tests per query).
  arr.sort_by_mesh_order(first, count);
  return count / 2;
}

template <class S>
double scale_of(const Obb3<S>& box) {
  return double(box.center.cwiseAbs().maxCoeff()) + double(box.extents[0]) + double(box.extents[1]) +
         double(box.extents[2]);
}

}  // namespace

template <class S>
ObbTree<S> build(const TriangleMesh& mesh, const BuildOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  if (options.leaf_size == 0) throw std::invalid_argument("sepax::tree::build: leaf_size must be at least 1");
  ObbTree<S> tree;
  const std::size_t n = mesh.triangles.size();
  if (n > std::size_t(INT32_MAX) / 2) throw std::invalid_argument("sepax::tree::build: too many triangles");
  tree.triangles.resize(n);
  tree.order.resize(n);
  BuildArrays<S> arr{tree.triangles, tree.order, {}, std::vector<double>(n), {}, {}};
  for (std::size_t i = 0; i < n; ++i) {
    for (int j = 0; j < 3; ++j) {
      const std::uint32_t v = mesh.triangles[i][j];
      if (v >= mesh.vertices.size())
        throw std::invalid_argument("sepax::tree::build: triangle " + std::to_string(i) + " has vertex index " +
                                    std::to_string(v) + " out of range");
      const Vec3<S> p = mesh.vertices[v].template cast<S>();
      if (!p.allFinite())
        throw std::invalid_argument("sepax::tree::build: vertex " + std::to_string(v) +
                                    " is not finite in the tree's scalar");
      tree.triangles[i].vertices[j] = p;
    }
    tree.order[i] = std::uint32_t(i);
  }
  arr.frame = detail::moment_frame<S>(tree.triangles);
  if (n > 0) {
    tree.nodes.reserve(2 * (n / options.leaf_size + 1));
    Node<S> root;
    root.first = 0;
    root.count = std::uint32_t(n);
    tree.nodes.push_back(root);
    std::vector<Pending> stack{{0, 0, arr.moments(0, std::uint32_t(n))}};
    while (!stack.empty()) {
      const Pending p = stack.back();
      stack.pop_back();
      Node<S>& node = tree.nodes[p.node];
      node.box = detail::fit_node<S>(tree.triangles_of(node), p.sum);  // contains them exactly
      node.radius = enclosing_radius(node.box);
      tree.box_scale = std::max(tree.box_scale, scale_of(node.box));
      tree.stats.depth = std::max(tree.stats.depth, p.depth);
      if (node.count <= options.leaf_size) {
        ++tree.stats.leaves;
        continue;
      }
      const std::uint32_t first = node.first, count = node.count;
      const std::uint32_t left = split(node.box, options.split, first, count, arr);
      Node<S> l, r;
      l.first = first;
      l.count = left;
      r.first = first + left;
      r.count = count - left;
      const auto li = std::int32_t(tree.nodes.size());
      tree.nodes[p.node].left = li;  // `node` may dangle after push_back; right is li + 1
      tree.nodes.push_back(l);
      tree.nodes.push_back(r);
      // The smaller child's sums directly, the larger one's as the rest of the
      // parent's (half the summing; the subtraction loses digits only in
      // proportion to the parent, which is at most twice the larger child).
      const bool left_smaller = left <= count - left;
      const detail::TriangleMoments small =
          left_smaller ? arr.moments(first, left) : arr.moments(first + left, count - left);
      const detail::TriangleMoments large = p.sum - small;
      stack.push_back({std::uint32_t(li + 1), p.depth + 1, left_smaller ? large : small});
      stack.push_back({std::uint32_t(li), p.depth + 1, left_smaller ? small : large});
    }
  }
  tree.stats.bytes = tree.nodes.size() * sizeof(Node<S>) + n * sizeof(Triangle3<S>) + n * sizeof(std::uint32_t);
  tree.stats.bytes_per_triangle = n ? double(tree.stats.bytes) / double(n) : 0.0;
  tree.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return tree;
}

template ObbTree<float> build<float>(const TriangleMesh&, const BuildOptions&);
template ObbTree<double> build<double>(const TriangleMesh&, const BuildOptions&);

}  // namespace sepax::tree
