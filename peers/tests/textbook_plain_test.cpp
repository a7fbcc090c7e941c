// The plain textbook kernels (peers/src/textbook_plain.cpp):
//  - on hand-made pairs whose answer is known by construction, in both
//    scalars, the verdict and the witness's label (each construction is also
//    confirmed by the exact oracle, so a wrong construction cannot pass), and
//    that a reported direction really separates (exact gap along it > 0);
//  - on random pairs far from touching (|relative margin| > 1e-3), the double
//    kernels give the exact oracle's verdict; the tests count the pairs they
//    judged and fail when too few were.
// SEPAX_SEED overrides the random tests' seed; failures print seed and index.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "sepax/generators/generate.hpp"
#include "sepax/oracle/exact_contact.hpp"
#include "sepax/oracle/exact_sat.hpp"
#include "sepax/oracle/margin.hpp"
#include "sepax/peers/peers.hpp"

namespace sepax {
namespace {

const KernelInfo& kernel(const std::string& id) {
  static const std::vector<KernelInfo> all = peers::peer_kernels();
  for (const KernelInfo& k : all)
    if (k.id == id) return k;
  throw std::logic_error("no peer " + id);
}

std::string id(const char* name, ScalarKind scalar) {
  return "textbook/" + std::string(name) + "/" + std::string(to_string(scalar));
}

// ---------------------------------------------------------------- shapes ---

/// A box with rotation r (columns = axes), centre c and equal extents e.
Obb3d box(const Vec3<double>& c, double e = 0.5, const Eigen::Matrix3d& r = Eigen::Matrix3d::Identity()) {
  Obb3d b;
  b.center = c;
  for (int i = 0; i < 3; ++i) {
    b.axes[i] = r.col(i);
    b.extents[i] = e;
  }
  return b;
}

/// Rounds every stored number to float (no-op for double): the float kernels
/// then see exactly the pair the oracle judges.
ShapePair in_scalar(ShapePair p, ScalarKind scalar) {
  if (scalar == ScalarKind::float64) return p;
  auto round_v = [](Vec3<double>& v) { v = v.cast<float>().cast<double>(); };
  for (auto& v : p.tri_a.vertices) round_v(v);
  for (Obb3d* b : {&p.obb_a, &p.obb_b}) {
    round_v(b->center);
    for (auto& a : b->axes) round_v(a);
    for (double& e : b->extents) e = double(float(e));
  }
  return p;
}

/// √2/2 as the scalar stores it.
double half_sqrt2(ScalarKind scalar) {
  const double h = std::sqrt(0.5);
  return scalar == ScalarKind::float32 ? double(float(h)) : h;
}

struct Known {
  std::string name;
  ShapePair pair;
  bool intersects;
  SeparatingAxis axis{};  ///< the first separating axis in the kernel's order (kind none: intersects)
};

std::vector<Known> obb_obb_cases(ScalarKind scalar) {
  std::vector<Known> out;
  auto add = [&](std::string name, const Obb3d& b, bool hit, SeparatingAxis axis = {}) {
    ShapePair p;
    p.query = Query::obb_obb;
    p.obb_a = box({0, 0, 0});
    p.obb_b = b;
    out.push_back({std::move(name), in_scalar(p, scalar), hit, axis});
  };
  // Axis-aligned unit boxes (extents 0.5), A at the origin.
  add("apart_0.5_along_x", box({1.5, 0, 0}), false, {AxisKind::face_a, 0, 0});
  add("apart_0.5_along_-y", box({0.25, -1.5, 0}), false, {AxisKind::face_a, 1, 0});
  add("overlapping", box({0.75, 0.25, 0}), true);
  add("touching_face", box({1, 0.25, -0.5}), true);
  // B (extents 1) turned 45° about z, axes (h, h, 0), (−h, h, 0), z: its
  // lowest x is c_x − 2h, and c_x = 0.5 + 2h is exact in the scalar, so B's
  // edge touches A's face x = 0.5 exactly (every test on it is exact).
  const double h = half_sqrt2(scalar);
  Eigen::Matrix3d rz;
  rz << h, -h, 0, h, h, 0, 0, 0, 1;
  add("rot45_touching_face", box({0.5 + 2 * h, 0.25, 0}, 1, rz), true);
  add("rot45_gap_0.25", box({0.75 + 2 * h, 0.25, 0}, 1, rz), false, {AxisKind::face_a, 0, 0});
  add("rot45_depth_0.25", box({0.25 + 2 * h, 0.25, 0}, 1, rz), true);
  {
    // Only an edge–edge axis separates: A turned 45° about z, B 45° about y;
    // A's z-edge and B's y-edge face each other 0.25 apart along x (both boxes
    // reach √2/2 along x; every face axis overlaps): A_2 × B_1.
    Eigen::Matrix3d ry;
    ry << h, 0, h, 0, 1, 0, -h, 0, h;
    ShapePair p;
    p.query = Query::obb_obb;
    p.obb_a = box({0, 0, 0}, 0.5, rz);
    p.obb_b = box({std::sqrt(2.0) + 0.25, 0, 0}, 0.5, ry);
    out.push_back({"edge_edge_gap_0.25", in_scalar(p, scalar), false, {AxisKind::edge_edge, 2, 1}});
  }
  return out;
}

std::vector<Known> tri_obb_cases(ScalarKind scalar) {
  std::vector<Known> out;
  auto add = [&](std::string name, Triangle3d t, bool hit, SeparatingAxis axis = {}) {
    ShapePair p;
    p.query = Query::tri_obb;
    p.obb_b = box({0, 0, 0});
    p.tri_a = t;
    out.push_back({std::move(name), in_scalar(p, scalar), hit, axis});
  };
  // The box: axis-aligned, extents 0.5, at the origin.
  add("above_0.25", {{Vec3<double>(-1, -1, 0.75), {1, -1, 0.75}, {0, 1, 0.75}}}, false, {AxisKind::face_b, 0, 2});
  add("touching_top", {{Vec3<double>(-1, -1, 0.5), {1, -1, 0.5}, {0, 1, 0.5}}}, true);
  add("crossing", {{Vec3<double>(-1, -1, 0), {1, -1, 0.2}, {0, 1, -0.2}}}, true);
  add("inside", {{Vec3<double>(-0.25, -0.25, 0), {0.25, -0.25, 0.125}, {0, 0.25, -0.125}}}, true);
  {
    // Only the normal separates: a large triangle across the box's (+,+,+)
    // corner, in the plane n·x = √3/2 + 0.25, n = (1,1,1)/√3.
    const Vec3<double> n = Vec3<double>(1, 1, 1).normalized();
    const Vec3<double> c = (std::sqrt(3.0) / 2 + 0.25) * n;
    const Vec3<double> u = Vec3<double>(1, -1, 0).normalized(), w = n.cross(u);
    const double s = std::sqrt(0.75);
    add("normal_gap_0.25", {{c + 2 * u, c + 2 * (-0.5 * u + s * w), c + 2 * (-0.5 * u - s * w)}}, false,
        {AxisKind::normal_a, 0, 0});
  }
  // Only E_0 × B_2 ∝ (1, 1, 0) separates: the edge U0U1 runs along (−1, 1, 0)
  // on the plane x + y = 1.5, the box reaches x + y = 1 (gap 0.5/√2); the box
  // axes overlap the triangle's extent, N = (2, 2, −4) gives 3 against the
  // box's 4, and E_0 × B_0 = E_0 × B_1 = (0, 0, −2) overlap.
  add("edge_gap", {{Vec3<double>(1.75, -0.25, 0), {-0.25, 1.75, 0}, {1.75, 1.75, 1}}}, false,
      {AxisKind::edge_edge, 0, 2});
  return out;
}

struct KnownMoving {
  std::string name;
  ShapePair pair;
  LinearMotiond motion;
  bool intersects;
  SeparatingAxis axis{};
};

std::vector<KnownMoving> moving_cases() {
  std::vector<KnownMoving> out;
  // Axis-aligned unit boxes (extents 0.5), A at the origin; every number is a float.
  auto add = [&](std::string name, Vec3<double> cb, Vec3<double> va, Vec3<double> vb, double t, bool hit,
                 SeparatingAxis axis = {}) {
    ShapePair p;
    p.query = Query::obb_obb;
    p.obb_a = box({0, 0, 0});
    p.obb_b = box(cb);
    out.push_back({std::move(name), p, {va, vb, t}, hit, axis});
  };
  const Vec3<double> zero(0, 0, 0);
  // W = velocity_b − velocity_a = (−10, 0, 0): B is 2 right of A at t = 0 and
  // 8 left of it at t = 1 — apart at both ends, on opposite sides.
  add("passes_through", {3, 0, 0}, {1, 0, 0}, {-9, 0, 0}, 1, true);
  add("stops_short", {3, 0, 0}, zero, {-1, 0, 0}, 1, false, {AxisKind::face_a, 0, 0});
  add("touches_at_T", {3, 0, 0}, zero, {-2, 0, 0}, 1, true);
  add("moves_away", {3, 0, 0}, {-1, 0, 0}, {4, 0, 0}, 1, false, {AxisKind::face_a, 0, 0});
  add("T_zero", {1.5, 0, 0}, zero, {-10, 0, 0}, 0, false, {AxisKind::face_a, 0, 0});
  add("W_zero_overlapping", {0.75, 0, 0}, {2, 1, 0}, {2, 1, 0}, 1, true);
  // B slides along W = (−2, 2, 0) past A's z-edge at (0.5, 0.5): its corner
  // runs on the line x + y = c_x − 1 while A's corner is at x + y = 1. Apart
  // at both ends along x and y respectively, so only W × A_2 ∝ (1, 1, 0)
  // separates (c_x = 2.25: gap 0.25/√2); c_x = 2 grazes, 1.75 cuts the corner.
  add("corner_pass_gap", {2.25, 0, 0}, zero, {-2, 2, 0}, 1, false, {AxisKind::motion_a, 2, 0});
  add("corner_pass_grazing", {2, 0, 0}, zero, {-2, 2, 0}, 1, true);
  add("corner_pass_hit", {1.75, 0, 0}, zero, {-2, 2, 0}, 1, true);
  return out;
}

// ----------------------------------------------------------------- tests ---

constexpr ScalarKind kScalars[] = {ScalarKind::float32, ScalarKind::float64};

/// Verdict, label and witness of a static kernel on one known case.
void expect_known(const KernelInfo& k, const Known& c) {
  ASSERT_EQ(oracle::sat_filtered(c.pair).intersects, c.intersects) << "construction of " << c.name;
  const StaticOutcome r = k.test(c.pair);
  EXPECT_EQ(r.intersects, c.intersects) << k.id << " on " << c.name;
  EXPECT_EQ(r.axis, c.axis) << k.id << " on " << c.name << ": axis "
                            << to_string(r.axis, c.pair.query != Query::obb_obb, false);
  if (!r.intersects) {
    EXPECT_GT(oracle::axis_gap(c.pair, r.direction), 0) << k.id << " on " << c.name;
  }
}

TEST(TextbookPlain, ObbObbKnownCases) {
  for (ScalarKind s : kScalars)
    for (const Known& c : obb_obb_cases(s)) expect_known(kernel(id("obb_obb_plain", s)), c);
}

TEST(TextbookPlain, TriObbKnownCases) {
  for (ScalarKind s : kScalars)
    for (const Known& c : tri_obb_cases(s)) expect_known(kernel(id("tri_obb_plain", s)), c);
}

TEST(TextbookPlain, ObbObbMovingKnownCases) {
  for (const KnownMoving& c : moving_cases()) {
    ASSERT_EQ(oracle::moving_intersects(c.pair, c.motion).intersects, c.intersects) << "construction of " << c.name;
    for (ScalarKind s : kScalars) {
      const KernelInfo& k = kernel(id("obb_obb_plain_moving", s));
      const StaticOutcome r = k.test_moving(c.pair, c.motion);
      EXPECT_EQ(r.intersects, c.intersects) << k.id << " on " << c.name;
      EXPECT_EQ(r.axis, c.axis) << k.id << " on " << c.name << ": axis " << to_string(r.axis, false, false);
    }
  }
}

/// The entries are what the harness expects of a peer of their mode.
TEST(TextbookPlain, EntriesAreWellFormed) {
  for (ScalarKind s : kScalars) {
    for (const char* name : {"obb_obb_plain", "tri_obb_plain", "obb_obb_plain_moving"}) {
      const KernelInfo& k = kernel(id(name, s));
      const bool moving = std::string(name).ends_with("_moving");
      EXPECT_EQ(k.origin, "textbook") << k.id;
      EXPECT_EQ(k.scalar, s) << k.id;
      EXPECT_EQ(k.query, std::string(name).starts_with("tri_obb") ? Query::tri_obb : Query::obb_obb) << k.id;
      EXPECT_EQ(k.mode, moving ? KernelMode::moving_test : KernelMode::static_test) << k.id;
      EXPECT_EQ(k.bias.method, BiasMethod::none) << k.id;
      EXPECT_TRUE(k.reports_axis) << k.id;
      EXPECT_EQ(bool(k.test_moving), moving) << k.id;
      EXPECT_EQ(bool(k.test), !moving) << k.id;
      EXPECT_EQ(bool(k.prepare_set), !moving) << k.id;
    }
  }
}

std::uint64_t seed() {
  std::uint64_t s = 20291105;
  if (const char* e = std::getenv("SEPAX_SEED")) s = std::strtoull(e, nullptr, 10);
  return s;
}

constexpr int kPairs = 2000;
constexpr double kClear = 1e-3;  ///< |relative margin| beyond which a double kernel must be exact

/// What one random comparison saw.
struct Tally {
  int judged = 0, separated = 0, wrong = 0;

  void expect_enough(const std::string& what) const {
    std::printf("%s: %d of %d pairs judged (%d separated), %d wrong\n", what.c_str(), judged, kPairs, separated,
                wrong);
    EXPECT_EQ(wrong, 0) << what;
    // A test that judges nothing tests nothing; both verdicts must occur.
    EXPECT_GE(judged, 500) << what;
    EXPECT_GE(separated, 100) << what;
    EXPECT_GE(judged - separated, 100) << what;
  }
};

TEST(TextbookPlain, StaticDoubleKernelsAreExactFarFromTouching) {
  const std::uint64_t s = seed();
  std::printf("seed %llu (SEPAX_SEED to change)\n", static_cast<unsigned long long>(s));
  for (Query q : {Query::obb_obb, Query::tri_obb}) {
    const KernelInfo& k = kernel(id(q == Query::obb_obb ? "obb_obb_plain" : "tri_obb_plain", ScalarKind::float64));
    Tally tally;
    for (int i = 0; i < kPairs; ++i) {
      const ShapePair p = gen::generate(gen::Family::random, q, ScalarKind::float64, s, i);
      const bool exact = oracle::sat_filtered(p).intersects;
      const double margin = oracle::relative_margin(p, exact);
      if (std::abs(margin) <= kClear) continue;
      ++tally.judged;
      tally.separated += !exact;
      const StaticOutcome r = k.test(p);
      const bool witness_ok = r.intersects || oracle::axis_gap(p, r.direction) > 0;
      if (r.intersects == exact && witness_ok) continue;
      if (++tally.wrong <= 5) {
        ADD_FAILURE() << k.id << " on family random, SEPAX_SEED=" << s << " index " << i << ": says "
                      << (r.intersects ? "intersecting" : "separated") << ", exact "
                      << (exact ? "intersecting" : "separated") << ", relative margin " << margin
                      << (witness_ok ? "" : ", its axis does not separate");
      }
    }
    tally.expect_enough(k.id);
  }
}

TEST(TextbookPlain, MovingDoubleKernelIsExactFarFromTouching) {
  const std::uint64_t s = seed();
  std::printf("seed %llu (SEPAX_SEED to change)\n", static_cast<unsigned long long>(s));
  const KernelInfo& k = kernel(id("obb_obb_plain_moving", ScalarKind::float64));
  Tally tally;
  for (int i = 0; i < kPairs; ++i) {
    const gen::MovingPair mp = gen::generate_moving(gen::Family::random, Query::obb_obb, ScalarKind::float64, s, i);
    const bool exact = oracle::moving_intersects(mp.pair, mp.motion).intersects;
    const double margin = oracle::moving_margin(mp.pair, mp.motion, exact);
    if (std::abs(margin) <= kClear) continue;
    ++tally.judged;
    tally.separated += !exact;
    const StaticOutcome r = k.test_moving(mp.pair, mp.motion);
    if (r.intersects == exact) continue;
    if (++tally.wrong <= 5) {
      ADD_FAILURE() << k.id << " on family random, SEPAX_SEED=" << s << " index " << i << ": says "
                    << (r.intersects ? "meet" : "never meet") << ", exact " << (exact ? "meet" : "never meet")
                    << ", relative margin " << margin;
    }
  }
  tally.expect_enough(k.id);
}

}  // namespace
}  // namespace sepax
