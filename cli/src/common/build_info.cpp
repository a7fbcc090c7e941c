#include "common/build_info.hpp"

#include "sepax/core/mutant.hpp"

#include <array>
#include <cstdio>
#include <fstream>
#include <memory>
#include <thread>

#include <fmt/format.h>
#include <unistd.h>

namespace sepax::cli {
namespace {

/// Standard output of a shell command, or nullopt when it fails.
std::optional<std::string> command_output(const std::string& command) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> pipe(popen(command.c_str(), "r"), &pclose);
  if (!pipe) return std::nullopt;
  std::string output;
  std::array<char, 256> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe.get())) output += buffer.data();
  if (pclose(pipe.release()) != 0) return std::nullopt;
  while (!output.empty() && (output.back() == '\n' || output.back() == '\r')) output.pop_back();
  return output;
}

}  // namespace

std::string compiler_description() {
  std::string text = SEPAX_COMPILER_DESCRIPTION;
  if (!active_mutant().empty()) text += "; PLANTED BUG SEPAX_MUTANT=" + std::string(active_mutant()) + " (verdicts deliberately wrong)";
  return text;
}

std::string version_text() {
  const std::optional<std::string> commit = source_commit();
  return std::string("sepax ") + SEPAX_VERSION + " (commit " + commit.value_or("unknown") + ")" +
         (active_mutant().empty() ? "" : ", planted bug " + std::string(active_mutant()));
}

std::optional<std::string> source_commit() {
  const std::string git = "git -C '" SEPAX_SOURCE_DIR "' ";
  auto head = command_output(git + "rev-parse HEAD 2>/dev/null");
  if (!head || head->empty()) return std::nullopt;
  const auto changes = command_output(git + "status --porcelain --untracked-files=no 2>/dev/null");
  if (changes && !changes->empty()) *head += " (plus uncommitted changes)";
  return head;
}

std::string machine_description() {
  std::array<char, 256> host{};
  if (gethostname(host.data(), host.size() - 1) != 0) host[0] = '\0';
  std::string cpu = "unknown CPU";
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos) {
      cpu = line.substr(line.find(':') + 2);
      break;
    }
  double gib = 0;
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  long kib = 0;
  if (meminfo >> key >> kib && key == "MemTotal:") gib = double(kib) / (1024.0 * 1024.0);
  return fmt::format("{}: {}, {} cores, {:.0f} GiB", host.data(), cpu, std::thread::hardware_concurrency(), gib);
}

}  // namespace sepax::cli
