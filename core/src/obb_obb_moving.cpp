// Explicit instantiations: template errors surface when the library builds.
#include "sepax/core/moving/obb_obb_moving.hpp"

namespace sepax::obb_obb {
template StaticResult<float> test_moving(const Obb3<float>&, const Obb3<float>&, const LinearMotion<float>&);
template StaticResult<double> test_moving(const Obb3<double>&, const Obb3<double>&, const LinearMotion<double>&);
template ContactResult<float> find_first_contact(const Obb3<float>&, const Obb3<float>&, const LinearMotion<float>&);
template ContactResult<double> find_first_contact(const Obb3<double>&, const Obb3<double>&, const LinearMotion<double>&);
}  // namespace sepax::obb_obb
