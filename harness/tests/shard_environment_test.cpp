// --shard auto: the shard a Slurm array task or a Kubernetes Indexed Job's pod
// is, from the variables those managers set (values as their documentation
// gives them), and an error naming the variable when one is missing or wrong.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "sepax/harness/campaign/shard_environment.hpp"

namespace sepax::harness {
namespace {

using Variables = std::map<std::string, std::string>;

EnvironmentLookup lookup(const Variables& vars) {
  return [&vars](const char* name) -> const char* {
    const auto it = vars.find(name);
    return it == vars.end() ? nullptr : it->second.c_str();
  };
}

std::string shard_text(const Variables& vars) {
  std::string error;
  const auto shard = shard_from_environment(lookup(vars), error);
  return shard ? shard->text() : "error: " + error;
}

Variables slurm_task(const std::string& id, const std::string& min, const std::string& max, const std::string& count,
                     const std::string& step = "1") {
  return {{"SLURM_JOB_ID", "77"},          {"SLURM_ARRAY_JOB_ID", "70"},    {"SLURM_ARRAY_TASK_ID", id},
          {"SLURM_ARRAY_TASK_MIN", min},   {"SLURM_ARRAY_TASK_MAX", max},   {"SLURM_ARRAY_TASK_COUNT", count},
          {"SLURM_ARRAY_TASK_STEP", step}};
}

TEST(ShardEnvironment, SlurmArrayTasksAreShardsInTheArraysOrder) {
  // sbatch --array=1-4: task 3 is shard 3/4; --array=0-3: task 0 is 1/4.
  EXPECT_EQ(shard_text(slurm_task("3", "1", "4", "4")), "3/4");
  EXPECT_EQ(shard_text(slurm_task("0", "0", "3", "4")), "1/4");
  EXPECT_EQ(shard_text(slurm_task("3", "0", "3", "4")), "4/4");
  // --array=0-15:4 runs tasks 0, 4, 8, 12.
  EXPECT_EQ(shard_text(slurm_task("8", "0", "12", "4", "4")), "3/4");
  // Without STEP (some versions omit it for a plain range).
  Variables no_step = slurm_task("2", "1", "2", "2");
  no_step.erase("SLURM_ARRAY_TASK_STEP");
  EXPECT_EQ(shard_text(no_step), "2/2");
}

TEST(ShardEnvironment, AnUnevenSlurmArrayIsRefusedWithItsNumbers) {
  // --array=1,2,5: three tasks that are no range.
  const std::string text = shard_text(slurm_task("5", "1", "5", "3"));
  EXPECT_NE(text.find("error: --shard auto: the array (SLURM_ARRAY_TASK_MIN=1 MAX=5 STEP=1 COUNT=3)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("--array=1-N"), std::string::npos) << text;
  EXPECT_NE(shard_text(slurm_task("2", "0", "12", "4", "4")).find("SLURM_ARRAY_TASK_ID=2 is not a task"),
            std::string::npos);
}

TEST(ShardEnvironment, AMissingOrMalformedVariableIsNamedWithItsValue) {
  Variables no_count = slurm_task("1", "1", "4", "4");
  no_count.erase("SLURM_ARRAY_TASK_COUNT");
  EXPECT_EQ(shard_text(no_count).rfind("error: --shard auto: SLURM_ARRAY_TASK_COUNT is not set", 0), 0u)
      << shard_text(no_count);
  EXPECT_EQ(shard_text(slurm_task("x1", "1", "4", "4")),
            "error: --shard auto: SLURM_ARRAY_TASK_ID='x1' is not a whole number");
  EXPECT_EQ(shard_text({{"SLURM_JOB_ID", "77"}}).rfind("error: --shard auto: this Slurm job is not an array task", 0),
            0u);
  EXPECT_EQ(shard_text({}).rfind("error: --shard auto: neither SLURM_ARRAY_TASK_ID", 0), 0u) << shard_text({});
}

TEST(ShardEnvironment, KubernetesIndicesCountFromZeroAndNeedTheCompletions) {
  EXPECT_EQ(shard_text({{"JOB_COMPLETION_INDEX", "0"}, {"SEPAX_SHARD_COUNT", "4"}}), "1/4");
  EXPECT_EQ(shard_text({{"JOB_COMPLETION_INDEX", "3"}, {"SEPAX_SHARD_COUNT", "4"}}), "4/4");
  const std::string missing = shard_text({{"JOB_COMPLETION_INDEX", "3"}});
  EXPECT_EQ(missing.rfind("error: --shard auto: SEPAX_SHARD_COUNT is not set", 0), 0u) << missing;
  EXPECT_NE(missing.find("spec.completions"), std::string::npos) << missing;
  EXPECT_NE(shard_text({{"JOB_COMPLETION_INDEX", "4"}, {"SEPAX_SHARD_COUNT", "4"}}).find("is not below"),
            std::string::npos);
}

TEST(ShardEnvironment, TheOptionTakesAutoOrIOverN) {
  const Variables vars = slurm_task("2", "1", "4", "4");
  std::string error;
  EXPECT_EQ(parse_shard_option("auto", lookup(vars), error)->text(), "2/4");
  EXPECT_EQ(parse_shard_option("3/8", lookup(vars), error)->text(), "3/8");
  EXPECT_FALSE(parse_shard_option("Auto", lookup(vars), error));
}

}  // namespace
}  // namespace sepax::harness
