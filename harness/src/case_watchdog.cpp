#include "sepax/harness/case_watchdog.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "sepax/core/numeric/assert.hpp"

namespace sepax::harness {

namespace {
// Distinguishes watchdogs (tests make several, possibly at one address), so
// that a thread's cached slot is never one of a destroyed watchdog.
std::atomic<std::uint64_t> next_serial{1};
}  // namespace

CaseWatchdog::CaseWatchdog(std::chrono::duration<double> limit, OnStuck on_stuck,
                           std::chrono::duration<double> poll)
    : serial_(next_serial.fetch_add(1)),
      // A call is stuck once it has spanned this many ticks: at least `limit`.
      limit_ticks_(std::max<std::uint64_t>(1, std::uint64_t(std::ceil(limit / poll)))),
      poll_(poll),
      on_stuck_(std::move(on_stuck)) {
  SEPAX_ASSERT(limit.count() > 0 && poll.count() > 0, "watchdog limit and poll must be positive");
  thread_ = std::thread([this] { watch(); });
}

CaseWatchdog::~CaseWatchdog() {
  {
    std::lock_guard lock(stop_mutex_);
    stop_ = true;
  }
  stop_cv_.notify_all();
  thread_.join();
}

namespace {
// The calling thread's slot and the watchdog it belongs to.
thread_local std::uint64_t owner = 0;
thread_local WatchSlot* slot = nullptr;

std::uint32_t pack(const CaseIdentity& g) {
  return std::uint32_t(g.query) | std::uint32_t(g.scalar) << 8 | std::uint32_t(g.family) << 16 |
         std::uint32_t(g.moving) << 24;
}

CaseIdentity unpack(std::uint32_t v) {
  return {Query(v & 0xffu), ScalarKind((v >> 8) & 0xffu), gen::Family((v >> 16) & 0xffu), ((v >> 24) & 1u) != 0};
}
}  // namespace

std::optional<StuckCall> CaseWatchdog::current_call() const {
  if (owner != serial_ || !slot || slot->tick.load(std::memory_order_acquire) == 0) return std::nullopt;
  return StuckCall{unpack(slot->identity.load(std::memory_order_relaxed)), slot->index.load(std::memory_order_relaxed),
                   slot->kernel.load(std::memory_order_relaxed), slot->count.load(std::memory_order_relaxed), 0,
                   slot->pair.load(std::memory_order_relaxed)};
}

const PairCallSite* CaseWatchdog::pair_site(
    const std::string& group, const std::string& kernel,
    const std::function<std::vector<std::string>(std::uint64_t, std::uint64_t)>& case_lines) {
  std::lock_guard lock(sites_mutex_);
  auto& site = sites_[{group, kernel}];
  if (!site) site = std::make_unique<PairCallSite>(PairCallSite{group, kernel, case_lines});
  return site.get();
}

WatchSlot& CaseWatchdog::slot_of_this_thread() {
  if (owner != serial_) {
    std::lock_guard lock(slots_mutex_);
    slot = &slots_.emplace_back();
    owner = serial_;
  }
  return *slot;
}

CaseWatchdog::Guard::Guard(CaseWatchdog* watchdog, const CaseIdentity& group, std::uint64_t index,
                           const KernelInfo* kernel, std::uint64_t count) {
  if (!watchdog) return;
  slot_ = &watchdog->slot_of_this_thread();
  // A seqlock writer: the previous call's tick 0 is ordered before these
  // stores, so a watchdog that reads any of them sees the tick change.
  std::atomic_thread_fence(std::memory_order_release);
  slot_->identity.store(pack(group), std::memory_order_relaxed);
  slot_->kernel.store(kernel, std::memory_order_relaxed);
  slot_->pair.store(nullptr, std::memory_order_relaxed);
  watchdog->start(*slot_, index, count);
}

CaseWatchdog::Guard::Guard(CaseWatchdog* watchdog, const PairCallSite* site, std::uint64_t index,
                           std::uint64_t count) {
  if (!watchdog) return;
  slot_ = &watchdog->slot_of_this_thread();
  std::atomic_thread_fence(std::memory_order_release);  // as above
  slot_->kernel.store(nullptr, std::memory_order_relaxed);
  slot_->pair.store(site, std::memory_order_relaxed);
  watchdog->start(*slot_, index, count);
}

void CaseWatchdog::start(WatchSlot& s, std::uint64_t index, std::uint64_t count) {
  s.index.store(index, std::memory_order_relaxed);
  s.count.store(count, std::memory_order_relaxed);
  s.call.fetch_add(1, std::memory_order_relaxed);
  s.tick.store(tick_.load(std::memory_order_relaxed), std::memory_order_release);
}

CaseWatchdog::Guard::~Guard() {
  if (slot_) slot_->tick.store(0, std::memory_order_release);
}

void CaseWatchdog::watch() {
  std::unique_lock lock(stop_mutex_);
  while (!stop_cv_.wait_for(lock, poll_, [this] { return stop_; })) {
    const std::uint64_t now = tick_.fetch_add(1) + 1;
    std::optional<StuckCall> stuck;
    {
      std::lock_guard slots_lock(slots_mutex_);
      for (WatchSlot& slot : slots_) {
        const std::uint64_t started = slot.tick.load(std::memory_order_acquire);
        if (started == 0 || now - started < limit_ticks_) continue;
        const std::uint64_t which = slot.call.load(std::memory_order_relaxed);
        StuckCall call{unpack(slot.identity.load(std::memory_order_relaxed)), slot.index.load(std::memory_order_relaxed),
                       slot.kernel.load(std::memory_order_relaxed), slot.count.load(std::memory_order_relaxed),
                       std::chrono::duration<double>(poll_ * double(now - started)).count(),
                       slot.pair.load(std::memory_order_relaxed)};
        std::atomic_thread_fence(std::memory_order_acquire);
        // It returned meanwhile, or another call started within the same tick.
        if (slot.tick.load(std::memory_order_relaxed) != started || slot.call.load(std::memory_order_relaxed) != which)
          continue;
        stuck = call;
        break;
      }
    }
    if (stuck) {
      lock.unlock();
      on_stuck_(*stuck);
      return;  // one report: verify exits; a test has what it needs
    }
  }
}

}  // namespace sepax::harness
