#pragma once
/// \file Building blocks of moving cases, shared by the motion family and the
/// velocities given to the other families: exact translations of shape b, the
/// split of a relative velocity W into the two shapes' velocities, durations.
///
/// Exactness: a float case stores floats only, velocities and T included, and
/// a construction that promises "touching exactly at t = T" needs
/// b(0) + T·W = b(T) exactly. Both follow from choosing T·W on a grid of the
/// coordinates' own dyadic lattice (exact_translation_step) and T = m·2^k, so
/// that W = (T·W)·2^-k/m is a plain rescaling; every addition is then checked
/// with an error-free transformation (lattice.hpp), never assumed.
#include <optional>

#include "building/lattice.hpp"
#include "sepax/core/moving/motion.hpp"
#include "building/shape_builders.hpp"

namespace sepax::gen::detail {

/// Significand bits of the scalar: 24 for float, 53 for double.
int scalar_digits(ScalarKind scalar);

/// Translates b (obb_b's centre, or tri_b's vertices) by `shift` when every
/// moved number is computed exactly and is exactly a value of the scalar;
/// otherwise leaves the pair unchanged and returns false.
bool translate_b_exactly(ShapePair& pair, const Vec3d& shift, ScalarKind scalar);

/// A vector V close to target/multiplier such that translating b by
/// multiplier·V is exact in the scalar (translate_b_exactly succeeds) and V's
/// components are values of the scalar. Each component lies on the finest grid
/// the scalar allows at the moved coordinates' magnitude, so V follows the
/// target's direction to about the scalar's precision; the target is halved
/// (up to 12 times) while the translation would round. nullopt when no
/// nonzero V is found.
std::optional<Vec3d> exact_translation_step(const ShapePair& pair, const Vec3d& target,
                                            int multiplier, ScalarKind scalar);

/// Velocities with velocity_b − velocity_a = W exactly, both exact in the
/// scalar: velocity_a is zero half the time, otherwise a few-bit dyadic vector
/// of up to 2^8 times `speed` (so the subtraction a kernel performs cancels
/// digits), falling back to zero when velocity_a + W would round.
LinearMotiond split_velocity(Source& source, const Vec3d& W, double speed, double duration,
                             ScalarKind scalar);

/// A duration about log-uniform in [2^lo, 2^hi], rounded to the scalar.
double random_duration(Source& source, int lo, int hi, ScalarKind scalar);

/// The length that paths and gaps are measured in: the smaller shape's size
/// (the larger one's when the smaller is a point; 1 when both are).
double length_scale(const ShapePair& pair);

/// A unit vector orthogonal to unit n (up to rounding), random about n.
Vec3d random_tangent(Source& source, const Vec3d& n);

/// The stored numbers of b's position: obb_b's centre, or tri_b's vertices.
std::vector<Vec3d> b_positions(const ShapePair& pair);

}  // namespace sepax::gen::detail
