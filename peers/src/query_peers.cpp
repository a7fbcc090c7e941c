// The peers of the judged pair queries (peers.hpp: peer_query_kernels), each
// wrapped as a harness::QueryKernel on its query's inputs.
#include "sepax/peers/peers.hpp"

#include <memory>

#include "sepax/peers/box2d_rect.hpp"
#include "sepax/peers/fcl_mesh.hpp"
#include "sepax/peers/manifold_peers.hpp"
#include "sepax/peers/distance_peers.hpp"
#include "sepax/peers/mujoco_peers.hpp"
#include "sepax/peers/segment_peers.hpp"
#include "sepax/peers/sphere_peers.hpp"

namespace sepax::peers {

std::vector<harness::QueryKernel> peer_query_kernels() {
  using harness::query_kernel;
  constexpr ScalarKind f32 = ScalarKind::float32, f64 = ScalarKind::float64;
  std::vector<harness::QueryKernel> out{
      query_kernel<gen::RectPair>("box2d/test_overlap/float", "box2d", "rect_rect", "test_static", f32,
                                  [](const gen::RectPair& p) {
                                    return box2d_rect_overlap(p.a.cast<float>(), p.b.cast<float>());
                                  }),
      query_kernel<gen::SpherePair>("fcl/sphere_sphere/double", "fcl", "sphere_sphere", "test_static", f64,
                                    [](const gen::SpherePair& p) { return fcl_sphere_sphere(p.a, p.b); }),
      query_kernel<gen::BoxSpherePair>("fcl/aabb_sphere/double", "fcl", "aabb_sphere", "test_static", f64,
                                       [](const gen::BoxSpherePair& p) { return fcl_aabb_sphere(p.box, p.sphere); }),
      query_kernel<gen::SpherePlaneCase>("fcl/sphere_plane/double", "fcl", "sphere_plane", "test_static", f64,
                                         [](const gen::SpherePlaneCase& c) { return fcl_sphere_plane(c.sphere, c.plane); }),
      query_kernel<gen::AabbPairCase>("fcl/aabb_aabb/double", "fcl", "aabb_aabb", "test_static", f64,
                                      [](const gen::AabbPairCase& c) { return fcl_aabb_aabb(c.a, c.b); }),
      query_kernel<gen::BoxSegmentPair>("ccd/gjk_obb_segment/double", "ccd", "obb_segment", "test_static", f64,
                                        [](const gen::BoxSegmentPair& p) { return ccd_gjk_obb_segment(p.box, p.segment); }),
      query_kernel<Obb3<double>>("fcl/obb_to_aabb/double", "fcl", "obb_to_aabb", "enclose", f64,
                                 [](const Obb3<double>& box) {
                                   harness::QueryAnswer a;
                                   a.meets = true;
                                   a.aabb = fcl_obb_to_aabb(box);
                                   return a;
                                 })};
  for (harness::QueryKernel& k : mujoco_query_kernels()) out.push_back(std::move(k));
  for (harness::QueryKernel& k : distance_query_kernels()) out.push_back(std::move(k));
  for (const ManifoldPeer& p : manifold_peers()) {
    const std::string library = p.id.substr(0, p.id.find('/'));
    out.push_back(query_kernel<ShapePair>(p.id, library, "obb_obb_manifold", "find_manifold", p.scalar,
                                          [run = p.run](const ShapePair& pair) {
                                            const PeerManifold m = run(pair.obb_a, pair.obb_b);
                                            harness::QueryAnswer a;
                                            a.meets = m.contact;
                                            a.manifold = harness::ManifoldAnswer{m.contact, m.normal, m.depth, {m.points.begin(), m.points.end()}};
                                            return a;
                                          }));
  }
  return out;
}

std::vector<harness::MeshKernelMaker> peer_mesh_kernel_makers() {
  harness::MeshKernelMaker fcl;
  fcl.name = "fcl";
  fcl.make = [](const TriangleMesh& a, const TriangleMesh& b) {
    std::vector<harness::MeshKernel> out;
    for (FclBv bv : {FclBv::obb, FclBv::obbrss}) {
      auto fa = std::make_shared<const FclMesh>(a, bv);
      auto fb = std::make_shared<const FclMesh>(b, bv);
      harness::MeshKernel k;
      k.name = std::string("fcl/") + to_string(bv);
      k.scalar = ScalarKind::float64;
      k.peer = true;
      k.intersects = [fa, fb](const Pose& p) { return boolean(*fa, *fb, p); };
      k.pairs = [fa, fb](const Pose& p) { return all_pairs(*fa, *fb, p); };
      out.push_back(std::move(k));
    }
    return out;
  };
  return {fcl};
}

}  // namespace sepax::peers
