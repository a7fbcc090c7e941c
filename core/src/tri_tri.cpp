// Explicit instantiations: template errors surface when the library builds.
#include "sepax/core/static/tri_tri.hpp"

namespace sepax::tri_tri {
template StaticResult<float> test_static(const Triangle3<float>&, const Triangle3<float>&);
template StaticResult<double> test_static(const Triangle3<double>&, const Triangle3<double>&);
}  // namespace sepax::tri_tri
