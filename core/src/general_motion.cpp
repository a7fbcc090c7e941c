// Explicit instantiations: template errors surface when the library builds.
#include "sepax/core/moving/general_motion.hpp"

namespace sepax {
template SampledMotion<float> sample_frames(const RigidMotion<float>&, int, Integrator);
template SampledMotion<double> sample_frames(const RigidMotion<double>&, int, Integrator);
template Obb3<float> pose_at(const Obb3<float>&, const SampledMotion<float>&, int);
template Obb3<double> pose_at(const Obb3<double>&, const SampledMotion<double>&, int);
template Triangle3<float> pose_at(const Triangle3<float>&, const SampledMotion<float>&, int);
template Triangle3<double> pose_at(const Triangle3<double>&, const SampledMotion<double>&, int);
}  // namespace sepax

namespace sepax::obb_obb {
template GeneralContactResult<float> find_first_contact_general(const Obb3<float>&, const RigidMotion<float>&, const Obb3<float>&, const RigidMotion<float>&, int, Integrator);
template GeneralContactResult<double> find_first_contact_general(const Obb3<double>&, const RigidMotion<double>&, const Obb3<double>&, const RigidMotion<double>&, int, Integrator);
}  // namespace sepax::obb_obb

namespace sepax::tri_obb {
template GeneralContactResult<float> find_first_contact_general(const Triangle3<float>&, const RigidMotion<float>&, const Obb3<float>&, const RigidMotion<float>&, int, Integrator);
template GeneralContactResult<double> find_first_contact_general(const Triangle3<double>&, const RigidMotion<double>&, const Obb3<double>&, const RigidMotion<double>&, int, Integrator);
}  // namespace sepax::tri_obb

namespace sepax::tri_tri {
template GeneralContactResult<float> find_first_contact_general(const Triangle3<float>&, const RigidMotion<float>&, const Triangle3<float>&, const RigidMotion<float>&, int, Integrator);
template GeneralContactResult<double> find_first_contact_general(const Triangle3<double>&, const RigidMotion<double>&, const Triangle3<double>&, const RigidMotion<double>&, int, Integrator);
}  // namespace sepax::tri_tri
