#pragma once
/// \file Internal: exact Euclidean distance between the two exact sets of a
/// pair, by CGAL's quadratic-program solver (oracle-internal, not public API).
#include "sepax/core/shapes/query.hpp"

namespace sepax::oracle::detail {

/// Squared distance between the exact sets, solved exactly (Gmpzf), returned as
/// its square root divided by `scale`, rounded once to double. 0 exactly when
/// the sets intersect.
double separation_distance(const ShapePair& pair, double scale = 1.0);

}  // namespace sepax::oracle::detail
