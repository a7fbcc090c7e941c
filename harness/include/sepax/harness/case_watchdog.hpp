#pragma once
/// \file
/// A watchdog for verify's cases: a kernel (in practice another
/// library's: libccd's MPR loops forever on some flat inputs) or an oracle
/// that never returns would otherwise stall the whole campaign silently.
///
/// Every kernel and oracle call of a case runs under a Guard naming the
/// group, the case index and the kernel. A background thread advances a tick
/// every `poll` and looks at every thread's current call; a call that has
/// lasted `limit` (to within one poll) is reported, once, to `on_stuck`
/// (verify writes the case, prints how to replay it, and exits — the rows of
/// the groups already finished are on disk). A guard costs a few relaxed
/// atomic stores, no clock read.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "sepax/core/shapes/query.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/generators/family.hpp"

namespace sepax::harness {

/// Which generated cases a group runs (static: generate, moving: generate_moving).
struct CaseIdentity {
  Query query = Query::obb_obb;
  ScalarKind scalar = ScalarKind::float64;
  gen::Family family = gen::Family::random;
  bool moving = false;
};

/// A pair query's call (harness/query/: manifolds, sweeps, general motion, a
/// user's kernel of any of them): its group and kernel, and how to write its
/// cases. Interned by the watchdog (pair_site), so it outlives any call.
struct PairCallSite {
  std::string group;   ///< "sphere_sphere/find_first_contact/double/random"
  std::string kernel;  ///< the kernel's id
  /// Cases [begin, end) of the group as case-file lines (their origin names the kernel).
  std::function<std::vector<std::string>(std::uint64_t begin, std::uint64_t end)> case_lines;
};

/// A call that did not return in time.
struct StuckCall {
  /// A copy: the running group (and its identity) may be gone by the time a
  /// call that did return after all is reported.
  CaseIdentity group;
  std::uint64_t index = 0;
  const KernelInfo* kernel = nullptr;  ///< nullptr: the exact oracle
  /// Cases in the call: 1, or a batch kernel's cases index … index+count−1.
  std::uint64_t count = 1;
  double seconds = 0;                  ///< how long it had run when seen (at least the limit)
  /// A pair query's call (then `group` and `kernel` mean nothing).
  const PairCallSite* pair = nullptr;
};

/// One thread's current call (tick 0: none). Written by its thread, read by
/// the watchdog; the fields are atomics, the group's identity packed by value,
/// and the watchdog trusts what it read only when the call counter and the
/// tick are the same before and after (the same call: two calls can start
/// within one tick). One cache line each: threads write their own slot on
/// every call.
struct alignas(64) WatchSlot {
  std::atomic<std::uint64_t> tick{0};
  std::atomic<std::uint64_t> call{0};      ///< calls started on this thread
  std::atomic<std::uint32_t> identity{0};  ///< the CaseIdentity, packed
  std::atomic<std::uint64_t> index{0};
  std::atomic<const KernelInfo*> kernel{nullptr};
  std::atomic<std::uint64_t> count{1};
  std::atomic<const PairCallSite*> pair{nullptr};
};

class CaseWatchdog {
 public:
  using OnStuck = std::function<void(const StuckCall&)>;

  /// Starts the watching thread. `limit` > 0; `poll` is the tick.
  CaseWatchdog(std::chrono::duration<double> limit, OnStuck on_stuck,
               std::chrono::duration<double> poll = std::chrono::milliseconds(250));
  ~CaseWatchdog();
  CaseWatchdog(const CaseWatchdog&) = delete;
  CaseWatchdog& operator=(const CaseWatchdog&) = delete;

  /// Marks the calling thread as running `kernel` (nullptr: the oracle) on
  /// case `index` of `group` while it lives. `group` must outlive it.
  /// The call the calling thread is inside, if any: for a fatal-signal
  /// handler, which runs on the thread that crashed (a kernel that
  /// dereferenced null names itself and its case). `seconds` is 0.
  std::optional<StuckCall> current_call() const;

  class Guard {
   public:
    /// `count` > 1: a batch call over cases index … index+count−1.
    Guard(CaseWatchdog* watchdog, const CaseIdentity& group, std::uint64_t index, const KernelInfo* kernel,
          std::uint64_t count = 1);
    /// A pair query's call, `site` from pair_site().
    Guard(CaseWatchdog* watchdog, const PairCallSite* site, std::uint64_t index, std::uint64_t count = 1);
    ~Guard();
    Guard(const Guard&) = delete;
    Guard& operator=(const Guard&) = delete;

   private:
    WatchSlot* slot_ = nullptr;
  };

  /// The site of `kernel`'s calls on `group`, made once (thread-safe) and
  /// kept for the watchdog's life; `case_lines` is stored with the first.
  const PairCallSite* pair_site(const std::string& group, const std::string& kernel,
                                const std::function<std::vector<std::string>(std::uint64_t, std::uint64_t)>& case_lines);

 private:
  friend class Guard;
  WatchSlot& slot_of_this_thread();
  void start(WatchSlot& slot, std::uint64_t index, std::uint64_t count);
  std::mutex sites_mutex_;
  std::map<std::pair<std::string, std::string>, std::unique_ptr<PairCallSite>> sites_;
  void watch();

  const std::uint64_t serial_;
  const std::uint64_t limit_ticks_;
  const std::chrono::duration<double> poll_;
  const OnStuck on_stuck_;
  std::atomic<std::uint64_t> tick_{1};
  std::mutex slots_mutex_;
  std::deque<WatchSlot> slots_;  // stable addresses; one per thread that ran a guard
  std::mutex stop_mutex_;
  std::condition_variable stop_cv_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace sepax::harness
