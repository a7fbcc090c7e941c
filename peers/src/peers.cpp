#include "sepax/peers/peers.hpp"

#include "entry.hpp"
#include "sepax/peers/mujoco_peers.hpp"

namespace sepax::peers {

std::vector<KernelInfo> peer_kernels() {
  std::vector<KernelInfo> all;
  for (auto make : {&detail::fcl_kernels, &detail::bullet_kernels, &detail::ode_kernels,
                    &detail::ccd_kernels, &detail::cgal_kernels,
                    &detail::textbook_obb_obb_kernels, &detail::textbook_tri_tri_kernels,
                    &detail::textbook_plain_kernels, &mujoco_kernels})
    for (KernelInfo& k : make()) all.push_back(std::move(k));
  return all;
}

void register_peer_kernels() {
  register_kernels(peer_kernels());
  harness::register_query_kernels(peer_query_kernels());
  harness::register_mesh_kernel_makers(peer_mesh_kernel_makers());
}

}  // namespace sepax::peers
