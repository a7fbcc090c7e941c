#pragma once
// Vectors of 512-bit integers for the certified kernels' exact gaps
// (obb_obb_exact_gap.cpp, tri_obb_exact_gap.cpp): stored numbers scaled to
// integers (orientation_exact.hpp's to_common_integers), whose polynomials
// up to ~450 bits stay exact. Boost.Multiprecision's fixed cpp_int: no
// allocation.
#include <array>
#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>

namespace sepax::certified {

using Int = boost::multiprecision::int512_t;
using IntVec = std::array<Int, 3>;

inline IntVec int_vec(const std::int64_t* v) { return {Int(v[0]), Int(v[1]), Int(v[2])}; }
inline IntVec minus(const IntVec& p, const IntVec& q) { return {p[0] - q[0], p[1] - q[1], p[2] - q[2]}; }
inline IntVec cross(const IntVec& p, const IntVec& q) {
  return {p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]};
}
inline Int dot(const IntVec& p, const IntVec& q) { return p[0] * q[0] + p[1] * q[1] + p[2] * q[2]; }

/// The sign of lead − 2^α·radii, for the gaps whose two sides carry the
/// axis scale 2^α once more on the radii's side (see the callers).
inline int scaled_difference_sign(Int lead, Int radii, int alpha) {
  if (alpha < 0) lead <<= -alpha;
  if (alpha > 0) radii <<= alpha;
  return (lead - radii).sign();
}

}  // namespace sepax::certified
