#pragma once
/// \file
/// Static collision queries over two OBB trees (Eberly §7.1
/// TestCollision, §7.2 FindCollision, at one instant): tree A as built, tree B
/// placed by a Pose (posing.hpp). Node test: a ball pretest (Node::radius), then
/// obb_obb::first_separating_axis (the test of obb_obb::test_static, inlined) on
/// A's box and B's posed box, grown once for both boxes' rounding slack; leaf test: tri_tri::test_static on A's triangle and B's
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

#include "sepax/core/numeric/force_inline.hpp"
#include "sepax/core/shapes/pose.hpp"
#include "sepax/core/static/tri_tri.hpp"
#include "sepax/core/tree/box_pair_test.hpp"
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
  Traversal(const ObbTree<S>& a, const ObbTree<S>& b, const Pose& pose)
      : a_(a), b_(b), posing_(pose), a_slack_(posing_.slack_for_scale(a.box_scale)) {
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
      for (auto& e : c_->box) e.epoch = 0;
      for (auto& e : c_->tri) e.epoch = 0;
      c_->epoch = 1;
    }
    epoch_ = c_->epoch;
    if (c_->box.size() < b.nodes.size()) c_->box.resize(b.nodes.size());
    if (c_->tri.size() < b.triangles.size()) c_->tri.resize(b.triangles.size());
  }
  ~Traversal() {
    if (!own_) c_->in_use = false;
  }
  Traversal(const Traversal&) = delete;
  Traversal& operator=(const Traversal&) = delete;

  /// on_pair(i, j) → continue?; on_limit(node_a, node_b) → continue?
  /// `descend_both`: the descent rule (below) of queries that stop at their
  /// first pair.
  template <bool descend_both = false, class OnPair, class OnLimit>
  SEPAX_FORCE_INLINE FindStats run(int depth_limit, OnPair&& on_pair, OnLimit&& on_limit) {
    FindStats st;
    if (a_.empty() || b_.empty()) return st;
    // The stack holds node pairs already known to overlap; children are
    // tested in twos (box_pair_test.hpp) before they are pushed.
    std::vector<Item>& stack = c_->stack;
    stack.clear();
    ++st.box_tests;
    if (!root_boxes_overlap()) return st;
    stack.push_back({0, 0, depth_limit, depth_limit});
    // Items pass through a two-slot queue on their way from the stack: the
    // children an item's descent reads are prefetched when it enters, one
    // item before it is visited (buildings²: +3 % boolean queries/s; four
    // slots or more cost the small meshes up to 10 %).
    Item queue[2];
    unsigned head = 0, queued = 0;
    for (;;) {
      while (queued < 2 && !stack.empty()) {
        const Item& top = stack.back();
        prefetch_children(top.ia, top.ib);
        queue[(head + queued++) % 2] = top;
        stack.pop_back();
      }
      if (queued == 0) break;
      const Item it = queue[head];
      head ^= 1u;
      --queued;
      const Node<S>& na = a_.nodes[it.ia];
      const Node<S>& nb = b_.nodes[it.ib];
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
      // Boolean queries: when both sides may descend and their balls are
      // within a factor 2, the four child pairs at once, in the four lanes of
      // one test (one AVX register in double). Measured against always
      // descending the larger (near-contact poses, AVX2 copy): box tests per
      // query 984 → 879 on buildings², 480 → 472 on couplingdown×elephant, and
      // 6–10 % less time; descending both at any size ratio tests fewer pairs
      // on buildings but more on the small meshes. Full traversals (every
      // pair) test more pairs this way (couplingdown²: 1,171 → 1,315 per
      // query, 8 % more time), so they keep descending the larger only.
      if constexpr (descend_both) {
        if (ca && cb && na.radius <= 2 * nb.radius && nb.radius <= 2 * na.radius) {
          st.box_tests += 4;
          const Grandchildren hit = grandchildren_overlap(na.left, nb.left);
          for (int r = 3; r >= 0; --r) {
            const int k = hit.order[r];
            if (hit.overlap & (1u << k))
              stack.push_back({na.left + (k >> 1), nb.left + (k & 1), it.da - 1, it.db - 1});
          }
          continue;
        }
      }
      // Descend the larger box (by ball radius) among those that may descend.
      // Of two overlapping children the one whose center is nearer the other
      // box's goes on top: a boolean query tends to meet its first pair sooner.
      st.box_tests += 2;
      if (ca && (!cb || na.radius >= nb.radius)) {
        const Children hit = children_of_a_overlap(na.left, it.ib);
        for (int k : {hit.near ^ 1, hit.near})
          if (hit.overlap & (1u << k)) stack.push_back({na.left + k, it.ib, it.da - 1, it.db});
      } else {
        const Children hit = children_of_b_overlap(it.ia, nb.left);
        for (int k : {hit.near ^ 1, hit.near})
          if (hit.overlap & (1u << k)) stack.push_back({it.ia, nb.left + k, it.da, it.db - 1});
      }
    }
    return st;
  }

  /// B's node box posed, grown for both boxes' slack, and the radius of its ball.
  /// Its epoch stamp in the same two cache lines: on large meshes the cache
  /// is read at random and each separate stamp array cost a miss of its own.
  struct alignas(64) PosedBox {
    Obb3<S> box;
    float radius;
    std::uint32_t epoch = 0;
  };
  SEPAX_FORCE_INLINE const PosedBox& posed_box(std::int32_t ib) {
    PosedBox& e = c_->box[ib];
    if (e.epoch != epoch_) {
      const Node<S>& n = b_.nodes[ib];
      e.box = posing_.box(n.box, a_slack_);
      e.radius = posing_.radius(n.radius, n.box, a_slack_);
      e.epoch = epoch_;
    }
    return e;
  }

  const Triangle3<S>& posed_triangle(std::uint32_t kb) {
    PosedTriangle& e = c_->tri[kb];
    if (e.epoch != epoch_) {
      e.tri = posing_.triangle(b_.triangles[kb]);
      e.epoch = epoch_;
    }
    return e.tri;
  }

 private:
  /// Starts loading what the next pair's descent reads: A's and B's child
  /// nodes and B's posed child boxes (scattered over large trees).
  SEPAX_FORCE_INLINE void prefetch_children(std::int32_t ia, std::int32_t ib) const {
    const Node<S>& na = a_.nodes[ia];
    const Node<S>& nb = b_.nodes[ib];
    if (!na.leaf()) prefetch_bytes(&a_.nodes[na.left], 2 * sizeof(Node<S>));
    if (!nb.leaf()) {
      prefetch_bytes(&c_->box[nb.left], 2 * sizeof(PosedBox));
      prefetch_bytes(&b_.nodes[nb.left], 2 * sizeof(Node<S>));
    }
  }
  SEPAX_FORCE_INLINE static void prefetch_bytes(const void* p, std::size_t n) {
    const char* c = static_cast<const char*>(p);
    for (std::size_t k = 0; k < n; k += 64) __builtin_prefetch(c + k);
  }

  SEPAX_FORCE_INLINE bool root_boxes_overlap() {
    const Node<S>& na = a_.nodes[0];
    const PosedBox& pb = posed_box(0);
    double d2;
    if (!balls_meet(na.box, na.radius, pb.box, pb.radius, d2)) return false;
    return (boxes_intersect(BoxLanes<S>(na.box, na.box), BoxLanes<S>(pb.box, pb.box)) & 1u) != 0;
  }

  /// Which of two children (left + k, k = 0, 1) overlap the other box (bit k),
  /// and which has its center nearer the other box's.
  struct Children {
    unsigned overlap;
    int near;
  };

  SEPAX_FORCE_INLINE Children children_overlap(const Obb3<S>& x0, float r0, const Obb3<S>& x1, float r1, const Obb3<S>& y, float ry,
                            bool children_in_a) {
    double d0, d1;
    const unsigned balls = unsigned(balls_meet(x0, r0, y, ry, d0)) | unsigned(balls_meet(x1, r1, y, ry, d1)) << 1;
    if (balls == 0) return {0, 0};
    const auto m = children_in_a ? boxes_intersect(BoxLanes<S>(x0, x1), BoxLanes<S>(y, y))
                                 : boxes_intersect(BoxLanes<S>(y, y), BoxLanes<S>(x0, x1));
    return {balls & m, d1 < d0 ? 1 : 0};
  }

  /// Which of the four pairs (A's child left_a + (k >> 1), B's child
  /// left_b + (k & 1)) overlap (bit k), and the pairs by distance between
  /// their centers, nearest first.
  struct Grandchildren {
    unsigned overlap;
    int order[4];
  };

  SEPAX_FORCE_INLINE Grandchildren grandchildren_overlap(std::int32_t left_a, std::int32_t left_b) {
    const Node<S>& a0 = a_.nodes[left_a];
    const Node<S>& a1 = a_.nodes[left_a + 1];
    const PosedBox& b0 = posed_box(left_b);
    const PosedBox& b1 = posed_box(left_b + 1);
    double d[4];
    const unsigned balls = unsigned(balls_meet(a0.box, a0.radius, b0.box, b0.radius, d[0])) |
                           unsigned(balls_meet(a0.box, a0.radius, b1.box, b1.radius, d[1])) << 1 |
                           unsigned(balls_meet(a1.box, a1.radius, b0.box, b0.radius, d[2])) << 2 |
                           unsigned(balls_meet(a1.box, a1.radius, b1.box, b1.radius, d[3])) << 3;
    Grandchildren out{0, {0, 1, 2, 3}};
    if (balls == 0) return out;
    out.overlap = balls & boxes_intersect(BoxLanes<S, 4>(a0.box, a0.box, a1.box, a1.box),
                                          BoxLanes<S, 4>(b0.box, b1.box, b0.box, b1.box));
    // Insertion sort of four: nearest pair first.
    for (int i = 1; i < 4; ++i)
      for (int j = i; j > 0 && d[out.order[j]] < d[out.order[j - 1]]; --j) std::swap(out.order[j], out.order[j - 1]);
    return out;
  }

  SEPAX_FORCE_INLINE Children children_of_a_overlap(std::int32_t left, std::int32_t ib) {
    const Node<S>& a0 = a_.nodes[left];
    const Node<S>& a1 = a_.nodes[left + 1];
    const PosedBox& pb = posed_box(ib);
    return children_overlap(a0.box, a0.radius, a1.box, a1.radius, pb.box, pb.radius, true);
  }

  SEPAX_FORCE_INLINE Children children_of_b_overlap(std::int32_t ia, std::int32_t left) {
    const Node<S>& na = a_.nodes[ia];
    const PosedBox& b0 = posed_box(left);
    const PosedBox& b1 = posed_box(left + 1);
    return children_overlap(b0.box, b0.radius, b1.box, b1.radius, na.box, na.radius, false);
  }

  const ObbTree<S>& a_;
  const ObbTree<S>& b_;
  Posing<S> posing_;
  double a_slack_;  ///< A's share of the node test's slack, added to B's posed boxes
  /// B's posed boxes and triangles; entry k is valid for this query when its stamp equals epoch_.
  /// A node pair to visit and the depth limits left on each side.
  struct Item {
    std::int32_t ia, ib;
    int da, db;
  };
  struct PosedTriangle {
    Triangle3<S> tri;
    std::uint32_t epoch = 0;
  };
  struct Cache {
    std::vector<PosedBox> box;
    std::vector<PosedTriangle> tri;
    std::vector<Item> stack;
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
SEPAX_FORCE_INLINE FindStats find_intersection(const ObbTree<S>& a, const ObbTree<S>& b, const Pose& pose_b,
                                               OnPair&& on_pair, int depth_limit = -1) {
  detail::Traversal<S> t(a, b, pose_b);
  return t.run(depth_limit, on_pair, [](std::int32_t, std::int32_t) { return true; });
}

namespace detail {

// The bodies of the two queries below, inlined whole (traversal, node and box
// tests) into each instruction-set copy that traversal.cpp compiles of them.
template <class S>
SEPAX_FORCE_INLINE std::vector<TrianglePair> collect_intersections_body(const ObbTree<S>& a, const ObbTree<S>& b,
                                                                        const Pose& pose_b) {
  std::vector<TrianglePair> out;
  find_intersection(a, b, pose_b, [&](std::uint32_t i, std::uint32_t j) {
    out.emplace_back(i, j);
    return true;
  });
  std::sort(out.begin(), out.end());
  return out;
}

template <class S>
SEPAX_FORCE_INLINE bool test_intersection_body(const ObbTree<S>& a, const ObbTree<S>& b, const Pose& pose_b,
                                               int depth_limit) {
  Traversal<S> t(a, b, pose_b);
  const auto stop = [](auto, auto) { return false; };
  return t.template run<true>(depth_limit, stop, stop).stopped;
}

}  // namespace detail

/// Every intersecting pair of the full traversal, sorted.
template <class S>
std::vector<TrianglePair> collect_intersections(const ObbTree<S>& a, const ObbTree<S>& b, const Pose& pose_b) {
  return detail::collect_intersections_body(a, b, pose_b);
}

/// Eberly §7.1 TestCollision: true at the first intersecting triangle pair
/// (or, with a depth limit, the first overlapping node pair at the limit).
template <class S>
bool test_intersection(const ObbTree<S>& a, const ObbTree<S>& b, const Pose& pose_b, int depth_limit = -1) {
  return detail::test_intersection_body(a, b, pose_b, depth_limit);
}

// float and double are compiled in traversal.cpp, once per instruction set
// where the compiler can (x86-64: AVX2 beside the baseline, chosen at run
// time; -ffp-contract=off keeps the rounding of both copies identical).
template <>
bool test_intersection<float>(const ObbTree<float>&, const ObbTree<float>&, const Pose&, int);
template <>
bool test_intersection<double>(const ObbTree<double>&, const ObbTree<double>&, const Pose&, int);
template <>
std::vector<TrianglePair> collect_intersections<float>(const ObbTree<float>&, const ObbTree<float>&, const Pose&);
template <>
std::vector<TrianglePair> collect_intersections<double>(const ObbTree<double>&, const ObbTree<double>&,
                                                        const Pose&);

}  // namespace sepax::tree
