// Explicit instantiations: template errors surface when the library builds.
#include "sepax/core/static/obb_obb.hpp"

namespace sepax::obb_obb {
template StaticResult<float> test_static(const Obb3<float>&, const Obb3<float>&);
template StaticResult<double> test_static(const Obb3<double>&, const Obb3<double>&);
template StaticResult<float> test_static_eps(const Obb3<float>&, const Obb3<float>&, float);
template StaticResult<double> test_static_eps(const Obb3<double>&, const Obb3<double>&, double);
}  // namespace sepax::obb_obb
