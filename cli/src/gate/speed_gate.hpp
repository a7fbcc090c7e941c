#pragma once
/// \file The relative half of `sepax gate` (SPEC §9, STYLE.md "compared as
/// ratios from one run"): ns per test of a kernel divided by that of a
/// reference measured in the same benchmark file, on the same family and set,
/// so that the machine's speed and its noise cancel.
///
/// One check per rule × family × benchmark file holding both: it fails when
/// the ratio exceeds the rule's max_ratio, and, with a baseline, when it
/// exceeds the baseline's ratio × (1 + tolerance). A rule that finds no such
/// pair of measurements (no benchmark input, a kernel or reference never
/// measured, a benchmark that reported an error) is one failing check that
/// says what is missing.
#include <vector>

#include "gate/bench_results.hpp"
#include "gate/gate_check.hpp"
#include "gate/gate_thresholds.hpp"

namespace sepax::cli {

struct SpeedResult {
  std::vector<GateCheck> checks;
  std::vector<MeasuredRatio> ratios;  ///< every ratio measured, once per key: what --write-baseline stores
};

/// `baseline` may be null (no --baseline).
SpeedResult speed_checks(const std::vector<BenchmarkFile>& inputs, const Thresholds& thresholds,
                         const Baseline* baseline);

}  // namespace sepax::cli
