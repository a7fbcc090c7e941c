// Gomez's OBB→AABB kernels of check and verify (enclosure_kernels.hpp).
#include "kernel_lists/enclosure_kernels.hpp"

#include "sepax/core/simple/obb_to_aabb.hpp"

#ifdef SEPAX_HAVE_PEERS
#include "sepax/peers/sphere_peers.hpp"
#endif

namespace sepax::cli {

std::vector<EnclosureKernel> enclosure_kernels() {
  std::vector<EnclosureKernel> out{
      {"obb_to_aabb/enclose/float", ScalarKind::float32, false,
       [](const Obb3<double>& b) {
         const Aabb3<float> a = obb_to_aabb(b.cast<float>());
         return Aabb3<double>{a.min.cast<double>(), a.max.cast<double>()};
       }},
      {"obb_to_aabb/enclose/double", ScalarKind::float64, false, [](const Obb3<double>& b) { return obb_to_aabb(b); }}};
#ifdef SEPAX_HAVE_PEERS
  out.push_back({"fcl/obb_to_aabb/double", ScalarKind::float64, true,
                 [](const Obb3<double>& b) { return peers::fcl_obb_to_aabb(b); }});
#endif
  return out;
}

}  // namespace sepax::cli
