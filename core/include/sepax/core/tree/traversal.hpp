#pragma once
/// \file Static collision queries over two OBB trees (Eberly §7.1
/// TestCollision, §7.2 FindCollision, at one instant): tree A as built, tree B
/// placed by a Pose (posing.hpp). Node test: obb_obb::test_static on A's box and
/// B's posed, grown box; leaf test: tri_tri::test_static on A's triangle and B's
/// posed triangle. Closed sets: touching intersects.
///
/// Depth limit (Eberly §7): a negative limit traverses fully; otherwise it is
/// decremented each time the traversal descends a tree, and a node reached
/// with limit 0 is treated as a leaf. Two "leaves" of which one is only
/// depth-limited count as a hit when their boxes overlap, so a limited answer
/// is conservative: it says hit whenever the full traversal finds a pair.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "sepax/core/shapes/pose.hpp"
#include "sepax/core/static/obb_obb.hpp"
#include "sepax/core/static/tri_tri.hpp"
#include "sepax/core/tree/obb_tree.hpp"
#include "sepax/core/tree/posing.hpp"

namespace sepax::tree {

/// (index of a triangle of mesh a, index of a triangle of mesh b), mesh order.
using TrianglePair = std::pair<std::uint32_t, std::uint32_t>;

struct FindStats {
  bool stopped = false;                 ///< a callback asked to stop
  std::size_t pairs = 0;                ///< intersecting triangle pairs reported
  std::size_t depth_limited_hits = 0;   ///< overlapping node pairs at the depth limit
  std::size_t box_tests = 0;
  std::size_t triangle_tests = 0;
};

namespace detail {

/// One query: B's posed boxes and triangles computed lazily, once each.
template <class S>
class Traversal {
 public:
  Traversal(const ObbTree<S>& a, const ObbTree<S>& b, const Pose& pose) : a_(a), b_(b), posing_(pose) {
    // The posed-part caches are reused across queries on this thread and
    // invalidated by an epoch stamp: allocating and zeroing O(|B|) per query
    // cost more than the traversal itself (60 % of a boolean query on
    // armadillo², sepax_bench_trees). A query started from inside another's
    // callback gets caches of its own.
    Cache& shared = thread_cache();
    if (shared.in_use) {
      own_ = std::make_unique<Cache>();
      c_ = own_.get();
    } else {
      c_ = &shared;
      shared.in_use = true;
    }
    if (++c_->epoch == 0) {  // wrapped: no stale stamp may equal a new epoch
      std::fill(c_->box_epoch.begin(), c_->box_epoch.end(), 0u);
      std::fill(c_->tri_epoch.begin(), c_->tri_epoch.end(), 0u);
      c_->epoch = 1;
    }
    epoch_ = c_->epoch;
    if (c_->box.size() < b.nodes.size()) {
      c_->box.resize(b.nodes.size());
      c_->box_epoch.resize(b.nodes.size(), 0);
    }
    if (c_->tri.size() < b.triangles.size()) {
      c_->tri.resize(b.triangles.size());
      c_->tri_epoch.resize(b.triangles.size(), 0);
    }
  }
  ~Traversal() {
    if (!own_) c_->in_use = false;
  }
  Traversal(const Traversal&) = delete;
  Traversal& operator=(const Traversal&) = delete;

  /// on_pair(i, j) → continue?; on_limit(node_a, node_b) → continue?
  template <class OnPair, class OnLimit>
  FindStats run(int depth_limit, OnPair&& on_pair, OnLimit&& on_limit) {
    FindStats st;
    if (a_.empty() || b_.empty()) return st;
    struct Item { std::int32_t ia, ib; int da, db; };
    std::vector<Item> stack;
    stack.reserve(64);
    stack.push_back({0, 0, depth_limit, depth_limit});
    while (!stack.empty()) {
      const Item it = stack.back();
      stack.pop_back();
      const Node<S>& na = a_.nodes[it.ia];
      const Node<S>& nb = b_.nodes[it.ib];
      ++st.box_tests;
      if (!boxes_overlap(na, it.ib)) continue;
      const bool ca = !na.leaf() && it.da != 0, cb = !nb.leaf() && it.db != 0;
      if (!ca && !cb) {
        if (na.leaf() && nb.leaf()) {
          for (std::uint32_t ka = na.first; ka < na.first + na.count; ++ka)
            for (std::uint32_t kb = nb.first; kb < nb.first + nb.count; ++kb) {
              ++st.triangle_tests;
              if (!tri_tri::test_static(a_.triangles[ka], posed_triangle(kb)).intersects) continue;
              ++st.pairs;
              if (!on_pair(a_.order[ka], b_.order[kb])) {
                st.stopped = true;
                return st;
              }
            }
        } else {
          ++st.depth_limited_hits;  // Eberly §7: at the limit, overlapping boxes are a collision
          if (!on_limit(it.ia, it.ib)) {
            st.stopped = true;
            return st;
          }
        }
        continue;
      }
      // Descend the larger box (by extent sum) among those that may descend.
      const bool down_a = ca && (!cb || extent_sum(na.box) >= extent_sum(nb.box));
      if (down_a) {
        stack.push_back({na.right, it.ib, it.da - 1, it.db});
        stack.push_back({na.left, it.ib, it.da - 1, it.db});
      } else {
        stack.push_back({it.ia, nb.right, it.da, it.db - 1});
        stack.push_back({it.ia, nb.left, it.da, it.db - 1});
      }
    }
    return st;
  }

  /// B's node box as posed and grown (without A's share of the slack).
  const Obb3<S>& posed_box(std::int32_t ib) {
    if (c_->box_epoch[ib] != epoch_) {
      c_->box[ib] = posing_.box(b_.nodes[ib].box);
      c_->box_epoch[ib] = epoch_;
    }
    return c_->box[ib];
  }

  const Triangle3<S>& posed_triangle(std::uint32_t kb) {
    if (c_->tri_epoch[kb] != epoch_) {
      c_->tri[kb] = posing_.triangle(b_.triangles[kb]);
      c_->tri_epoch[kb] = epoch_;
    }
    return c_->tri[kb];
  }

 private:
  static S extent_sum(const Obb3<S>& b) { return b.extents[0] + b.extents[1] + b.extents[2]; }

  bool boxes_overlap(const Node<S>& na, std::int32_t ib) {
    Obb3<S> pb = posed_box(ib);
    const S slack = posing_.slack_for(na.box);
    for (int i = 0; i < 3; ++i) pb.extents[i] += slack;
    return obb_obb::test_static(na.box, pb).intersects;
  }

  const ObbTree<S>& a_;
  const ObbTree<S>& b_;
  Posing<S> posing_;
  /// B's posed boxes and triangles; entry k is valid for this query when its stamp equals epoch_.
  struct Cache {
    std::vector<Obb3<S>> box;
    std::vector<std::uint32_t> box_epoch;
    std::vector<Triangle3<S>> tri;
    std::vector<std::uint32_t> tri_epoch;
    std::uint32_t epoch = 0;
    bool in_use = false;
  };
  static Cache& thread_cache() {
    thread_local Cache cache;  // grows to the largest B seen on this thread
    return cache;
  }

  std::unique_ptr<Cache> own_;
  Cache* c_ = nullptr;
  std::uint32_t epoch_ = 0;
};

}  // namespace detail

/// Eberly §7.2 FindCollision: calls on_pair(i, j) for every intersecting
/// triangle pair the leaf tests find (i of a, j of b, mesh indices; each pair
/// once, in traversal order) until it returns false. Node pairs overlapping at
/// the depth limit are counted in depth_limited_hits (no triangle answer there).
template <class S, class OnPair>
FindStats find_intersection(const ObbTree<S>& a, const ObbTree<S>& b, const Pose& pose_b, OnPair&& on_pair,
                            int depth_limit = -1) {
  detail::Traversal<S> t(a, b, pose_b);
  return t.run(depth_limit, on_pair, [](std::int32_t, std::int32_t) { return true; });
}

/// Every intersecting pair of the full traversal, sorted.
template <class S>
std::vector<TrianglePair> collect_intersections(const ObbTree<S>& a, const ObbTree<S>& b, const Pose& pose_b) {
  std::vector<TrianglePair> out;
  find_intersection(a, b, pose_b, [&](std::uint32_t i, std::uint32_t j) {
    out.emplace_back(i, j);
    return true;
  });
  std::sort(out.begin(), out.end());
  return out;
}

/// Eberly §7.1 TestCollision: true at the first intersecting triangle pair
/// (or, with a depth limit, the first overlapping node pair at the limit).
template <class S>
bool test_intersection(const ObbTree<S>& a, const ObbTree<S>& b, const Pose& pose_b, int depth_limit = -1) {
  detail::Traversal<S> t(a, b, pose_b);
  const auto stop = [](auto, auto) { return false; };
  return t.run(depth_limit, stop, stop).stopped;
}

extern template bool test_intersection<float>(const ObbTree<float>&, const ObbTree<float>&, const Pose&, int);
extern template bool test_intersection<double>(const ObbTree<double>&, const ObbTree<double>&, const Pose&, int);
extern template std::vector<TrianglePair> collect_intersections<float>(const ObbTree<float>&,
                                                                       const ObbTree<float>&, const Pose&);
extern template std::vector<TrianglePair> collect_intersections<double>(const ObbTree<double>&,
                                                                        const ObbTree<double>&, const Pose&);

}  // namespace sepax::tree
