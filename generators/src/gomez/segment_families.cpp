// OBB–segment families (gomez.hpp). Exact touching: the box is turned by a
// signed permutation and every number is a small integer over 8, so a point
// on a face, an edge or a corner is exact in float and double, and so is a
// segment that leaves the box on both sides of it.
#include <array>
#include <cmath>

#include "building/shape_builders.hpp"
#include "sepax/generators/gomez.hpp"

namespace sepax::gen {
namespace {

using detail::Vec3d;

constexpr std::array<SegmentFamily, 5> kFamilies{SegmentFamily::random, SegmentFamily::touching,
                                                 SegmentFamily::parallel, SegmentFamily::point,
                                                 SegmentFamily::scale};

double dyadic(Source& src, int lo, int hi) { return double(detail::uniform_int(src, lo, hi)) / 8; }

/// The pair rounded to the scalar as the 3D families round theirs (the
/// segment is the triangle (p0, p1, p1) of a tri_obb pair).
BoxSegmentPair rounded(const Obb3<double>& box, const Vec3d& p0, const Vec3d& p1, ScalarKind s) {
  ShapePair pair;
  pair.query = Query::tri_obb;
  pair.obb_b = box;
  pair.tri_a.vertices = {p0, p1, p1};
  detail::round_to_scalar(pair, s);
  return {pair.obb_b, {pair.tri_a.vertices[0], pair.tri_a.vertices[1]}};
}

/// The world point of box coordinates x (Σ x_k·A_k about the centre).
Vec3d world(const Obb3<double>& box, const Vec3d& x) {
  return box.center + x[0] * box.axes[0] + x[1] * box.axes[1] + x[2] * box.axes[2];
}

BoxSegmentPair random_case(Source& src, ScalarKind s, bool point) {
  const Obb3<double> box = detail::random_box(src, 2 * detail::random_in_ball(src), 0.25, 2);
  // p0 in the box grown by a factor 1.3 (a point) or 1.6 (a segment), in the box's coordinates.
  const double grow = point ? 1.3 : 1.6;
  Vec3d x;
  for (int k = 0; k < 3; ++k) x[k] = grow * box.extents[k] * src.uniform(-1, 1);
  const Vec3d p0 = world(box, x);
  const double length = point ? 0 : detail::shape_size(box) * src.uniform(0.1, 3);
  return rounded(box, p0, p0 + length * detail::random_unit_vector(src), s);
}

/// Box coordinates of a point on the surface: `on` coordinates (1 a face, 2 an
/// edge, 3 a corner) at ±e, starting from axis `first`; `sign` their sides.
Vec3d surface_point(Source& src, const std::array<double, 3>& e, int on, int first, std::array<int, 3>& sign) {
  Vec3d x;
  for (int k = 0; k < 3; ++k) {
    sign[k] = 0;
    if ((k - first + 3) % 3 < on) {
      sign[k] = detail::random_sign(src);
      x[k] = sign[k] * e[k];
    } else {
      x[k] = e[k] * double(detail::uniform_int(src, -8, 8)) / 8;
    }
  }
  return x;
}

BoxSegmentPair touching_case(Source& src, ScalarKind s) {
  Obb3<double> box;
  box.axes = detail::random_signed_permutation(src);
  box.center = {dyadic(src, -16, 16), dyadic(src, -16, 16), dyadic(src, -16, 16)};
  box.extents = {dyadic(src, 1, 16), dyadic(src, 1, 16), dyadic(src, 1, 16)};
  const int kind = detail::pick(src, std::array<int, 5>{3, 2, 3, 2, 2});
  const int first = int(src.below(3));
  std::array<int, 3> sign{};
  if (kind == 4) {  // a point on a face, an edge or a corner
    const Vec3d p = world(box, surface_point(src, box.extents, 1 + int(src.below(3)), first, sign));
    return rounded(box, p, p, s);
  }
  const int on = kind == 0 || kind == 1 ? 1 : kind == 2 ? 2 : 3;
  const Vec3d x = surface_point(src, box.extents, on, first, sign);
  Vec3d d;
  for (int k = 0; k < 3; ++k) d[k] = dyadic(src, -16, 16);
  if (kind == 0) {  // an endpoint on face `first`, the segment leaving outward
    d[first] = sign[first] * dyadic(src, 1, 16);
    const Vec3d p0 = world(box, x), p1 = world(box, x + d);
    return src.coin() ? rounded(box, p0, p1, s) : rounded(box, p1, p0, s);
  }
  double t0 = dyadic(src, 1, 16), t1 = dyadic(src, 1, 16);
  if (kind == 1) {  // in the plane of face `first`, crossing it at x
    d[first] = 0;
  } else {  // across an edge or a corner: out along one touching axis for t > 0, along the next for t < 0
    const int second = (first + 1) % 3;
    d[first] = sign[first] * dyadic(src, 1, 16);
    d[second] = -sign[second] * dyadic(src, 1, 16);
  }
  return rounded(box, world(box, x - t0 * d), world(box, x + t1 * d), s);
}

BoxSegmentPair parallel_case(Source& src, ScalarKind s) {
  // Half the boxes turned by a signed permutation with dyadic centre and
  // extents: the gap across the face is then exactly 0 or ±2^-k·e (for the
  // scalar's k), the segment exactly parallel to the axis.
  const bool exact = src.coin();
  Obb3<double> box = detail::random_box(src, detail::random_in_ball(src), 0.25, 2);
  if (exact) {
    box.axes = detail::random_signed_permutation(src);
    box.center = {dyadic(src, -16, 16), dyadic(src, -16, 16), dyadic(src, -16, 16)};
    box.extents = {dyadic(src, 1, 16), dyadic(src, 1, 16), dyadic(src, 1, 16)};
  }
  const int along = int(src.below(3));
  const int face = (along + 1 + int(src.below(2))) % 3;
  const int side = detail::random_sign(src);
  const int k = detail::uniform_int(src, 0, s == ScalarKind::float32 ? 26 : 55);
  const double gap = k == 0 ? 0 : detail::random_sign(src) * std::ldexp(box.extents[face], -k);
  Vec3d x;
  for (int i = 0; i < 3; ++i) x[i] = box.extents[i] * src.uniform(-1, 1);
  x[face] = side * (box.extents[face] + gap);
  Vec3d d = Vec3d::Unit(along);
  if (!exact && src.coin()) {  // turned off the axis by 2^-k radians, k in [6, 40]
    const Vec3d axis = Vec3d::Unit(3 - along - face);
    d = detail::rotate_small(d, axis, detail::random_sign(src) * std::ldexp(1.0, -detail::uniform_int(src, 6, 40)));
  }
  const double half = box.extents[along] * src.uniform(0.25, 3);
  const Vec3d c = world(box, x) - box.center;
  const Vec3d dw = d[0] * box.axes[0] + d[1] * box.axes[1] + d[2] * box.axes[2];
  return rounded(box, box.center + c - half * dw, box.center + c + half * dw, s);
}

BoxSegmentPair scaled(Source& src, ScalarKind s) {
  BoxSegmentPair p = random_case(src, s, src.below(8) == 0);
  const int range = s == ScalarKind::float32 ? 30 : 200;
  const int e = int(src.below(std::uint64_t(2 * range + 1))) - range;
  auto scale = [e](Vec3d& v) { v = {std::ldexp(v[0], e), std::ldexp(v[1], e), std::ldexp(v[2], e)}; };
  scale(p.box.center);
  scale(p.segment.p0);
  scale(p.segment.p1);
  for (double& x : p.box.extents) x = std::ldexp(x, e);
  return p;
}

}  // namespace

const char* to_string(SegmentFamily f) {
  switch (f) {
    case SegmentFamily::random: return "random";
    case SegmentFamily::touching: return "touching";
    case SegmentFamily::parallel: return "parallel";
    case SegmentFamily::point: return "point";
    case SegmentFamily::scale: return "scale";
  }
  return "?";
}

std::span<const SegmentFamily> segment_families() { return kFamilies; }

BoxSegmentPair generate_box_segment(SegmentFamily family, ScalarKind scalar, Source& source) {
  switch (family) {
    case SegmentFamily::touching: return touching_case(source, scalar);
    case SegmentFamily::parallel: return parallel_case(source, scalar);
    case SegmentFamily::point: return random_case(source, scalar, true);
    case SegmentFamily::scale: return scaled(source, scalar);
    case SegmentFamily::random: break;
  }
  return random_case(source, scalar, source.below(8) == 0);
}

}  // namespace sepax::gen
