#pragma once
/// \file
/// How many cases a group of a campaign runs, and the skeleton that runs
/// them: static and moving groups (static_group.hpp, moving_group.hpp) differ
/// in how a range of cases is judged and what is tallied, not in how cases
/// are counted, spread over threads and merged.
#include <cstdint>
#include <functional>
#include <optional>

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/parallel_for.h>

#include "sepax/harness/case_watchdog.hpp"

namespace sepax::harness {

struct GroupPlan {
  std::uint64_t seed = 1;
  /// Exactly this many cases (indices first_case … first_case + n − 1: one
  /// batch of a longer campaign); otherwise the time rule below, from index 0.
  std::optional<std::uint64_t> fixed_cases;
  std::uint64_t first_case = 0;
  /// Without fixed_cases: keep going until `seconds` have passed and at least
  /// `min_cases` cases ran (whole batches; the overshoot is a fraction of a second).
  double seconds = 1;
  std::uint64_t min_cases = 200;
  /// The oracles' cross-checks run on case indices divisible by this (static:
  /// CGAL and the unfiltered rational SAT, besides every case where the
  /// interval filter fell back to rationals; moving: the exact LP).
  std::uint64_t cross_check_every = 64;
  /// Findings kept per kernel and for the harness (counts stay complete); the
  /// lowest indices seen are kept.
  std::size_t max_findings = 100;
  /// Watches every oracle and kernel call (absent: unwatched).
  CaseWatchdog* watchdog = nullptr;
};

/// The case-count rule of a plan: calls `run_range(begin, end)` (which runs
/// cases begin … end−1) once with [first_case, first_case + fixed_cases), or batch after batch until
/// `seconds` have passed and at least `min_cases` ran. Returns the wall time.
double run_planned(const GroupPlan& plan, const std::function<void(std::uint64_t, std::uint64_t)>& run_range);

/// The skeleton of every group: the plan's cases in ranges over TBB's threads,
/// each thread tallying into its own copy of `empty` with
/// `judge_range(begin, end, tally)`, the copies combined with
/// `merge(total, part)` at the end. Returns the total and the wall time.
template <class Result, class JudgeRange, class Merge>
std::pair<Result, double> run_in_parallel(const GroupPlan& plan, const Result& empty, const JudgeRange& judge_range,
                                          const Merge& merge) {
  tbb::combinable<Result> per_thread([&] { return empty; });
  const double seconds = run_planned(plan, [&](std::uint64_t begin, std::uint64_t end) {
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(begin, end),
                      [&](const tbb::blocked_range<std::uint64_t>& range) {
                        judge_range(range.begin(), range.end(), per_thread.local());
                      });
  });
  Result total = empty;
  per_thread.combine_each([&](Result& part) { merge(total, part); });
  return {std::move(total), seconds};
}

/// A whole group on that skeleton: `Result` has `kernels` (one count per
/// kernel) and `seconds`; `judge.judge_range(begin, end, tally)` judges cases.
template <class Result, class Judge, class Merge>
Result run_group_of(const GroupPlan& plan, std::size_t kernel_count, const Judge& judge, const Merge& merge) {
  Result empty;
  empty.kernels.resize(kernel_count);
  auto [result, seconds] = run_in_parallel(
      plan, empty, [&](std::uint64_t begin, std::uint64_t end, Result& tally) { judge.judge_range(begin, end, tally); },
      merge);
  result.seconds = seconds;
  return result;
}

}  // namespace sepax::harness
