// The case watchdog: a call that outlives the limit is reported once, with
// the group, case and kernel it was given; calls that return are never
// reported. (Its use by verify: SepaxVerify.ACallPastTheCaseTimeout…)
#include "sepax/harness/case_watchdog.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace sepax::harness {
namespace {

using namespace std::chrono_literals;

struct Reports {
  std::mutex mutex;
  std::condition_variable cv;
  std::vector<StuckCall> calls;

  CaseWatchdog::OnStuck recorder() {
    return [this](const StuckCall& call) {
      std::lock_guard lock(mutex);
      calls.push_back(call);
      cv.notify_all();
    };
  }
};

TEST(CaseWatchdog, ReportsACallThatOutlivesTheLimitOnceWithWhatItWasRunning) {
  Reports reports;
  const CaseIdentity group{Query::tri_tri, ScalarKind::float32, gen::Family::coplanar, true};
  KernelInfo kernel;
  kernel.id = "test/never_returns/float";
  {
    CaseWatchdog watchdog(50ms, reports.recorder(), 5ms);
    const CaseWatchdog::Guard stuck(&watchdog, group, 42, &kernel);
    std::unique_lock lock(reports.mutex);
    ASSERT_TRUE(reports.cv.wait_for(lock, 10s, [&] { return !reports.calls.empty(); }))
        << "a 50 ms limit not reported within 10 s";
    lock.unlock();
    std::this_thread::sleep_for(100ms);  // still stuck: no second report
  }
  ASSERT_EQ(reports.calls.size(), 1u);
  const StuckCall& call = reports.calls[0];
  EXPECT_EQ(call.group.query, group.query);
  EXPECT_EQ(call.group.scalar, group.scalar);
  EXPECT_EQ(call.group.family, group.family);
  EXPECT_EQ(call.group.moving, group.moving);
  EXPECT_EQ(call.index, 42u);
  EXPECT_EQ(call.kernel, &kernel);
  EXPECT_GE(call.seconds, 0.05);
}

TEST(CaseWatchdog, NeverReportsCallsThatReturn) {
  Reports reports;
  const CaseIdentity group{};
  {
    CaseWatchdog watchdog(1s, reports.recorder(), 5ms);
    // Two threads, each a stream of 1 ms calls for 0.4 s: every call is far
    // below the limit, while the watchdog looks 80 times.
    const auto calls = [&](std::uint64_t first) {
      const auto end = std::chrono::steady_clock::now() + 400ms;
      for (std::uint64_t i = first; std::chrono::steady_clock::now() < end; ++i) {
        const CaseWatchdog::Guard guard(&watchdog, group, i, nullptr);
        std::this_thread::sleep_for(1ms);
      }
    };
    std::thread other(calls, 1000000);
    calls(0);
    other.join();
  }
  EXPECT_TRUE(reports.calls.empty()) << "reported case " << reports.calls[0].index;
}

}  // namespace
}  // namespace sepax::harness
