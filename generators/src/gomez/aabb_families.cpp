// AABB pair families (gomez.hpp). Exact contact: every corner is a small
// integer over 8 (dyadic), so a shared face plane, edge line or corner is
// exact in float and double; sweeps go back from the contact pose by u* times
// dyadic velocities, u* ∈ {1/8 … 1}.
#include <array>
#include <cmath>

#include "sepax/generators/gomez.hpp"

namespace sepax::gen {
namespace {

constexpr std::array<SphereFamily, 4> kFamilies{SphereFamily::random, SphereFamily::touching, SphereFamily::grazing,
                                                SphereFamily::scale};

double to_scalar(double x, ScalarKind s) { return s == ScalarKind::float32 ? double(float(x)) : x; }
double dyadic(Source& src, int lo, int hi) { return double(int(src.below(std::uint64_t(hi - lo + 1))) + lo) / 8; }

AabbPairCase random_case(Source& src, ScalarKind s, bool sweep) {
  AabbPairCase c;
  for (int k = 0; k < 3; ++k) {
    c.a.min[k] = to_scalar(src.uniform(-2, 2), s);
    c.a.max[k] = std::max(c.a.min[k], to_scalar(c.a.min[k] + src.uniform(0, 1.5), s));
    c.b.min[k] = to_scalar(c.a.min[k] + src.uniform(-1.5, 1.5), s);  // near A: meeting about an eighth of the time
    c.b.max[k] = std::max(c.b.min[k], to_scalar(c.b.min[k] + src.uniform(0, 1.5), s));
  }
  if (sweep) {
    const Vec3<double> toward = (0.5 * (c.a.min + c.a.max) - 0.5 * (c.b.min + c.b.max)) * src.uniform(0, 2);
    for (int k = 0; k < 3; ++k) {
      c.da[k] = to_scalar(src.uniform(-0.5, 0.5), s);
      c.db[k] = to_scalar(c.da[k] + toward[k], s);
    }
  }
  return c;
}

/// Boxes touching exactly across `touching` axes (1: a face, 2: an edge, 3: a
/// corner), overlapping on the others; side[k] = +1 when B lies on A's max side.
AabbPairCase touching_pose(Source& src, int touching, std::array<int, 3>& side) {
  AabbPairCase c;
  const int first = int(src.below(3));
  for (int k = 0; k < 3; ++k) {
    c.a.min[k] = dyadic(src, -16, 8);
    c.a.max[k] = c.a.min[k] + dyadic(src, 1, 16);
    const double size = dyadic(src, 1, 16);
    side[k] = 0;
    if ((k - first + 3) % 3 < touching) {
      side[k] = src.coin() ? 1 : -1;
      if (side[k] > 0) {
        c.b.min[k] = c.a.max[k];
        c.b.max[k] = c.b.min[k] + size;
      } else {
        c.b.max[k] = c.a.min[k];
        c.b.min[k] = c.b.max[k] - size;
      }
    } else {  // overlapping: B's min inside A's range
      c.b.min[k] = c.a.min[k] + (c.a.max[k] - c.a.min[k]) * double(src.below(8)) / 8;
      c.b.max[k] = c.b.min[k] + size;
    }
  }
  return c;
}

}  // namespace

std::span<const SphereFamily> aabb_families() { return kFamilies; }

AabbPairCase generate_aabb_pair(SphereFamily family, ScalarKind scalar, Source& source, bool sweep) {
  switch (family) {
    case SphereFamily::touching:
    case SphereFamily::grazing: {
      std::array<int, 3> side{};
      const bool slide = family == SphereFamily::grazing && source.coin();
      const int touching = family == SphereFamily::grazing ? (slide ? 1 : 2) : 1 + int(source.below(3));
      AabbPairCase c = touching_pose(source, touching, side);  // the pose at the time of contact
      if (!sweep) return c;
      Vec3<double> v;
      for (int k = 0; k < 3; ++k) {
        c.da[k] = dyadic(source, -8, 8);
        v[k] = side[k] == 0 ? dyadic(source, -2, 2) : -side[k] * dyadic(source, 1, 16);  // approach on touching axes
        if (slide && side[k] != 0) v[k] = 0;  // along the shared face
      }
      c.db = c.da + v;
      if (slide) {
        c.contact_time = 0;  // touching at the start; overlapping on the other axes at u = 0
        return c;
      }
      const double u = double(1 + source.below(8)) / 8;
      for (int k = 0; k < 3; ++k) {
        c.a.min[k] -= u * c.da[k], c.a.max[k] -= u * c.da[k];
        c.b.min[k] -= u * c.db[k], c.b.max[k] -= u * c.db[k];
      }
      c.contact_time = u;
      return c;
    }
    case SphereFamily::scale: {
      AabbPairCase c = random_case(source, scalar, sweep);
      const int range = scalar == ScalarKind::float32 ? 30 : 200;
      const int e = int(source.below(std::uint64_t(2 * range + 1))) - range;
      for (int k = 0; k < 3; ++k)
        for (double* x : {&c.a.min[k], &c.a.max[k], &c.b.min[k], &c.b.max[k], &c.da[k], &c.db[k]})
          *x = std::ldexp(*x, e);
      return c;
    }
    case SphereFamily::random: break;
  }
  return random_case(source, scalar, sweep);
}

}  // namespace sepax::gen
