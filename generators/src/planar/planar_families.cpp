// The 2D rectangle families (planar.hpp). Only IEEE-exact operations, like
// every generator: rotations from the rational parametrisation
// ((1 − u²), 2u) / (1 + u²), the second axis perp(A0) = (−A0y, A0x) so that
// A0·A1 = 0 exactly.
//
// "touching" is exact for the stored numbers, built on an integer lattice:
// axes quantised to multiples of 2^-q, extents multiples of 1/4, centres on the
// lattice 2^-(q+2), so every corner is an integer combination and exact. B is
// placed with its corner extreme along −A0 (σi = −sign(A0·Bi), decided in
// 128-bit integers) on A's edge {A0·(x − C_A) = a0|A0|²}: then that line
// separates them weakly — the exact projections of A and B on A0 meet in one
// value — and the closed sets touch. With B's axes A's own (or turned by 90°)
// the contact is edge on edge. One pair in four is axis-aligned: its arithmetic
// is exact, so touching must be answered exactly (band 0).
#include "sepax/generators/planar.hpp"

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace sepax::gen {
namespace {

constexpr std::array<Family, 5> kPlanar{Family::random, Family::parallel_edges, Family::touching, Family::scale,
                                        Family::degenerate_shapes};

double to_scalar(double x, ScalarKind s) { return s == ScalarKind::float32 ? double(float(x)) : x; }

/// A unit vector from the rational parametrisation, u uniform in [−1, 1].
Vec2<double> direction(Source& src, ScalarKind s) {
  const double u = src.uniform(-1, 1), d = 1 + u * u;
  return {to_scalar((1 - u * u) / d, s), to_scalar(2 * u / d, s)};
}

Rect2<double> oriented(const Vec2<double>& center, const Vec2<double>& a0, double e0, double e1, ScalarKind s) {
  Rect2<double> r;
  r.center = {to_scalar(center[0], s), to_scalar(center[1], s)};
  r.axes = {a0, Vec2<double>(-a0[1], a0[0])};
  r.extents = {to_scalar(e0, s), to_scalar(e1, s)};
  return r;
}

Rect2<double> random_rect(Source& src, ScalarKind s) {
  return oriented({src.uniform(-2, 2), src.uniform(-2, 2)}, direction(src, s), src.uniform(0, 1.5),
                  src.uniform(0, 1.5), s);
}

// ---- the exact lattice of "touching" ----

using I = std::int64_t;
int quantum_bits(ScalarKind s) { return s == ScalarKind::float32 ? 18 : 40; }

struct LatticeRect {
  std::array<I, 2> center;  ///< numerators over 2^(q+2)
  std::array<I, 2> axis;    ///< A0 numerators over 2^q; A1 = (−A0y, A0x)
  std::array<I, 2> extent;  ///< numerators over 4
};

std::array<I, 2> quantised_direction(Source& src, ScalarKind, int q) {
  const Vec2<double> d = direction(src, ScalarKind::float64);
  return {I(std::nearbyint(std::ldexp(d[0], q))), I(std::nearbyint(std::ldexp(d[1], q)))};
}

/// The stored rectangle, or nothing when a number does not fit the scalar exactly.
std::optional<Rect2<double>> to_rect(const LatticeRect& r, ScalarKind s, int q) {
  const I limit = s == ScalarKind::float32 ? (I(1) << 24) : (I(1) << 53);
  for (I v : {r.center[0], r.center[1]})
    if (v >= limit || v <= -limit) return std::nullopt;
  Rect2<double> out;
  out.center = {std::ldexp(double(r.center[0]), -(q + 2)), std::ldexp(double(r.center[1]), -(q + 2))};
  const Vec2<double> a0(std::ldexp(double(r.axis[0]), -q), std::ldexp(double(r.axis[1]), -q));
  out.axes = {a0, Vec2<double>(-a0[1], a0[0])};
  out.extents = {double(r.extent[0]) / 4, double(r.extent[1]) / 4};
  return out;
}

RectPair touching_pair(Source& src, ScalarKind s, bool degenerate) {
  const int q = quantum_bits(s);
  for (;;) {
    LatticeRect a, b;
    // One pair in four axis-aligned (A0 = ±x or ±y): with B's axes A's or turned by 90°, every product of
    // the test is exact and the judge's band is 0, so a kernel must call these pairs touching exactly
    // (a `>=` for `>` is caught; with turned axes the band hides it).
    if (src.below(4) == 0) {
      const I unit = I(1) << q, sign = src.coin() ? 1 : -1;
      a.axis = src.coin() ? std::array<I, 2>{sign * unit, 0} : std::array<I, 2>{0, sign * unit};
    } else {
      a.axis = quantised_direction(src, s, q);
    }
    const auto extent = [&] { return I(src.below(degenerate ? 5 : 8)) + (degenerate ? 0 : 1); };  // 0..4 or 1..8
    a.extent = {extent(), extent()};
    b.extent = {extent(), extent()};
    if (degenerate && src.coin()) (src.coin() ? a : b).extent[src.below(2)] = 0;
    a.center = {I(src.below(65)) - 32, I(src.below(65)) - 32};
    for (I& c : a.center) c <<= q - 3;  // multiples of 1/32
    // B's axes: A's, A's turned by 90°, or a fresh direction.
    const std::uint64_t kind = src.below(3);
    b.axis = kind == 0 ? a.axis : kind == 1 ? std::array<I, 2>{-a.axis[1], a.axis[0]} : quantised_direction(src, s, q);
    const std::array<I, 2> a1{-a.axis[1], a.axis[0]}, b1{-b.axis[1], b.axis[0]};
    // σi = −sign(A0·Bi): B's corner extreme along −A0 (0 when parallel: any works).
    const auto sign = [](__int128 x) { return x > 0 ? 1 : x < 0 ? -1 : 0; };
    const int s0 = -sign(__int128(a.axis[0]) * b.axis[0] + __int128(a.axis[1]) * b.axis[1]);
    const int s1 = -sign(__int128(a.axis[0]) * b1[0] + __int128(a.axis[1]) * b1[1]);
    // The contact point X = C_A + a0·A0 + t·A1, t = T/4 with |t| ≤ a1.
    const I t = a.extent[1] == 0 ? 0 : I(src.below(std::uint64_t(2 * a.extent[1] + 1))) - a.extent[1];
    for (int k = 0; k < 2; ++k) {
      const I x = a.center[k] + a.extent[0] * a.axis[k] + t * a1[k];
      b.center[k] = x - (s0 == 0 ? 1 : s0) * b.extent[0] * b.axis[k] - (s1 == 0 ? 1 : s1) * b.extent[1] * b1[k];
    }
    const auto ra = to_rect(a, s, q), rb = to_rect(b, s, q);
    if (!ra || !rb) continue;
    // Unit within half the axis tolerance (the quantisation keeps it far closer).
    const double n = ra->axes[0].squaredNorm(), m = rb->axes[0].squaredNorm();
    if (std::abs(n - 1) > 0.5 * axis_tolerance(s) || std::abs(m - 1) > 0.5 * axis_tolerance(s)) continue;
    return src.coin() ? RectPair{*ra, *rb} : RectPair{*rb, *ra};
  }
}

RectPair parallel_pair(Source& src, ScalarKind s) {
  const Rect2<double> a = random_rect(src, s);
  // B with A's axes, or turned by 90°: every edge of B parallel to one of A.
  const Vec2<double> b0 = src.coin() ? a.axes[0] : a.axes[1];
  const double e0 = src.uniform(0, 1.5), e1 = src.uniform(0, 1.5);
  const double along = a.extents[0] + e0 + src.uniform(-0.5, 0.5), across = src.uniform(-2, 2);
  const Vec2<double> c = a.center + along * a.axes[0] + across * a.axes[1];
  return {a, oriented(c, b0, b0 == a.axes[0] ? e0 : e1, b0 == a.axes[0] ? e1 : e0, s)};
}

RectPair scaled_pair(Source& src, ScalarKind s) {
  RectPair p{random_rect(src, s), random_rect(src, s)};
  const int range = s == ScalarKind::float32 ? 30 : 200;
  const int e = int(src.below(std::uint64_t(2 * range + 1))) - range;
  for (Rect2<double>* r : {&p.a, &p.b}) {
    r->center = {std::ldexp(r->center[0], e), std::ldexp(r->center[1], e)};
    r->extents = {std::ldexp(r->extents[0], e), std::ldexp(r->extents[1], e)};
  }
  return p;
}

RectPair degenerate_pair(Source& src, ScalarKind s) {
  if (src.coin()) return touching_pair(src, s, true);
  RectPair p{random_rect(src, s), random_rect(src, s)};
  for (Rect2<double>* r : {&p.a, &p.b})
    if (src.coin()) r->extents[src.below(2)] = 0;
  if (src.below(4) == 0) p.b.extents = {0, 0};  // a point
  return p;
}

constexpr std::array<Family, 4> kPlanarMotion{Family::random, Family::parallel_edges, Family::touching,
                                              Family::scale};

bool representable(const Vec2<double>& v, ScalarKind s) {
  return to_scalar(v[0], s) == v[0] && to_scalar(v[1], s) == v[1];
}

/// A touching pair set in motion: B approaches along d = C_B − C_A and first
/// touches at t* = j/8 exactly; retried until every number is representable.
RectMotionCase touching_motion(Source& src, ScalarKind s) {
  for (;;) {
    const RectPair p = touching_pair(src, s, false);
    const Vec2<double> d = p.b.center - p.a.center;  // exact: both on the lattice
    const double t = double(1 + src.below(7)) / 8;
    const Vec2<double> start = p.b.center + t * d;  // B at u = 0
    if (!representable(d, s) || !representable(start, s) || !representable(t * d, s)) continue;
    if (start - t * d != p.b.center) continue;  // B at t* is exactly the touching position
    RectMotionCase m;
    m.a = p.a;
    m.b = p.b;
    m.b.center = start;
    m.motion.velocity_b = -d;
    m.motion.duration = 1;
    m.contact_time = t;
    return m;
  }
}

}  // namespace

std::span<const Family> planar_families() { return kPlanar; }

std::span<const Family> planar_motion_families() { return kPlanarMotion; }

RectMotionCase generate_rect_motion(Family family, ScalarKind scalar, Source& source) {
  if (family == Family::touching) return touching_motion(source, scalar);
  if (family != Family::random && family != Family::parallel_edges && family != Family::scale)
    throw std::invalid_argument("generate_rect_motion: family '" + std::string(to_string(family)) +
                                "' has no moving 2D rectangles (planar_motion_families() lists those that do)");
  const RectPair p = generate_rect_pair(family, scalar, source);
  RectMotionCase m;
  m.a = p.a;
  m.b = p.b;
  // Heading at A, 0.5 to 3 times the centres' distance over the frame, plus a
  // sideways part; A drifts in a third of the cases. Scaled with the pair.
  const Vec2<double> d = p.b.center - p.a.center;
  const Vec2<double> side(-d[1], d[0]);
  const Vec2<double> vb = -source.uniform(0.5, 3) * d + source.uniform(-2, 2) * side;
  m.motion.velocity_b = {to_scalar(vb[0], scalar), to_scalar(vb[1], scalar)};
  if (source.below(3) == 0) {
    const double size = p.a.extents[0] + p.a.extents[1];
    m.motion.velocity_a = {to_scalar(source.uniform(-1, 1) * size, scalar), to_scalar(source.uniform(-1, 1) * size, scalar)};
  }
  m.motion.duration = 1;
  return m;
}

RectPair generate_rect_pair(Family family, ScalarKind scalar, Source& source) {
  switch (family) {
    case Family::random: return {random_rect(source, scalar), random_rect(source, scalar)};
    case Family::parallel_edges: return parallel_pair(source, scalar);
    case Family::touching: return touching_pair(source, scalar, false);
    case Family::scale: return scaled_pair(source, scalar);
    case Family::degenerate_shapes: return degenerate_pair(source, scalar);
    default: break;
  }
  throw std::invalid_argument("generate_rect_pair: family '" + std::string(to_string(family)) +
                              "' has no 2D rectangles (planar_families() lists those that do)");
}

}  // namespace sepax::gen
