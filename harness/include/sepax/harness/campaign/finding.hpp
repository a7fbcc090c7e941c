#pragma once
/// \file
/// A case worth replaying (a gross verdict, an oracle disagreement, an
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
  /// A kernel's disagreement: how far wrong (severity.hpp) and the band it was
  /// judged with (the rounding band alone, before any promised tolerance).
  std::optional<double> severity;
  std::optional<double> band;
};

/// Boundary findings kept per kernel × group: the seeds from which the worst
/// case of a kind of within-band disagreement is grown (explain/grow.hpp).
inline constexpr std::size_t kBoundarySeeds = 4;

/// Which findings a bounded list keeps: the lowest indices (the first found:
/// replay files), or the most severe (ties: the lowest indices; seeds to grow from).
enum class Keep { lowest_index, most_severe };

/// Adds `finding` to `findings`, which keep `limit` of them by `keep` (sorted
/// only once the vector has doubled, so a kernel wrong on every case cannot
/// exhaust memory); trim_findings then sorts and cuts to `limit`.
void keep_finding(std::vector<Finding>& findings, Finding finding, std::size_t limit, Keep keep = Keep::lowest_index);
void trim_findings(std::vector<Finding>& findings, std::size_t limit, Keep keep = Keep::lowest_index);

/// Moves `part`'s findings into `total`, keeping `limit` of them by `keep`.
void merge_findings(std::vector<Finding>& total, std::vector<Finding>& part, std::size_t limit,
                    Keep keep = Keep::lowest_index);

}  // namespace sepax::harness
