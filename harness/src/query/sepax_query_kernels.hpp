#pragma once
// sepax's own kernels of the judged pair queries (query_kernels.hpp's first entries).
#include <vector>

#include "sepax/harness/query/query_kernels.hpp"

namespace sepax::harness {

/// The 2D rectangles (core/planar/rect_rect.hpp), Gomez's sphere, plane, AABB,
/// segment and enclosure tests and sweeps (core/simple/), the OBB–OBB
/// manifold (core/static/obb_obb_manifold.hpp) and Eberly §5's general
/// motion, each in float and double.
std::vector<QueryKernel> sepax_query_kernels();

}  // namespace sepax::harness
