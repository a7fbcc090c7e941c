// Sphere families (gomez.hpp). Exact contact without sqrt: the centres differ
// by k·(a, b, c) with a² + b² + c² = d² a Pythagorean quadruple, so their
// distance is exactly k·d, and the radii are k·d split at a dyadic point. All
// numbers are small integers times powers of two: exact in float and double.
// Sweeps: B is placed at its contact position and moved back by u*·v, u* a
// dyadic time, so it first touches at exactly u*; grazing B travels along a
// coordinate axis at a distance of exactly r_a + r_b from A's centre.
#include "sepax/generators/gomez.hpp"

#include <array>
#include <cmath>
#include <utility>

namespace sepax::gen {
namespace {

constexpr std::array<SphereFamily, 4> kFamilies{SphereFamily::random, SphereFamily::touching, SphereFamily::grazing,
                                                SphereFamily::scale};

// a² + b² + c² = d²: (1,2,2,3), (2,3,6,7), (1,4,8,9), (4,4,7,9), (2,6,9,11), (6,6,7,11), (3,4,12,13).
constexpr std::array<std::array<int, 4>, 7> kQuadruples{{{1, 2, 2, 3}, {2, 3, 6, 7}, {1, 4, 8, 9}, {4, 4, 7, 9},
                                                         {2, 6, 9, 11}, {6, 6, 7, 11}, {3, 4, 12, 13}}};

double to_scalar(double x, ScalarKind s) { return s == ScalarKind::float32 ? double(float(x)) : x; }

/// A Pythagorean direction with random signs and coordinate order, and its length.
std::pair<Vec3<double>, double> pythagorean(Source& src) {
  const auto& q = kQuadruples[src.below(kQuadruples.size())];
  Vec3<double> v(q[0], q[1], q[2]);
  for (int k = 0; k < 3; ++k)
    if (src.coin()) v[k] = -v[k];
  const int shift = int(src.below(3));
  return {Vec3<double>(v[shift % 3], v[(shift + 1) % 3], v[(shift + 2) % 3]), double(q[3])};
}

/// Small dyadic numbers: m / 8 for m in [lo, hi].
double dyadic(Source& src, int lo, int hi) { return double(int(src.below(std::uint64_t(hi - lo + 1))) + lo) / 8; }

SpherePair touching(Source& src) {
  const auto [dir, length] = pythagorean(src);
  const double k = std::ldexp(1.0, int(src.below(5)) - 4);  // 2^-4 .. 1
  SpherePair p;
  p.a.center = {dyadic(src, -16, 16), dyadic(src, -16, 16), dyadic(src, -16, 16)};
  p.b.center = p.a.center + k * dir;
  // Split k·length at a dyadic point: r_a = k·length·j/8, r_b the rest (both ≥ 0).
  const int j = int(src.below(9));
  p.a.radius = k * length * j / 8;
  p.b.radius = k * length - p.a.radius;
  return p;
}

SpherePair random_pair(Source& src, ScalarKind s) {
  SpherePair p;
  p.a = {{to_scalar(src.uniform(-1, 1), s), to_scalar(src.uniform(-1, 1), s), to_scalar(src.uniform(-1, 1), s)},
         to_scalar(src.uniform(0, 1.5), s)};
  p.b = {{to_scalar(src.uniform(-3, 3), s), to_scalar(src.uniform(-3, 3), s), to_scalar(src.uniform(-3, 3), s)},
         to_scalar(src.uniform(0, 1.5), s)};
  return p;
}

SpherePair scaled(Source& src, ScalarKind s) {
  SpherePair p = random_pair(src, s);
  const int range = s == ScalarKind::float32 ? 30 : 200;
  const int e = int(src.below(std::uint64_t(2 * range + 1))) - range;
  for (Sphere3<double>* x : {&p.a, &p.b}) {
    x->center = {std::ldexp(x->center[0], e), std::ldexp(x->center[1], e), std::ldexp(x->center[2], e)};
    x->radius = std::ldexp(x->radius, e);
  }
  return p;
}

}  // namespace

const char* to_string(SphereFamily f) {
  switch (f) {
    case SphereFamily::random: return "random";
    case SphereFamily::touching: return "touching";
    case SphereFamily::grazing: return "grazing";
    case SphereFamily::scale: return "scale";
  }
  return "?";
}

std::span<const SphereFamily> sphere_families() { return kFamilies; }

SpherePair generate_sphere_pair(SphereFamily family, ScalarKind scalar, Source& source) {
  switch (family) {
    case SphereFamily::touching:
    case SphereFamily::grazing: return touching(source);
    case SphereFamily::scale: return scaled(source, scalar);
    case SphereFamily::random: break;
  }
  return random_pair(source, scalar);
}

SphereSweepCase generate_sphere_sweep(SphereFamily family, ScalarKind scalar, Source& source) {
  SphereSweepCase c;
  const auto dyadic_vector = [&](int lo, int hi) {
    return Vec3<double>(dyadic(source, lo, hi), dyadic(source, lo, hi), dyadic(source, lo, hi));
  };
  if (family == SphereFamily::touching) {
    const SpherePair p = touching(source);  // the pose at the time of contact
    c.a = p.a, c.b = p.b;
    c.da = dyadic_vector(-8, 8);
    // B approaches along the line of centres (so the contact is a first contact) plus A's own motion.
    const Vec3<double> away = p.b.center - p.a.center;
    c.db = c.da - std::ldexp(1.0, int(source.below(3))) * away;
    const double u = double(1 + source.below(7)) / 8;  // u* ∈ {1/8 … 7/8}
    c.a.center -= u * c.da;
    c.b.center -= u * c.db;
    c.contact_time = u;
    return c;
  }
  if (family == SphereFamily::grazing) {
    // A at rest; B moves along coordinate axis j on a line at distance exactly
    // r_a + r_b from A's centre (offset along axis i ≠ j); tangent at u*.
    c.a = {dyadic_vector(-16, 16), dyadic(source, 0, 12)};
    c.b = {{0, 0, 0}, dyadic(source, 0, 12)};
    const int i = int(source.below(3)), j = (i + 1 + int(source.below(2))) % 3;
    Vec3<double> n = Vec3<double>::Zero(), w = Vec3<double>::Zero();
    n[i] = source.coin() ? 1 : -1;
    w[j] = double(1 + source.below(8));  // speed along axis j
    const double u = double(1 + source.below(7)) / 8;
    c.b.center = c.a.center + (c.a.radius + c.b.radius) * n - u * w;
    c.da = Vec3<double>::Zero();
    c.db = w;
    c.contact_time = u;
    return c;
  }
  const SpherePair p = generate_sphere_pair(family, scalar, source);
  c.a = p.a, c.b = p.b;
  c.da = {to_scalar(source.uniform(-1, 1), scalar), to_scalar(source.uniform(-1, 1), scalar),
          to_scalar(source.uniform(-1, 1), scalar)};
  const Vec3<double> toward = (p.a.center - p.b.center) * to_scalar(source.uniform(0, 2), scalar);
  c.db = {to_scalar(toward[0], scalar), to_scalar(toward[1], scalar), to_scalar(toward[2], scalar)};
  return c;
}

namespace {

constexpr std::array<SphereFamily, 3> kBoxSphereFamilies{SphereFamily::random, SphereFamily::touching,
                                                         SphereFamily::scale};

Aabb3<double> random_box(Source& src, ScalarKind s) {
  Aabb3<double> b;
  for (int k = 0; k < 3; ++k) {
    b.min[k] = to_scalar(src.uniform(-2, 2), s);
    b.max[k] = to_scalar(b.min[k] + src.uniform(0, 1.5), s);
    if (b.max[k] < b.min[k]) b.max[k] = b.min[k];
  }
  return b;
}

BoxSpherePair random_box_sphere(Source& src, ScalarKind s) {
  BoxSpherePair p;
  p.box = random_box(src, s);
  for (int k = 0; k < 3; ++k)
    p.sphere.center[k] = to_scalar(0.5 * (p.box.min[k] + p.box.max[k]) + src.uniform(-1.75, 1.75), s);
  p.sphere.radius = to_scalar(src.uniform(0, 1.5), s);
  return p;
}

BoxSpherePair touching_box_sphere(Source& src) {
  BoxSpherePair p;
  for (int k = 0; k < 3; ++k) {
    p.box.min[k] = dyadic(src, -16, 8);
    p.box.max[k] = p.box.min[k] + dyadic(src, 0, 16);
  }
  // Which coordinates lie outside the box's slabs: 1 (a face), 2 (an edge) or 3 (a corner).
  const int outside = 1 + int(src.below(3));
  Vec3<double> offset = Vec3<double>::Zero();
  double length = 0;
  const double k = std::ldexp(1.0, int(src.below(5)) - 4);  // 2^-4 .. 1
  if (outside == 1) {
    offset[0] = double(1 + src.below(8));
    length = offset[0];
  } else if (outside == 2) {
    constexpr std::array<std::array<int, 3>, 3> triples{{{3, 4, 5}, {5, 12, 13}, {8, 15, 17}}};
    const auto& t = triples[src.below(triples.size())];
    offset = {double(t[0]), double(t[1]), 0};
    length = t[2];
  } else {
    const auto& q = kQuadruples[src.below(kQuadruples.size())];
    offset = {double(q[0]), double(q[1]), double(q[2])};
    length = q[3];
  }
  // Rotate the roles of the coordinates, then give each outside one a side.
  const int shift = int(src.below(3));
  const Vec3<double> o(offset[shift % 3], offset[(shift + 1) % 3], offset[(shift + 2) % 3]);
  for (int c = 0; c < 3; ++c) {
    if (o[c] == 0) {  // inside the slab: anywhere from min to max (dyadic)
      p.sphere.center[c] = p.box.min[c] + (p.box.max[c] - p.box.min[c]) * double(src.below(9)) / 8;
    } else {
      p.sphere.center[c] = src.coin() ? p.box.max[c] + k * o[c] : p.box.min[c] - k * o[c];
    }
  }
  p.sphere.radius = k * length;
  return p;
}

}  // namespace

std::span<const SphereFamily> box_sphere_families() { return kBoxSphereFamilies; }

BoxSpherePair generate_box_sphere(SphereFamily family, ScalarKind scalar, Source& source) {
  switch (family) {
    case SphereFamily::touching: return touching_box_sphere(source);
    case SphereFamily::scale: {
      BoxSpherePair p = random_box_sphere(source, scalar);
      const int range = scalar == ScalarKind::float32 ? 30 : 200;
      const int e = int(source.below(std::uint64_t(2 * range + 1))) - range;
      for (int k = 0; k < 3; ++k) {
        p.box.min[k] = std::ldexp(p.box.min[k], e);
        p.box.max[k] = std::ldexp(p.box.max[k], e);
        p.sphere.center[k] = std::ldexp(p.sphere.center[k], e);
      }
      p.sphere.radius = std::ldexp(p.sphere.radius, e);
      return p;
    }
    default: return random_box_sphere(source, scalar);
  }
}

}  // namespace sepax::gen
