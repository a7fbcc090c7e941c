#pragma once
/// \file
/// Crashes of a kernel, reported with the case that caused them. A
/// plugin or a peer library that dereferences null or aborts would otherwise
/// end a campaign with nothing but "Segmentation fault". While a CrashGuard
/// lives, a fatal signal (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT) raised on
/// a thread that is inside a call watched by `watchdog` (CaseWatchdog::Guard)
/// is handed to `on_crash` on that thread, which writes the case and ends the
/// process; anywhere else the signal takes its default course.
///
/// Best effort by nature: on_crash runs in a signal handler of a process
/// whose state the crash may have damaged (it allocates and writes files). A
/// 10 s alarm ends a handler that blocks; the results already written (rows
/// appended per group) are on disk whatever happens.
#include <functional>

#include "sepax/harness/case_watchdog.hpp"

namespace sepax::harness {

class CrashGuard {
 public:
  /// `on_crash(call, "SIGSEGV")` must not return. One guard at a time.
  using OnCrash = std::function<void(const StuckCall&, const char*)>;
  CrashGuard(const CaseWatchdog& watchdog, OnCrash on_crash);
  ~CrashGuard();
  CrashGuard(const CrashGuard&) = delete;
  CrashGuard& operator=(const CrashGuard&) = delete;
};

}  // namespace sepax::harness
