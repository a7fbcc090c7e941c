// Static OBB tree queries (issue 10, Eberly §7) against the exact mesh truth:
// at seeded poses near first contact and at self-poses, the verdict and the
// pair set equal exact_intersecting_pairs except for pairs classified as within
// the rounding band; the tree finds exactly what brute force finds; depth
// limits are conservative; callbacks stop; split rule and leaf size do not matter.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <iterator>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "sepax/harness/truth.hpp"
#include "sepax/oracle/mesh_truth.hpp"
#include "tree_test_support.hpp"

namespace {

using namespace sepax;
using namespace sepax::tree_test;
using tree::TrianglePair;

struct Counts {
  int poses = 0, hits = 0, tree_hits = 0;
  std::size_t exact_pairs = 0, tree_pairs = 0;
  std::size_t boundary = 0, gross = 0;
  std::size_t pose_rounding = 0;  ///< ok on B posed in double: only the pose's double rounding differs
  int verdict_mismatch = 0;       ///< poses whose verdict differs (every pair of them classified above)
  int brute_force_checked = 0;
  double tree_seconds = 0, oracle_seconds = 0;
};


double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// Judges one pose: verdict and pair set against the exact truth; each
/// disagreeing pair classified (harness::classify, the tree's scalar) on A's
/// triangle and B's triangle posed in double: the band of S covers both the
/// kernel's rounding and the rounding of R x + t to S (u_S·M, inside its 64·u_S·M).
template <class S>
void judge_pose(const TriangleMesh& ma, const TriangleMesh& mb, const std::vector<tree::ObbTree<S>>& ta,
                const std::vector<tree::ObbTree<S>>& tb, const Pose& pose, bool brute, Counts& c) {
  const auto& a = ta[0];
  const auto& b = tb[0];
  auto t0 = std::chrono::steady_clock::now();
  const auto pairs = tree::collect_intersections(a, b, pose);
  const bool verdict = tree::test_intersection(a, b, pose);
  c.tree_seconds += since(t0);
  t0 = std::chrono::steady_clock::now();
  const auto exact = oracle::exact_intersecting_pairs(ma, mb, pose);
  c.oracle_seconds += since(t0);
  ++c.poses;
  c.hits += !exact.empty();
  c.tree_hits += verdict;
  c.exact_pairs += exact.size();
  c.tree_pairs += pairs.size();
  ASSERT_EQ(verdict, !pairs.empty()) << "test_intersection disagrees with find_intersection";
  c.verdict_mismatch += verdict != !exact.empty();

  std::vector<TrianglePair> only_tree, only_exact;
  std::set_difference(pairs.begin(), pairs.end(), exact.begin(), exact.end(), std::back_inserter(only_tree));
  std::set_difference(exact.begin(), exact.end(), pairs.begin(), pairs.end(), std::back_inserter(only_exact));
  const ScalarKind kind = sizeof(S) == 4 ? ScalarKind::float32 : ScalarKind::float64;
  auto classify = [&](const TrianglePair& p, bool tree_says) {
    ShapePair sp;
    sp.query = Query::tri_tri;
    sp.tri_a = ma.triangle(p.first);
    sp.tri_b = pose.apply(mb.triangle(p.second));
    switch (harness::classify(sp, kind, tree_says)) {
      case oracle::Class::boundary: ++c.boundary; break;
      case oracle::Class::ok: ++c.pose_rounding; break;
      default:
        ++c.gross;
        ADD_FAILURE() << "gross: pair (" << p.first << ", " << p.second << ") tree says " << tree_says;
    }
  };
  for (const auto& p : only_tree) classify(p, true);
  for (const auto& p : only_exact) classify(p, false);

  // (c) depth limits are conservative.
  if (!pairs.empty()) {
    for (int limit : {0, 1, 2, 3, 5, 8, 13}) EXPECT_TRUE(tree::test_intersection(a, b, pose, limit)) << limit;
  }
  // (e) the same pairs whatever the split rule and leaf size (pruning only ever
  // drops pairs the leaf test rejects).
  for (std::size_t i = 1; i < ta.size(); ++i) {
    EXPECT_EQ(tree::collect_intersections(ta[i], tb[i], pose), pairs) << "tree variant " << i;
    EXPECT_EQ(tree::test_intersection(ta[i], tb[i], pose), verdict) << "tree variant " << i;
  }
  // The tree prunes nothing the leaf test would report.
  if (brute) {
    EXPECT_EQ(brute_force_pairs(a, b, pose), pairs);
    ++c.brute_force_checked;
  }
}

template <class S>
std::vector<tree::ObbTree<S>> variants(const TriangleMesh& m) {
  return {tree::build<S>(m, {tree::SplitRule::median, 4}), tree::build<S>(m, {tree::SplitRule::center, 4}),
          tree::build<S>(m, {tree::SplitRule::median, 1}), tree::build<S>(m, {tree::SplitRule::center, 1}),
          tree::build<S>(m, {tree::SplitRule::center, 16})};
}

void print(const char* fa, const char* fb, const char* scalar, const char* what, const Counts& c);

template <class S>
void run_pair(const char* fa, const char* fb, std::uint64_t seed) {
  const TriangleMesh ma = rounded<S>(load(fa)), mb = rounded<S>(load(fb));
  const auto ta = variants<S>(ma);
  const auto tb = std::string(fa) == fb ? ta : variants<S>(mb);
  const int poses = pose_count(120);
  // The poses are bisected with double trees of the rounded meshes (the generator's scalar).
  const auto da = tree::build<double>(ma), db = tree::build<double>(mb);
  gen::SeededSource src(seed);
  Counts c, self;
  for (int k = 0; k < poses && !::testing::Test::HasFatalFailure(); ++k) {
    const Pose p = pose_near_contact(da, db, ma, mb, src);
    judge_pose(ma, mb, ta, tb, p, k % 20 == 0, c);
  }
  if (std::string(fa) == fb) {  // self-pairs: identity and exactly representable small offsets
    for (const V& t : {V(0, 0, 0), V(0x1p-30, 0, 0), V(0, 0x1p-20, -0x1p-24), V(0x1p-12, 0x1p-12, 0x1p-12),
                       V(-0x1p-7, 0x1p-9, 0)}) {
      Pose p;
      p.translation = t;
      judge_pose(ma, mb, ta, tb, p, true, self);
    }
    print(fa, fb, sizeof(S) == 4 ? "float" : "double", "self-poses", self);
    EXPECT_EQ(self.gross, 0u);
    EXPECT_EQ(self.hits, self.poses);  // every self-pose keeps contact
  }
  // Exact resting contacts (generators/poses.hpp): B's lowest point exactly on
  // A's highest, over a face or at a shared vertex; the exact sets touch.
  // A shared vertex always touches; resting over a face touches where the two
  // extreme features overlap sideways (couplingdown's flat faces), else it is
  // an exact near miss — both judged.
  Counts resting;
  int on_vertex = 0, vertex_hits = 0;
  for (int k = 0; k < 8 && !::testing::Test::HasFatalFailure(); ++k) {
    const auto p = gen::resting_pose(ma, mb, src, k % 2 == 1);
    if (!p) continue;
    const int hits_before = resting.hits;
    judge_pose(ma, mb, ta, tb, *p, true, resting);
    if (k % 2 == 1) {
      ++on_vertex;
      vertex_hits += resting.hits - hits_before;
    }
  }
  print(fa, fb, sizeof(S) == 4 ? "float" : "double", "resting", resting);
  EXPECT_EQ(resting.gross, 0u);
  EXPECT_GE(on_vertex, 2) << "too few exact shared-vertex placements";
  EXPECT_EQ(vertex_hits, on_vertex) << "a shared vertex must touch";
  print(fa, fb, sizeof(S) == 4 ? "float" : "double", "near contact", c);
  const double rate = double(c.hits) / c.poses;
  EXPECT_EQ(c.gross, 0u);
  EXPECT_GE(rate, 0.3) << "too few poses in contact: the comparison would prove little";
  EXPECT_LE(rate, 0.9) << "too few separated poses";
}

void print(const char* fa, const char* fb, const char* scalar, const char* what, const Counts& c) {
  const double rate = double(c.hits) / c.poses;
  std::printf("%s x %s %s %s: %d poses, %d with contact (%.0f %%), tree said contact %d; exact pairs %zu, "
              "tree pairs %zu; disagreeing pairs: %zu boundary, %zu double-pose rounding only, %zu gross; "
              "%d poses with a different verdict; %d poses also brute-forced; tree %.3f s, oracle %.3f s\n",
              fa, fb, scalar, what, c.poses, c.hits, 100 * rate, c.tree_hits, c.exact_pairs, c.tree_pairs,
              c.boundary, c.pose_rounding, c.gross, c.verdict_mismatch, c.brute_force_checked, c.tree_seconds,
              c.oracle_seconds);
}

TEST(TreeQuery, CouplingdownCouplingdownFloat) { run_pair<float>("couplingdown.off", "couplingdown.off", 101); }
TEST(TreeQuery, CouplingdownCouplingdownDouble) { run_pair<double>("couplingdown.off", "couplingdown.off", 102); }
TEST(TreeQuery, ElephantElephantFloat) { run_pair<float>("elephant.off", "elephant.off", 103); }
TEST(TreeQuery, ElephantElephantDouble) { run_pair<double>("elephant.off", "elephant.off", 104); }
TEST(TreeQuery, CouplingdownElephantFloat) { run_pair<float>("couplingdown.off", "elephant.off", 105); }
TEST(TreeQuery, CouplingdownElephantDouble) { run_pair<double>("couplingdown.off", "elephant.off", 106); }

/// (d) The callback stops the traversal when it returns false, after exactly
/// as many calls as it allowed; and a full run reports each pair once.
TEST(TreeQuery, CallbackStopsWhenTold) {
  const TriangleMesh m = load("couplingdown.off");
  const auto t = tree::build<double>(m, {});
  const Pose identity;
  std::size_t all = 0;
  const auto full = tree::find_intersection(t, t, identity, [&](auto, auto) { return ++all, true; });
  ASSERT_GT(all, 100u);
  EXPECT_FALSE(full.stopped);
  EXPECT_EQ(full.pairs, all);
  EXPECT_EQ(tree::collect_intersections(t, t, identity).size(), all);  // no pair twice (collect keeps duplicates)
  for (std::size_t stop_at : {std::size_t(1), std::size_t(2), std::size_t(17), all}) {
    std::size_t calls = 0;
    const auto r = tree::find_intersection(t, t, identity, [&](auto, auto) { return ++calls < stop_at; });
    EXPECT_EQ(calls, stop_at);
    EXPECT_TRUE(r.stopped);
    EXPECT_EQ(r.pairs, stop_at);
  }
}

/// Queries reuse per-thread caches of B's posed parts (traversal.hpp): a query
/// run from inside another's callback, on another pose and another tree B,
/// must neither see nor spoil the outer query's posed parts.
TEST(TreeQuery, NestedQueriesDoNotShareCaches) {
  const TriangleMesh m = load("couplingdown.off"), e = load("elephant.off");
  const auto t = tree::build<double>(m, {});
  const auto te = tree::build<double>(e, {});
  Pose shifted;
  shifted.translation = V(0x1p-7, -0x1p-9, 0x1p-8);
  const auto outer_alone = tree::collect_intersections(t, t, shifted);
  const auto inner_alone = tree::collect_intersections(t, te, Pose{});
  ASSERT_GT(outer_alone.size(), 10u);
  std::vector<TrianglePair> outer;
  int nested = 0;
  tree::find_intersection(t, t, shifted, [&](std::uint32_t i, std::uint32_t j) {
    outer.emplace_back(i, j);
    if (nested++ < 3) {
      EXPECT_EQ(tree::collect_intersections(t, te, Pose{}), inner_alone);
    }
    return true;
  });
  std::sort(outer.begin(), outer.end());
  EXPECT_EQ(outer, outer_alone);
  EXPECT_EQ(tree::collect_intersections(t, t, shifted), outer_alone);  // the shared cache is usable again
}

/// Depth limit 0 answers from the root boxes alone; far apart, every limit says no.
TEST(TreeQuery, DepthLimitZeroIsTheRootBoxes) {
  const TriangleMesh m = load("elephant.off");
  const auto t = tree::build<double>(m, {});
  Pose p;
  p.translation = V(0.5, 0.5, 0.5);  // overlapping bounding boxes
  EXPECT_TRUE(tree::test_intersection(t, t, p, 0));
  const auto r = tree::find_intersection(t, t, p, [](auto, auto) { return true; }, 0);
  EXPECT_EQ(r.box_tests, 1u);
  EXPECT_EQ(r.depth_limited_hits, 1u);
  p.translation = V(10, 0, 0);
  for (int limit : {-1, 0, 1, 4}) EXPECT_FALSE(tree::test_intersection(t, t, p, limit));
}

TEST(TreeQuery, RefusesANonRigidPose) {
  const TriangleMesh m = load("couplingdown.off");
  const auto t = tree::build<float>(m, {});
  Pose p;
  p.rotation(0, 0) = 1.5;
  EXPECT_THROW(tree::test_intersection(t, t, p), std::invalid_argument);
}

}  // namespace
