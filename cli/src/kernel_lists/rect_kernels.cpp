// The 2D rect_rect kernels of check and verify (rect_kernels.hpp).
#include "kernel_lists/rect_kernels.hpp"

#include "sepax/core/planar/rect_rect.hpp"

#ifdef SEPAX_HAVE_PEERS
#include "sepax/peers/box2d_rect.hpp"
#endif

namespace sepax::cli {

namespace {

template <class S>
RectKernel static_kernel(const char* id, ScalarKind scalar) {
  RectKernel k{id, scalar, false, {}, {}};
  k.test = [](const Rect2<double>& a, const Rect2<double>& b) -> std::optional<bool> {
    return rect_rect::test_static(a.cast<S>(), b.cast<S>()).intersects;
  };
  return k;
}

template <class S>
RectKernel contact_kernel(const char* id, ScalarKind scalar) {
  RectKernel k{id, scalar, false, {}, {}};
  k.contact = [](const Rect2<double>& a, const Rect2<double>& b, const LinearMotion2<double>& m) {
    const LinearMotion2<S> ms{m.velocity_a.cast<S>(), m.velocity_b.cast<S>(), S(m.duration)};
    const auto c = rect_rect::find_first_contact(a.cast<S>(), b.cast<S>(), ms);
    QueryAnswer out;
    out.meets = c.state != ContactState::separated_throughout;
    if (c.state == ContactState::first_contact) out.time = double(c.time);
    return out;
  };
  return k;
}

}  // namespace

std::vector<RectKernel> rect_kernels() {
  std::vector<RectKernel> out{static_kernel<float>("rect_rect/test_static/float", ScalarKind::float32),
                              static_kernel<double>("rect_rect/test_static/double", ScalarKind::float64),
                              contact_kernel<float>("rect_rect/find_first_contact/float", ScalarKind::float32),
                              contact_kernel<double>("rect_rect/find_first_contact/double", ScalarKind::float64)};
#ifdef SEPAX_HAVE_PEERS
  RectKernel box2d{"box2d/test_overlap/float", ScalarKind::float32, true, {}, {}};
  box2d.test = [](const Rect2<double>& a, const Rect2<double>& b) -> std::optional<bool> {
    return peers::box2d_rect_overlap(a.cast<float>(), b.cast<float>());
  };
  out.push_back(std::move(box2d));
#endif
  return out;
}

}  // namespace sepax::cli
