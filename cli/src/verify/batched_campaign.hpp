#pragma once
/// \file Long `sepax verify --cases N` campaigns: cut into batches, spread over
/// machines, resumable after any kill, merged back into one result.
///
/// The results folder gets, besides what every verify run writes:
///   campaign.json  the options that define the campaign's cases (seed, cases
///                  per group, batch size, kernels, families, shard);
///   batches.jsonl  one line per finished batch, fsync'ed (harness/batch_log.hpp).
/// Rows, tables, summary.md and replay files are made at the end from the
/// batches (the order in which batches ran, and on which machine, changes
/// nothing but timings). `--resume DIR` runs the batches DIR lacks; `sepax
/// merge` combines the folders of the shards of one campaign into the folder
/// the unsharded run would have written.
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "verify/verify_command.hpp"

namespace sepax::cli {

/// The --tolerance options a --cases campaign in `dir` was run with (empty:
/// none); nullopt when `dir` holds no readable campaign.json.
std::optional<std::vector<std::string>> campaign_tolerances(const std::filesystem::path& dir);

/// `sepax verify` with --cases (fresh, --shard or --resume). Exit codes as run_verify.
int run_batched_verify(VerifyOptions options, std::ostream& out, std::ostream& err);

struct MergeOptions {
  std::vector<std::filesystem::path> inputs;  ///< results folders of the shards
  std::filesystem::path out;
  std::string program = "sepax";
  std::string command_line;
  std::string replay_arguments;  ///< --plugin / --external options, as for verify
  std::vector<std::string> gated_kernel_ids;  ///< the kernels those brought
};

/// `sepax merge DIR... -o DIR`: 0 when the merged campaign has no gross
/// verdict of a gated kernel, 1 when it has, 2 when the folders are not the
/// complete, disjoint shards of one campaign (explained on `err`).
int run_merge(const MergeOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sepax::cli
