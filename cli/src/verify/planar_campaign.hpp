#pragma once
/// \file verify's campaign of the 2D query rect_rect (the SAT tutorial's
/// oriented rectangles): every planar family × scalar, a fixed number of
/// seeded cases each, every 2D kernel of that scalar (sepax's, Box2D's)
/// judged against the exact answer (oracle/exact_rect2.hpp). A gross verdict
/// is written as a one-line case file under gross/ with its `sepax check`
/// replay command.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common/results_directory.hpp"
#include "common/table.hpp"

namespace sepax::cli {

struct PlanarCampaignOptions {
  std::uint64_t seed = 1;
  std::size_t cases_per_group = 4000;
  std::string program = "sepax";  ///< argv[0], for the replay commands
  std::size_t max_replays = 10;   ///< case files kept per kernel x family
};

/// One kernel on one family (its scalar's cases).
struct PlanarRow {
  std::string kernel, family, scalar;
  bool peer = false;
  std::size_t cases = 0, ok = 0, boundary = 0, gross = 0;
  std::size_t refused = 0;        ///< pairs the library cannot take (not judged)
  std::size_t truth_hits = 0;     ///< cases that intersect exactly
  double seconds = 0;             ///< inside the kernel, every case
};

struct PlanarCampaignResult {
  std::vector<PlanarRow> rows;
  std::vector<std::pair<std::string, std::string>> replays;  ///< (command, detail)
  std::vector<std::string> notes;
  std::size_t cases = 0;
  double seconds = 0;
};

/// Runs the campaign; appends its rows to verify.jsonl ("table": "planar").
PlanarCampaignResult run_planar_campaign(const PlanarCampaignOptions& options, const ResultsDirectory& results,
                                         const std::string& run_id);

Table make_planar_table(const std::vector<PlanarRow>& rows);
std::string planar_table_title();

}  // namespace sepax::cli
