#include "sepax/harness/campaign/group_plan.hpp"

#include <algorithm>
#include <chrono>

#include "sepax/harness/campaign/finding.hpp"

namespace sepax::harness {

void keep_finding(std::vector<Finding>& findings, Finding finding, std::size_t limit, Keep keep) {
  findings.push_back(std::move(finding));
  if (findings.size() < 2 * limit + 1) return;
  trim_findings(findings, limit, keep);
}

void trim_findings(std::vector<Finding>& findings, std::size_t limit, Keep keep) {
  // A total order (ties by index), so that any order of merging keeps the same ones.
  std::sort(findings.begin(), findings.end(), [keep](const Finding& a, const Finding& b) {
    if (keep == Keep::most_severe && a.severity.value_or(0) != b.severity.value_or(0))
      return a.severity.value_or(0) > b.severity.value_or(0);
    return a.index < b.index;
  });
  if (findings.size() > limit) findings.resize(limit);
}

void merge_findings(std::vector<Finding>& total, std::vector<Finding>& part, std::size_t limit, Keep keep) {
  for (Finding& f : part) total.push_back(std::move(f));
  trim_findings(total, limit, keep);
}

double run_planned(const GroupPlan& plan, const std::function<void(std::uint64_t, std::uint64_t)>& run_range) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  if (plan.fixed_cases) {
    run_range(plan.first_case, plan.first_case + *plan.fixed_cases);
    return elapsed();
  }
  // Batches sized from the measured rate to end about 0.25 s apart, so the
  // group stops close to its share of the budget whatever a case costs.
  constexpr double kBatchSeconds = 0.25;
  constexpr std::uint64_t kMinBatch = 16;
  std::uint64_t done = 0;
  std::uint64_t batch = std::max<std::uint64_t>(plan.min_cases, 1);
  for (;;) {
    run_range(done, done + batch);
    done += batch;
    const double seconds = elapsed();
    if (done >= plan.min_cases && seconds >= plan.seconds) return seconds;
    if (done < plan.min_cases) {
      batch = plan.min_cases - done;
      continue;
    }
    const double rate = done / std::max(seconds, 1e-6);
    const double horizon = std::min(plan.seconds - seconds, kBatchSeconds);
    batch = std::max(kMinBatch, static_cast<std::uint64_t>(rate * horizon));
  }
}

}  // namespace sepax::harness
