#include "sepax/harness/explain/grow.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <random>

#include <Eigen/Geometry>

#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/moving_judgement.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::harness {
namespace {

using V = Vec3<double>;

class Mover {
 public:
  explicit Mover(std::uint64_t seed) : rng_(seed) {}

  double uniform() { return double(rng_() >> 11) * 0x1p-53; }
  V direction() {
    V v;
    do v = V(2 * uniform() - 1, 2 * uniform() - 1, 2 * uniform() - 1);
    while (v.squaredNorm() > 1 || v.squaredNorm() < 1e-6);
    return v.normalized();
  }
  int pick(int n) { return int(rng_() % std::uint64_t(n)); }

  /// Turns a frame by `angle` about a random axis, re-orthonormalised.
  /// Turns a frame by `angle` about a random axis or, half the time, about
  /// one of its own axes (which keeps that axis, and so an edge parallel to
  /// it, where it is), re-orthonormalised.
  void turn(std::array<V, 3>& axes, double angle) {
    Eigen::Matrix3d r;
    for (int i = 0; i < 3; ++i) r.col(i) = axes[i];
    const V about = pick(2) ? direction() : V(axes[pick(3)].normalized() * (pick(2) ? 1 : -1));
    const Eigen::Matrix3d turned = Eigen::AngleAxisd(angle, about).toRotationMatrix() * r;
    const Eigen::Matrix3d clean = Eigen::Quaterniond(turned).normalized().toRotationMatrix();
    for (int i = 0; i < 3; ++i) axes[i] = clean.col(i);
  }
  void turn(Triangle3d& t, double angle) {
    const V c = (t.vertices[0] + t.vertices[1] + t.vertices[2]) / 3;
    const Eigen::Matrix3d r = Eigen::AngleAxisd(angle, direction()).toRotationMatrix();
    for (V& v : t.vertices) v = c + r * (v - c);
  }

 private:
  std::mt19937_64 rng_;
};

V centre(const ShapePair& p, bool a) {
  if (p.query == Query::obb_obb) return a ? p.obb_a.center : p.obb_b.center;
  if (a || p.query == Query::tri_tri) {
    const Triangle3d& t = a ? p.tri_a : p.tri_b;
    return (t.vertices[0] + t.vertices[1] + t.vertices[2]) / 3;
  }
  return p.obb_b.center;
}

/// The kinds of move; each adapts its own step (a turn is bounded by the
/// angle a degenerate structure tolerates, an extent is not).
constexpr int kMoveKinds = 5;

/// One random move of kind `what` and step sigma on a copy of (pair, motion).
void move(Mover& m, int what, ShapePair& p, std::optional<LinearMotiond>& motion, double sigma, double size) {
  const bool shape_a = m.pick(2) == 0;
  const bool a_tri = p.query != Query::obb_obb, b_tri = p.query == Query::tri_tri;
  const bool tri = shape_a ? a_tri : b_tri;
  Obb3d& box = shape_a ? p.obb_a : p.obb_b;
  Triangle3d& t = shape_a ? p.tri_a : p.tri_b;
  V shift = sigma * size * m.direction();
  if (what == 1) {
    // Along the line between the shapes: apart or together.
    const V line = centre(p, false) - centre(p, true);
    if (line.norm() > 0) shift = (m.pick(2) ? 1 : -1) * sigma * size * line.normalized();
  }
  switch (what) {
    case 0:
    case 1:
      if (tri)
        for (V& v : t.vertices) v += shift;
      else
        box.center += shift;
      break;
    case 2:
      if (tri)
        m.turn(t, sigma);
      else
        m.turn(box.axes, sigma);
      break;
    case 3:
      if (tri)
        t.vertices[m.pick(3)] += shift;
      else {
        const int k = m.pick(3);
        box.extents[k] = std::max(0.0, box.extents[k] * (1 + (m.pick(2) ? sigma : -sigma)));
      }
      break;
    default: {
      const double speed = std::max({motion->velocity_a.norm(), motion->velocity_b.norm(), 1e-300});
      (shape_a ? motion->velocity_a : motion->velocity_b) += sigma * speed * m.direction();
    }
  }
}

int rank(oracle::Class c) { return c == oracle::Class::gross ? 2 : c == oracle::Class::ok ? 0 : 1; }

}  // namespace

Grown grow_disagreement(const KernelInfo& kernel, const ShapePair& pair, const std::optional<LinearMotiond>& motion,
                        const Disagreement& start, std::size_t budget, std::uint64_t seed) {
  Grown g{pair, motion, start, 0, 0};
  if (start.agrees() || start.kind == "threw" || !std::isfinite(start.severity)) return g;
  const double size = oracle::reference_length(pair);
  if (!(size > 0) || !std::isfinite(size)) return g;
  const double floor = 8 * unit_roundoff(kernel.scalar);
  std::array<double, kMoveKinds> sigmas;
  sigmas.fill(std::max(4 * start.severity, floor));
  std::array<int, kMoveKinds> misses{}, at_floor{};
  Mover mover(seed);
  while (g.tried < budget) {
    ShapePair p = g.pair;
    std::optional<LinearMotiond> m = g.motion;
    const int what = mover.pick(m ? kMoveKinds : kMoveKinds - 1);
    double& sigma = sigmas[what];
    move(mover, what, p, m, sigma, size);
    p = rounded_to(p, kernel.scalar);
    if (m) m = rounded_to(*m, kernel.scalar);
    ++g.tried;
    const std::optional<Disagreement> d = read_disagreement(kernel, p, m);
    // Worse: the same kind, and a worse class (a boundary verdict turned
    // gross) or the same class further from the exact answer — never a gross
    // verdict traded for a boundary one of larger margin.
    const bool worse = d && d->kind == start.kind &&
                       (rank(d->verdict_class) > rank(g.worst.verdict_class) ||
                        (rank(d->verdict_class) == rank(g.worst.verdict_class) && d->severity > g.worst.severity));
    if (worse) {
      g.pair = p;
      g.motion = m;
      g.worst = *d;
      ++g.accepted;
      sigma = std::min(3 * sigma, 0.5);
      misses[what] = 0;
    } else if (++misses[what] == 3) {
      sigma = std::max(sigma / 2, floor);
      misses[what] = 0;
      // Stuck with steps too small to matter: start again at the scale of the worst case found.
      if (sigma == floor && ++at_floor[what] == 4) {
        sigma = std::max(4 * g.worst.severity, floor);
        at_floor[what] = 0;
      }
    }
  }
  return g;
}

}  // namespace sepax::harness
