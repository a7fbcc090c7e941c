#pragma once
// The exact signs of the orientation predicates for double coordinates: the
// certified kernels' exact stage for a predicate their floating-point filter
// could not decide.
#include "sepax/core/shapes/vec3.hpp"

namespace sepax::certified {

/// −1, 0 or +1: the sign of det(b − a, c − a, d − a), exactly. Finite input.
int orient3d_exact(const Vec3<double>& a, const Vec3<double>& b, const Vec3<double>& c, const Vec3<double>& d);

/// −1, 0 or +1: the sign of (b_x − a_x)(c_y − a_y) − (b_y − a_y)(c_x − a_x),
/// exactly, for the points given as {x, y}. Finite input.
int orient2d_exact(const double (&a)[2], const double (&b)[2], const double (&c)[2]);

}  // namespace sepax::certified
