#include "byte_source.hpp"

namespace sepax::fuzz {

std::uint64_t hash_bytes(std::span<const std::uint8_t> bytes) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::uint8_t b : bytes) h = (h ^ b) * 0x100000001b3ull;
  return h;
}

ByteSource::ByteSource(std::span<const std::uint8_t> bytes) : bytes_(bytes), tail_(hash_bytes(bytes)) {}

std::uint8_t ByteSource::byte() {
  if (pos_ < bytes_.size()) return bytes_[pos_++];
  return static_cast<std::uint8_t>(tail_.next() >> 56);
}

std::uint64_t ByteSource::bits(int count) {
  std::uint64_t v = 0;
  for (int shift = 0; shift < count; shift += 8) v |= std::uint64_t(byte()) << shift;
  return count >= 64 ? v : v & ((std::uint64_t(1) << count) - 1);
}

std::uint64_t ByteSource::below(std::uint64_t n) {
  if (n <= 1) return 0;
  int need = 0;
  while (need < 64 && ((n - 1) >> need) != 0) ++need;
  return bits(need) % n;  // a slight bias is welcome: small values come first
}

double ByteSource::unit() { return double(bits(53)) * 0x1p-53; }

}  // namespace sepax::fuzz
