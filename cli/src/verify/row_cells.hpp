#pragma once
/// \file What the static and the moving tables of verify share: rates of
/// calls per second of one thread (from the summed time inside the calls),
/// as table cells and as JSON, and the head of an oracle-cost row.
#include <cstdint>
#include <optional>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sepax/core/shapes/query.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"

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
