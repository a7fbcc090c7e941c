#pragma once
/// \file `sepax check` on a 3D case: the exact answer as a kernel of one
/// scalar sees the case (static, and over [0, T] with a motion), and how it
/// prints (JSON and text lines).
#include <array>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "common/harness_names.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/oracle/exact_contact.hpp"

namespace sepax::cli {

/// The oracle's view of a case as a kernel of one scalar sees it, at t = 0
/// and, when the case has a motion, over [0, T]. Not movable: `margin` and
/// `moving_margins` refer to members.
struct OracleView {
  OracleView(const ShapePair& p, ScalarKind s, std::optional<LinearMotiond> m)
      : pair(p), scalar(s), motion(std::move(m)) {}
  OracleView(const OracleView&) = delete;
  OracleView& operator=(const OracleView&) = delete;

  ShapePair pair;
  ScalarKind scalar;
  std::optional<OracleVerdict> verdict;
  std::optional<LazyMargin> margin;  ///< set once the verdict is known and the oracles agree
  double band = 0;  ///< the verdict's rounding band (oracle::verdict_band)
  std::optional<std::string> error;  ///< the pair cannot be judged for this scalar

  std::optional<LinearMotiond> motion;  ///< rounded to `scalar` like the pair
  std::optional<MovingOracleVerdict> moving;
  /// Set once the moving oracles agree; with the moving margin already computed.
  std::optional<MovingMargins> moving_margins;
  double moving_band = 0;  ///< the moving verdict's (oracle::moving_boundary_tolerance)
  std::optional<std::string> moving_error;  ///< the motion cannot be judged for this scalar
};

std::optional<std::string> invalid_for(const LinearMotiond& motion, ScalarKind scalar);
std::optional<std::string> invalid_for(const ShapePair& pair, ScalarKind scalar);
void judge_moving(OracleView& view);
void judge(OracleView& view, bool needs_validation);
nlohmann::ordered_json point_json(const std::array<double, 3>& p);
nlohmann::ordered_json contact_json(const oracle::ExactContact& c);
void add_moving_json(nlohmann::ordered_json& j, OracleView& view);
nlohmann::ordered_json oracle_json(OracleView& view);
nlohmann::ordered_json direction_json(const std::array<double, 3>& d);
std::string axis_name(const StaticOutcome& o, Query q);
std::string readable(double value);
std::string readable_time(double t, ScalarKind scalar);
std::string readable_point(const std::array<double, 3>& p);
std::string readable_contact(const oracle::ExactContact& c);
std::string moving_oracle_line(OracleView& view);
std::string oracle_line(OracleView& view);

}  // namespace sepax::cli
