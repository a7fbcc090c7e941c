// orient3d_exact and orient2d_exact (orientation_exact.hpp). Every double is
// an integer times a power of two; scaled by the smallest such power among
// the predicate's coordinates, all become integers of at most `bits` bits,
// and the determinant of their differences — a polynomial of degree 3 (2),
// whose sign the positive scale does not change — is computed in integers
// of three widths. orient3d: Differences take bits + 1 bits, products of three
// 3·bits + 3, the sum of six 3·bits + 6.
//  - bits ≤ 61 (float input, and double input within a few binary orders of
//    magnitude): 64-bit coordinates, 128-bit 2×2 minors (≤ 2¹²⁵), and the
//    three products minor × difference accumulated as H·2⁶⁴ + L — machine
//    integers, ~100 ns with the conversion (Boost's generic fixed-width
//    integers took 530–650 ns).
//  - bits ≤ 168: Boost.Multiprecision's 512-bit cpp_int (no allocation).
//  - wider spreads (coordinates from 2⁻¹⁰⁰ to 2¹⁰⁰): GMP rationals.
// orient2d: products of two 62-bit differences fit 128 bits (bits ≤ 61),
// else GMP rationals. For a pair's six points converted once
// (to_common_integers, to_small_integers), the determinants of those
// integers: orient3d_small_integers (below 2⁴⁰: plain __int128), else
// orient3d_integers (the carries above).
#include "exact/orientation_exact.hpp"

#include <array>
#include <bit>
#include <boost/multiprecision/cpp_int.hpp>
#include <climits>
#include <cmath>
#include <cstdint>

#include "exact/rational_vec.hpp"
#include "exact/small_integers_lanes.hpp"
#include "sepax/core/numeric/lanes3.hpp"  // kCpuHasAvx2

namespace sepax::certified {
namespace {

constexpr int kMachineBits = 61;
constexpr int kWideBits = 168;

/// x = m · 2^e with m odd (x ≠ 0, finite), from the IEEE fields.
struct Dyadic {
  std::int64_t m = 0;
  int e = 0;
};

Dyadic dyadic(double x) {
  const auto bits = std::bit_cast<std::uint64_t>(x);
  const int field = int((bits >> 52) & 0x7ff);
  std::uint64_t m = bits & ((std::uint64_t(1) << 52) - 1);
  int e = -1074;  // subnormal: m · 2⁻¹⁰⁷⁴
  if (field != 0) {
    m |= std::uint64_t(1) << 52;
    e = field - 1075;
  }
  const int zeros = std::countr_zero(m);
  const auto odd = static_cast<std::int64_t>(m >> zeros);
  return {(bits >> 63) ? -odd : odd, e + zeros};
}

using i128 = __int128;

/// det(b − a, c − a, d − a) for integers of at most 61 bits: minors in 128
/// bits, each product minor × difference split as (hi·2⁶⁴ + lo)·d and
/// accumulated as H·2⁶⁴ + L with 0 ≤ L < 2⁶⁴ after each carry.
int det_sign_machine(const std::array<std::int64_t, 12>& v) {
  const std::int64_t bx = v[3] - v[0], by = v[4] - v[1], bz = v[5] - v[2];
  const std::int64_t cx = v[6] - v[0], cy = v[7] - v[1], cz = v[8] - v[2];
  const std::int64_t dx = v[9] - v[0], dy = v[10] - v[1], dz = v[11] - v[2];
  const i128 minors[3] = {i128(cy) * dz - i128(cz) * dy, i128(cz) * dx - i128(cx) * dz, i128(cx) * dy - i128(cy) * dx};
  const std::int64_t factors[3] = {bx, by, bz};
  i128 high = 0;
  unsigned __int128 low = 0;
  constexpr unsigned __int128 kMask = ~std::uint64_t(0);
  for (int k = 0; k < 3; ++k) {
    const i128 hi = minors[k] >> 64;  // floor: minor = hi·2⁶⁴ + lo, 0 ≤ lo < 2⁶⁴
    const auto lo = static_cast<std::uint64_t>(minors[k]);
    high += hi * factors[k];
    const i128 part = i128(lo) * factors[k];  // |part| < 2¹²⁶
    high += part >> 64;
    low += static_cast<std::uint64_t>(part);
  }
  high += i128(low >> 64);
  low &= kMask;
  if (high != 0) return high > 0 ? 1 : -1;
  return low != 0 ? 1 : 0;
}

template <class T>
int det_sign(const std::array<T, 12>& v) {
  // Points a = v[0..2], b = v[3..5], c = v[6..8], d = v[9..11].
  const T bx = v[3] - v[0], by = v[4] - v[1], bz = v[5] - v[2];
  const T cx = v[6] - v[0], cy = v[7] - v[1], cz = v[8] - v[2];
  const T dx = v[9] - v[0], dy = v[10] - v[1], dz = v[11] - v[2];
  const T det = bx * (cy * dz - cz * dy) + by * (cz * dx - cx * dz) + bz * (cx * dy - cy * dx);
  return det.sign();
}

/// The predicate's coordinates as integers x / 2^lowest of at most `bits`
/// bits (bits = 0: all zero).
template <std::size_t N>
struct Scaled {
  std::array<Dyadic, N> q{};
  int lowest = INT_MAX;
  int bits = 0;

  explicit Scaled(const std::array<double, N>& x) {
    int highest = INT_MIN;
    for (std::size_t k = 0; k < N; ++k) {
      if (x[k] == 0) continue;
      q[k] = dyadic(x[k]);
      const int width = std::bit_width(static_cast<std::uint64_t>(q[k].m < 0 ? -q[k].m : q[k].m));
      lowest = std::min(lowest, q[k].e);
      highest = std::max(highest, q[k].e + width);
    }
    bits = lowest == INT_MAX ? 0 : highest - lowest;
  }
  template <class Int>
  std::array<Int, N> integers() const {
    std::array<Int, N> v{};
    for (std::size_t k = 0; k < N; ++k)
      if (q[k].m != 0) v[k] = Int(q[k].m) << (q[k].e - lowest);
    return v;
  }
};

template <class T, std::size_t N>
std::array<Rational, N> rationals(const std::array<T, N>& x) {
  std::array<Rational, N> v;
  for (std::size_t k = 0; k < N; ++k) v[k] = Rational(x[k]);
  return v;
}

/// 2^k for −1022 ≤ k ≤ 1023.
inline double power_of_two(int k) { return std::bit_cast<double>(std::uint64_t(1023 + k) << 52); }

/// to_common_integers by scaling instead of field extraction, for finite x
/// with 2⁻⁹⁰⁰ ≤ max |x| < 2⁹⁰⁰ (else −1: the caller takes the general
/// code). With |x| < 2^h (h from max |x|'s exponent), t = x·2^(61−h) is
/// |t| < 2⁶¹ and exact unless it falls below 2⁻¹⁰²² (then |t| < 1: never an
/// integer, a nonzero x that rounds to 0 included). Every t is an integer
/// exactly when the lowest set bit among the x is at or above 2^(h−61), the
/// condition highest − lowest ≤ 61 of the general code; then the shared
/// trailing zeros are divided out, giving its integers and exponent.
/// Returns 1 (converted), 0 (spread too wide) or −1. No branch per number.
/// N: the count when known at compile time (18 for a triangle pair: the
/// loops unrolled), else 0 and x.size().
template <std::size_t N>
int common_integers_scaled(std::span<const double> x, std::span<std::int64_t> out, int& exponent) {
  const std::size_t n = N ? N : x.size();
  double m = 0;
  bool in_range = true;
#pragma GCC unroll 18
  for (std::size_t k = 0; k < n; ++k) {
    const double a = std::fabs(x[k]);
    in_range &= a < 0x1p900;  // NaN: false
    m = a > m ? a : m;
  }
  if (!in_range || (m < 0x1p-900 && m != 0)) return -1;
  if (m == 0) {
    for (std::size_t k = 0; k < n; ++k) out[k] = 0;
    exponent = 0;
    return 1;
  }
  const int highest = int((std::bit_cast<std::uint64_t>(m) >> 52) & 0x7ff) - 1022;  // m < 2^highest
  const double scale = power_of_two(kMachineBits - highest);
  // Zeroed for GCC's sake (-Wmaybe-uninitialized): with n not a constant it
  // cannot see that the loop below writes every t[k] the next one reads; for
  // N = 18 the stores are dead and go.
  std::int64_t t[18]{};
  std::uint64_t any = 0;
  bool integers = true;
#pragma GCC unroll 18
  for (std::size_t k = 0; k < n; ++k) {
    const double s = x[k] * scale;
    t[k] = static_cast<std::int64_t>(s);  // |s| < 2⁶¹: defined
    integers &= (double(t[k]) == s) & ((s != 0) | (x[k] == 0));
    any |= static_cast<std::uint64_t>(t[k]);
  }
  if (!integers) return 0;
  const int zeros = std::countr_zero(any);  // any ≠ 0: m ≥ 2⁻⁹⁰⁰ scales to ≥ 2⁶⁰
#pragma GCC unroll 18
  for (std::size_t k = 0; k < n; ++k) out[k] = t[k] >> zeros;  // exact: every t[k] has the zeros
  exponent = highest - kMachineBits + zeros;
  return 1;
}

}  // namespace

bool to_common_integers(std::span<const double> x, std::span<std::int64_t> out) {
  int exponent = 0;
  return to_common_integers(x, out, exponent);
}

bool to_common_integers(std::span<const double> x, std::span<std::int64_t> out, int& exponent) {
  constexpr std::size_t kMax = 18;
  if (x.size() > kMax || out.size() < x.size()) return false;
  const int scaled =
      x.size() == 18 ? common_integers_scaled<18>(x, out, exponent) : common_integers_scaled<0>(x, out, exponent);
  if (scaled >= 0) return scaled == 1;
  Dyadic q[kMax];
  int lowest = INT_MAX, highest = INT_MIN;
  for (std::size_t k = 0; k < x.size(); ++k) {
    if (x[k] == 0) continue;
    q[k] = dyadic(x[k]);
    const int width = std::bit_width(static_cast<std::uint64_t>(q[k].m < 0 ? -q[k].m : q[k].m));
    lowest = std::min(lowest, q[k].e);
    highest = std::max(highest, q[k].e + width);
  }
  if (lowest != INT_MAX && highest - lowest > kMachineBits) return false;
  for (std::size_t k = 0; k < x.size(); ++k) out[k] = q[k].m == 0 ? 0 : q[k].m << (q[k].e - lowest);
  exponent = lowest == INT_MAX ? 0 : lowest;
  return true;
}

int to_small_integers(const double (&x)[18], std::int64_t (&out)[18]) {
#if defined(__x86_64__)
  if (kCpuHasAvx2) return detail::to_small_integers_avx2(x, out);
#endif
  return detail::to_small_integers_lanes<2>(x, out);
}

namespace detail {
int to_small_integers_baseline(const double (&x)[18], std::int64_t (&out)[18]) {
  return to_small_integers_lanes<2>(x, out);
}
}  // namespace detail

int orient3d_integers(const std::int64_t* a, const std::int64_t* b, const std::int64_t* c, const std::int64_t* d) {
  return det_sign_machine({a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2], d[0], d[1], d[2]});
}

int orient3d_small_integers(const std::int64_t* a, const std::int64_t* b, const std::int64_t* c,
                            const std::int64_t* d) {
  // Differences below 2⁴¹, minors below 2·2⁸² = 2⁸³, products below 2¹²⁴,
  // their sum below 3·2¹²⁴ < 2¹²⁷: no partial sum leaves __int128.
  const std::int64_t bx = b[0] - a[0], by = b[1] - a[1], bz = b[2] - a[2];
  const std::int64_t cx = c[0] - a[0], cy = c[1] - a[1], cz = c[2] - a[2];
  const std::int64_t dx = d[0] - a[0], dy = d[1] - a[1], dz = d[2] - a[2];
  const i128 det = (i128(cy) * dz - i128(cz) * dy) * bx + (i128(cz) * dx - i128(cx) * dz) * by +
                   (i128(cx) * dy - i128(cy) * dx) * bz;
  return det > 0 ? 1 : (det < 0 ? -1 : 0);
}

int orient2d_integers(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by, std::int64_t cx,
                      std::int64_t cy) {
  const i128 l = i128(bx - ax) * (cy - ay), r = i128(by - ay) * (cx - ax);
  return l > r ? 1 : (l < r ? -1 : 0);
}

int orient3d_exact(const Vec3<double>& a, const Vec3<double>& b, const Vec3<double>& c, const Vec3<double>& d) {
  const std::array<double, 12> x = {a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2], d[0], d[1], d[2]};
  const Scaled<12> s(x);
  if (s.bits == 0) return 0;  // four times the origin
  if (s.bits <= kMachineBits) return det_sign_machine(s.integers<std::int64_t>());
  if (s.bits <= kWideBits) return det_sign(s.integers<boost::multiprecision::int512_t>());
  return det_sign(rationals(x));
}

int orient2d_exact(const double (&a)[2], const double (&b)[2], const double (&c)[2]) {
  const std::array<double, 6> x = {a[0], a[1], b[0], b[1], c[0], c[1]};
  const Scaled<6> s(x);
  const auto sign = [](const auto& v) {
    using T = std::decay_t<decltype(v[0])>;
    const T l = T(v[2] - v[0]) * T(v[5] - v[1]), r = T(v[3] - v[1]) * T(v[4] - v[0]);
    return l > r ? 1 : (l < r ? -1 : 0);
  };
  if (s.bits == 0) return 0;
  if (s.bits <= kMachineBits) {
    const auto v = s.integers<std::int64_t>();
    return orient2d_integers(v[0], v[1], v[2], v[3], v[4], v[5]);
  }
  return sign(rationals(x));
}

}  // namespace sepax::certified
