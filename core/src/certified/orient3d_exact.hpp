#pragma once
// The exact sign of the orientation predicate [a,b,c,d] = det(b − a, c − a,
// d − a) for double coordinates: the certified kernels' exact stage for a
// predicate their floating-point filter could not decide.
#include "sepax/core/shapes/vec3.hpp"

namespace sepax::certified {

/// −1, 0 or +1: the sign of det(b − a, c − a, d − a), exactly. Finite input.
int orient3d_exact(const Vec3<double>& a, const Vec3<double>& b, const Vec3<double>& c, const Vec3<double>& d);

}  // namespace sepax::certified
