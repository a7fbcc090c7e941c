// Gomez's OBB–segment kernels of check and verify (segment_kernels.hpp).
#include "kernel_lists/segment_kernels.hpp"

#include "sepax/core/simple/obb_segment.hpp"

#ifdef SEPAX_HAVE_PEERS
#include "sepax/peers/segment_peers.hpp"
#endif

namespace sepax::cli {

std::vector<SegmentKernel> segment_kernels() {
  std::vector<SegmentKernel> out{
      {"obb_segment/test_static/float", ScalarKind::float32, false,
       [](const Obb3<double>& b, const Segment3<double>& s) {
         return obb_segment::test_static(b.cast<float>(), s.cast<float>()).intersects;
       }},
      {"obb_segment/test_static/double", ScalarKind::float64, false,
       [](const Obb3<double>& b, const Segment3<double>& s) { return obb_segment::test_static(b, s).intersects; }}};
#ifdef SEPAX_HAVE_PEERS
  out.push_back({"ccd/gjk_obb_segment/double", ScalarKind::float64, true,
                 [](const Obb3<double>& b, const Segment3<double>& s) { return peers::ccd_gjk_obb_segment(b, s); }});
#endif
  return out;
}

}  // namespace sepax::cli
