#pragma once
// Vectors of GMP rationals for the certified kernels' exact stages: every
// stored double is an exact rational, and sums, differences and products
// stay exact.
#include <array>
#include <boost/multiprecision/gmp.hpp>

#include "sepax/core/shapes/vec3.hpp"

namespace sepax::certified {

using Rational = boost::multiprecision::mpq_rational;
using RationalVec = std::array<Rational, 3>;

inline RationalVec exact(const Vec3<double>& v) { return {Rational(v[0]), Rational(v[1]), Rational(v[2])}; }
inline RationalVec minus(const RationalVec& p, const RationalVec& q) {
  return {p[0] - q[0], p[1] - q[1], p[2] - q[2]};
}
inline RationalVec cross(const RationalVec& p, const RationalVec& q) {
  return {p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]};
}
inline Rational dot(const RationalVec& p, const RationalVec& q) { return p[0] * q[0] + p[1] * q[1] + p[2] * q[2]; }
inline bool is_zero(const RationalVec& v) { return v[0].is_zero() && v[1].is_zero() && v[2].is_zero(); }

}  // namespace sepax::certified
