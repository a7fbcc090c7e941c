#include "judge_scope.hpp"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "byte_source.hpp"

namespace sepax::fuzz {
namespace {

/// Comma-separated kernel-id prefixes from an environment variable.
std::vector<std::string> prefix_list(const char* variable, const char* fallback) {
  const char* v = std::getenv(variable);
  const std::string list = v ? v : fallback;
  std::vector<std::string> out;
  for (std::size_t pos = 0; pos <= list.size();) {
    const std::size_t comma = std::min(list.find(',', pos), list.size());
    if (comma > pos) out.push_back(list.substr(pos, comma - pos));
    pos = comma + 1;
  }
  return out;
}

bool starts_with_any(const std::string& id, const std::vector<std::string>& prefixes) {
  for (const std::string& p : prefixes)
    if (id.rfind(p, 0) == 0) return true;
  return false;
}

std::uint64_t sample_every() {
  const char* v = std::getenv("SEPAX_FUZZ_SAMPLE");
  if (!v || !*v) return 64;
  char* end = nullptr;
  const unsigned long long n = std::strtoull(v, &end, 10);
  if (*end || n == 0) {
    std::fprintf(stderr, "sepax fuzz: SEPAX_FUZZ_SAMPLE=%s: expected a positive integer (1 in N inputs judged fully)\n", v);
    std::exit(2);
  }
  return n;
}

/// Counts per Path, printed at exit (measure.py reads the line).
struct PathCounts {
  std::atomic<std::uint64_t> n[3]{};
  ~PathCounts() {
    const std::uint64_t fast = n[0], full = n[1], escalated = n[2];
    if (fast + full > 0)
      std::fprintf(stderr, "sepax fuzz: judged %llu cases on the fast path, %llu fully (sampled); %llu kernel answers escalated\n",
                   (unsigned long long)fast, (unsigned long long)full, (unsigned long long)escalated);
  }
};
PathCounts& path_counts() {
  static PathCounts c;
  return c;
}

}  // namespace

void count(Path path) { path_counts().n[int(path)].fetch_add(1, std::memory_order_relaxed); }

bool runs(const KernelInfo& k, Side side) {
  static const std::vector<std::string> skip = prefix_list("SEPAX_FUZZ_SKIP", "ccd/mpr");
  static const std::vector<std::string> only = prefix_list("SEPAX_FUZZ_ONLY", "");
  if ((side == Side::sepax) != (k.origin == "sepax") || starts_with_any(k.id, skip)) return false;
  return side == Side::sepax || only.empty() || starts_with_any(k.id, only);
}

bool sampled(std::span<const std::uint8_t> bytes) {
  static const std::uint64_t every = sample_every();
  // The hash's high half: FNV-1a's low bits follow the last byte too closely.
  return every == 1 || (hash_bytes(bytes) >> 32) % every == 0;
}

}  // namespace sepax::fuzz
