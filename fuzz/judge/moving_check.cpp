// The moving targets' judgement (fuzz_judge.hpp). Fast path: the filtered
// exact "do they meet in [0, T]" (moving_intersects) and, for first-contact
// kernels, the filtered SAT at t = 0 and the contact screen (contact_screen.hpp).
// A kernel that disagrees with those, or fails the screen, and every kernel on
// the sample, is judged by the full moving judgement — the exact first contact
// cross-checked by the exact LP — as `sepax check` judges it.
#include <algorithm>
#include <cmath>
#include <exception>
#include <optional>

#include <fmt/format.h>

#include "boundary_screen.hpp"
#include "contact_screen.hpp"
#include "findings.hpp"
#include "fuzz_judge.hpp"
#include "sepax/harness/moving_judgement.hpp"
#include "sepax/oracle/exact_contact.hpp"
#include "sepax/oracle/exact_sat.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::fuzz {
namespace {

/// The exact answers of one moving case, each computed on first use.
class MovingTruth {
 public:
  explicit MovingTruth(const FuzzCase& c) : c_(c) {}

  /// Do the shapes meet in [0, T]? (filtered)
  std::optional<bool> meets() {
    if (!meets_) meets_ = call("moving_intersects", [&] { return oracle::moving_intersects(c_.pair, *c_.motion).intersects; });
    return meets_;
  }
  /// Do they intersect at t = 0? (filtered)
  std::optional<bool> at_start() {
    if (!at_start_) at_start_ = call("sat_filtered", [&] { return oracle::sat_filtered(c_.pair).intersects; });
    return at_start_;
  }
  /// The full verdict: first_contact_sat, and with `cross_check`
  /// first_contact_lp and moving_intersects too (the second oracle runs on
  /// the sample and on every finding, not on every escalated answer: about
  /// half an escalation's cost); nullptr when an oracle threw or they
  /// disagree (findings both). Asked again with cross_check, a verdict
  /// without it is computed anew; first_contact_sat's part is the same.
  const harness::MovingOracleVerdict* full(bool cross_check) {
    if (!full_tried_ || (cross_check && !cross_checked_)) {
      full_tried_ = true;
      cross_checked_ = cross_check;
      full_ = call("first_contact", [&] { return harness::judge_moving_exactly(c_.pair, *c_.motion, cross_check); });
      if (full_ && full_->oracles_disagree()) {
        found(fmt::format("oracle {} moving {} disagree", to_string(c_.pair.query), c_.family), true, c_, nullptr,
              full_->describe());
        full_.reset();
      }
    }
    return full_ ? &*full_ : nullptr;
  }

 private:
  template <class F>
  auto call(const char* what, F f) -> std::optional<decltype(f())> {
    try {
      const harness::CaseWatchdog::Guard guard(&watchdog(), identity(c_.pair.query, true), 0, nullptr);
      return f();
    } catch (const std::exception& e) {
      found(fmt::format("oracle {} moving {} threw", to_string(c_.pair.query), c_.family), true, c_, nullptr,
            fmt::format("{}: {}", what, e.what()));
      return std::nullopt;
    }
  }
  const FuzzCase& c_;
  std::optional<bool> meets_, at_start_;
  bool full_tried_ = false, cross_checked_ = false;
  std::optional<harness::MovingOracleVerdict> full_;
};

/// Does the kernel's answer agree with the fast exact answers, or disagree
/// provably within its allowance (boundary_screen.hpp), and pass the contact
/// screen? nullopt when an oracle threw.
std::optional<bool> agrees_fast(const harness::MovingKernelJudgement& run, const FuzzCase& c, MovingTruth& truth,
                                const KernelInfo& k) {
  if (run.error) return false;
  const auto meets = truth.meets();
  if (!meets) return std::nullopt;
  const auto boundary = [&](bool at_start) {
    try {
      return provably_boundary(k, c.pair, *c.motion, run, *meets, at_start);
    } catch (const std::exception&) {
      return false;  // the full judgement says what threw
    }
  };
  if (run.meets() != *meets) return boundary(false);
  if (k.mode != KernelMode::first_contact || run.contact.state == ContactState::separated_throughout) return true;
  const auto start = truth.at_start();
  if (!start) return std::nullopt;
  if ((run.contact.state == ContactState::overlapping_at_start) != *start) return boundary(*start);
  if (run.contact.state == ContactState::overlapping_at_start) return true;
  try {
    const harness::CaseWatchdog::Guard guard(&watchdog(), identity(c.pair.query, true), 0, nullptr);
    return contact_passes_screen(c.pair, *c.motion, run.contact, k.scalar);
  } catch (const std::exception&) {
    return false;  // the full judgement says what threw
  }
}

}  // namespace

void judge_moving_case(const FuzzCase& c, Side side, bool full) {
  const CurrentCase current(c);
  const harness::CaseIdentity& group = identity(c.pair.query, true);
  MovingTruth truth(c);
  count(full ? Path::sampled : Path::fast);
  if (full && !truth.full(true)) return;
  std::optional<harness::MovingMargins> margins;
  for (const KernelInfo& k : moving_kernels()) {
    if (k.query != c.pair.query || k.scalar != c.scalar || !runs(k, side)) continue;
    harness::MovingKernelJudgement run;
    {
      const harness::CaseWatchdog::Guard guard(&watchdog(), group, 0, &k);
      run = harness::run_moving_kernel(k, c.pair, *c.motion);
    }
    if (!full) {
      const auto fast = agrees_fast(run, c, truth, k);
      if (!fast) return;  // an oracle threw: that finding
      if (*fast) continue;
      count(Path::escalated);
    }
    const harness::MovingOracleVerdict* oracle = truth.full(full);
    if (!oracle) return;
    if (!margins) margins.emplace(c.pair, *c.motion, *oracle);
    try {
      harness::classify_moving_run(run, k, c.pair, *c.motion, *oracle, *margins);
    } catch (const std::exception& e) {  // the margins' exact computations contradict the oracle's
      found(fmt::format("oracle {} moving {} margin threw", to_string(c.pair.query), c.family), true, c, nullptr,
            fmt::format("judging {}: {}", k.id, e.what()));
      continue;
    }
    if (run.verdict_class != oracle::Class::gross) continue;
    // A finding: the second oracle confirms first_contact_sat's verdict
    // first (its exact contact is the same, so the class stands).
    if (!truth.full(true)) return;
    const bool says_meet = run.meets();
    const std::string what = run.error ? "threw" : says_meet == oracle->meets() ? "wrong-contact" : says_meet ? "false-positive" : "false-negative";
    found(signature(k, c, what), gated(k), c, &k, harness::describe_moving_run(run, k, *oracle));
  }
}

int check_moving_input(std::span<const std::uint8_t> bytes, Query query, Side side) {
  const auto c = decode_case(bytes, query, true);
  if (!c) return -1;
  judge_moving_case(*c, side, sampled(bytes));
  return 0;
}

}  // namespace sepax::fuzz
