// General-motion families (general_motion.hpp). Shapes come from the shape
// builders, rounded to the scalar as the 3D families round theirs; velocities,
// centres and N are drawn here.
#include <array>
#include <cmath>

#include "building/shape_builders.hpp"
#include "sepax/generators/general_motion.hpp"

namespace sepax::gen {
namespace {

using detail::Vec3d;

constexpr std::array<GeneralMotionFamily, 3> kFamilies{GeneralMotionFamily::random, GeneralMotionFamily::spin,
                                                       GeneralMotionFamily::no_spin};

/// A shape of the pair's kind at `center`, of size about `size`.
void place(ShapePair& p, bool first, const Vec3d& center, double size, Source& src, bool long_box) {
  const bool triangle = first ? p.query != Query::obb_obb : p.query == Query::tri_tri;
  if (triangle) {
    (first ? p.tri_a : p.tri_b) = detail::random_triangle(src, center, long_box ? 2 * size : size);
    return;
  }
  Obb3d box = detail::random_box(src, center, 0.25 * size, size);
  if (long_box) box.extents[0] = 2 * size;
  (first ? p.obb_a : p.obb_b) = box;
}

Vec3d reference(const ShapePair& p, bool first) {
  const bool triangle = first ? p.query != Query::obb_obb : p.query == Query::tri_tri;
  if (!triangle) return (first ? p.obb_a : p.obb_b).center;
  const Triangle3d& t = first ? p.tri_a : p.tri_b;
  return (t.vertices[0] + t.vertices[1] + t.vertices[2]) / 3;
}

RigidMotion<double> rounded(RigidMotion<double> m, ScalarKind s) {
  m.center = detail::to_scalar(m.center, s);
  m.linear_velocity = detail::to_scalar(m.linear_velocity, s);
  m.angular_velocity = detail::to_scalar(m.angular_velocity, s);
  return m;
}

}  // namespace

const char* to_string(GeneralMotionFamily f) {
  switch (f) {
    case GeneralMotionFamily::random: return "random";
    case GeneralMotionFamily::spin: return "spin";
    case GeneralMotionFamily::no_spin: return "no-spin";
  }
  return "?";
}

std::span<const GeneralMotionFamily> general_motion_families() { return kFamilies; }

GeneralMotionCase generate_general_motion(Query query, GeneralMotionFamily family, ScalarKind scalar,
                                          Source& src) {
  GeneralMotionCase c;
  c.pair.query = query;
  c.steps = detail::uniform_int(src, 1, 16);
  c.integrator = src.coin() ? Integrator::rk4 : Integrator::euler;
  c.motion_a.duration = c.motion_b.duration = 1;
  const bool spin = family == GeneralMotionFamily::spin;
  place(c.pair, true, Vec3d::Zero(), 1, src, spin);
  // B: in A's reach for spin (within A's half-length 2, away from its long axis), else 2 to 4 away.
  const Vec3d direction = detail::random_unit_vector(src);
  const double distance = spin ? src.uniform(1, 2.5) : src.uniform(2, 4);
  place(c.pair, false, distance * direction, spin ? 0.5 : 1, src, false);
  const Vec3d pa = reference(c.pair, true), pb = reference(c.pair, false);
  if (family != GeneralMotionFamily::spin) {
    // A heads at B, closing 1.5 to 4 over T; B drifts a little.
    c.motion_a.linear_velocity = (pb - pa) * src.uniform(0.4, 1.0) + 0.5 * detail::random_in_ball(src);
    c.motion_b.linear_velocity = 0.5 * detail::random_in_ball(src);
  }
  if (family != GeneralMotionFamily::no_spin) {
    // Up to about 2 rad over T for A (spin: 1 to 3 rad, about an axis across A's long axis), 1 for B.
    // The spin axis is across the line to B, so A's far points sweep through B's side.
    c.motion_a.angular_velocity = spin ? Vec3d(src.uniform(1, 3) * detail::random_unit_vector(src).cross(pb - pa).normalized())
                                       : Vec3d(2 * detail::random_in_ball(src));
    c.motion_b.angular_velocity = detail::random_in_ball(src);
  }
  // Rotation centres: the shapes' own reference points, or near them.
  c.motion_a.center = spin ? pa : Vec3d(pa + 0.5 * detail::random_in_ball(src));
  c.motion_b.center = pb + 0.5 * detail::random_in_ball(src);
  detail::round_to_scalar(c.pair, scalar);
  c.motion_a = rounded(c.motion_a, scalar);
  c.motion_b = rounded(c.motion_b, scalar);
  return c;
}

}  // namespace sepax::gen
