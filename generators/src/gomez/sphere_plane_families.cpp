// Sphere–plane families (gomez.hpp). Exact contact needs a unit normal whose
// coordinates are exact: only ±e_k, so the touching and grazing cases put the
// plane across a coordinate axis; the random ones use any direction, rounded.
// All exact numbers are small integers over 8 (dyadic): exact in float too.
#include <array>
#include <cmath>

#include "sepax/generators/gomez.hpp"

namespace sepax::gen {
namespace {

constexpr std::array<SphereFamily, 4> kFamilies{SphereFamily::random, SphereFamily::touching, SphereFamily::grazing,
                                                SphereFamily::scale};

double to_scalar(double x, ScalarKind s) { return s == ScalarKind::float32 ? double(float(x)) : x; }
double dyadic(Source& src, int lo, int hi) { return double(int(src.below(std::uint64_t(hi - lo + 1))) + lo) / 8; }

/// ±e_k, and k.
std::pair<Vec3<double>, int> axis_normal(Source& src) {
  const int k = int(src.below(3));
  Vec3<double> n = Vec3<double>::Zero();
  n[k] = src.coin() ? 1 : -1;
  return {n, k};
}

SpherePlaneCase random_case(Source& src, ScalarKind s, bool sweep) {
  SpherePlaneCase c;
  Vec3<double> n(src.uniform(-1, 1), src.uniform(-1, 1), src.uniform(-1, 1));
  if (n.norm() < 1e-3) n = Vec3<double>::UnitZ();
  n.normalize();
  c.plane.normal = {to_scalar(n[0], s), to_scalar(n[1], s), to_scalar(n[2], s)};
  c.plane.offset = to_scalar(src.uniform(-2, 2), s);
  c.sphere.center = {to_scalar(src.uniform(-3, 3), s), to_scalar(src.uniform(-3, 3), s), to_scalar(src.uniform(-3, 3), s)};
  c.sphere.radius = to_scalar(src.uniform(0, 1.5), s);
  if (sweep) {
    // Towards the plane, by up to twice the distance, plus a sideways part.
    const double dist = c.plane.normal.dot(c.sphere.center) - c.plane.offset;
    const Vec3<double> v = -dist * src.uniform(0, 2) * c.plane.normal +
                           Vec3<double>(src.uniform(-1, 1), src.uniform(-1, 1), src.uniform(-1, 1));
    c.displacement = {to_scalar(v[0], s), to_scalar(v[1], s), to_scalar(v[2], s)};
  }
  return c;
}

/// A ball touching an axis plane exactly, on the side `side` (±1).
SpherePlaneCase touching_pose(Source& src, double& side, int& k) {
  SpherePlaneCase c;
  auto [n, axis] = axis_normal(src);
  k = axis;
  c.plane.normal = n;
  c.sphere.center = {dyadic(src, -16, 16), dyadic(src, -16, 16), dyadic(src, -16, 16)};
  c.sphere.radius = dyadic(src, 0, 12);
  side = src.coin() ? 1 : -1;
  // n·c − offset = side·r.
  c.plane.offset = n.dot(c.sphere.center) - side * c.sphere.radius;
  return c;
}

}  // namespace

std::span<const SphereFamily> sphere_plane_families() { return kFamilies; }

SpherePlaneCase generate_sphere_plane(SphereFamily family, ScalarKind scalar, Source& source, bool sweep) {
  switch (family) {
    case SphereFamily::touching:
    case SphereFamily::grazing: {
      double side = 1;
      int k = 0;
      SpherePlaneCase c = touching_pose(source, side, k);  // the pose at the time of contact
      if (!sweep) return c;
      const double u = double(1 + source.below(8)) / 8;  // u* ∈ {1/8 … 1}
      Vec3<double> v(dyadic(source, -8, 8), dyadic(source, -8, 8), dyadic(source, -8, 8));
      const double n_k = c.plane.normal[k];
      if (family == SphereFamily::grazing && source.coin()) {
        v[k] = 0;  // slides along the plane, touching it all the frame
        c.displacement = v;
        c.contact_time = 0;
        return c;
      }
      // Approach: s(u) = n·c(u) − offset decreases in |s| towards side·r at u*.
      const double approach = family == SphereFamily::grazing ? 1.0 / 8 : double(1 + source.below(16)) / 4;
      v[k] = -side * n_k * approach;  // n·v = −side·approach
      c.displacement = v;
      c.sphere.center -= u * v;
      c.contact_time = u;
      return c;
    }
    case SphereFamily::scale: {
      SpherePlaneCase c = random_case(source, scalar, sweep);
      const int range = scalar == ScalarKind::float32 ? 30 : 200;
      const int e = int(source.below(std::uint64_t(2 * range + 1))) - range;
      for (int i = 0; i < 3; ++i) {
        c.sphere.center[i] = std::ldexp(c.sphere.center[i], e);
        c.displacement[i] = std::ldexp(c.displacement[i], e);
      }
      c.sphere.radius = std::ldexp(c.sphere.radius, e);
      c.plane.offset = std::ldexp(c.plane.offset, e);
      return c;
    }
    case SphereFamily::random: break;
  }
  return random_case(source, scalar, sweep);
}

}  // namespace sepax::gen
