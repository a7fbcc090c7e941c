#include "check/check_watch.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <ostream>

#include <fmt/format.h>

namespace sepax::cli {
namespace {

/// Line `number` (1-based) of `path`, or "" if the file changed meanwhile.
std::string line_of(const std::string& path, std::size_t number) {
  std::ifstream in(path);
  std::string text;
  for (std::size_t i = 0; i < number && std::getline(in, text); ++i) {
  }
  return in ? text : std::string();
}

}  // namespace

CheckWatch::CheckWatch(std::string path, double limit_seconds, std::ostream& err)
    : path_(std::move(path)), err_(err) {
  watchdog_ = std::make_unique<harness::CaseWatchdog>(
      std::chrono::duration<double>(limit_seconds), [this, limit_seconds](const harness::StuckCall& call) {
        stop(call, fmt::format("did not return within {} s (--case-timeout)", limit_seconds));
      });
  crash_guard_ = std::make_unique<harness::CrashGuard>(
      *watchdog_, [this](const harness::StuckCall& call, const char* signal) {
        stop(call, fmt::format("crashed ({})", signal));
      });
}

harness::CaseWatchdog::Guard CheckWatch::call(const std::string& who, std::size_t line) {
  const harness::PairCallSite* site = watchdog_->pair_site(path_, who, {});
  return harness::CaseWatchdog::Guard(watchdog_.get(), site, line);
}

std::vector<const harness::QueryKernel*> CheckWatch::watched(
    const std::vector<const harness::QueryKernel*>& kernels, std::size_t line) {
  line_ = line;
  std::vector<const harness::QueryKernel*> out;
  for (const harness::QueryKernel* k : kernels) {
    const harness::QueryKernel* found = nullptr;
    for (const auto& w : wrapped_)
      if (w->id == k->id) found = w.get();
    if (!found) {
      auto w = std::make_unique<harness::QueryKernel>(*k);
      w->run_batch = nullptr;  // check asks one case at a time
      w->run = [this, id = k->id, run = k->run](const harness::QueryInput& in) {
        const auto guard = call(id, line_);
        return run(in);
      };
      found = wrapped_.emplace_back(std::move(w)).get();
    }
    out.push_back(found);
  }
  return out;
}

void CheckWatch::stop(const harness::StuckCall& call, const std::string& what) {
  const std::string who = call.pair ? call.pair->kernel : std::string("a kernel");
  const std::string text = line_of(path_, call.index);
  err_ << fmt::format(
              "sepax check: {} {} on the case at line {} of {}. No verdict is printed for that case or the "
              "lines after it; check the case alone with this line in a file of its own:\n{}\n",
              who, what, call.index, path_, text)
       << std::flush;
  std::fflush(nullptr);
  _exit(3);
}

}  // namespace sepax::cli
