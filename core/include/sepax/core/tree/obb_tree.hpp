#pragma once
/// \file
/// An OBB tree over a triangle mesh, built top-down (Eberly §6.2), in a
/// flat layout: nodes in one vector with child indices, each node owning a
/// contiguous range of one permuted triangle array (no pointers).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "sepax/core/numeric/round_up.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/shapes/triangle3.hpp"
#include "sepax/core/shapes/triangle_mesh.hpp"

namespace sepax::tree {

/// Where a node's triangles are split (Eberly §6.2): at the plane through the
/// box's center, or at the median of the triangle centroids' projections, on
/// the box's longest axis (then the next axes, then halving the index range).
enum class SplitRule { center, median };

/// The defaults are sepax_bench_trees' winner: center splits and one triangle
/// a leaf gave the most queries/s on every mesh pair (both queries), at a
/// build time below FCL's; larger leaves save memory (leaf 4: ~45 % of the bytes).
struct BuildOptions {
  SplitRule split = SplitRule::center;
  std::uint32_t leaf_size = 1;  ///< a node with at most this many triangles is a leaf (≥ 1)
};

/// The radius of a ball about the box's center that contains the box, as the
/// parallelepiped it is (axes only nearly orthonormal): with the Gram defect
/// δ = max|A_i·A_j − δ_ij|, |Σ y_i e_i A_i|² ≤ |e|²(1 + 3δ) for |y_i| ≤ 1.
/// Rounded up to a float, with a margin for the double arithmetic.
template <class S>
inline float enclosing_radius(const Obb3<S>& box) {
  double defect = 0;
  for (int i = 0; i < 3; ++i)
    for (int j = i; j < 3; ++j)
      defect = std::max(defect, std::abs(box.axes[i].template cast<double>().dot(box.axes[j].template cast<double>()) -
                                         (i == j ? 1.0 : 0.0)));
  const double e0 = box.extents[0], e1 = box.extents[1], e2 = box.extents[2];
  return round_up<float>(std::sqrt((e0 * e0 + e1 * e1 + e2 * e2) * (1 + 3 * defect)) * (1 + 0x1p-45));
}

/// One node: its box (fit_triangles of its triangles: contains them exactly),
/// the radius of a ball about the box's center that contains the box (|extents|,
/// rounded up, in float: the traversal's cheap pretest), its children (left and
/// left + 1; −1 for a leaf) and its range [first, first + count) of the tree's
/// permuted triangle array.
template <class S>
struct Node {
  Obb3<S> box;
  float radius = 0;
  std::int32_t left = -1;
  std::uint32_t first = 0, count = 0;
  bool leaf() const { return left < 0; }
  std::int32_t right() const { return left < 0 ? -1 : left + 1; }
};

/// Build statistics, for reports and tests.
struct BuildStats {
  double seconds = 0;          ///< wall time of build()
  std::size_t bytes = 0;       ///< nodes + triangles + permutation (capacity not counted)
  double bytes_per_triangle = 0;
  std::uint32_t depth = 0;     ///< longest root-to-leaf path (root at depth 0)
  std::uint32_t leaves = 0;
};

/// The tree. triangles[k] is mesh triangle order[k] with its vertices rounded
/// to S (the numbers every kernel and every box of this tree sees).
template <class S>
struct ObbTree {
  std::vector<Node<S>> nodes;           ///< nodes[0] is the root (when not empty)
  std::vector<Triangle3<S>> triangles;  ///< permuted: a node's triangles are contiguous
  std::vector<std::uint32_t> order;     ///< original mesh index of triangles[k]
  /// max over nodes of |center|∞ + Σ extents: the size the traversal's
  /// rounding slack is proportional to (posing.hpp)
  double box_scale = 0;
  BuildStats stats;

  std::span<const Triangle3<S>> triangles_of(const Node<S>& n) const {
    return std::span<const Triangle3<S>>(triangles).subspan(n.first, n.count);
  }
  bool empty() const { return nodes.empty(); }
};

/// Builds the tree top-down (Eberly §6.2). An empty mesh gives an empty tree.
/// Throws std::invalid_argument for leaf_size 0, an index out of range or a
/// non-finite coordinate (or one that overflows S).
template <class S>
ObbTree<S> build(const TriangleMesh& mesh, const BuildOptions& options = {});

extern template ObbTree<float> build<float>(const TriangleMesh&, const BuildOptions&);
extern template ObbTree<double> build<double>(const TriangleMesh&, const BuildOptions&);

}  // namespace sepax::tree
