#pragma once
/// \file The absolute half of `sepax gate` (SPEC §9): verdict counts of the
/// verify rows against thresholds.
///
/// One check per kernel × family × table (static or moving; the same row in
/// several inputs adds up): a sepax kernel fails with more than max_gross
/// gross verdicts; any kernel's row fails with an oracle disagreement or a
/// harness error, since those are the harness's bugs, not the kernel's (as
/// `sepax verify` fails on them whoever's kernel ran). A peer library's gross
/// verdicts are what sepax exists to find: reported, never a failure. One
/// check per kernel the thresholds name: it must have a row ("missing").
#include <vector>

#include "gate/gate_check.hpp"
#include "gate/gate_thresholds.hpp"
#include "gate/verify_rows.hpp"
#include "common/tolerance_option.hpp"

namespace sepax::cli {

/// With `tolerances`, a sepax row fails on its gross verdicts beyond its
/// kernel's tolerance only (VerifyRow::gross_beyond).
std::vector<GateCheck> robustness_checks(const std::vector<VerifyFile>& inputs, const Thresholds& thresholds,
                                         const Tolerances& tolerances = {});

}  // namespace sepax::cli
