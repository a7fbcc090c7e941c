#include "sepax/harness/campaign/progress.hpp"

#include <unistd.h>

#include <fmt/format.h>

namespace sepax::harness {
namespace {

using Clock = std::chrono::steady_clock;

constexpr auto kQuietStart = std::chrono::seconds(1);
constexpr auto kTerminalPeriod = std::chrono::milliseconds(250);
constexpr auto kLogPeriod = std::chrono::seconds(10);

std::string minutes_seconds(double seconds) {
  const auto s = static_cast<long>(seconds + 0.5);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

}  // namespace

ProgressLine::ProgressLine(const ProgressCounters& counters, std::size_t group_count,
                           std::optional<double> expected_seconds, std::FILE* stream)
    : counters_(counters),
      group_count_(group_count),
      expected_seconds_(expected_seconds),
      stream_(stream),
      in_place_(isatty(fileno(stream)) != 0),
      start_(Clock::now()),
      printer_([this] { run(); }) {}

ProgressLine::~ProgressLine() { finish(); }

void ProgressLine::begin_group(std::size_t number, std::string label) {
  std::lock_guard lock(mutex_);
  group_number_ = number;
  group_label_ = std::move(label);
}

void ProgressLine::finish() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_all();
  printer_.join();
  if (printed_in_place_) {
    std::fputs("\r\033[K", stream_);
    std::fflush(stream_);
  }
}

std::string ProgressLine::describe() const {
  const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  const std::uint64_t cases = counters_.cases.load(std::memory_order_relaxed);
  std::string line = fmt::format("verify {}/{} {} | {} cases, {} gross, {:.0f} cases/s | {}",
                                 group_number_, group_count_, group_label_, cases,
                                 counters_.gross.load(std::memory_order_relaxed),
                                 elapsed > 0 ? cases / elapsed : 0.0, minutes_seconds(elapsed));
  if (expected_seconds_) line += " of ~" + minutes_seconds(*expected_seconds_);
  const std::uint64_t expected = expected_cases_.load(std::memory_order_relaxed);
  if (expected && cases > 0 && cases < expected)
    line += " | ETA " + minutes_seconds(elapsed * double(expected - cases) / double(cases));
  return line;
}

void ProgressLine::run() {
  // A log gets its first line after a full period, a terminal after a second.
  const auto period = in_place_ ? Clock::duration(kTerminalPeriod) : Clock::duration(kLogPeriod);
  const auto first = in_place_ ? Clock::duration(kQuietStart) : period;
  std::unique_lock lock(mutex_);
  if (wake_.wait_for(lock, first, [this] { return stopping_; })) return;
  do {
    const std::string line = describe();
    if (in_place_) {
      std::fprintf(stream_, "\r\033[K%s", line.c_str());
      printed_in_place_ = true;
    } else {
      std::fprintf(stream_, "%s\n", line.c_str());
    }
    std::fflush(stream_);
  } while (!wake_.wait_for(lock, period, [this] { return stopping_; }));
}

}  // namespace sepax::harness
