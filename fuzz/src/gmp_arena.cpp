// GMP's memory from size-class free lists in the libFuzzer binaries (fuzz/CMakeLists.txt
// links this file into fuzz_<target> only; the replay mains and ctest keep GMP's malloc).
//
// Why: the exact verdicts (the filtered SAT's rational fallback, the exact
// first contact, CGAL's LP) and the certified kernels' exact stage allocate
// GMP limbs on most executions, and each ASan malloc records a stack trace and
// quarantines the block: a fifth of an obb_obb execution went there (perf,
// issue 33). Recycling the blocks costs a few instructions.
//
// What ASan still checks: a free block is poisoned (a use after free of a limb
// array is reported, without the quarantine's delay), and an allocated block's
// slack past the requested size stays poisoned (an overflow is reported). libgmp
// itself is not instrumented either way. What LSan no longer sees: a GMP
// number never cleared (its limbs stay in the arena). Blocks above 8 KiB, and
// any once the 256 MiB arena is used up, go to malloc as before; a block GMP
// allocated before these hooks were installed is freed by free().
#include <gmp.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

#include <sanitizer/asan_interface.h>

// No coverage counters in the allocator's functions (std:: stays instrumented,
// as everywhere): their branches say nothing about a case.
#define SEPAX_NO_COVERAGE __attribute__((no_sanitize("coverage")))

namespace {

constexpr std::size_t kArenaBytes = std::size_t(256) << 20;  // reserved; pages commit on first use
constexpr int kClasses = 10;                                  // 16 B, 32 B, …, 8 KiB

/// Free blocks are kept on stacks outside them: a free block stays poisoned
/// whole, and handing it out again unpoisons just the bytes asked for.
struct Arena {
  char* base = nullptr;
  char* next = nullptr;
  char* end = nullptr;
  std::vector<void*> free_blocks[kClasses];
  std::mutex mutex;  // libFuzzer runs one thread; the lock is uncontended
};
Arena* g_arena = nullptr;  // never destroyed: GMP numbers are freed after static destructors too

/// The class of a block of n bytes, or kClasses when it is too large.
SEPAX_NO_COVERAGE int size_class(std::size_t n) {
  int k = 0;
  for (std::size_t c = 16; c < n && k < kClasses; c <<= 1) ++k;
  return k;
}
SEPAX_NO_COVERAGE std::size_t class_bytes(int k) { return std::size_t(16) << k; }
SEPAX_NO_COVERAGE bool ours(const void* p) { return p >= g_arena->base && p < g_arena->end; }

SEPAX_NO_COVERAGE void* arena_allocate(std::size_t n) {
  const int k = size_class(n);
  if (k < kClasses) {
    std::lock_guard lock(g_arena->mutex);
    if (auto& blocks = g_arena->free_blocks[k]; !blocks.empty()) {
      void* p = blocks.back();  // poisoned whole since it was freed
      blocks.pop_back();
      ASAN_UNPOISON_MEMORY_REGION(p, n);
      return p;
    }
    if (std::size_t(g_arena->end - g_arena->next) >= class_bytes(k)) {
      void* p = g_arena->next;  // fresh pages: poison the slack past n
      g_arena->next += class_bytes(k);
      ASAN_POISON_MEMORY_REGION(static_cast<char*>(p) + n, class_bytes(k) - n);
      return p;
    }
  }
  void* p = std::malloc(n);
  if (!p) std::abort();  // GMP's own allocator aborts too
  return p;
}

SEPAX_NO_COVERAGE void arena_free(void* p, std::size_t n) {
  if (!ours(p)) return std::free(p);
  const int k = size_class(n);
  std::lock_guard lock(g_arena->mutex);
  g_arena->free_blocks[k].push_back(p);
  ASAN_POISON_MEMORY_REGION(p, class_bytes(k));
}

SEPAX_NO_COVERAGE void* arena_reallocate(void* p, std::size_t old_size, std::size_t new_size) {
  if (!ours(p)) {
    void* q = std::realloc(p, new_size);
    if (!q) std::abort();
    return q;
  }
  const int k = size_class(old_size);
  if (size_class(new_size) == k) {  // in place: the block's bytes past new_size poisoned
    ASAN_UNPOISON_MEMORY_REGION(p, new_size);
    ASAN_POISON_MEMORY_REGION(static_cast<char*>(p) + new_size, class_bytes(k) - new_size);
    return p;
  }
  void* q = arena_allocate(new_size);
  std::memcpy(q, p, std::min(old_size, new_size));
  arena_free(p, old_size);
  return q;
}

/// Installed before main (and before most static constructors): blocks GMP
/// handed out earlier are not in the arena and go back to free().
SEPAX_NO_COVERAGE __attribute__((constructor(101))) void install_gmp_arena() {
  void* m = mmap(nullptr, kArenaBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED) return;  // GMP keeps malloc
  g_arena = new Arena;
  g_arena->base = g_arena->next = static_cast<char*>(m);
  g_arena->end = g_arena->base + kArenaBytes;
  mp_set_memory_functions(arena_allocate, arena_reallocate, arena_free);
}

}  // namespace
