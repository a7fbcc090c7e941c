#pragma once
/// \file
/// A campaign's durable record of its finished batches (batches.jsonl in
/// the results folder). One JSON line per batch: the group, the case range and
/// the group's complete tallies over it (static_group.hpp, moving_group.hpp),
/// every number exact (findings' shapes as hexadecimal floats). A line is
/// written and fsync'ed before the batch counts as done, so a run killed at any
/// moment (kill -9, a lost node) loses at most the batches in flight; a line
/// torn by the kill is never read back.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sepax/harness/campaign/moving_group.hpp"
#include "sepax/harness/campaign/static_group.hpp"

namespace sepax::harness {

struct BatchRecord {
  std::string group;  ///< the group's label ("tri_obb float coplanar", "… moving")
  std::uint64_t begin = 0, end = 0;
  nlohmann::ordered_json result;  ///< result_json of the group's result on [begin, end)
};

nlohmann::ordered_json result_json(const GroupResult& result);
nlohmann::ordered_json result_json(const MovingGroupResult& result);
/// The inverses; throw std::runtime_error naming the field that is missing or wrong.
GroupResult group_result_from_json(const nlohmann::ordered_json& j);
MovingGroupResult moving_group_result_from_json(const nlohmann::ordered_json& j);

/// Reads every complete line of a batch log (absent file: none). A last line
/// without its newline is a write cut short by a kill: it is skipped, and with
/// `repair` cut from the file so that appending continues on a line boundary.
/// Throws std::runtime_error naming the file and line of a complete line that
/// is not a batch record (a damaged file is not guessed at).
std::vector<BatchRecord> read_batch_log(const std::filesystem::path& file, bool repair);

/// Appends one record as a line and fsyncs the file; throws std::runtime_error
/// naming the file when the write fails.
void append_batch(const std::filesystem::path& file, const BatchRecord& record);

}  // namespace sepax::harness
