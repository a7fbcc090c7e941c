// The SIMD-lane form of the scalar OBB–OBB test (obb_obb_lanes.hpp) claims
// the scalar form's roundings, hence its first separating axis, bit for bit.
// Checked here on every generator family and both scalars (and the AVX copy
// for double, on a CPU that has AVX2) against the scalar form itself (the reference, kept for every other scalar), 20,000 pairs per
// family and scalar, with each kind of answer required to occur, so the
// comparison cannot pass without exercising face, edge and no-axis answers.
// Replay: the failing family, scalar and case index are printed; the case is
// gen::generate(family, obb_obb, scalar, 33, index) (sepax generate --seed 33).
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <span>
#include <string>
#include <cstdint>
#include <type_traits>

#include "sepax/core/simple/obb_to_aabb.hpp"
#include "sepax/core/static/obb_obb_manifold.hpp"
#include "sepax/core/static/obb_obb.hpp"
#include "sepax/core/static/obb_obb_batch.hpp"
#include "sepax/generators/generate.hpp"

namespace sepax {
namespace {

template <class S>
void expect_same_axes(gen::Family family, std::array<std::uint64_t, 4>& kinds) {
  constexpr std::uint64_t kSeed = 33, kCount = 20000;
  const ScalarKind scalar = std::is_same_v<S, float> ? ScalarKind::float32 : ScalarKind::float64;
  for (std::uint64_t i = 0; i < kCount; ++i) {
    const ShapePair p = gen::generate(family, Query::obb_obb, scalar, kSeed, i);
    const Obb3<S> a = p.obb_a.cast<S>(), b = p.obb_b.cast<S>();
    const SeparatingAxis lanes = obb_obb::detail::first_separating_axis_lanes(a, b);
    const SeparatingAxis scalar_form = obb_obb::detail::first_separating_axis_scalar(a, b);
    ASSERT_EQ(lanes, scalar_form) << gen::to_string(family) << ' ' << to_string(scalar) << " case " << i
                                  << ": lanes " << to_string(lanes, false, false) << ", scalar form "
                                  << to_string(scalar_form, false, false);
    if constexpr (std::is_same_v<S, double>) {
      if (kCpuHasAvx2) {  // the AVX copy the kernel takes on such CPUs
        const SeparatingAxis avx = obb_obb::detail::first_separating_axis_avx(a, b);
        ASSERT_EQ(avx, scalar_form) << gen::to_string(family) << " double case " << i << ": AVX lanes "
                                    << to_string(avx, false, false);
      }
    }
    ++kinds[std::size_t(lanes.kind == AxisKind::none        ? 0
                        : lanes.kind == AxisKind::face_a    ? 1
                        : lanes.kind == AxisKind::face_b    ? 2
                                                            : 3)];
  }
}

TEST(ObbLanes, FirstSeparatingAxisIsTheScalarFormsOnEveryFamily) {
  std::array<std::uint64_t, 4> kinds{};  // none, face A, face B, edge
  for (const gen::Family family : gen::all_families()) {
    expect_same_axes<float>(family, kinds);
    expect_same_axes<double>(family, kinds);
  }
  for (std::size_t k = 0; k < kinds.size(); ++k) EXPECT_GT(kinds[k], 100u) << "answer kind " << k << " too rare";
}

// obb_to_aabb's lane form (the exactness tests as masks) claims the loop
// form's bounds bit for bit: on both boxes of every generated pair, and on
// axis-aligned and quarter-turned boxes with dyadic and non-dyadic numbers,
// whose bounds take the exact path (no outward move) when their sums are exact.
template <class S>
void expect_same_bounds(const Obb3<S>& box, const std::string& what, std::uint64_t& exact_bounds) {
  // The kernel as called (double: the AVX copy on a CPU with AVX2), the
  // baseline lanes, and the loop form.
  const Aabb3<S> called = obb_to_aabb(box), lanes = obb_to_aabb_detail::obb_to_aabb_lanes(box),
                 loop = obb_to_aabb_detail::obb_to_aabb_loop(box);
  for (int k = 0; k < 3; ++k) {
    using Bits = std::conditional_t<sizeof(S) == 4, std::uint32_t, std::uint64_t>;
    for (const Aabb3<S>* form : {&called, &lanes}) {
      ASSERT_EQ(std::bit_cast<Bits>(form->min[k]), std::bit_cast<Bits>(loop.min[k])) << what << ", min " << k;
      ASSERT_EQ(std::bit_cast<Bits>(form->max[k]), std::bit_cast<Bits>(loop.max[k])) << what << ", max " << k;
    }
    // The exact path: the bound is the centre ± the half-width with no move.
    S e = 0;
    for (int i = 0; i < 3; ++i) e += box.extents[i] * std::abs(box.axes[i][k]);
    exact_bounds += loop.max[k] == box.center[k] + e;
  }
}

template <class S>
void expect_same_bounds_everywhere() {
  const ScalarKind scalar = std::is_same_v<S, float> ? ScalarKind::float32 : ScalarKind::float64;
  std::uint64_t exact_bounds = 0;
  for (const gen::Family family : gen::all_families())
    for (std::uint64_t i = 0; i < 5000; ++i) {
      const ShapePair p = gen::generate(family, Query::obb_obb, scalar, 33, i);
      const std::string what = std::string(gen::to_string(family)) + " case " + std::to_string(i);
      expect_same_bounds(p.obb_a.cast<S>(), what + " box a", exact_bounds);
      expect_same_bounds(p.obb_b.cast<S>(), what + " box b", exact_bounds);
    }
  // Axis-aligned and quarter-turned boxes (entries 0 and ±1).
  const std::array<Vec3<S>, 3> turns[3] = {
      {Vec3<S>::UnitX(), Vec3<S>::UnitY(), Vec3<S>::UnitZ()},
      {Vec3<S>::UnitY(), Vec3<S>::UnitZ(), Vec3<S>::UnitX()},
      {Vec3<S>(-Vec3<S>::UnitZ()), Vec3<S>::UnitX(), Vec3<S>(-Vec3<S>::UnitY())}};
  const S numbers[] = {S(0), S(0.5), S(1), S(3), S(0.1), S(1e7), S(-2.75), S(1) / S(3)};
  std::uint64_t n = 0;
  for (const auto& axes : turns)
    for (const S c : numbers)
      for (const S h : numbers) {
        Obb3<S> box;
        box.axes = axes;
        box.center = Vec3<S>(c, -c, S(2) * c);
        box.extents = {std::abs(h), S(0.25), std::abs(h) + S(1)};
        expect_same_bounds(box, "turned box " + std::to_string(n++), exact_bounds);
      }
  EXPECT_GT(exact_bounds, 100u) << "the exact path was hardly taken";
}

TEST(ObbLanes, EnclosingBoxIsTheLoopFormsOnEveryFamily) {
  expect_same_bounds_everywhere<float>();
  expect_same_bounds_everywhere<double>();
}

// find_manifold's double AVX copy (find_manifold_avx.cpp) claims the baseline
// build's manifold bit for bit: every field, on every family, with face A,
// face B, edge and no-contact answers each required to occur. Skipped on a
// CPU without AVX2 (where find_manifold never takes that copy).
TEST(ObbLanes, ManifoldAvxCopyIsTheBaselineBitForBit) {
  if (!kCpuHasAvx2) GTEST_SKIP() << "this CPU has no AVX2: find_manifold takes the baseline build only";
  const auto bits = [](double x) { return std::bit_cast<std::uint64_t>(x); };
  std::array<std::uint64_t, 4> kinds{};  // none, face A, face B, edge
  for (const gen::Family family : gen::all_families())
    for (std::uint64_t i = 0; i < 10000; ++i) {
      const ShapePair p = gen::generate(family, Query::obb_obb, ScalarKind::float64, 33, i);
      const auto base = obb_obb::detail::find_manifold_baseline(p.obb_a, p.obb_b);
      const auto avx = obb_obb::detail::find_manifold_avx(p.obb_a, p.obb_b);
      const std::string what = std::string(gen::to_string(family)) + " double case " + std::to_string(i) +
                               " (sepax generate --seed 33)";
      ASSERT_EQ(avx.contact, base.contact) << what;
      ASSERT_EQ(avx.axis, base.axis) << what;
      ASSERT_EQ(avx.count, base.count) << what;
      ASSERT_EQ(bits(avx.depth), bits(base.depth)) << what << ": depth";
      for (int k = 0; k < 3; ++k) ASSERT_EQ(bits(avx.normal[k]), bits(base.normal[k])) << what << ": normal " << k;
      for (int c = 0; c < base.count; ++c)
        for (int k = 0; k < 3; ++k)
          ASSERT_EQ(bits(avx.points[c][k]), bits(base.points[c][k])) << what << ": point " << c << ", " << k;
      ++kinds[std::size_t(!base.contact                           ? 0
                          : base.axis.kind == AxisKind::face_a ? 1
                          : base.axis.kind == AxisKind::face_b ? 2
                                                               : 3)];
    }
  for (std::size_t k = 0; k < kinds.size(); ++k) EXPECT_GT(kinds[k], 100u) << "answer kind " << k << " too rare";
}


// An edge axis of nearly parallel edges so short that its projections
// underflow (negligible_edge_axis.hpp) must not separate boxes that overlap:
// the fuzzer's case (properties/regressions/fuzz_obb_obb_subnormal_edge_axis.jsonl),
// B's axis B1 = (1, 0, −t) tilted by every power of two t = 2^-k down to the
// smallest subnormal. The boxes overlap by 0.08 of their size and a tilt of
// t ≤ 2⁻²⁰ moves B by at most t·diam < 2⁻¹⁸, so every form must say
// intersecting; before the fix the scalar, lane and batch forms said separated
// at t = 2⁻¹⁰⁷⁴ (double) and 2⁻¹⁴⁹ (float). Each form is called: scalar, lanes,
// the AVX copy where the CPU has AVX2, the kernel, and the batch (both copies).
template <class S>
void expect_tilted_boxes_intersect() {
  const S b0y = S(0x1.72b59128b4298p-2), b0z = S(-0x1.dd45641e46005p-1);
  const int smallest = std::is_same_v<S, float> ? -149 : -1074;
  int tried = 0;
  for (int k = -20; k >= smallest; --k) {
    const S t = std::ldexp(S(1), k);
    Obb3<S> a, b;
    a.center = {0, S(-1.375), 1};
    a.axes = {Vec3<S>(1, 0, 0), Vec3<S>(0, 1, 0), Vec3<S>(0, 0, 1)};
    a.extents = {0, S(0.25), S(0.5)};
    b.center = {0, -2, S(0.5)};
    b.axes = {Vec3<S>(0, b0y, b0z), Vec3<S>(1, 0, -t), Vec3<S>(0, b0z, -b0y)};
    b.extents = {0, S(0.25), S(0.5)};
    const std::string what = std::string(std::is_same_v<S, float> ? "float" : "double") + " tilt 2^" + std::to_string(k);
    EXPECT_EQ(obb_obb::detail::first_separating_axis_scalar(a, b).kind, AxisKind::none) << what << ": scalar form";
    EXPECT_EQ(obb_obb::detail::first_separating_axis_lanes(a, b).kind, AxisKind::none) << what << ": lanes";
    if constexpr (std::is_same_v<S, double>) {
      if (kCpuHasAvx2) {
        EXPECT_EQ(obb_obb::detail::first_separating_axis_avx(a, b).kind, AxisKind::none) << what << ": AVX lanes";
      }
    }
    EXPECT_TRUE(obb_obb::test_static(a, b).intersects) << what << ": test_static";
    obb_obb::ObbBatch<S> one_a, one_b;
    one_a.push_back(a);
    one_b.push_back(b);
    std::uint8_t dispatched = 0, baseline = 0;
    obb_obb::test_static_batch(one_a, one_b, std::span<std::uint8_t>(&dispatched, 1));
    obb_obb::detail::test_static_batch_baseline(one_a, one_b, std::span<std::uint8_t>(&baseline, 1));
    EXPECT_EQ(dispatched, 1) << what << ": test_static_batch";
    EXPECT_EQ(baseline, 1) << what << ": test_static_batch (baseline copy)";
    ++tried;
  }
  EXPECT_GT(tried, 100);
}

TEST(ObbLanes, TinyEdgeAxesNeverSeparateOverlappingBoxes) {
  expect_tilted_boxes_intersect<float>();
  expect_tilted_boxes_intersect<double>();
}

}  // namespace
}  // namespace sepax
