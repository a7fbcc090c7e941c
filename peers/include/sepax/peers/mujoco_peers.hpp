#pragma once
/// \file MuJoCo's narrow phase as a peer (Debian's libmujoco-dev 2.2, double):
/// its box–box contact generator judged as an OBB–OBB contact manifold and
/// as a static test (any contact: intersecting), and its sphere–sphere,
/// sphere–box and plane–sphere routines on Gomez's rows. Each runs through
/// MuJoCo's public API — a minimal model of five geoms loaded from memory and
/// the public table mjCOLLISIONFUNC — on poses and sizes written into a
/// per-thread copy of the model and its data. MuJoCo is not included here
/// (peers/src/mujoco_adapters.cpp states its conventions).
#include <vector>

#include "sepax/core/registry.hpp"
#include "sepax/core/shapes/aabb3.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/shapes/plane3.hpp"
#include "sepax/core/shapes/sphere3.hpp"
#include "sepax/harness/query/query_kernels.hpp"
#include "sepax/peers/manifold_peers.hpp"

namespace sepax::peers {

/// mjc_BoxBox with margin 0, in sepax's convention (manifold_peers.hpp).
PeerManifold mujoco_box_box(const Obb3d& a, const Obb3d& b);
/// Its contact count (0: apart), and the other routines' (margin 0).
int mujoco_box_box_contacts(const Obb3d& a, const Obb3d& b);
int mujoco_sphere_sphere_contacts(const Sphere3<double>& a, const Sphere3<double>& b);
int mujoco_sphere_box_contacts(const Sphere3<double>& s, const Obb3d& box);
int mujoco_plane_sphere_contacts(const Plane3<double>& p, const Sphere3<double>& s);

/// mujoco/box_box/double (obb_obb, static test).
std::vector<KernelInfo> mujoco_kernels();
/// mujoco/sphere_sphere, mujoco/sphere_box (aabb_sphere), mujoco/plane_sphere
/// (sphere_plane): static tests, double.
std::vector<harness::QueryKernel> mujoco_query_kernels();

}  // namespace sepax::peers
