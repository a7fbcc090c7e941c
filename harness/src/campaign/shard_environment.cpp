#include "sepax/harness/campaign/shard_environment.hpp"

#include <cstdint>
#include <string_view>

#include <fmt/format.h>

#include "campaign/whole_number.hpp"

namespace sepax::harness {
namespace {

/// A variable holding a whole number: nullopt with `error` set when it is
/// missing (`missing` says why it is needed) or not a whole number.
std::optional<std::uint64_t> whole(const EnvironmentLookup& env, const char* name, std::string_view missing,
                                   std::string& error) {
  const char* value = env(name);
  if (!value) {
    error = fmt::format("--shard auto: {} is not set{}", name, missing);
    return std::nullopt;
  }
  const auto n = detail::whole_number(value);
  if (!n) error = fmt::format("--shard auto: {}='{}' is not a whole number", name, value);
  return n;
}

/// Slurm numbers an array's tasks as written in `sbatch --array` (1-4, 0-7,
/// 0-15:4); shard I is the I-th of them.
std::optional<Shard> slurm_shard(const EnvironmentLookup& env, std::string& error) {
  constexpr std::string_view kWhy = " (Slurm sets it for every array task; this Slurm may be too old)";
  const auto id = whole(env, "SLURM_ARRAY_TASK_ID", "", error);
  const auto min = id ? whole(env, "SLURM_ARRAY_TASK_MIN", kWhy, error) : std::nullopt;
  const auto max = min ? whole(env, "SLURM_ARRAY_TASK_MAX", kWhy, error) : std::nullopt;
  const auto count = max ? whole(env, "SLURM_ARRAY_TASK_COUNT", kWhy, error) : std::nullopt;
  if (!count) return std::nullopt;
  // STEP is absent on some versions for plain ranges (step 1).
  const auto step = env("SLURM_ARRAY_TASK_STEP") ? whole(env, "SLURM_ARRAY_TASK_STEP", "", error)
                                                 : std::optional<std::uint64_t>(1);
  if (!step) return std::nullopt;
  const std::string array = fmt::format("SLURM_ARRAY_TASK_MIN={} MAX={} STEP={} COUNT={}", *min, *max, *step, *count);
  if (*count == 0 || *step == 0 || *max < *min || *min + (*count - 1) * *step != *max) {
    error = fmt::format("--shard auto: the array ({}) is not an evenly spaced range, so its tasks are not "
                        "shards 1 … {}: submit with sbatch --array=1-N",
                        array, *count);
    return std::nullopt;
  }
  if (*id < *min || *id > *max || (*id - *min) % *step != 0) {
    error = fmt::format("--shard auto: SLURM_ARRAY_TASK_ID={} is not a task of the array ({})", *id, array);
    return std::nullopt;
  }
  return Shard{(*id - *min) / *step + 1, *count};
}

/// A Kubernetes Indexed Job's pod: index 0 … completions − 1.
std::optional<Shard> kubernetes_shard(const EnvironmentLookup& env, std::string& error) {
  const auto index = whole(env, "JOB_COMPLETION_INDEX", "", error);
  const auto count = index ? whole(env, "SEPAX_SHARD_COUNT",
                                   " (a Kubernetes Indexed Job's pods are not told the Job's completions: set it to "
                                   "the Job's spec.completions in the pod's env)",
                                   error)
                           : std::nullopt;
  if (!count) return std::nullopt;
  if (*index >= *count) {
    error = fmt::format("--shard auto: JOB_COMPLETION_INDEX={} is not below SEPAX_SHARD_COUNT={} (indices run 0 … "
                        "completions − 1)",
                        *index, *count);
    return std::nullopt;
  }
  return Shard{*index + 1, *count};
}

}  // namespace

std::optional<Shard> shard_from_environment(const EnvironmentLookup& env, std::string& error) {
  if (env("SLURM_ARRAY_TASK_ID")) return slurm_shard(env, error);
  if (env("JOB_COMPLETION_INDEX")) return kubernetes_shard(env, error);
  error = env("SLURM_JOB_ID")
              ? "--shard auto: this Slurm job is not an array task (SLURM_ARRAY_TASK_ID is not set): submit it "
                "with sbatch --array=1-N"
              : "--shard auto: neither SLURM_ARRAY_TASK_ID (a Slurm array task) nor JOB_COMPLETION_INDEX (a "
                "Kubernetes Indexed Job's pod) is set: run it as one of those, or give --shard I/N";
  return std::nullopt;
}

std::optional<Shard> parse_shard_option(std::string_view text, const EnvironmentLookup& env, std::string& error) {
  return text == "auto" ? shard_from_environment(env, error) : parse_shard(text, error);
}

}  // namespace sepax::harness
