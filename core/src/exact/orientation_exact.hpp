#pragma once
// The exact signs of the orientation predicates for double coordinates: the
// certified kernels' exact stage for a predicate their floating-point filter
// could not decide.
#include <cstdint>
#include <span>

#include "sepax/core/shapes/vec3.hpp"

namespace sepax::certified {

/// −1, 0 or +1: the sign of det(b − a, c − a, d − a), exactly. Finite input.
int orient3d_exact(const Vec3<double>& a, const Vec3<double>& b, const Vec3<double>& c, const Vec3<double>& d);

/// The doubles x as integers x·2⁻ᵉ of at most 61 bits, with one exponent e
/// for all: false (out untouched) when their exponents spread too far. A
/// caller that needs many predicates of the same points converts them once.
bool to_common_integers(std::span<const double> x, std::span<std::int64_t> out);
/// The same, and the exponent: x[k] = out[k]·2^exponent (0 when all are 0).
bool to_common_integers(std::span<const double> x, std::span<std::int64_t> out, int& exponent);

/// −1, 0 or +1: the sign of det(b − a, c − a, d − a) for points given as
/// to_common_integers' integers (|coordinate| < 2⁶¹), exactly.
int orient3d_integers(const std::int64_t* a, const std::int64_t* b, const std::int64_t* c, const std::int64_t* d);

/// The same for integers below 2⁴⁰ in magnitude (kSmallIntegerBits), in
/// plain __int128 arithmetic: a third of orient3d_integers' work.
inline constexpr int kSmallIntegerBits = 40;
int orient3d_small_integers(const std::int64_t* a, const std::int64_t* b, const std::int64_t* c,
                            const std::int64_t* d);

/// Six points (x, y, z each) as integers x·2^(kSmallIntegerBits − h) of
/// magnitude below 2^kSmallIntegerBits, 2^h the power of two just above
/// max |x|, when every one is an integer there (the points' bits span at
/// most kSmallIntegerBits binary orders, 2⁻⁹⁰⁰ ≤ max |x| < 2⁹⁰⁰, all
/// finite): returns 1, or 2 when moreover they span at most
/// kDoubleExactBits orders and 2⁻³⁰⁰ ≤ max |x| < 2³⁰⁰ (orient3d_in_double
/// and orient2d_in_double are then exact); else 0 (out unspecified;
/// to_common_integers may still convert them). No branch per number.
inline constexpr int kDoubleExactBits = 15;
int to_small_integers(const double (&x)[18], std::int64_t (&out)[18]);

namespace detail {
/// to_small_integers' copies (small_integers_lanes.hpp), for the tests that
/// hold both to the definition: two numbers a register (any x86-64), and
/// four (AVX2: call only when kCpuHasAvx2 is true).
int to_small_integers_baseline(const double (&x)[18], std::int64_t (&out)[18]);
int to_small_integers_avx2(const double (&x)[18], std::int64_t (&out)[18]);
}  // namespace detail

/// det(b − a, c − a, d − a) in double: e = b − a, f = c − a, n = e × f, then
/// n·(d − a) (the certified triangle filter's order). Exact when the points
/// are x = X·2^g with integers |X| < 2^kDoubleExactBits and 2^g ≥ 2⁻³¹⁴,
/// max |x| < 2³⁰⁰ (to_small_integers' 2): differences are multiples of 2^g
/// below 2^(16+g), products of two below 2^(32+2g), n's components below
/// 2^(33+2g), their products below 2^(49+3g), the sum below 3·2^(49+3g) <
/// 2^(51+3g) — every one a multiple of a power of two at least 2^(3g) ≥
/// 2⁻⁹⁴² with at most 53 significant bits, and below 2^(51+3·285) < 2¹⁰²³.
inline double orient3d_in_double(const double* a, const double* b, const double* c, const double* d) {
  const double e[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]}, f[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
  const double w[3] = {d[0] - a[0], d[1] - a[1], d[2] - a[2]};
  return (e[1] * f[2] - e[2] * f[1]) * w[0] + (e[2] * f[0] - e[0] * f[2]) * w[1] + (e[0] * f[1] - e[1] * f[0]) * w[2];
}
/// (b_x − a_x)(c_y − a_y) − (b_y − a_y)(c_x − a_x) in double: exact on the
/// same points (products below 2^(32+2g), the difference below 2^(33+2g)).
inline double orient2d_in_double(double ax, double ay, double bx, double by, double cx, double cy) {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/// −1, 0 or +1: the sign of (b_x − a_x)(c_y − a_y) − (b_y − a_y)(c_x − a_x)
/// for to_common_integers' integers (|coordinate| < 2⁶¹), exactly.
int orient2d_integers(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by, std::int64_t cx,
                      std::int64_t cy);

/// −1, 0 or +1: the sign of (b_x − a_x)(c_y − a_y) − (b_y − a_y)(c_x − a_x),
/// exactly, for the points given as {x, y}. Finite input.
int orient2d_exact(const double (&a)[2], const double (&b)[2], const double (&c)[2]);

}  // namespace sepax::certified
