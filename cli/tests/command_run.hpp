#pragma once
/// \file Running the built `sepax` command (and sepax_planted, the same
/// command with deliberately wrong kernels) as a user or CI job would, and
/// reading what it wrote.
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "test_files.hpp"

namespace sepax::cli::test {

namespace fs = std::filesystem;
using nlohmann::json;

inline fs::path scratch_dir() { return scratch_dir("sepax_cli_tests"); }

struct CommandRun {
  int status = -1;
  std::string out;
  std::string err;

  std::vector<json> json_lines() const {
    std::vector<json> lines;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) {
      if (line.empty()) continue;
      try {
        lines.push_back(json::parse(line));
      } catch (const json::exception& e) {
        ADD_FAILURE() << "not JSON: " << line << " (" << e.what() << ")";
      }
    }
    return lines;
  }
};

inline CommandRun run_binary(const std::string& binary, const std::string& args, const fs::path& dir) {
  const fs::path out = dir / "stdout.txt", err = dir / "stderr.txt";
  const std::string command = binary + " " + args + " >'" + out.string() + "' 2>'" + err.string() + "'";
  const int raw = std::system(command.c_str());
  CommandRun run;
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  run.out = slurp(out);
  run.err = slurp(err);
  return run;
}

inline CommandRun run_sepax(const std::string& args, const fs::path& dir) { return run_binary(SEPAX_BINARY, args, dir); }

/// The command with `assignment` (NAME=value) added to its environment.
inline CommandRun run_sepax_with_env(const std::string& assignment, const std::string& args, const fs::path& dir) {
  return run_binary(assignment + " " + SEPAX_BINARY, args, dir);
}

/// The same command with two deliberately wrong kernels registered
/// (planted_kernels.cpp): a gross verdict on every run, to replay.
inline CommandRun run_planted(const std::string& args, const fs::path& dir) {
  return run_binary(SEPAX_PLANTED_BINARY, args, dir);
}

/// The rows of verify.jsonl whose "table" is `table`; the kernel × family
/// rows have no "table" field.
inline std::vector<json> read_rows(const fs::path& file, const std::string& table = "") {
  std::ifstream in(file);
  EXPECT_TRUE(in) << "no " << file;
  std::vector<json> rows;
  for (std::string line; std::getline(in, line);) {
    json row = json::parse(line);
    if (row.value("table", "") == table) rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace sepax::cli::test
