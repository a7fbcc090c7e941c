// SeededSource: xoshiro256** (Blackman & Vigna) seeded through splitmix64, so
// a campaign is reproducible on every compiler and standard library.
#include "sepax/generators/source.hpp"

namespace sepax::gen {
namespace {

// splitmix64 (Vigna): the recommended way to fill xoshiro's state from one word.
std::uint64_t splitmix64(std::uint64_t& state) {
  state += 0x9e3779b97f4a7c15ULL;
  std::uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

SeededSource::SeededSource(std::uint64_t seed) {
  std::uint64_t state = seed;
  for (std::uint64_t& word : s_) word = splitmix64(state);
}

// Case streams must not be shifted copies of each other: seeding splitmix64
// with seed + index would make case i+1 replay case i's words one step later.
// Hashing seed and index separately and combining the hashes gives unrelated
// starting points.
SeededSource::SeededSource(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t seed_state = seed;
  std::uint64_t index_state = ~index;
  std::uint64_t state = splitmix64(seed_state) ^ rotl(splitmix64(index_state), 23);
  for (std::uint64_t& word : s_) word = splitmix64(state);
}

std::uint64_t SeededSource::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint64_t SeededSource::below(std::uint64_t n) {
  if (n <= 1) return 0;
  // Reject the lowest 2^64 mod n words so every residue is equally likely.
  const std::uint64_t limit = (0 - n) % n;
  for (;;) {
    const std::uint64_t x = next();
    if (x >= limit) return x % n;
  }
}

double SeededSource::unit() { return static_cast<double>(next() >> 11) * 0x1p-53; }

}  // namespace sepax::gen
