#pragma once
/// \file Internal: the exact programs on moving sets that need CGAL's QP solver,
/// behind a plain header so that exact_contact_sat.cpp stays free of it.
#include <array>

#include "verdict/exact_sets.hpp"
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/query.hpp"

namespace sepax::oracle::detail {

/// A point of a(t) ∩ b(t), rounded to double, at the exact time t, which must
/// be a time of contact (method (a) passes its t*). Exact feasibility LP in
/// exact_contact_lp.cpp; throws std::logic_error when the sets do not meet at
/// t, which would mean that t is not a time of contact.
std::array<double, 3> common_point_at(const ShapePair& pair, const LinearMotiond& motion,
                                      const Exact& t);

/// Squared Euclidean distance from a to b swept along W over [0, T] = the
/// minimum over t in [0, T] of |a(t) − b(t)|²; exact QP with t as a variable
/// (contact_point_distance.cpp), not rounded: a positive distance below
/// double's smallest subnormal must not read as "they meet" (a fuzzer's find).
/// 0 exactly when the moving sets meet.
Exact swept_separation_squared(const ShapePair& pair, const LinearMotiond& motion);

}  // namespace sepax::oracle::detail
