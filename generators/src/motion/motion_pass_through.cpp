// Family "motion", mode pass_through: a thin or small shape crosses the other
// within [0, T] — the case where every static axis fails and only the motion
// axes W×A_i, W×B_j (Eberly Table 1′; the W × edge axes of §3.2.2, §4.2.2)
// can separate the swept volume.
//
// Construction: W's direction ŵ is drawn until it is far from perpendicular to
// every static candidate axis L of the pair (face normals and edge × edge
// cross products): |ŵ·L| ≥ |L|/16. b's path is the line through a's centre
// offset sideways by h ⊥ ŵ (small h: the path crosses a; larger h: it passes
// beside a, often narrowly). b starts λ0 before a along ŵ and ends λ1 after
// it, with λ0, λ1 large enough that on every static axis b(0) lies entirely on
// one side of a and b(T) entirely on the other — checked on the stored numbers
// with a margin, never assumed. So on each static axis b's projection sweeps
// over a's: a miss is separated by a W× axis only, and a hit has its first
// contact strictly inside (0, T). Whether it hits is left to the oracle.
#include <algorithm>
#include <array>
#include <cmath>

#include "families/families.hpp"
#include "motion/motion_builders.hpp"
#include "building/placement.hpp"

namespace sepax::gen::detail {
namespace {

constexpr int kAttempts = 16;
// |ŵ·L̂| below this would need a very long path for L to fail at both ends.
constexpr double kMinCosine = 1.0 / 16;
// Static axes shorter than this (relative to their edges) are rejected: their
// direction would be mostly rounding.
constexpr double kMinRelativeCross = 1e-3;
// Largest sideways offset, in shadow half-widths, per Query (measured: about
// half the paths then hit).
constexpr std::array kMaxOffset{1.5, 1.25, 0.55};

// Static candidate axes (unit): face normals and edge × edge cross products,
// the axes of the static kernels (Eberly Tables 1, 3, 5). nullopt when one is
// ill-defined (nearly parallel edges, a nearly degenerate triangle).
std::optional<std::vector<Vec3d>> static_axes(const ShapePair& pair) {
  const Features a = features_a(pair);
  const Features b = features_b(pair);
  std::vector<Vec3d> axes;
  for (const Features* f : {&a, &b}) {
    for (const Vec3d& n : f->face_normals) {
      if (f->points.size() == 3) {  // a triangle: its normal must not be mostly rounding
        double longest = 0;
        for (const Vec3d& e : f->edge_directions) longest = std::max(longest, e.squaredNorm());
        if (n.norm() < 0x1p-4 * longest) return std::nullopt;
      }
      axes.push_back(n / n.norm());
    }
  }
  for (const Vec3d& e : a.edge_directions) {
    for (const Vec3d& f : b.edge_directions) {
      const Vec3d c = e.cross(f);
      const double scale = e.norm() * f.norm();
      if (c == Vec3d::Zero()) continue;  // exactly parallel edges: no axis
      if (c.norm() < kMinRelativeCross * scale) return std::nullopt;
      axes.push_back(c / c.norm());
    }
  }
  // A triangle with no face normal is degenerate: not wanted here.
  if (a.face_normals.empty() || b.face_normals.empty()) return std::nullopt;
  return axes;
}

// [min, max] of the projections of a shape's points on L.
std::array<double, 2> projection(const std::vector<Vec3d>& points, const Vec3d& L) {
  double lo = HUGE_VAL;
  double hi = -HUGE_VAL;
  for (const Vec3d& p : points) {
    lo = std::min(lo, L.dot(p));
    hi = std::max(hi, L.dot(p));
  }
  return {lo, hi};
}

std::vector<Vec3d> translated(std::vector<Vec3d> points, const Vec3d& t) {
  for (Vec3d& p : points) p += t;
  return points;
}

// On every static axis, b(0) and b(T) = b(0) + T·W are strictly on opposite
// sides of a, with a relative margin far above the rounding of this check.
bool opposite_at_both_ends(const ShapePair& pair, const LinearMotiond& motion) {
  const auto axes = static_axes(pair);
  if (!axes) return false;
  const Vec3d W = motion.velocity_b - motion.velocity_a;
  const std::vector<Vec3d> a = features_a(pair).points;
  const std::vector<Vec3d> b0 = features_b(pair).points;
  const std::vector<Vec3d> b1 = translated(b0, motion.duration * W);
  double magnitude = 0;
  for (const auto* points : {&a, &b0, &b1}) {
    for (const Vec3d& p : *points) magnitude = std::max(magnitude, p.cwiseAbs().maxCoeff());
  }
  const double margin = 1e-6 * magnitude;
  for (const Vec3d& L : *axes) {
    const double s = W.dot(L) > 0 ? 1 : -1;  // b travels toward +s·L
    const auto pa = projection(a, s * L);
    const auto p0 = projection(b0, s * L);
    const auto p1 = projection(b1, s * L);
    if (!(p0[1] < pa[0] - margin && p1[0] > pa[1] + margin)) return false;
  }
  return true;
}

// Half-width of the points about `center` along unit L.
double half_width(const std::vector<Vec3d>& points, const Vec3d& center, const Vec3d& L) {
  double r = 0;
  for (const Vec3d& p : points) r = std::max(r, std::abs(L.dot(p - center)));
  return r;
}

enum class Size { thin, small, regular };

Obb3d box_of(Source& source, Size size, const Vec3d& center, ScalarKind scalar) {
  Obb3d box = random_box(source, center, 0.25, 1.5);
  if (size == Size::small) {
    for (double& e : box.extents) e = log_uniform(source, 0x1p-6, 0x1p-2);
  } else if (size == Size::thin) {
    box.extents[uniform_int(source, 0, 2)] = log_uniform(source, 0x1p-12, 0x1p-4);
  }
  for (Vec3d& a : box.axes) a = to_scalar(a, scalar);
  for (double& e : box.extents) e = to_scalar(e, scalar);
  box.center = to_scalar(box.center, scalar);
  return box;
}

Triangle3d triangle_of(Source& source, Size size, const Vec3d& center, ScalarKind scalar) {
  const double radius =
      size == Size::small ? log_uniform(source, 0x1p-5, 0x1p-2) : log_uniform(source, 0.25, 2);
  Triangle3d tri = random_triangle(source, center, radius);
  for (Vec3d& v : tri.vertices) v = to_scalar(v, scalar);
  return tri;
}

// The two shapes, a around `center_a` and b around the origin (its reference
// point, the one that travels along the path).
ShapePair pass_through_shapes(Source& source, Query query, const Vec3d& center_a,
                              ScalarKind scalar) {
  ShapePair pair;
  pair.query = query;
  // Which shape is thin or small: a wall crossed by a small shape, a thin
  // shape crossing a regular one, or two regular shapes.
  const int style = pick(source, std::array{3, 3, 1});
  Size size_a = style == 0 ? Size::thin : Size::regular;
  Size size_b = style == 0 ? Size::small : (style == 1 ? Size::thin : Size::regular);
  if (source.coin()) std::swap(size_a, size_b);
  const Vec3d origin = Vec3d::Zero();
  switch (query) {
    case Query::obb_obb:
      pair.obb_a = box_of(source, size_a, center_a, scalar);
      pair.obb_b = box_of(source, size_b, origin, scalar);
      break;
    case Query::tri_obb:
      // A triangle is thin already: "thin" for it means a regular one.
      pair.tri_a = triangle_of(source, size_a, center_a, scalar);
      pair.obb_b = box_of(source, size_b, origin, scalar);
      break;
    case Query::tri_tri:
      pair.tri_a = triangle_of(source, size_a, center_a, scalar);
      pair.tri_b = triangle_of(source, size_b, origin, scalar);
      break;
  }
  return pair;
}

// The case for shapes (b around the origin), a direction ŵ, a sideways
// offset h ⊥ ŵ, extra run-up and run-out fractions and a duration; nullopt
// when ŵ is too close to perpendicular to a static axis or the stored
// (rounded) case lost the opposite-sides property.
std::optional<MotionCase> build(Source& source, ShapePair pair, const Vec3d& center_a,
                                const Vec3d& w, const Vec3d& e, double offset_fraction,
                                double extra_before, double extra_after, double duration,
                                ScalarKind scalar) {
  const auto axes = static_axes(pair);
  if (!axes) return std::nullopt;
  for (const Vec3d& L : *axes) {
    if (std::abs(w.dot(L)) < kMinCosine) return std::nullopt;
  }
  const std::vector<Vec3d> a = features_a(pair).points;
  const std::vector<Vec3d> b = features_b(pair).points;
  // Sideways: a fraction of the two shadows' half-widths along e ⊥ ŵ.
  const Vec3d h =
      offset_fraction * (half_width(a, center_a, e) + half_width(b, Vec3d::Zero(), e)) * e;
  // Run-up λ0 and run-out λ1: on axis L, b's centre moves by λ·|ŵ·L|, and it
  // must clear both half-widths plus the sideways offset's projection.
  double before = 0;
  double after = 0;
  for (const Vec3d& L : *axes) {
    const double s = w.dot(L);
    const double side = s > 0 ? 1 : -1;
    const double r = half_width(a, center_a, L) + half_width(b, Vec3d::Zero(), L);
    before = std::max(before, (side * L.dot(h) + r) / std::abs(s));
    after = std::max(after, (-side * L.dot(h) + r) / std::abs(s));
  }
  const double size = length_scale(pair);
  before = (before * (1 + 0x1p-4) + 0x1p-6 * size) * (1 + extra_before);
  after = (after * (1 + 0x1p-4) + 0x1p-6 * size) * (1 + extra_after);

  const Vec3d start = to_scalar(Vec3d(center_a + h - before * w), scalar);
  translate_b(pair, start);
  round_to_scalar(pair, scalar);
  const Vec3d W = to_scalar(Vec3d((before + after) / duration * w), scalar);

  MotionCase c;
  c.mode = MotionMode::pass_through;
  c.moving.pair = pair;
  c.moving.motion = split_velocity(source, W, W.norm(), duration, scalar);
  if (!opposite_at_both_ends(c.moving.pair, c.moving.motion)) return std::nullopt;
  return c;
}

// Fixed shapes and direction for which build() always succeeds (checked by
// the generator tests' constant choice streams): the last resort.
MotionCase fallback(Source& source, Query query, ScalarKind scalar) {
  ShapePair pair;
  pair.query = query;
  const Axes identity{Vec3d::UnitX(), Vec3d::UnitY(), Vec3d::UnitZ()};
  const Triangle3d wall_triangle{{Vec3d(-1, -1, 0), Vec3d(1, -1, 0), Vec3d(0, 1, 0)}};
  const Triangle3d small_triangle{
      {Vec3d(0, -0.125, -0.125), Vec3d(0, 0.125, -0.125), Vec3d(0, 0, 0.125)}};
  switch (query) {
    case Query::obb_obb:
      pair.obb_a = make_box(Vec3d::Zero(), identity, {1, 1, 0.0625});
      pair.obb_b = make_box(Vec3d::Zero(), identity, {0.125, 0.125, 0.125});
      break;
    case Query::tri_obb:
      pair.tri_a = wall_triangle;
      pair.obb_b = make_box(Vec3d::Zero(), identity, {0.125, 0.125, 0.125});
      break;
    case Query::tri_tri:
      pair.tri_a = wall_triangle;
      pair.tri_b = small_triangle;
      break;
  }
  const Vec3d w = Vec3d(1, 3, 5) / std::sqrt(35.0);
  auto c = build(source, pair, Vec3d::Zero(), w, w.unitOrthogonal(), 0, 0.5, 0.5, 1, scalar);
  if (c) return *c;
  MotionCase unchecked;  // not reached: the fixed case passes its checks
  unchecked.mode = MotionMode::pass_through;
  unchecked.moving.pair = pair;
  return unchecked;
}

}  // namespace

MotionCase generate_pass_through(Query query, ScalarKind scalar, Source& source) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    const Vec3d center_a{source.uniform(-1, 1), source.uniform(-1, 1), source.uniform(-1, 1)};
    const ShapePair pair = pass_through_shapes(source, query, center_a, scalar);
    const Vec3d w = random_unit_vector(source);
    const Vec3d e = random_tangent(source, w);
    // Sideways offsets up to a fraction of the two shadows' half-widths, set
    // per query so that about half the paths cross a (triangles' shadows are
    // sparser than their half-widths suggest).
    const double offset_fraction = source.uniform(0, kMaxOffset[static_cast<int>(query)]);
    const double extra_before = source.unit();
    const double extra_after = source.unit();
    const double duration = random_duration(source, -6, 6, scalar);
    if (auto c = build(source, pair, center_a, w, e, offset_fraction, extra_before, extra_after,
                       duration, scalar)) {
      return *c;
    }
  }
  return fallback(source, query, scalar);
}

}  // namespace sepax::gen::detail
