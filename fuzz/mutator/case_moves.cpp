#include "case_moves.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "exact_moves.hpp"
#include "exact_shapes.hpp"
#include "exact_steps.hpp"
#include "sepax/harness/valid_case.hpp"

namespace sepax::fuzz {
namespace {

using V3 = Vec3<double>;

std::optional<MoveReport> snap_to_grid(FuzzCase& c, gen::Source& rng) {
  MoveReport r;
  r.move = Move::snap_to_grid;
  const int bits = 1 + int(rng.below(c.scalar == ScalarKind::float32 ? 20 : 44));
  const auto e = exact::snap_scene(c, bits);
  if (!e) return std::nullopt;
  r.exponent = *e;
  double vmax = 0;
  for (double* v : exact::velocities(c)) vmax = std::max(vmax, std::abs(*v));
  if (vmax > 0) {
    r.velocity_exponent = std::ilogb(vmax) - bits + 1;
    for (double* v : exact::velocities(c)) *v = exact::snap(*v, r.velocity_exponent);
  }
  return r;
}

std::optional<MoveReport> scale(FuzzCase& c, gen::Source& rng) {
  MoveReport r;
  r.move = Move::scale;
  const int range = c.scalar == ScalarKind::float32 ? 12 : 40;
  r.exponent = int(rng.below(2 * range)) - range;
  if (r.exponent >= 0) ++r.exponent;  // never 0
  const double limit = std::ldexp(1.0, max_exponent(c.scalar));
  std::vector<double*> all = exact::positions(c);
  for (auto* list : {&exact::extents, &exact::velocities})
    for (double* v : (*list)(c)) all.push_back(v);
  for (double* v : all) {
    const double scaled = std::ldexp(*v, r.exponent);
    // Exact (no overflow, no subnormal rounding) and within the magnitudes decoded inputs keep.
    if (std::ldexp(scaled, -r.exponent) != *v || !exact::fits(scaled, c.scalar) || std::abs(scaled) > limit)
      return std::nullopt;
    *v = scaled;
  }
  return r;
}

std::optional<MoveReport> translate_far(FuzzCase& c, gen::Source& rng) {
  MoveReport r;
  r.move = Move::translate_far;
  const double m = exact::scene_magnitude(c);
  const int lo = (m > 0 ? std::ilogb(m) : 0) + 4;
  const int hi = max_exponent(c.scalar) - 4;
  if (lo > hi) return std::nullopt;
  const int nonzero = int(rng.below(3));  // at least one coordinate moves
  for (int k = 0; k < 3; ++k)
    if (k == nonzero || rng.coin())
      r.offset[k] = (rng.coin() ? -1 : 1) * std::ldexp(1 + double(rng.below(4)) / 4, lo + int(rng.below(hi - lo + 1)));
  for (V3* p : positions(c.pair))
    for (int k = 0; k < 3; ++k) (*p)[k] = exact::rounded((*p)[k] + r.offset[k], c.scalar);
  return r;
}

/// obb_obb, tri_tri: A and B exchanged (with their velocities). tri_obb, whose
/// shapes differ: the triangle's vertices rotated (a = 0) or reversed (1), or
/// the box's axes rotated with their extents (2).
std::optional<MoveReport> swap_shapes(FuzzCase& c, gen::Source& rng) {
  MoveReport r;
  r.move = Move::swap_shapes;
  ShapePair& p = c.pair;
  if (p.query == Query::tri_obb) {
    r.a = int(rng.below(3));
    auto& v = p.tri_a.vertices;
    auto& b = p.obb_b;
    if (r.a == 0) std::rotate(v.begin(), v.begin() + 1, v.end());
    if (r.a == 1) std::swap(v[1], v[2]);
    if (r.a == 2) {
      std::rotate(b.axes.begin(), b.axes.begin() + 1, b.axes.end());
      std::rotate(b.extents.begin(), b.extents.begin() + 1, b.extents.end());
    }
    return r;
  }
  std::swap(p.obb_a, p.obb_b);
  std::swap(p.tri_a, p.tri_b);
  if (c.motion) std::swap(c.motion->velocity_a, c.motion->velocity_b);
  return r;
}

/// Feature f (0..5) of the pair as a direction: A's (f < 3) or B's axis f % 3
/// for a box, edge f % 3 for a triangle (exact difference); nullopt when the
/// edge's difference rounds.
std::optional<V3> feature(const FuzzCase& c, int f) {
  const ShapePair& p = c.pair;
  const bool of_b = f >= 3;
  const int i = f % 3;
  const bool box = p.query == Query::obb_obb || (p.query == Query::tri_obb && of_b);
  if (box) return (of_b ? p.obb_b : p.obb_a).axes[i];
  const Triangle3d& t = of_b ? p.tri_b : p.tri_a;
  V3 d;
  if (!exact::difference(t.vertices[i], t.vertices[(i + 1) % 3], c.scalar, d)) return std::nullopt;
  return d;
}

/// velocity_a := 0 and velocity_b := sign·2^power·(a feature's direction),
/// sized to cover about the scene over [0, T]: motion parallel to a face or an
/// edge (a = 1 + the feature); or velocity_b := velocity_a, no relative motion (a = 0).
std::optional<MoveReport> motion_along(FuzzCase& c, gen::Source& rng) {
  if (!c.motion) return std::nullopt;
  MoveReport r;
  r.move = Move::motion_along;
  LinearMotiond& m = *c.motion;
  if (rng.below(7) == 0) {
    r.a = 0;
    m.velocity_b = m.velocity_a;
    return r;
  }
  r.a = 1 + int(rng.below(6));
  const auto d = feature(c, r.a - 1);
  if (!d || *d == V3::Zero()) return std::nullopt;
  r.sign = rng.coin() ? 1 : -1;
  const double reach = exact::scene_magnitude(c);
  r.power = (reach > 0 ? std::ilogb(reach) : 0) - (m.duration > 0 ? std::ilogb(m.duration) : 0) - std::ilogb(d->cwiseAbs().maxCoeff()) +
            int(rng.below(3)) - 1;
  const double f = r.sign * std::ldexp(1.0, r.power);
  if (!std::isnormal(f)) return std::nullopt;
  for (int k = 0; k < 3; ++k)
    if (!exact::mul(f, (*d)[k], m.velocity_b[k], c.scalar)) return std::nullopt;
  m.velocity_a = V3::Zero();
  return r;
}

constexpr std::array kMoves{Move::snap_to_grid, Move::parallel, Move::nearly_parallel, Move::onto_plane,
                            Move::scale,        Move::translate_far, Move::swap_shapes, Move::motion_along};

}  // namespace

std::string_view to_string(Move move) {
  switch (move) {
    case Move::snap_to_grid: return "snap-to-grid";
    case Move::parallel: return "parallel";
    case Move::nearly_parallel: return "nearly-parallel";
    case Move::onto_plane: return "onto-plane";
    case Move::scale: return "scale";
    case Move::translate_far: return "translate-far";
    case Move::swap_shapes: return "swap-shapes";
    case Move::motion_along: return "motion-along";
  }
  return "?";
}

std::span<const Move> all_moves() { return kMoves; }

std::optional<MoveReport> apply_move(Move move, FuzzCase& c, gen::Source& rng) {
  FuzzCase work = c;
  std::optional<MoveReport> r;
  switch (move) {
    case Move::snap_to_grid: r = snap_to_grid(work, rng); break;
    case Move::parallel: r = detail::parallel_move(work, rng, false); break;
    case Move::nearly_parallel: r = detail::parallel_move(work, rng, true); break;
    case Move::onto_plane: r = detail::onto_plane_move(work, rng); break;
    case Move::scale: r = scale(work, rng); break;
    case Move::translate_far: r = translate_far(work, rng); break;
    case Move::swap_shapes: r = swap_shapes(work, rng); break;
    case Move::motion_along: r = motion_along(work, rng); break;
  }
  if (!r || !harness::valid_case(work.pair, work.motion, work.scalar) || !within_magnitude(work)) return std::nullopt;
  work.family = "explicit";
  c = std::move(work);
  return r;
}

}  // namespace sepax::fuzz
