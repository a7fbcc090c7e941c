#pragma once
/// \file A case worth replaying (a gross verdict, an oracle disagreement, an
/// error), and how a campaign keeps a bounded number of them.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/query.hpp"

namespace sepax::harness {

struct Finding {
  std::uint64_t index = 0;
  /// The generated pair; absent when the generator itself failed.
  std::optional<ShapePair> pair;
  /// What went wrong, readable: the kernel's and the exact verdict with margin
  /// and tolerance, the two oracles' verdicts, or the exception.
  std::string detail;
  /// The motion of a moving case (moving groups only).
  std::optional<LinearMotiond> motion;
};

/// Adds `finding` to `findings`, which keep the `limit` lowest indices (sorted
/// only once the vector has doubled, so a kernel wrong on every case cannot
/// exhaust memory); trim_findings then sorts and cuts to `limit`.
void keep_finding(std::vector<Finding>& findings, Finding finding, std::size_t limit);
void trim_findings(std::vector<Finding>& findings, std::size_t limit);

/// Moves `part`'s findings into `total`, keeping the `limit` lowest indices.
void merge_findings(std::vector<Finding>& total, std::vector<Finding>& part, std::size_t limit);

}  // namespace sepax::harness
