#pragma once
/// \file What the static and the moving tables of verify share: rates of
/// calls per second of one thread (from the summed time inside the calls),
/// as table cells and as JSON, and the head of an oracle-cost row.
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sepax/core/shapes/query.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/harness/campaign/severity.hpp"

namespace sepax::cli {

inline std::optional<double> rate(std::uint64_t calls, double seconds) {
  if (calls == 0 || seconds <= 0) return std::nullopt;
  return static_cast<double>(calls) / seconds;
}

inline std::string rate_cell(std::uint64_t calls, double seconds) {
  const auto r = rate(calls, seconds);
  return r ? fmt::format("{:.0f}", *r) : "-";
}

inline nlohmann::ordered_json optional_json(const std::optional<double>& value) {
  return value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json(nullptr);
}

/// A row's severity keys (issue 29): the tolerance the kernel promised, the
/// gross verdicts at each level — beyond the band (all of them), ≥ 1e-6 and
/// ≥ 1e-3 of the size — the largest gross severity (a string "threw" when a
/// call threw), and the disagreements only the promised tolerance excused.
inline void put_severity(nlohmann::ordered_json& j, double tolerance, std::uint64_t gross,
                         const harness::SeverityTally& t) {
  j["tolerance"] = tolerance;
  j["gross_levels"] = {{"beyond_band", gross}, {"1e-6", t.gross_at_least[0]}, {"1e-3", t.gross_at_least[1]}};
  if (!t.max_gross)
    j["max_gross_severity"] = nullptr;
  else if (std::isinf(*t.max_gross))
    j["max_gross_severity"] = "threw";
  else
    j["max_gross_severity"] = *t.max_gross;
  j["tolerated"] = t.tolerated;
}

/// The gross verdicts at ≥ 1e-6 and ≥ 1e-3 of the size: "12 / 0".
inline std::string gross_levels_cell(const harness::SeverityTally& t) {
  return fmt::format("{} / {}", t.gross_at_least[0], t.gross_at_least[1]);
}

/// The largest gross severity: "3.1e-11", "threw", "-".
inline std::string worst_cell(const harness::SeverityTally& t) {
  if (!t.max_gross) return "-";
  if (std::isinf(*t.max_gross)) return "threw";
  return fmt::format("{:.2g}", *t.max_gross);
}

/// {"run","table","query","scalar","seed","cases"}: the first keys of every
/// oracle-cost row (static "oracle_costs", moving "moving_oracle_costs").
inline nlohmann::ordered_json cost_row_head(const char* table, Query query, ScalarKind scalar, std::uint64_t seed,
                                            std::uint64_t cases, const std::string& run_id) {
  nlohmann::ordered_json j;
  j["run"] = run_id;
  j["table"] = table;
  j["query"] = std::string(to_string(query));
  j["scalar"] = std::string(to_string(scalar));
  j["seed"] = seed;
  j["cases"] = cases;
  return j;
}

}  // namespace sepax::cli
