#pragma once
/// \file
/// What a failure class says about itself (issue 29): how bad its
/// findings were (largest and median severity, and against the band), the
/// worst case the search around it found (grow.hpp), and the cause of that
/// worst case (cause.hpp). The worst case decides: a class of boundary
/// verdicts whose worst case is beyond max(band, tolerance) is gross.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "sepax/core/registry.hpp"
#include "sepax/harness/campaign/finding.hpp"
#include "sepax/harness/explain/cause.hpp"
#include "sepax/harness/explain/grow.hpp"

namespace sepax::harness {

struct ClassAnalysis {
  /// Over the class's findings as sampled: the largest and the median
  /// severity, and the largest severity over its band (absent where a band was 0).
  std::optional<double> sampled_max, sampled_median, band_ratio_max;
  /// The worst case grown from the class's most severe finding, when it
  /// could be re-judged (its disagreement read again).
  std::optional<Grown> grown;
  /// The cause of the worst case (of the most severe finding when not grown).
  Explanation cause;

  /// The largest severity seen: sampled or grown.
  std::optional<double> worst_severity() const;
  /// The worst case is beyond max(band, tolerance): gross, whatever was sampled.
  bool worst_is_gross() const;
};

/// Analyses one class: `members` its findings (the same kernel, family and
/// kind), `grow_budget` candidates for the search (0: no search), `seed` for
/// its moves.
ClassAnalysis analyse_class(const KernelInfo& kernel, const std::vector<const Finding*>& members,
                            std::size_t grow_budget, std::uint64_t seed);

}  // namespace sepax::harness
