#pragma once
// Internal to the certified kernels' exact stages: unsigned integers of 192
// and 256 bits in 64-bit limbs, with only what the sign of a sum of products
// needs — a dot product's magnitude, a product by a limb, a shift, sums and
// a comparison — written out limb by limb (straight-line, no loops over a
// runtime length). The wide-integer stage (obb_obb_wide_integers.hpp) forms
// a handful per axis, where GMP's mpz would allocate and Boost's cpp_int
// would normalise on every operation. Overflow is the caller's to rule out
// (its header bounds every value).
#include <cstdint>

namespace sepax::exact {

using u64 = std::uint64_t;
using u128 = unsigned __int128;
using i128 = __int128;

struct U192 {
  u64 w[3];  ///< little-endian limbs
};
struct U256 {
  u64 w[4];
};

/// A vector l with |l_k| < 2¹²³ split as l_k = h_k·2⁶² + r_k, 0 ≤ r_k < 2⁶²
/// (|h_k| ≤ 2⁶¹): both parts fit int64, so a product with an int64 is one
/// machine multiplication.
struct SplitVector {
  std::int64_t h[3], r[3];

  explicit SplitVector(const i128 (&l)[3]) {
    for (int k = 0; k < 3; ++k) {
      const i128 high = l[k] >> 62;  // arithmetic shift: floor
      h[k] = std::int64_t(high);
      r[k] = std::int64_t(l[k] - high * (i128(1) << 62));
    }
  }
};

/// |l·x| = |l_0 x_0 + l_1 x_1 + l_2 x_2| for |x_k| < 2⁶³ (|l·x| < 3·2¹⁸⁶):
/// Σ h_k x_k (|·| < 3·2¹²⁴) and Σ r_k x_k (|·| < 3·2¹²⁵) are exact in int128,
/// and their sum is folded into hi·2⁶² + lo with 0 ≤ lo < 2⁶², written in
/// three limbs (two's complement) and negated when negative — branch-free:
/// the sign of a dot product is as likely one way as the other.
inline U192 dot_magnitude(const SplitVector& l, const std::int64_t* x) {
  const i128 rest = i128(l.r[0]) * x[0] + i128(l.r[1]) * x[1] + i128(l.r[2]) * x[2];
  const i128 hi = i128(l.h[0]) * x[0] + i128(l.h[1]) * x[1] + i128(l.h[2]) * x[2] + (rest >> 62);
  const u64 lo = u64(rest) & ((u64(1) << 62) - 1);  // rest − (rest >> 62)·2⁶², in [0, 2⁶²)
  const u64 m = u64(hi >> 127);                      // all ones when negative
  // (value XOR m) − m = |value|, limb by limb with the carry of the +1.
  u128 c = u128((lo | u64(hi) << 62) ^ m) + (m & 1);
  const u64 r0 = u64(c);
  c = (c >> 64) + (u64(hi >> 2) ^ m);
  const u64 r1 = u64(c);
  c = (c >> 64) + (u64(hi >> 66) ^ m);
  return {{r0, r1, u64(c)}};
}

/// a·m (a < 2¹⁹² and m < 2⁶⁴: below 2²⁵⁶).
inline U256 times(const U192& a, u64 m) {
  const u128 p0 = u128(a.w[0]) * m, p1 = u128(a.w[1]) * m, p2 = u128(a.w[2]) * m;
  u128 c = (p0 >> 64) + u64(p1);
  const u64 r1 = u64(c);
  c = (c >> 64) + (p1 >> 64) + u64(p2);
  const u64 r2 = u64(c);
  return {{u64(p0), r1, r2, u64(c >> 64) + u64(p2 >> 64)}};
}

/// a·2^s for 0 < s < 64 (a·2^s must stay below 2²⁵⁶).
inline U256 shifted_left(const U192& a, int s) {
  return {{a.w[0] << s, a.w[1] << s | a.w[0] >> (64 - s), a.w[2] << s | a.w[1] >> (64 - s), a.w[2] >> (64 - s)}};
}

/// a + b (the sum must stay below 2²⁵⁶).
inline U256 operator+(const U256& a, const U256& b) {
  U256 r;
  u128 c = 0;
  for (int k = 0; k < 4; ++k) {
    c += u128(a.w[k]) + b.w[k];
    r.w[k] = u64(c);
    c >>= 64;
  }
  return r;
}

/// −1, 0 or +1 as a < b, a = b, a > b.
inline int compare(const U256& a, const U256& b) {
  for (int k = 3; k >= 0; --k)
    if (a.w[k] != b.w[k]) return a.w[k] < b.w[k] ? -1 : 1;
  return 0;
}

/// |x| for a signed 64-bit x, as unsigned (|INT64_MIN| included).
inline u64 magnitude(std::int64_t x) { return x < 0 ? -u64(x) : u64(x); }

}  // namespace sepax::exact
