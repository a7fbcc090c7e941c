#pragma once
/// \file
/// The progress line of long runs, on stderr: rewritten in place with
/// '\\r' when stderr is a terminal, otherwise one line every ~10 s so that logs
/// of CI jobs stay short. Nothing is printed for runs shorter than a second.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace sepax::harness {

/// Counters that worker threads bump as cases complete (relaxed atomics: the
/// line only needs approximate, eventually exact numbers).
struct ProgressCounters {
  std::atomic<std::uint64_t> cases{0};
  std::atomic<std::uint64_t> gross{0};
};

class ProgressLine {
 public:
  /// `expected_seconds`, when known (a time budget), is shown as "of ~1:00".
  ProgressLine(const ProgressCounters& counters, std::size_t group_count,
               std::optional<double> expected_seconds, std::FILE* stream = stderr);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  /// The group now running (1-based number and a label such as "tri_obb float coplanar").
  void begin_group(std::size_t number, std::string label);
  /// The cases the run will judge in all, when known (a --cases campaign):
  /// the line then shows an ETA at the rate so far.
  void set_expected_cases(std::uint64_t cases) { expected_cases_.store(cases, std::memory_order_relaxed); }
  /// Stops the printer thread and clears an in-place line; idempotent.
  void finish();

 private:
  void run();
  std::string describe() const;

  const ProgressCounters& counters_;
  std::size_t group_count_;
  std::atomic<std::uint64_t> expected_cases_{0};
  std::optional<double> expected_seconds_;
  std::FILE* stream_;
  bool in_place_;
  std::chrono::steady_clock::time_point start_;

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool printed_in_place_ = false;
  std::size_t group_number_ = 0;
  std::string group_label_;
  std::thread printer_;
};

}  // namespace sepax::harness
