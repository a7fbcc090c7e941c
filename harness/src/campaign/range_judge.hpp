#pragma once
/// \file How every group (static_group.cpp, moving_group.cpp) judges a range
/// of cases, in three phases: each case generated and judged exactly (the
/// ones the harness could not judge are counted and set aside), then every
/// kernel over all judged cases (a kernel with a batch form in one call),
/// then every answer classified and counted. Only the types differ between
/// static and moving groups; `Derived` supplies the phases:
///   std::optional<Judged> judge_exactly(index, Result&) const;
///   Inputs kernel_inputs(const std::vector<Judged>&) const;
///   std::vector<Run> run_kernel_on(const KernelInfo&, const std::vector<Judged>&, const Inputs&) const;
///   void classify_and_count(const Judged&, std::vector<std::vector<Run>>& runs, std::size_t c, Result&) const;
///   const std::vector<const KernelInfo*>& kernels() const;
#include <cstdint>
#include <vector>

#include "sepax/core/registry.hpp"
#include "sepax/harness/campaign/progress.hpp"

namespace sepax::harness::detail {

template <class Derived, class Judged, class Run, class Result>
class RangeJudge {
 public:
  void judge_range(std::uint64_t begin, std::uint64_t end, Result& tally) const {
    const Derived& self = static_cast<const Derived&>(*this);
    std::vector<Judged> judged;
    judged.reserve(end - begin);
    for (std::uint64_t index = begin; index != end; ++index) {
      ++tally.cases;
      if (auto c = self.judge_exactly(index, tally)) judged.push_back(std::move(*c));
      else progress_.cases.fetch_add(1, std::memory_order_relaxed);
    }
    const auto inputs = self.kernel_inputs(judged);
    // runs[k][c]: kernel k on judged case c.
    std::vector<std::vector<Run>> runs;
    runs.reserve(self.kernels().size());
    for (const KernelInfo* kernel : self.kernels()) runs.push_back(self.run_kernel_on(*kernel, judged, inputs));
    for (std::size_t c = 0; c < judged.size(); ++c) {
      self.classify_and_count(judged[c], runs, c, tally);
      progress_.cases.fetch_add(1, std::memory_order_relaxed);
    }
  }

 protected:
  explicit RangeJudge(ProgressCounters& progress) : progress_(progress) {}
  ProgressCounters& progress_;
};

}  // namespace sepax::harness::detail
