// parallel and nearly_parallel (case_moves.hpp): B's axis or edge made an
// exact multiple of one of A's, then (nearly) one coordinate one ulp off —
// the parallel-edges, near-parallel and ultra-parallel families' structure,
// where a SAT kernel's cross-product axes vanish or are pure rounding.
#include <cmath>
#include <limits>

#include "exact_moves.hpp"
#include "exact_shapes.hpp"
#include "exact_steps.hpp"

namespace sepax::fuzz::detail {
namespace {

using V3 = Vec3<double>;

/// B's frame from A's: B_j = s·A_i exactly, the other two A's others turned
/// by an angle about A_i (exact copies for 0 and a quarter turn).
void share_axis(const Obb3d& a, Obb3d& b, int i, int j, int s, gen::Source& rng, ScalarKind scalar) {
  const V3 u = double(s) * a.axes[i];
  const V3& a1 = a.axes[(i + 1) % 3];
  const V3& a2 = a.axes[(i + 2) % 3];
  V3 v, w;
  switch (rng.below(4)) {
    case 0: v = a1, w = double(s) * a2; break;   // every axis shared
    case 1: v = a2, w = double(-s) * a1; break;  // a quarter turn
    default: {                           // any angle, or a tiny one
      const double theta = rng.coin() ? rng.uniform(-M_PI, M_PI) : std::ldexp(rng.uniform(-1, 1), -int(rng.below(30)));
      for (int c = 0; c < 3; ++c) v[c] = exact::rounded(std::cos(theta) * a1[c] + std::sin(theta) * a2[c], scalar);
      const V3 cross = u.cross(v);
      for (int c = 0; c < 3; ++c) w[c] = exact::rounded(cross[c], scalar);
    }
  }
  b.axes[j] = u;
  b.axes[(j + 1) % 3] = v;
  b.axes[(j + 2) % 3] = w;
}

/// The smallest grid exponent over d's nonzero coordinates.
int finest_grid(const V3& d) {
  int g = std::numeric_limits<int>::max();
  for (int c = 0; c < 3; ++c) g = std::min(g, grid_exponent(d[c]));
  return g;
}

/// end = start + f·d exactly, `start` snapped to f·d's grid first when the
/// plain sum is not exact (a move of at most half that grid step).
bool exact_end(V3& start, double f, const V3& d, ScalarKind scalar, V3& end) {
  if (exact::add_scaled(start, f, d, scalar, end)) return true;
  V3 fd;
  for (int c = 0; c < 3; ++c)
    if (!exact::mul(f, d[c], fd[c], scalar)) return false;
  const int g = finest_grid(fd);
  if (g == std::numeric_limits<int>::max()) return false;
  V3 snapped;
  for (int c = 0; c < 3; ++c) {
    snapped[c] = exact::snap(start[c], g);
    if (!exact::fits(snapped[c], scalar)) return false;
  }
  if (!exact::add_scaled(snapped, f, d, scalar, end)) return false;
  start = snapped;
  return true;
}

/// 2^k with |2^k·d| about `length` (±1 step at random); 1 when either is 0.
int power_for(double length, double d_norm, gen::Source& rng) {
  if (length == 0 || d_norm == 0 || !std::isfinite(length) || !std::isfinite(d_norm)) return 0;
  return std::ilogb(length) - std::ilogb(d_norm) + int(rng.below(3)) - 1;
}

}  // namespace

int grid_exponent(double x) {
  if (x == 0 || !std::isfinite(x)) return std::numeric_limits<int>::max();
  int e;
  const double m = std::frexp(std::abs(x), &e);  // x = m·2^e, m in [0.5, 1)
  auto n = static_cast<std::uint64_t>(std::ldexp(m, 53));
  int zeros = 0;
  while ((n & 1u) == 0) n >>= 1, ++zeros;
  return e - 53 + zeros;
}

std::optional<MoveReport> parallel_move(FuzzCase& c, gen::Source& rng, bool nearly) {
  const ScalarKind scalar = c.scalar;
  MoveReport r;
  r.move = nearly ? Move::nearly_parallel : Move::parallel;
  r.a = int(rng.below(3));
  r.b = int(rng.below(3));
  r.sign = rng.coin() ? 1 : -1;
  r.component = int(rng.below(3));
  r.up = rng.coin();
  ShapePair& p = c.pair;
  double* nudged = nullptr;  // the coordinate nearly_parallel moves
  switch (p.query) {
    case Query::obb_obb:
      share_axis(p.obb_a, p.obb_b, r.a, r.b, r.sign, rng, scalar);
      nudged = &p.obb_b.axes[r.b][r.component];
      break;
    case Query::tri_obb: {  // triangle edge a = sign·2^power·box axis b
      V3& start = p.tri_a.vertices[r.a];
      V3& end = p.tri_a.vertices[(r.a + 1) % 3];
      const V3& axis = p.obb_b.axes[r.b];
      // Sizes by the largest coordinate: a norm of subnormal coordinates underflows to 0.
      double length = (end - start).cwiseAbs().maxCoeff();
      if (length == 0) length = std::max({p.obb_b.extents[0], p.obb_b.extents[1], p.obb_b.extents[2], 1.0});
      r.power = power_for(length, axis.cwiseAbs().maxCoeff(), rng);
      if (!std::isnormal(std::ldexp(1.0, r.power))) return std::nullopt;
      if (!exact_end(start, r.sign * std::ldexp(1.0, r.power), axis, scalar, end)) {
        // Fine axis components put the sum beyond the scalar: the box's
        // axes onto the lattice, and again.
        if (!exact::quantise_box(p.obb_b, scalar) ||
            !exact_end(start, r.sign * std::ldexp(1.0, r.power), axis, scalar, end))
          return std::nullopt;
      }
      nudged = &end[r.component];
      break;
    }
    case Query::tri_tri: {  // B's edge b = sign·2^power·A's edge a
      const auto edge = [&](V3& d) {
        return exact::difference(p.tri_a.vertices[r.a], p.tri_a.vertices[(r.a + 1) % 3], scalar, d) && d != V3::Zero();
      };
      V3 d;
      if (!edge(d)) {  // an edge that rounds: the scene onto a grid where differences are exact
        if (!exact::snap_scene(c, scalar == ScalarKind::float32 ? 20 : 40) || !edge(d)) return std::nullopt;
      }
      V3& start = p.tri_b.vertices[r.b];
      V3& end = p.tri_b.vertices[(r.b + 1) % 3];
      r.power = power_for((end - start).cwiseAbs().maxCoeff(), d.cwiseAbs().maxCoeff(), rng);
      if (!std::isnormal(std::ldexp(1.0, r.power))) return std::nullopt;
      if (!exact_end(start, r.sign * std::ldexp(1.0, r.power), d, scalar, end)) return std::nullopt;
      nudged = &end[r.component];
      break;
    }
  }
  if (nearly) *nudged = exact::next(*nudged, r.up, scalar);
  return r;
}

}  // namespace sepax::fuzz::detail
