// The 2D rect_rect kernels of check and verify (rect_kernels.hpp).
#include "common/rect_kernels.hpp"

#include "sepax/core/planar/rect_rect.hpp"

#ifdef SEPAX_HAVE_PEERS
#include "sepax/peers/box2d_rect.hpp"
#endif

namespace sepax::cli {

std::vector<RectKernel> rect_kernels() {
  std::vector<RectKernel> out;
  out.push_back({"sepax/rect_rect/float", ScalarKind::float32, false,
                 [](const Rect2<double>& a, const Rect2<double>& b) -> std::optional<bool> {
                   return rect_rect::test_static(a.cast<float>(), b.cast<float>()).intersects;
                 }});
  out.push_back({"sepax/rect_rect/double", ScalarKind::float64, false,
                 [](const Rect2<double>& a, const Rect2<double>& b) -> std::optional<bool> {
                   return rect_rect::test_static(a, b).intersects;
                 }});
#ifdef SEPAX_HAVE_PEERS
  out.push_back({"box2d/test_overlap/float", ScalarKind::float32, true,
                 [](const Rect2<double>& a, const Rect2<double>& b) -> std::optional<bool> {
                   return peers::box2d_rect_overlap(a.cast<float>(), b.cast<float>());
                 }});
#endif
  return out;
}

}  // namespace sepax::cli
