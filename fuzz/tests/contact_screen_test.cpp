// The moving targets' contact screen (fuzz/judge/contact_screen.hpp) must be
// sound: a first contact it passes without the exact first contact is one the
// exact judgement (classify_moving_run, as `sepax check` judges) does not
// call gross. Checked on sepax's find_first_contact kernels' own answers and
// on answers moved off them in time and in point, on the families where
// first contacts are common; the screen must pass most of the kernels' own
// answers (or the fast path would pay the exact first contact on each), and
// the moved answers must include gross ones (or the check would never bite).
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "contact_screen.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/generators/generate.hpp"
#include "sepax/generators/source.hpp"
#include "sepax/harness/moving_judgement.hpp"
#include "sepax/oracle/exact_contact.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::fuzz {
namespace {

constexpr gen::Family kFamilies[] = {gen::Family::random, gen::Family::motion, gen::Family::touching,
                                     gen::Family::near_parallel, gen::Family::scale};

struct Tally {
  int own = 0, own_passed = 0, moved = 0, moved_gross = 0, moved_gross_passed = 0;
};

/// Screens `run`'s first contact; when it passes, the exact judgement must not
/// call it gross. Returns whether the judge called it gross.
bool check(const KernelInfo& k, const gen::MovingPair& m, const harness::MovingOracleVerdict& exact,
           harness::MovingKernelJudgement run, bool& passed, const std::string& what) {
  passed = contact_passes_screen(m.pair, m.motion, run.contact, k.scalar);
  harness::MovingMargins margins(m.pair, m.motion, exact);
  harness::classify_moving_run(run, k, m.pair, m.motion, exact, margins);
  const bool gross = run.verdict_class == oracle::Class::gross;
  EXPECT_FALSE(passed && gross) << k.id << " " << what << ": the screen passed an answer the judge calls gross ("
                                << harness::describe_moving_run(run, k, exact) << ")";
  return gross;
}

TEST(ContactScreen, PassesNoFirstContactTheExactJudgementCallsGross) {
  Tally tally;
  for (const KernelInfo& k : moving_kernels()) {
    if (k.origin != "sepax" || k.mode != KernelMode::first_contact) continue;
    for (gen::Family family : kFamilies)
      for (std::uint64_t i = 0; i < 40; ++i) {
        gen::SeededSource rng(35, i * 16 + std::uint64_t(family));
        const gen::MovingPair m = gen::generate_moving(family, k.query, k.scalar, rng);
        harness::MovingKernelJudgement run = harness::run_moving_kernel(k, m.pair, m.motion);
        if (run.error || run.contact.state != ContactState::first_contact) continue;
        const harness::MovingOracleVerdict exact = harness::judge_moving_exactly(m.pair, m.motion, false);
        if (exact.contact.state != ContactState::first_contact) continue;
        const std::string what = std::string(gen::to_string(family)) + " case " + std::to_string(i);
        bool passed = false;
        ++tally.own;
        check(k, m, exact, run, passed, what);
        tally.own_passed += passed;
        // The same answer moved: its time by 3τ·T either way (the point kept),
        // its point by 3 point bounds of the size along each axis (the time kept).
        const double tau = harness::contact_error_bound(k.scalar), T = m.motion.duration;
        const double step = 3 * oracle::contact_point_tolerance(m.pair, m.motion, k.scalar) *
                            oracle::reference_length(m.pair);
        for (int move = 0; move < 4; ++move) {
          harness::MovingKernelJudgement moved = run;
          if (move < 2) {
            moved.contact.time += (move == 0 ? 3 : -3) * tau * T;
          } else {
            for (double& x : moved.contact.point) x += move == 2 ? step : -step;
            moved.contact.feature_point = moved.contact.point;
          }
          if (!(moved.contact.time > 0 && moved.contact.time <= T)) continue;
          ++tally.moved;
          const bool gross = check(k, m, exact, moved, passed, what + " moved " + std::to_string(move));
          tally.moved_gross += gross;
          tally.moved_gross_passed += gross && passed;
        }
      }
  }
  std::printf("own answers: %d, %d passed the screen; moved answers: %d, %d of them gross\n", tally.own,
              tally.own_passed, tally.moved, tally.moved_gross);
  EXPECT_GT(tally.own_passed, tally.own / 2) << tally.own_passed << " of " << tally.own;
  EXPECT_GT(tally.moved_gross, tally.moved / 4) << tally.moved_gross << " of " << tally.moved;
}

}  // namespace
}  // namespace sepax::fuzz
