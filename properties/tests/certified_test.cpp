// Certified kernels (obb_obb_certified.hpp, tri_obb_certified.hpp,
// tri_tri_certified.hpp): the verdict equals the exact
// oracle's on every case of every family — no band, touching included — and
// both of the kernel's paths are exercised (the filter decides most pairs;
// exactly touching pairs need exact arithmetic), and the exact signs of the
// OBB–OBB kernel's touching and coplanar pairs come from its floating-point
// expansions (src/expansion/), not from the integers or GMP behind them.
//
// Replay a failure with the RC_PARAMS line RapidCheck prints, e.g.
//   RC_PARAMS="reproduce=…" ./properties_tests --gtest_filter='Families/Certified.*'
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <cmath>
#include <type_traits>
#include <utility>
#include <tuple>

#include "property_support.hpp"
#include "sepax/core/static/obb_obb_certified.hpp"
#include "sepax/core/static/obb_obb_certified_batch.hpp"
#include "sepax/core/static/tri_obb_certified.hpp"
#include "sepax/core/static/tri_tri_certified.hpp"
#include "sepax/core/static/tri_tri_certified_batch.hpp"
#include "sepax/generators/generate.hpp"
#include "sepax/generators/rapidcheck_source.hpp"
#include "sepax/oracle/exact_sat.hpp"

namespace sepax::props {
namespace {

using Param = FamilyQueryScalar;
class Certified : public ::testing::TestWithParam<Param> {};

/// The certified kernel of the pair's query, in the pair's scalar.
template <class S>
CertifiedResult<S> certified(const ShapePair& pair) {
  switch (pair.query) {
    case Query::obb_obb: return obb_obb::test_certified(pair.obb_a.cast<S>(), pair.obb_b.cast<S>());
    case Query::tri_obb: return tri_obb::test_certified(pair.tri_a.cast<S>(), pair.obb_b.cast<S>());
    case Query::tri_tri: break;
  }
  return tri_tri::test_certified(pair.tri_a.cast<S>(), pair.tri_b.cast<S>());
}

int exact_gap_sign(const ShapePair& pair, const SeparatingAxis& axis) {
  return pair.query == Query::obb_obb ? obb_obb::exact_gap_sign(pair.obb_a, pair.obb_b, axis)
                                      : tri_obb::exact_gap_sign(pair.tri_a, pair.obb_b, axis);
}

TEST_P(Certified, VerdictIsTheExactOne) {
  const auto [family, query, scalar] = GetParam();
  const std::string name = "certified/" + label(family, query, scalar);
  HitCounter intersecting, exact_path;
  const detail::ExactStageCounts stages_before = detail::exact_stage_counts();
  const bool ok = check_and_save(name, [&, family = family, query = query, scalar = scalar] {
    const ShapePair pair = *gen::gen_pair(family, query, scalar);
    Counterexample::remember(pair, scalar, std::string(gen::to_string(family)));
    const bool truth = oracle::sat_exact(pair);
    intersecting.count(truth);
    if (scalar == ScalarKind::float32) {
      const auto r = certified<float>(pair);
      exact_path.count(r.exact_path);
      RC_ASSERT(r.result.intersects == truth);
    } else {
      const auto r = certified<double>(pair);
      exact_path.count(r.exact_path);
      RC_ASSERT(r.result.intersects == truth);
      // A separating verdict names an axis whose exact gap is positive
      // (the triangle pair's predicates name none).
      if (!r.result.intersects && query != Query::tri_tri) RC_ASSERT(exact_gap_sign(pair, r.result.axis) > 0);
    }
  });
  EXPECT_TRUE(ok) << name;
  RecordProperty("exact_path_rate", std::to_string(exact_path.rate()));
  // RapidCheck runs the property on this thread: the tally's growth is this
  // family's exact signs.
  const detail::ExactStageCounts stages = detail::exact_stage_counts();
  const std::uint64_t by_expansion = stages.expansion - stages_before.expansion;
  const std::uint64_t by_integers = stages.integers_or_rationals - stages_before.integers_or_rationals;
  const std::uint64_t by_machine_integers = stages.machine_integers - stages_before.machine_integers;
  const std::uint64_t by_wide_integers = stages.wide_integers - stages_before.wide_integers;
  RecordProperty("exact_signs_by_machine_integers", std::to_string(by_machine_integers));
  RecordProperty("exact_signs_by_wide_integers", std::to_string(by_wide_integers));
  RecordProperty("exact_signs_by_expansion", std::to_string(by_expansion));
  RecordProperty("exact_signs_by_integers_or_rationals", std::to_string(by_integers));
  if (query == Query::obb_obb && (family == gen::Family::touching || family == gen::Family::coplanar)) {
    // Float lattice boxes fit the machine integers (axes on 2⁻¹⁹); double
    // ones (axes on 2⁻⁴⁸) do not, and go to the 256-bit integers.
    if (scalar == ScalarKind::float32) {
      EXPECT_GT(by_machine_integers, 0u) << name << ": the machine integers decided no sign";
      EXPECT_EQ(by_integers, 0u) << name << ": a float pair left the expansions' range (it has none outside)";
    } else {
      EXPECT_GT(by_wide_integers, 0u) << name << ": the 256-bit integers decided no sign";
    }
  }
  if (family == gen::Family::touching) {
    EXPECT_EQ(intersecting.rate(), 1.0);
    // Some axis's gap is exactly 0, a sign no rounded value can show.
    EXPECT_EQ(exact_path.rate(), 1.0) << name << ": an exactly touching pair decided without the rationals";
  } else {
    EXPECT_GE(intersecting.rate(), 0.05) << name;
    EXPECT_LE(intersecting.rate(), 0.95) << name;
    // The filter must decide pairs, or the kernel is the oracle. (The double
    // families put many pairs within 1e-14 of touching on purpose, and a
    // coplanar triangle lies in the plane of a box face — a gap of exactly 0
    // along that face's normal — so coplanar pairs may all need the rationals;
    // a degenerate triangle has no plane, so against another triangle only
    // the other's plane can separate in the filter.)
    const bool flat = family == gen::Family::coplanar ||
                      (family == gen::Family::degenerate_shapes && query == Query::tri_tri);
    if (!flat) {
      EXPECT_LT(exact_path.rate(), 0.9) << name;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Families, Certified, ::testing::ValuesIn(every_family_query_scalar()),
                         family_query_scalar_name<::testing::TestParamInfo<Param>>);

// The certified batches (OBB-OBB and triangle-triangle), both copies of
// their loops (AVX2 where the CPU has it, and the x86-64 baseline): every
// verdict equals the exact oracle's, on every family and scalar, and the
// lanes themselves decide most pairs of the families not built on contact
// (else the batch would only be the scalar kernel) and no exactly touching
// pair (a sign no rounded value can show).
class CertifiedBatch : public ::testing::TestWithParam<Param> {};

template <class S, class Batch, class Shape>
void check_batch(gen::Family family, Query query, ScalarKind scalar, const std::string& name) {
  constexpr std::uint64_t kSeed = 20261126, kCount = 2000;
  Batch as, bs;
  std::vector<ShapePair> pairs;
  const auto shapes = [&](const ShapePair& p) {
    if constexpr (std::is_same_v<Shape, Obb3<S>>) {
      return std::pair{p.obb_a.cast<S>(), p.obb_b.cast<S>()};
    } else {
      return std::pair{p.tri_a.cast<S>(), p.tri_b.cast<S>()};
    }
  };
  for (std::uint64_t i = 0; i < kCount; ++i) {
    pairs.push_back(gen::generate(family, query, scalar, kSeed, i));
    const auto [a, b] = shapes(pairs.back());
    as.push_back(a);
    bs.push_back(b);
  }
  std::vector<std::uint8_t> dispatched(kCount), baseline(kCount);
  if constexpr (std::is_same_v<Shape, Obb3<S>>) {
    obb_obb::test_certified_batch(as, bs, dispatched);
    obb_obb::detail::test_certified_batch_baseline(as, bs, baseline);
  } else {
    tri_tri::test_certified_batch(as, bs, dispatched);
    tri_tri::detail::test_certified_batch_baseline(as, bs, baseline);
  }
  std::size_t decided = 0, wrong = 0;
  for (std::uint64_t i = 0; i < kCount; ++i) {
    const bool truth = oracle::sat_exact(pairs[i]);
    const auto [a, b] = shapes(pairs[i]);
    if constexpr (std::is_same_v<Shape, Obb3<S>>) {
      decided += obb_obb::detail::certified_lane_decides(a, b);
    } else {
      decided += tri_tri::detail::certified_lane_decides(a, b);
    }
    if ((dispatched[i] != 0) != truth || (baseline[i] != 0) != truth) {
      if (++wrong > 3) continue;
      ADD_FAILURE() << name << ": case " << i << " batch " << int(dispatched[i]) << ", baseline "
                    << int(baseline[i]) << ", exact " << truth
                    << " (seeded: ./properties_tests --gtest_filter='Families/CertifiedBatch.*' replays it)";
      Counterexample::remember(pairs[i], scalar, std::string(gen::to_string(family)));
      Counterexample::save(name + "_" + std::to_string(i));
    }
  }
  EXPECT_EQ(wrong, 0u) << name;
  const double share = double(decided) / kCount;
  ::testing::Test::RecordProperty("lane_share", std::to_string(share));
  // Float pairs of these families need exact arithmetic only at exact
  // contact (a few %); double ones also within ~1e-14 of it, by design.
  const bool clear = family == gen::Family::random || family == gen::Family::scale ||
                     (query == Query::tri_tri && family == gen::Family::parallel_edges);
  if (clear && scalar == ScalarKind::float32) {
    EXPECT_GT(share, 0.7) << name << ": the lanes decided too few pairs";
  } else if (family == gen::Family::touching) {
    EXPECT_EQ(share, 0.0) << name << ": an exactly touching pair decided in the lanes' rounded arithmetic";
  }
}

TEST_P(CertifiedBatch, EveryVerdictIsTheExactOne) {
  const auto [family, query, scalar] = GetParam();
  const std::string name = "certified_batch/" + label(family, query, scalar);
  const bool single = scalar == ScalarKind::float32;
  if (query == Query::obb_obb) {
    if (single) {
      check_batch<float, obb_obb::ObbBatch<float>, Obb3<float>>(family, query, scalar, name);
    } else {
      check_batch<double, obb_obb::ObbBatch<double>, Obb3<double>>(family, query, scalar, name);
    }
  } else if (single) {
    check_batch<float, tri_tri::TriangleBatch<float>, Triangle3<float>>(family, query, scalar, name);
  } else {
    check_batch<double, tri_tri::TriangleBatch<double>, Triangle3<double>>(family, query, scalar, name);
  }
}

std::vector<Param> batch_params() {
  std::vector<Param> out;
  for (const Param& p : every_family_query_scalar())
    if (std::get<1>(p) != Query::tri_obb) out.push_back(p);
  return out;
}

INSTANTIATE_TEST_SUITE_P(Families, CertifiedBatch, ::testing::ValuesIn(batch_params()),
                         family_query_scalar_name<::testing::TestParamInfo<Param>>);

// Two axis-aligned unit cubes moved apart along x by k ulps of the contact
// coordinate, k = −3…3: the boxes overlap, touch, or are apart by a hair
// that no floating-point gap can see beyond its rounding; the verdict must
// be exact for every k, in float and in double.
template <class S>
void check_ulp_ladder() {
  for (int k = -3; k <= 3; ++k) {
    Obb3<S> a, b;
    a.extents = {S(1), S(0.5), S(0.25)};
    b.extents = {S(1), S(0.5), S(0.25)};
    S x = S(2);  // touching at x = 1
    for (int step = 0; step < std::abs(k); ++step) x = std::nextafter(x, k > 0 ? S(4) : S(0));
    b.center = {x, S(0.125), S(-0.0625)};
    const detail::ExactStageCounts before = detail::exact_stage_counts();
    const auto r = obb_obb::test_certified(a, b);
    EXPECT_EQ(r.result.intersects, k <= 0) << "k = " << k;
    if (k == 0) {
      // Axis-aligned boxes on a small grid: the machine integers decide.
      EXPECT_TRUE(r.exact_path) << "exact touching must go to the exact stages";
      EXPECT_GT(detail::exact_stage_counts().machine_integers, before.machine_integers)
          << "decided without the machine integers";
      EXPECT_EQ(detail::exact_stage_counts().integers_or_rationals, before.integers_or_rationals);
    }
  }
}

TEST(CertifiedObbObb, UlpLadderAroundTouching) {
  check_ulp_ladder<float>();
  check_ulp_ladder<double>();
}

}  // namespace
}  // namespace sepax::props
