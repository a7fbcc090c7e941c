#pragma once
/// \file
/// One OBB tree against one box or one triangle, in the tree's frame
/// (Eberly §7's tests with one side a single shape): which of the tree's
/// triangles does it intersect, or does it intersect any? Closed sets.
///
/// Node test: obb_obb::first_separating_axis (box query) or tri_obb::test_static
/// (triangle query) against the node's box, the query's box or the node's box
/// grown by 64·u_S·(the tree's box scale + the query's scale) — the same margin
/// the two-tree traversal gives the box kernel's rounding (posing.hpp), so a
/// node is never pruned while one of its triangles passes the leaf test. Leaf
/// test: tri_obb::test_static or tri_tri::test_static on the stored triangle.
/// The query shape must be valid (a box's axes orthonormal, finite numbers).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/numeric/round_up.hpp"
#include "sepax/core/static/obb_obb.hpp"
#include "sepax/core/static/tri_obb.hpp"
#include "sepax/core/static/tri_tri.hpp"
#include "sepax/core/tree/obb_tree.hpp"

namespace sepax::tree {

namespace detail {

template <class S>
double shape_scale(const Obb3<S>& b) {
  return double(b.center.cwiseAbs().maxCoeff()) + double(b.extents[0]) + double(b.extents[1]) + double(b.extents[2]);
}
template <class S>
double shape_scale(const Triangle3<S>& t) {
  double s = 0;
  for (const auto& v : t.vertices) s = std::max(s, double(v.cwiseAbs().maxCoeff()));
  return 2 * s;
}

/// Visits the leaves whose boxes may meet the shape; on_triangle(k) → continue?
template <class S, class Shape, class OnTriangle>
bool visit(const ObbTree<S>& tree, const Shape& shape, OnTriangle&& on_triangle) {
  if (tree.empty()) return true;
  const double slack = 64.0 * (scalar_traits<S>::unit_roundoff + 0x1p-50) * (tree.box_scale + shape_scale(shape));
  std::vector<std::int32_t> stack{0};
  while (!stack.empty()) {
    const Node<S>& n = tree.nodes[stack.back()];
    stack.pop_back();
    bool may_meet;
    if constexpr (std::is_same_v<Shape, Obb3<S>>) {
      Obb3<S> q = shape;
      for (auto& e : q.extents) e = round_up<S>(double(e) + slack);
      may_meet = obb_obb::first_separating_axis(n.box, q).kind == AxisKind::none;
    } else {
      Obb3<S> b = n.box;
      for (auto& e : b.extents) e = round_up<S>(double(e) + slack);
      may_meet = tri_obb::test_static(shape, b).intersects;
    }
    if (!may_meet) continue;
    if (n.leaf()) {
      for (std::uint32_t k = n.first; k < n.first + n.count; ++k)
        if (!on_triangle(k)) return false;
      continue;
    }
    stack.push_back(n.left + 1);
    stack.push_back(n.left);
  }
  return true;
}

template <class S>
bool leaf_meets(const Triangle3<S>& t, const Obb3<S>& box) {
  return tri_obb::test_static(t, box).intersects;
}
template <class S>
bool leaf_meets(const Triangle3<S>& t, const Triangle3<S>& tri) {
  return tri_tri::test_static(t, tri).intersects;
}

}  // namespace detail

/// Mesh indices of the tree's triangles that intersect `shape` (an `Obb3<S>` or
/// a `Triangle3<S>`, in the tree's frame), sorted.
template <class S, class Shape>
  requires(std::is_same_v<Shape, Obb3<S>> || std::is_same_v<Shape, Triangle3<S>>)
std::vector<std::uint32_t> collect_intersections(const ObbTree<S>& tree, const Shape& shape) {
  std::vector<std::uint32_t> out;
  detail::visit(tree, shape, [&](std::uint32_t k) {
    if (detail::leaf_meets(tree.triangles[k], shape)) out.push_back(tree.order[k]);
    return true;
  });
  std::sort(out.begin(), out.end());
  return out;
}

/// Does `shape` intersect any triangle of the tree? Stops at the first.
template <class S, class Shape>
  requires(std::is_same_v<Shape, Obb3<S>> || std::is_same_v<Shape, Triangle3<S>>)
bool test_intersection(const ObbTree<S>& tree, const Shape& shape) {
  return !detail::visit(tree, shape, [&](std::uint32_t k) { return !detail::leaf_meets(tree.triangles[k], shape); });
}

}  // namespace sepax::tree
