// The certified kernels' per-thread tally of exact-stage decisions
// (certified_result.hpp).
#include "sepax/core/static/certified_result.hpp"

namespace sepax::detail {
ExactStageCounts& exact_stage_counts() {
  static thread_local ExactStageCounts counts;
  return counts;
}
}  // namespace sepax::detail
