// The contact-manifold kernels of check and verify (manifold_kernels.hpp).
#include "kernel_lists/manifold_kernels.hpp"

#include "sepax/core/static/obb_obb_manifold.hpp"

#ifdef SEPAX_HAVE_PEERS
#include "sepax/peers/manifold_peers.hpp"
#endif

namespace sepax::cli {
namespace {

template <class S>
harness::ManifoldAnswer sepax_manifold(const Obb3d& a, const Obb3d& b) {
  const obb_obb::Manifold<S> m = obb_obb::find_manifold(a.cast<S>(), b.cast<S>());
  harness::ManifoldAnswer out;
  out.contact = m.contact;
  out.normal = m.normal.template cast<double>();
  out.depth = double(m.depth);
  for (int k = 0; k < m.count; ++k) out.points.push_back(m.points[k].template cast<double>());
  return out;
}

}  // namespace

std::vector<ManifoldKernel> manifold_kernels() {
  std::vector<ManifoldKernel> out{
      {"obb_obb_manifold/find_manifold/float", ScalarKind::float32, false, sepax_manifold<float>},
      {"obb_obb_manifold/find_manifold/double", ScalarKind::float64, false, sepax_manifold<double>}};
#ifdef SEPAX_HAVE_PEERS
  for (const peers::ManifoldPeer& p : peers::manifold_peers())
    out.push_back({p.id, p.scalar, true, [run = p.run](const Obb3d& a, const Obb3d& b) {
                     const peers::PeerManifold m = run(a, b);
                     return harness::ManifoldAnswer{m.contact, m.normal, m.depth, m.points};
                   }});
#endif
  return out;
}

}  // namespace sepax::cli
