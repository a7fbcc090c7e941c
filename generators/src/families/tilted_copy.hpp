#pragma once
/// \file The construction shared by the `near-parallel` and `ultra-parallel`
/// families (family_near_parallel.cpp, family_ultra_parallel.cpp): shape B is
/// shape A (or, for tri_obb, a triangle built on the box's own edges) rotated
/// by a tiny angle θ, then offset from deep overlap to clear separation. The
/// two families differ only in the range of |θ|; tilted_copy.cpp says how the
/// pairs are built.
#include "building/shape_builders.hpp"

namespace sepax::gen::detail {

/// The range of |θ| in radians: θ is about log-uniform in [min_angle,
/// max_angle] (log_uniform), with a random sign. max_angle ≤ 0.02 (rotate_small).
struct TiltRange {
  double min_angle;
  double max_angle;
};

/// A pair whose second shape is a copy of the first rotated by θ (see the
/// file comment of tilted_copy.cpp), rounded to the scalar.
ShapePair tilted_copy_pair(Query query, ScalarKind scalar, Source& source, TiltRange range);

}  // namespace sepax::gen::detail
