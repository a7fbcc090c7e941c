#pragma once
/// \file Exact answers for Gomez's sphere–sphere sweep: two closed balls
/// moving by u·da and u·db for u ∈ [0, 1] (one frame). In GMP rationals on the
/// stored doubles: the state exactly, the first and last times of contact as
/// the roots of the squared-gap quadratic, rounded once from 256-bit MPFR.
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/sphere3.hpp"

namespace sepax::oracle {

struct ExactSweep {
  ContactState state = ContactState::separated_throughout;
  double first = 0;  ///< first u of contact (0 when overlapping at start), rounded to nearest
  double last = 0;   ///< last u of contact within the frame, rounded to nearest
};

ExactSweep sphere_sphere_sweep_exact(const Sphere3<double>& a, const Vec3<double>& da, const Sphere3<double>& b,
                                     const Vec3<double>& db);

/// The sign of the squared gap f(u) = |p + u·v|² − (r_a + r_b)² at u, exactly:
/// −1 the balls overlap at u, 0 they touch, +1 they are apart.
int sphere_sphere_gap_sign(const Sphere3<double>& a, const Vec3<double>& da, const Sphere3<double>& b,
                           const Vec3<double>& db, double u);

}  // namespace sepax::oracle
