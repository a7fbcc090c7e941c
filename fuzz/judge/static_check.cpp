// The static targets' judgement (fuzz_judge.hpp): the filtered exact SAT and
// the per-pair kernel calls on every input; CGAL, the unfiltered SAT, the set
// runners and the batch forms on the sample; both other oracles again before
// any kernel's gross verdict is reported.
#include <exception>

#include <fmt/format.h>

#include "batch_forms.hpp"
#include "boundary_screen.hpp"
#include "findings.hpp"
#include "fuzz_judge.hpp"
#include "sepax/harness/campaign/shrink.hpp"
#include "sepax/harness/case_judgement.hpp"
#include "sepax/oracle/cgal_judge.hpp"
#include "sepax/oracle/exact_sat.hpp"

namespace sepax::fuzz {
namespace {

/// The exact verdict of one case: sat_filtered first, the cross-checks when
/// asked (once).
class StaticTruth {
 public:
  explicit StaticTruth(const FuzzCase& c) : c_(c) {}

  /// sat_filtered; false when it threw (a finding).
  bool filtered() {
    try {
      const harness::CaseWatchdog::Guard guard(&watchdog(), identity(c_.pair.query, false), 0, nullptr);
      const oracle::SatVerdict sat = oracle::sat_filtered(c_.pair);
      verdict.intersects = sat.intersects;
      verdict.exact_fallback = sat.exact_fallback;
      return true;
    } catch (const std::exception& e) {
      threw(e);
      return false;
    }
  }

  /// CGAL and the unfiltered SAT (once); false when either threw or they
  /// contradict sat_filtered (both findings: the verdict is not to be trusted).
  bool confirmed() {
    if (confirmed_) return *confirmed_;
    try {
      const harness::CaseWatchdog::Guard guard(&watchdog(), identity(c_.pair.query, false), 0, nullptr);
      verdict.cgal_intersects = oracle::cgal_intersects(c_.pair);
      verdict.unfiltered_intersects = oracle::sat_exact(c_.pair);
    } catch (const std::exception& e) {
      threw(e);
      return *(confirmed_ = false);
    }
    if (verdict.oracles_disagree())
      found(fmt::format("oracle {} {} disagree", to_string(c_.pair.query), c_.family), true, c_, nullptr,
            fmt::format("sat_filtered {}, CGAL {}, sat_exact {}", verdict.intersects, *verdict.cgal_intersects,
                        *verdict.unfiltered_intersects));
    return *(confirmed_ = !verdict.oracles_disagree());
  }

  harness::OracleVerdict verdict;

 private:
  void threw(const std::exception& e) {
    found(fmt::format("oracle {} {} threw", to_string(c_.pair.query), c_.family), true, c_, nullptr, e.what());
  }
  const FuzzCase& c_;
  std::optional<bool> confirmed_;
};

/// The kernel's set runner (the form benchmarks time, SIMD lanes and tails
/// included) on copies of the case: 1, 3, 8 and 17 of them, so that every lane
/// width and tail is filled. Its count of intersecting pairs must be a verdict
/// the judge accepts — all copies one way, and not gross where the per-pair
/// call's answer (`single`) differs (the same gross answer is that finding already).
void check_set_runner(const KernelInfo& k, const FuzzCase& c, const harness::OracleVerdict& oracle,
                      harness::LazyMargin& margin, bool single) {
  for (std::size_t n : {1, 3, 8, 17}) {
    const std::vector<ShapePair> copies(n, c.pair);
    std::size_t hits = 0;
    try {
      hits = k.prepare_set(copies)();
    } catch (const std::exception& e) {
      found(signature(k, c, "set-runner-threw"), gated(k), c, nullptr, e.what());
      return;
    }
    if (hits != 0 && hits != n) {
      found(signature(k, c, "set-runner-mixed"), gated(k), c, nullptr,
            fmt::format("the set runner calls {} of {} copies of one pair intersecting", hits, n));
      return;
    }
    if ((hits == n) == single) continue;  // the same answer as the per-pair call
    harness::KernelJudgement run;
    run.outcome.intersects = hits == n;
    harness::classify_run(run, k, c.pair, oracle, margin);
    if (run.verdict_class == oracle::Class::gross) {
      found(signature(k, c, run.outcome.intersects ? "set-runner-false-positive" : "set-runner-false-negative"),
            gated(k), c, nullptr,
            fmt::format("the set runner over {} copies says {}, exact: {}", n,
                        run.outcome.intersects ? "intersecting" : "separated",
                        oracle.intersects ? "intersecting" : "separated"));
      return;
    }
  }
}

}  // namespace

void judge_static_case(const FuzzCase& c, Side side, bool full) {
  const CurrentCase current(c);
  const harness::CaseIdentity& group = identity(c.pair.query, false);
  StaticTruth truth(c);
  count(full ? Path::sampled : Path::fast);
  if (!truth.filtered()) return;
  if (full) truth.confirmed();
  harness::LazyMargin margin(c.pair, truth.verdict.intersects);
  for (const KernelInfo& k : static_kernels()) {
    if (k.query != c.pair.query || k.scalar != c.scalar || !runs(k, side)) continue;
    harness::KernelJudgement run;
    {
      const harness::CaseWatchdog::Guard guard(&watchdog(), group, 0, &k);
      run = harness::run_kernel(k, c.pair);
    }
    if (full && k.prepare_set && !run.error && truth.confirmed())
      check_set_runner(k, c, truth.verdict, margin, run.outcome.intersects);
    const bool disagrees = run.error || run.outcome.intersects != truth.verdict.intersects;
    if (!disagrees) continue;
    // On the fast path a disagreement provably within the kernel's allowance
    // needs no exact margin; any other is classified on it.
    if (!full && provably_boundary(k, c.pair, run, truth.verdict.intersects)) continue;
    if (!full) count(Path::escalated);
    harness::classify_run(run, k, c.pair, truth.verdict, margin);
    // A gross verdict stands only on a verdict all three oracles give.
    if (run.verdict_class != oracle::Class::gross || !truth.confirmed()) continue;
    // The kind verify's signatures use (the deciding axis's class on a false
    // negative), so a fuzz finding and a campaign's dedupe the same way.
    const std::string what = harness::static_gross_kind(k, run);
    found(signature(k, c, what), gated(k), c, &k,
          run.error ? "threw: " + *run.error
                    : fmt::format("kernel says {}, exact: {}", run.outcome.intersects ? "intersecting" : "separated",
                                  truth.verdict.intersects ? "intersecting" : "separated"));
  }
  if (full && side == Side::sepax)
    if (const auto differ = batch_forms_disagree(c.pair, c.scalar))
      found(fmt::format("{}/test_static_batch {} {} forms-differ", to_string(c.pair.query), to_string(c.pair.query),
                        c.family),
            /*gated=*/true, c, nullptr, *differ);
}

int check_static_input(std::span<const std::uint8_t> bytes, Query query, Side side) {
  const auto c = decode_case(bytes, query, false);
  if (!c) return -1;  // libFuzzer: do not add to the corpus
  judge_static_case(*c, side, sampled(bytes));
  return 0;
}

}  // namespace sepax::fuzz
