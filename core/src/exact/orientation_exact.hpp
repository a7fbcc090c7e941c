#pragma once
// The exact signs of the orientation predicates for double coordinates: the
// certified kernels' exact stage for a predicate their floating-point filter
// could not decide.
#include <cstdint>
#include <span>

#include "sepax/core/shapes/vec3.hpp"

namespace sepax::certified {

/// −1, 0 or +1: the sign of det(b − a, c − a, d − a), exactly. Finite input.
int orient3d_exact(const Vec3<double>& a, const Vec3<double>& b, const Vec3<double>& c, const Vec3<double>& d);

/// The doubles x as integers x·2⁻ᵉ of at most 61 bits, with one exponent e
/// for all: false (out untouched) when their exponents spread too far. A
/// caller that needs many predicates of the same points converts them once.
bool to_common_integers(std::span<const double> x, std::span<std::int64_t> out);
/// The same, and the exponent: x[k] = out[k]·2^exponent (0 when all are 0).
bool to_common_integers(std::span<const double> x, std::span<std::int64_t> out, int& exponent);

/// −1, 0 or +1: the sign of det(b − a, c − a, d − a) for points given as
/// to_common_integers' integers (|coordinate| < 2⁶¹), exactly.
int orient3d_integers(const std::int64_t* a, const std::int64_t* b, const std::int64_t* c, const std::int64_t* d);

/// −1, 0 or +1: the sign of (b_x − a_x)(c_y − a_y) − (b_y − a_y)(c_x − a_x)
/// for to_common_integers' integers (|coordinate| < 2⁶¹), exactly.
int orient2d_integers(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by, std::int64_t cx,
                      std::int64_t cy);

/// −1, 0 or +1: the sign of (b_x − a_x)(c_y − a_y) − (b_y − a_y)(c_x − a_x),
/// exactly, for the points given as {x, y}. Finite input.
int orient2d_exact(const double (&a)[2], const double (&b)[2], const double (&c)[2]);

}  // namespace sepax::certified
