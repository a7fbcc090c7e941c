// Explicit float/double instantiations of the fitting templates (template
// errors surface here, as for the kernels).
#include <array>
#include <cstdint>

#include "sepax/core/fitting/enclose.hpp"
#include "sepax/core/fitting/fit_min_volume.hpp"
#include "sepax/core/fitting/fit_points.hpp"
#include "sepax/core/fitting/fit_triangles.hpp"

namespace sepax::fitting {

#define SEPAX_FITTING_INSTANTIATE(S)                                                                       \
  template Obb3<S> enclose<S>(const std::array<Vec3<S>, 3>&, std::span<const Vec3<S>>);                   \
  template Obb3<S> fit_points<S>(std::span<const Vec3<S>>);                                                 \
  template Obb3<S> fit_triangles<S>(std::span<const Triangle3<S>>);                                         \
  template Obb3<S> fit_triangles<S, std::uint32_t>(std::span<const Vec3<S>>,                               \
                                                   std::span<const std::array<std::uint32_t, 3>>);          \
  template Obb3<S> fit_min_volume<S>(std::span<const Vec3<S>>, std::span<const Frame>, const MinVolumeOptions&);

SEPAX_FITTING_INSTANTIATE(float)
SEPAX_FITTING_INSTANTIATE(double)

#undef SEPAX_FITTING_INSTANTIATE

}  // namespace sepax::fitting
