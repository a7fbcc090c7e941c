// The mesh-vs-mesh kernels of mesh-check and verify: sepax's trees, FCL's BVHs.
#include "kernel_lists/mesh_kernels.hpp"

#include <memory>
#include <string>

#ifdef SEPAX_HAVE_PEERS
#include "sepax/peers/fcl_mesh.hpp"
#endif

namespace sepax::cli {

std::vector<harness::MeshKernel> mesh_kernels(const TriangleMesh& a, const TriangleMesh& b, bool with_fcl) {
  std::vector<harness::MeshKernel> out = harness::sepax_tree_kernels(a, b);
#ifdef SEPAX_HAVE_PEERS
  if (with_fcl)
    for (peers::FclBv bv : {peers::FclBv::obb, peers::FclBv::obbrss}) {
      auto fa = std::make_shared<const peers::FclMesh>(a, bv);
      auto fb = std::make_shared<const peers::FclMesh>(b, bv);
      harness::MeshKernel k;
      k.name = std::string("fcl/") + peers::to_string(bv);
      k.scalar = ScalarKind::float64;
      k.peer = true;
      k.intersects = [fa, fb](const Pose& p) { return peers::boolean(*fa, *fb, p); };
      k.pairs = [fa, fb](const Pose& p) { return peers::all_pairs(*fa, *fb, p); };
      out.push_back(std::move(k));
    }
#else
  (void)with_fcl;
#endif
  return out;
}

}  // namespace sepax::cli
