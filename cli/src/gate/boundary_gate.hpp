#pragma once
/// \file The boundary-rate half of `sepax gate`: a kernel whose share of
/// boundary verdicts on a family rises beyond the committed baseline's fails,
/// even with 0 gross. A bug that turns exactly touching pairs into wrong
/// verdicts inside the rounding band shows only there (touching boundary share
/// 22.5 % → 59 % under the planted `obb_face_ge`, with 0 gross).
///
/// Test. One check per sepax kernel × family × table that both the run and the
/// baseline have: with k boundary verdicts in n cases now and b0 in n0 in the
/// baseline, the run fails when P(X ≥ k) ≤ α for X ~ Binomial(n, p0),
/// p0 = min(1, (b0 + 1) / n0) — the baseline's rate with one verdict of slack,
/// so that a baseline of 0 is not a zero rate. α = 1e-6 per check (about 450
/// checks: a family-wise false alarm below 5e-4 when nothing changed).
///
/// ## Boundary baseline file (--write-boundary-baseline writes it,
/// --boundary-baseline reads it)
///
///     {"format": "sepax-gate-boundary-baseline/1", "commit": "…" or null,
///      "rows": [{"kernel": "obb_obb/test_static/float", "family": "touching",
///                "table": "static", "cases": 100, "boundary": 22}]}
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "gate/gate_check.hpp"
#include "gate/verify_rows.hpp"

namespace sepax::cli {

inline constexpr double kBoundaryFalseAlarm = 1e-6;

struct BoundaryBaseline {
  std::filesystem::path path;
  std::vector<VerifyRow> rows;  ///< kernel, family, table, cases, boundary
};

/// Throws InputError naming the file (and the entry) when it is unusable.
BoundaryBaseline read_boundary_baseline(const std::filesystem::path& path);

/// The baseline text for the sepax kernels' rows of the run.
std::string boundary_baseline_text(const std::vector<VerifyRow>& rows, const std::optional<std::string>& commit);

/// P(X ≥ k) for X ~ Binomial(n, p).
double binomial_upper_tail(std::uint64_t k, std::uint64_t n, double p);

std::vector<GateCheck> boundary_checks(const std::vector<VerifyRow>& rows, const BoundaryBaseline& baseline);

}  // namespace sepax::cli
