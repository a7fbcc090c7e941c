#pragma once
/// \file Scratch files for the CLI tests: a fresh directory per test and a
/// whole file read back.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace sepax::cli::test {

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Writes `text` to dir/name and returns the path.
inline std::filesystem::path write_file(const std::filesystem::path& dir, const std::string& name,
                                        const std::string& text) {
  const std::filesystem::path path = dir / name;
  std::ofstream(path) << text;
  return path;
}

/// A fresh directory per test under gtest's temp dir, in `suite_dir`.
inline std::filesystem::path scratch_dir(const std::string& suite_dir) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / suite_dir /
                                    (std::string(info->test_suite_name()) + "." + info->name() + "-" +
                                     std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace sepax::cli::test
