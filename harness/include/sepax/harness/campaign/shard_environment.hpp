#pragma once
/// \file
/// `--shard auto`: which shard this process is, read from the workload
/// manager's environment — a Slurm array task (SLURM_ARRAY_TASK_ID with the
/// array's MIN, MAX, STEP and COUNT) or a Kubernetes Indexed Job's pod
/// (JOB_COMPLETION_INDEX, 0-based, with the Job's completions given as
/// SEPAX_SHARD_COUNT: Kubernetes exposes no completion count to its pods).
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "sepax/harness/campaign/campaign_batches.hpp"

namespace sepax::harness {

/// An environment variable's value, or nullptr when it is not set
/// (std::getenv in the program; a table in tests).
using EnvironmentLookup = std::function<const char*(const char* name)>;

/// The shard the environment names; nullopt with `error` saying which
/// variable is missing or wrong, and its value.
std::optional<Shard> shard_from_environment(const EnvironmentLookup& env, std::string& error);

/// The --shard option's value: "auto" (shard_from_environment) or "I/N"
/// (parse_shard).
std::optional<Shard> parse_shard_option(std::string_view text, const EnvironmentLookup& env, std::string& error);

}  // namespace sepax::harness
