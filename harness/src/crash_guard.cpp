#include "sepax/harness/crash_guard.hpp"

#include <pthread.h>

#include <atomic>
#include <csignal>
#include <stdexcept>
#include <unistd.h>

namespace sepax::harness {

namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

const CaseWatchdog* active_watchdog = nullptr;
CrashGuard::OnCrash* active_on_crash = nullptr;
struct sigaction previous[sizeof kSignals / sizeof kSignals[0]];

const char* signal_name(int sig) {
  switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGABRT: return "SIGABRT";
  }
  return "a fatal signal";
}

void restore_default_and_raise(int sig) {
  signal(sig, SIG_DFL);
  raise(sig);
}

extern "C" void on_fatal_signal(int sig) {
  // The first crashing thread reports; another thread crashing meanwhile
  // (both running the same bad kernel) waits for that report to end the
  // process, and a crash inside the report itself ends it at once.
  static std::atomic<bool> entered{false};
  static pthread_t reporter;
  if (entered.exchange(true)) {
    if (pthread_equal(reporter, pthread_self())) restore_default_and_raise(sig);
    for (;;) pause();
  }
  reporter = pthread_self();
  const auto call = active_watchdog ? active_watchdog->current_call() : std::nullopt;
  if (!call || !active_on_crash) restore_default_and_raise(sig);
  alarm(10);  // a handler blocked on a lock the crash left held still ends
  (*active_on_crash)(*call, signal_name(sig));
  restore_default_and_raise(sig);  // on_crash must not return; if it does, die as the signal says
}

}  // namespace

CrashGuard::CrashGuard(const CaseWatchdog& watchdog, OnCrash on_crash) {
  if (active_watchdog) throw std::logic_error("CrashGuard: one guard at a time");
  active_watchdog = &watchdog;
  active_on_crash = new OnCrash(std::move(on_crash));
  struct sigaction action {};
  action.sa_handler = on_fatal_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_NODEFER;  // SIGABRT raised inside the handler must still be deliverable
  for (std::size_t i = 0; i < std::size(kSignals); ++i) sigaction(kSignals[i], &action, &previous[i]);
}

CrashGuard::~CrashGuard() {
  for (std::size_t i = 0; i < std::size(kSignals); ++i) sigaction(kSignals[i], &previous[i], nullptr);
  delete active_on_crash;
  active_on_crash = nullptr;
  active_watchdog = nullptr;
}

}  // namespace sepax::harness
