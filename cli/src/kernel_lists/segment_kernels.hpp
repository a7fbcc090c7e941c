#pragma once
/// \file Gomez's OBB–segment kernels the commands judge (obb_segment):
/// sepax's test (float, double, core/simple/obb_segment.hpp) and, when sepax
/// is built with the peers, libccd's GJK on the same shapes (double).
#include <functional>
#include <string>
#include <vector>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/shapes/segment3.hpp"

namespace sepax::cli {

struct SegmentKernel {
  std::string id;  ///< "obb_segment/test_static/float", "ccd/gjk_obb_segment/double"
  ScalarKind scalar = ScalarKind::float64;
  bool peer = false;
  std::function<bool(const Obb3<double>&, const Segment3<double>&)> test;
};

std::vector<SegmentKernel> segment_kernels();

}  // namespace sepax::cli
