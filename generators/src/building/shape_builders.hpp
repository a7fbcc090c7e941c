#pragma once
/// \file Building blocks shared by the generator families: random choices,
/// rotations without libm (a random unit quaternion, Rodrigues with a short
/// Taylor series for tiny angles), shapes, and rounding to the case's scalar.
///
/// Determinism: everything here uses only + − × ÷ and sqrt, which IEEE 754
/// rounds exactly, so a seed gives bit-identical shapes on every platform
/// (-ffp-contract=off is set globally). std::sin, std::exp and friends are
/// avoided on purpose: libms differ in the last bit. So is drawing twice in
/// one expression: C++ leaves the order of function arguments and operands
/// unspecified, so draws go in separate statements or braced lists (which are
/// evaluated left to right).
#include <array>
#include <cstdint>

#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/triangle3.hpp"
#include "sepax/generators/source.hpp"

namespace sepax::gen::detail {

using Vec3d = Vec3<double>;
/// Three box axes (columns of a rotation matrix).
using Axes = std::array<Vec3d, 3>;

// ---- choices ---------------------------------------------------------------

/// Uniform integer in [lo, hi] (inclusive).
int uniform_int(Source& source, int lo, int hi);
/// true with probability p.
bool chance(Source& source, double p);
/// +1 or −1.
int random_sign(Source& source);
/// ±k with k uniform in [lo, hi] (the sign drawn first).
int signed_int(Source& source, int lo, int hi);
/// Index i with probability weights[i] / Σ weights. Weights are small
/// integers so the choice is exact.
template <std::size_t N>
int pick(Source& source, const std::array<int, N>& weights) {
  int total = 0;
  for (int w : weights) total += w;
  int r = static_cast<int>(source.below(static_cast<std::uint64_t>(total)));
  for (std::size_t i = 0; i < N; ++i) {
    if (r < weights[i]) return static_cast<int>(i);
    r -= weights[i];
  }
  return static_cast<int>(N) - 1;
}

/// About log-uniform in [2^e_lo, 2^e_hi]: 2^⌊u⌋·(1 + frac u) for uniform u.
/// The mantissa is linear within each octave (exact and libm-free); the
/// octave is uniform, which is what matters for scale coverage.
double pow2_uniform(Source& source, double e_lo, double e_hi);
/// pow2_uniform between lo and hi (> 0), clamped into [lo, hi].
double log_uniform(Source& source, double lo, double hi);

/// Uniform in the unit ball (rejection; bounded, falls back to the origin).
Vec3d random_in_ball(Source& source);
/// Uniform on the unit sphere.
Vec3d random_unit_vector(Source& source);
/// Unit 2-vector (c, s) uniform on the circle; both ≥ `min_component` when
/// `first_quadrant`.
std::array<double, 2> random_unit_2d(Source& source, bool first_quadrant = false,
                                     double min_component = 0);

// ---- rotations ---------------------------------------------------------------

/// Axes of a uniformly random rotation: a unit quaternion uniform on S³
/// (rejection in the 4-ball, then normalised), turned into a matrix.
Axes random_rotation(Source& source);
/// A right-handed signed permutation of the coordinate axes (exact in any scalar).
Axes random_signed_permutation(Source& source);
/// Rotation of each axis by `angle` (|angle| ≤ 0.02) about the unit vector
/// `axis` (Rodrigues' formula; sin and 1 − cos from their Taylor series,
/// exact to double precision in that range).
Axes rotate_small(const Axes& axes, const Vec3d& axis, double angle);
Vec3d rotate_small(const Vec3d& v, const Vec3d& axis, double angle);
/// Axes of a rotation about the coordinate axis `w` by the angle whose
/// cosine and sine are (c, s): column w is exactly e_w.
Axes planar_rotation(int w, double c, double s);

// ---- shapes -------------------------------------------------------------------

Obb3d make_box(const Vec3d& center, const Axes& axes, const std::array<double, 3>& extents);
/// Random rotation, extents log-uniform in [lo, hi].
Obb3d random_box(Source& source, const Vec3d& center, double lo, double hi);
/// Vertices center + size·(uniform in the unit ball).
Triangle3d random_triangle(Source& source, const Vec3d& center, double size);
/// Largest extent (box) or largest vertex distance from the centroid (triangle).
double shape_size(const Obb3d& box);
double shape_size(const Triangle3d& tri);
/// Exchanges the two shapes of an obb_obb or tri_tri pair (the pair order is
/// part of what kernels are tested on).
void swap_shapes(ShapePair& pair);
/// Cyclic shift and optional reversal of the vertex order (the set is unchanged).
void shuffle_vertices(Source& source, Triangle3d& tri);

// ---- the scalar ---------------------------------------------------------------

/// x rounded to the scalar (to nearest float for float32; unchanged for float64).
double to_scalar(double x, ScalarKind scalar);
Vec3d to_scalar(const Vec3d& v, ScalarKind scalar);
/// x is exactly a value of the scalar.
bool representable(double x, ScalarKind scalar);
/// The neighbour of x that is k ulps away in the scalar (k may be negative).
double ulps_away(double x, int k, ScalarKind scalar);
/// Rounds every stored number of the pair to the scalar.
void round_to_scalar(ShapePair& pair, ScalarKind scalar);

}  // namespace sepax::gen::detail
