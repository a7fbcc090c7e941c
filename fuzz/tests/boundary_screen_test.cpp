// The fast path's boundary screen (fuzz/judge/boundary_screen.hpp) must be
// sound: whenever it excuses a disagreement without the exact margin, the
// exact judgement (classify_run / classify_moving_run, as `sepax check`
// judges) must not call that answer gross. Checked on the near-contact
// families, where disagreements within the rounding band are common, with
// every answer that disagrees with the exact one (the screen is only asked
// about those); and the screen must excuse a good share of them, or the fast
// path would pay the exact margin on every rounding disagreement.
#include <cstdio>
#include <vector>

#include <gtest/gtest.h>

#include "boundary_screen.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/generators/generate.hpp"
#include "sepax/generators/source.hpp"
#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/moving_judgement.hpp"
#include "sepax/oracle/exact_sat.hpp"

namespace sepax::fuzz {
namespace {

constexpr gen::Family kNearContact[] = {gen::Family::touching, gen::Family::coplanar, gen::Family::parallel_edges,
                                        gen::Family::near_parallel};

/// A sepax kernel of the query, mode and scalar (its tolerance and bias are
/// what both the screen and the judge read), with no axis reported: the
/// answers below are made up, not the kernel's.
KernelInfo kernel_of(const std::vector<KernelInfo>& kernels, Query query, ScalarKind scalar) {
  for (const KernelInfo& k : kernels)
    if (k.origin == "sepax" && k.query == query && k.scalar == scalar && !k.exact_verdicts) {
      KernelInfo copy = k;
      copy.reports_axis = false;
      return copy;
    }
  ADD_FAILURE() << "no sepax kernel of " << to_string(query);
  return {};
}

TEST(BoundaryScreen, StaticExcusesOnlyWhatTheExactMarginCallsBoundary) {
  const std::vector<KernelInfo> kernels(static_kernels().begin(), static_kernels().end());
  int asked = 0, excused = 0;
  for (Query query : {Query::obb_obb, Query::tri_obb, Query::tri_tri})
    for (ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64}) {
      const KernelInfo k = kernel_of(kernels, query, scalar);
      for (gen::Family family : kNearContact)
        for (std::uint64_t i = 0; i < 12; ++i) {
          gen::SeededSource rng(33, i * 16 + std::uint64_t(family));
          const ShapePair pair = gen::generate(family, query, scalar, rng);
          harness::OracleVerdict exact;
          exact.intersects = oracle::sat_filtered(pair).intersects;
          harness::KernelJudgement run;
          run.outcome.intersects = !exact.intersects;  // the answer that disagrees
          ++asked;
          if (!provably_boundary(k, pair, run, exact.intersects)) continue;
          ++excused;
          harness::LazyMargin margin(pair, exact.intersects);
          harness::classify_run(run, k, pair, exact, margin);
          EXPECT_NE(run.verdict_class, oracle::Class::gross)
              << to_string(query) << " " << gen::to_string(family) << " case " << i << ": margin " << *run.margin
              << ", tolerance " << *run.tolerance;
        }
    }
  std::printf("static: %d of %d disagreeing answers excused by the screen\n", excused, asked);
  // Touching and coplanar pairs are exactly in contact: their flipped answer is boundary.
  EXPECT_GT(excused, asked / 8) << excused << " of " << asked;
}

TEST(BoundaryScreen, MovingExcusesOnlyWhatTheExactMarginsCallBoundary) {
  const std::vector<KernelInfo> kernels(moving_kernels().begin(), moving_kernels().end());
  int asked = 0, excused = 0;
  for (Query query : {Query::obb_obb, Query::tri_obb, Query::tri_tri})
    for (ScalarKind scalar : {ScalarKind::float32, ScalarKind::float64}) {
      const KernelInfo k = kernel_of(kernels, query, scalar);
      for (gen::Family family : kNearContact)
        for (std::uint64_t i = 0; i < 6; ++i) {
          gen::SeededSource rng(34, i * 16 + std::uint64_t(family));
          const gen::MovingPair m = gen::generate_moving(family, query, scalar, rng);
          const harness::MovingOracleVerdict exact = harness::judge_moving_exactly(m.pair, m.motion, false);
          // The meets rule: an answer that disagrees on whether they meet in [0, T].
          harness::MovingKernelJudgement run;
          run.mode = k.mode;
          if (k.mode == KernelMode::moving_test) {
            run.verdict.intersects = !exact.meets();
          } else if (exact.meets()) {
            run.contact.state = ContactState::separated_throughout;
          } else {
            run.contact.state = ContactState::overlapping_at_start;  // says they meet
          }
          const bool at_start = oracle::sat_filtered(m.pair).intersects;
          ++asked;
          if (!provably_boundary(k, m.pair, m.motion, run, exact.meets(), at_start)) continue;
          ++excused;
          harness::MovingMargins margins(m.pair, m.motion, exact);
          harness::classify_moving_run(run, k, m.pair, m.motion, exact, margins);
          EXPECT_NE(run.verdict_class, oracle::Class::gross)
              << k.id << " " << gen::to_string(family) << " case " << i << ": margin " << run.margin.value_or(-1)
              << ", tolerance " << run.tolerance.value_or(-1);
        }
    }
  std::printf("moving: %d of %d disagreeing answers excused by the screen\n", excused, asked);
  EXPECT_GT(excused, asked / 8) << excused << " of " << asked;
}

}  // namespace
}  // namespace sepax::fuzz
