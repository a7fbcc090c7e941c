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

#include "sepax/core/fitting/fit_triangles.hpp"

namespace sepax::tree {

namespace {

/// A pending node: its index and its depth.
struct Pending {
  std::uint32_t node;
  std::uint32_t depth;
};

/// Splits [first, first + count) of tri/order/centroid in place; returns the
/// size of the left part, in [1, count − 1]. Eberly §6.2: the longest box axis
/// first; an axis that leaves one side empty gives way to the next; when none
/// separates (all centroids project alike), the range is halved.
template <class S>
std::uint32_t split(const Obb3<S>& box, SplitRule rule, std::uint32_t first, std::uint32_t count,
                    std::vector<Triangle3<S>>& tri, std::vector<std::uint32_t>& order,
                    std::vector<Vec3<double>>& centroid, std::vector<double>& proj) {
  std::array<int, 3> axes{0, 1, 2};
  std::stable_sort(axes.begin(), axes.end(),
                   [&](int i, int j) { return box.extents[i] > box.extents[j]; });
  const Vec3<double> c = box.center.template cast<double>();
  std::vector<std::uint32_t> perm(count);
  for (int axis : axes) {
    const Vec3<double> a = box.axes[axis].template cast<double>();
    for (std::uint32_t k = 0; k < count; ++k) proj[k] = a.dot(centroid[first + k] - c);
    double at = 0;  // the center plane: projection 0 relative to the center
    if (rule == SplitRule::median) {
      std::vector<double> sorted(proj.begin(), proj.begin() + count);
      std::nth_element(sorted.begin(), sorted.begin() + count / 2, sorted.end());
      at = sorted[count / 2];  // left: strictly below the median
    }
    std::iota(perm.begin(), perm.end(), 0u);
    const auto mid = std::stable_partition(perm.begin(), perm.end(),
                                           [&](std::uint32_t k) { return proj[k] < at; });
    const auto left = std::uint32_t(mid - perm.begin());
    if (left == 0 || left == count) continue;  // this axis puts everything on one side
    // Apply the permutation to the three parallel arrays.
    std::vector<Triangle3<S>> t(count);
    std::vector<std::uint32_t> o(count);
    std::vector<Vec3<double>> ce(count);
    for (std::uint32_t k = 0; k < count; ++k) {
      t[k] = tri[first + perm[k]];
      o[k] = order[first + perm[k]];
      ce[k] = centroid[first + perm[k]];
    }
    std::copy(t.begin(), t.end(), tri.begin() + first);
    std::copy(o.begin(), o.end(), order.begin() + first);
    std::copy(ce.begin(), ce.end(), centroid.begin() + first);
    return left;
  }
  return count / 2;  // balanced fallback: halve the index range
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
  std::vector<Vec3<double>> centroid(n);
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
    const auto& t = tree.triangles[i].vertices;
    centroid[i] = (t[0].template cast<double>() + t[1].template cast<double>() + t[2].template cast<double>()) / 3.0;
  }
  if (n > 0) {
    tree.nodes.reserve(2 * (n / options.leaf_size + 1));
    std::vector<double> proj(n);
    Node<S> root;
    root.first = 0;
    root.count = std::uint32_t(n);
    tree.nodes.push_back(root);
    std::vector<Pending> stack{{0, 0}};
    while (!stack.empty()) {
      const Pending p = stack.back();
      stack.pop_back();
      Node<S>& node = tree.nodes[p.node];
      node.box = fitting::fit_triangles<S>(tree.triangles_of(node));  // contains them exactly
      node.radius = enclosing_radius(node.box);
      tree.box_scale = std::max(tree.box_scale, scale_of(node.box));
      tree.stats.depth = std::max(tree.stats.depth, p.depth);
      if (node.count <= options.leaf_size) {
        ++tree.stats.leaves;
        continue;
      }
      const std::uint32_t first = node.first, count = node.count;
      const std::uint32_t left = split(node.box, options.split, first, count, tree.triangles, tree.order, centroid, proj);
      Node<S> l, r;
      l.first = first;
      l.count = left;
      r.first = first + left;
      r.count = count - left;
      const auto li = std::int32_t(tree.nodes.size());
      tree.nodes[p.node].left = li;  // `node` may dangle after push_back; right is li + 1
      tree.nodes.push_back(l);
      tree.nodes.push_back(r);
      stack.push_back({std::uint32_t(li + 1), p.depth + 1});
      stack.push_back({std::uint32_t(li), p.depth + 1});
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
