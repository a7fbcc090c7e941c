// The certified OBB–OBB kernel's wide-integer stage
// (obb_obb_wide_integers.hpp derives the bounds).
#include "certified/obb_obb_wide_integers.hpp"

#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <utility>

#include "certified/obb_obb_small_integers.hpp"
#include "exact/unsigned_256.hpp"

namespace sepax::obb_obb::certified {
namespace {

/// Does x·scale make an integer below `limit` in magnitude (into `out`)?
/// False for NaN and infinities. Exact scaling is the caller's to ensure
/// (scale ≥ 1 cannot underflow; below 1 it checks t·unscale = x itself).
/// Branch-free, so that a pair's 30 numbers cost one test at the end.
inline bool to_integer(double x, double scale, double limit, std::int64_t& out) {
  const double t = x * scale;
  const bool small = std::fabs(t) < limit;
  out = small ? static_cast<std::int64_t>(t) : 0;  // |t| < 2⁶²: defined
  return small & (double(out) == t);
}

/// 2^k for −1022 ≤ k ≤ 1023.
double power_of_two(int k) { return std::bit_cast<double>(std::uint64_t(1023 + k) << 52); }

template <class S>
bool load_pair(WideIntegers& w, const Obb3<S>& A, const Obb3<S>& B) {
  w.state = -1;
  bool ok = true;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) {
      ok &= to_integer(double(A.axes[i][k]), 0x1p60, 0x1p61, w.ax[3 * i + k]);
      ok &= to_integer(double(B.axes[i][k]), 0x1p60, 0x1p61, w.ax[9 + 3 * i + k]);
    }
  if (!ok) return false;
  const double lengths[12] = {double(A.extents[0]), double(A.extents[1]), double(A.extents[2]),
                              double(B.extents[0]), double(B.extents[1]), double(B.extents[2]),
                              double(A.center[0]),  double(A.center[1]),  double(A.center[2]),
                              double(B.center[0]),  double(B.center[1]),  double(B.center[2])};
  // The largest magnitude by comparisons (a NaN may be dropped here: it
  // fails in to_integer).
  double largest = 0;
  for (const double y : lengths) {
    const double m = std::fabs(y);
    largest = m > largest ? m : largest;
  }
  // |y| ≤ largest < 2^e, e the exponent field's value − 1022 (largest = 0:
  // any scale will do).
  const int e = largest > 0 ? int((std::bit_cast<std::uint64_t>(largest) >> 52) & 0x7ff) - 1022 : 0;
  if (e < -960 || e > 1020) return false;  // near subnormal (no such scale), or not finite
  const double scale = power_of_two(62 - e), unscale = power_of_two(e - 62);
  for (int k = 0; k < 12; ++k) ok &= to_integer(lengths[k], scale, 0x1p62, w.len[k]);
  // Scaled down (lengths of 2⁶² and more), a subnormal product can lose
  // bits or round to an integer (0): it must scale back exactly.
  if (e > 62)
    for (int k = 0; k < 12; ++k) ok &= double(w.len[k]) * unscale == lengths[k];
  if (!ok) return false;
  for (int k = 0; k < 3; ++k) w.d[k] = w.len[9 + k] - w.len[6 + k];  // |·| < 2⁶³
  w.state = 1;
  return true;
}

}  // namespace

bool load(WideIntegers& w, const Obb3<float>& a, const Obb3<float>& b) { return load_pair(w, a, b); }
bool load(WideIntegers& w, const Obb3<double>& a, const Obb3<double>& b) { return load_pair(w, a, b); }

namespace {

/// The exact sign of axis N's gap: the rows are constants, the loops straight-line.
template <int N>
int gap_sign(const WideIntegers& w) {
  constexpr AxisRows t = kAxisRows[N];
  const std::int64_t *u = w.ax + 3 * t.u, *v = w.ax + 3 * t.v;
  const auto product = [](std::int64_t p, std::int64_t q) { return exact::i128(p) * q; };
  const exact::i128 l[3] = {product(u[1], v[2]) - product(u[2], v[1]), product(u[2], v[0]) - product(u[0], v[2]),
                            product(u[0], v[1]) - product(u[1], v[0])};
  if ((l[0] | l[1] | l[2]) == 0) return 0;  // a zero axis: the gap is 0 − 0
  // G's positive part (the lead, and the radii of any negative extent) and
  // its negative part (the radii).
  const exact::SplitVector split(l);
  exact::U256 pos = exact::shifted_left(exact::dot_magnitude(split, w.d), 60), neg{};
#pragma GCC unroll 4
  for (int k = 0; k < 4; ++k) {
    const std::int64_t extent = w.len[t.r[k]];
    const exact::U256 term = exact::times(exact::dot_magnitude(split, w.ax + 3 * t.r[k]), exact::magnitude(extent));
    if (extent >= 0)
      neg = neg + term;
    else
      pos = pos + term;
  }
  return exact::compare(pos, neg);
}

template <std::size_t... N>
constexpr std::array<int (*)(const WideIntegers&), 15> gap_sign_table(std::index_sequence<N...>) {
  return {&gap_sign<int(N)>...};
}
constexpr auto kGapSign = gap_sign_table(std::make_index_sequence<15>{});

}  // namespace

int wide_integer_gap_sign(const WideIntegers& w, int n) { return kGapSign[n](w); }

}  // namespace sepax::obb_obb::certified
