#include "sepax/harness/campaign/shrink.hpp"

#include <cmath>
#include <cstring>
#include <functional>
#include <vector>

#include <Eigen/Geometry>
#include <fmt/format.h>

#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/explain/disagreement.hpp"

namespace sepax::harness {
namespace {

/// x with its significand rounded to `bits` bits (nearest).
double with_bits(double x, int bits) {
  if (x == 0 || !std::isfinite(x)) return x;
  int e = 0;
  const double f = std::frexp(x, &e);  // |f| in [0.5, 1)
  return std::ldexp(std::nearbyint(std::ldexp(f, bits)), e - bits);
}

/// Rotation axes snapped: the quaternion's components rounded to multiples of 2^-k, renormalized.
std::array<Vec3<double>, 3> snapped_axes(const std::array<Vec3<double>, 3>& axes, int k, ScalarKind scalar) {
  Eigen::Matrix3d r;
  for (int i = 0; i < 3; ++i) r.col(i) = axes[i];
  Eigen::Quaterniond q(r);
  const double step = std::ldexp(1.0, -k);
  Eigen::Vector4d c(q.w(), q.x(), q.y(), q.z());
  for (int i = 0; i < 4; ++i) c[i] = std::nearbyint(c[i] / step) * step;
  if (c.norm() == 0) c = Eigen::Vector4d(1, 0, 0, 0);
  const Eigen::Matrix3d s = Eigen::Quaterniond(c[0], c[1], c[2], c[3]).normalized().toRotationMatrix();
  std::array<Vec3<double>, 3> out;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) out[i][j] = scalar == ScalarKind::float32 ? double(float(s(j, i))) : s(j, i);
  return out;
}

/// Bit for bit the same shapes (member by member: ShapePair has padding after
/// `query`, whose bytes are not copied reliably — comparing them made the
/// number of candidates tried, and so the shrunk case, vary from run to run).
bool same_bits(const ShapePair& a, const ShapePair& b) {
  return a.query == b.query && std::memcmp(&a.tri_a, &b.tri_a, sizeof a.tri_a) == 0 &&
         std::memcmp(&a.tri_b, &b.tri_b, sizeof a.tri_b) == 0 && std::memcmp(&a.obb_a, &b.obb_a, sizeof a.obb_a) == 0 &&
         std::memcmp(&a.obb_b, &b.obb_b, sizeof a.obb_b) == 0;
}

}  // namespace

std::optional<std::string> gross_kind(const KernelInfo& kernel, const ShapePair& pair,
                                      const std::optional<LinearMotiond>& motion) {
  const std::optional<Disagreement> d = read_disagreement(kernel, pair, motion);
  if (!d || d->verdict_class != oracle::Class::gross) return std::nullopt;
  return d->kind;
}

std::string static_gross_kind(const KernelInfo& kernel, const KernelJudgement& run) {
  if (run.error) return "threw";
  if (run.outcome.intersects) return "false-positive";
  return kernel.reports_axis ? fmt::format("false-negative {}", axis_kind_name(run.outcome.axis.kind))
                             : std::string("false-negative");
}

std::string gross_signature(const KernelInfo& kernel, std::string_view family, std::string_view kind) {
  return fmt::format("{} {} {} {}", kernel.id, to_string(kernel.query), family, kind);
}

Shrunk shrink_gross(const KernelInfo& kernel, const ShapePair& pair, const std::optional<LinearMotiond>& motion,
                    const std::string& kind, std::size_t max_tries) {
  Shrunk s{pair, motion, 0, 0};
  const ScalarKind scalar = kernel.scalar;
  // Tries `change` on a copy; keeps it when the kind is unchanged.
  const auto attempt = [&](const std::function<void(ShapePair&, std::optional<LinearMotiond>&)>& change) {
    if (s.tried >= max_tries) return false;
    ShapePair p = s.pair;
    std::optional<LinearMotiond> m = s.motion;
    change(p, m);
    if (same_bits(p, s.pair) && (!m || std::memcmp(&*m, &*s.motion, sizeof *m) == 0))
      return false;  // nothing changed
    ++s.tried;
    if (gross_kind(kernel, p, m) != kind) return false;
    s.pair = p;
    s.motion = m;
    ++s.accepted;
    return true;
  };
  // The numbers a move may touch, as accessors on a (pair, motion).
  using Ref = std::function<double&(ShapePair&, std::optional<LinearMotiond>&)>;
  std::vector<Ref> numbers;
  std::vector<std::function<std::array<Vec3<double>, 3>&(ShapePair&)>> boxes;
  const auto add_triangle = [&](Triangle3d ShapePair::*t) {
    for (int v = 0; v < 3; ++v)
      for (int k = 0; k < 3; ++k)
        numbers.push_back([t, v, k](ShapePair& p, std::optional<LinearMotiond>&) -> double& { return (p.*t).vertices[v][k]; });
  };
  const auto add_box = [&](Obb3d ShapePair::*b) {
    for (int k = 0; k < 3; ++k) {
      numbers.push_back([b, k](ShapePair& p, std::optional<LinearMotiond>&) -> double& { return (p.*b).center[k]; });
      numbers.push_back([b, k](ShapePair& p, std::optional<LinearMotiond>&) -> double& { return (p.*b).extents[k]; });
    }
    boxes.push_back([b](ShapePair& p) -> std::array<Vec3<double>, 3>& { return (p.*b).axes; });
  };
  switch (pair.query) {
    case Query::obb_obb: add_box(&ShapePair::obb_a); add_box(&ShapePair::obb_b); break;
    case Query::tri_obb: add_triangle(&ShapePair::tri_a); add_box(&ShapePair::obb_b); break;
    case Query::tri_tri: add_triangle(&ShapePair::tri_a); add_triangle(&ShapePair::tri_b); break;
  }
  if (motion) {
    for (int k = 0; k < 3; ++k) {
      numbers.push_back([k](ShapePair&, std::optional<LinearMotiond>& m) -> double& { return m->velocity_a[k]; });
      numbers.push_back([k](ShapePair&, std::optional<LinearMotiond>& m) -> double& { return m->velocity_b[k]; });
    }
    numbers.push_back([](ShapePair&, std::optional<LinearMotiond>& m) -> double& { return m->duration; });
  }
  for (bool progress = true; progress && s.tried < max_tries;) {
    progress = false;
    // Axes first: the identity, else the coarsest snap that keeps the finding.
    for (const auto& axes : boxes) {
      if (attempt([&](ShapePair& p, auto&) { axes(p) = {Vec3<double>::UnitX(), Vec3<double>::UnitY(), Vec3<double>::UnitZ()}; })) {
        progress = true;
        continue;
      }
      for (int k = 1; k <= 8; ++k)
        if (attempt([&](ShapePair& p, auto&) { axes(p) = snapped_axes(axes(p), k, scalar); })) {
          progress = true;
          break;
        }
    }
    for (const Ref& x : numbers) {
      if (attempt([&](ShapePair& p, std::optional<LinearMotiond>& m) { x(p, m) = 0; })) {
        progress = true;
        continue;
      }
      if (attempt([&](ShapePair& p, std::optional<LinearMotiond>& m) { x(p, m) = std::nearbyint(x(p, m)); })) {
        progress = true;
        continue;
      }
      for (int bits : {1, 2, 3, 4, 6, 8, 12, 16, 20, 24, 32, 40})
        if (attempt([&](ShapePair& p, std::optional<LinearMotiond>& m) { x(p, m) = with_bits(x(p, m), bits); })) {
          progress = true;
          break;
        }
    }
  }
  return s;
}

}  // namespace sepax::harness
