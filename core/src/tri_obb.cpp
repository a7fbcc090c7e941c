// Explicit instantiations: template errors surface when the library builds.
#include "sepax/core/static/tri_obb.hpp"

namespace sepax::tri_obb {
template StaticResult<float> test_static(const Triangle3<float>&, const Obb3<float>&);
template StaticResult<double> test_static(const Triangle3<double>&, const Obb3<double>&);
}  // namespace sepax::tri_obb
