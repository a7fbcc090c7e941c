#pragma once
/// \file Peer adapters (SPEC §8): other libraries' static (and, for the plain textbook SAT, moving) collision tests
/// behind sepax's KernelInfo, so that campaigns judge them against the same
/// exact oracles and benchmarks time them on the same data as sepax's kernels.
///
/// Ids are "<library>/<name>/<scalar>" with origin = <library>; <scalar> is the
/// scalar of the cases the entry runs on (ShapePair stores them in double,
/// exactly representable in that scalar). The library computes in its own
/// precision, which may differ from the case scalar: FCL (templated) and the
/// textbook kernels in the case scalar, ODE and libccd in double, CGAL exactly,
/// Bullet in float (Debian's default libBulletCollision; float cases only), MuJoCo in
/// double (double cases only). Each adapter's .cpp
/// says which of its tests are epsilon-biased and how (KernelBias), and
/// what the library does on touching and degenerate input.
///
/// This header includes no peer library: FCL, Bullet, ODE, libccd and CGAL stay
/// inside the sepax_peers library, one .cpp each.
#include <vector>

#include "sepax/core/registry.hpp"
#include "sepax/harness/mesh/mesh_kernels.hpp"
#include "sepax/harness/query/query_kernels.hpp"

namespace sepax::peers {

/// Every peer kernel (origin != "sepax"), ready for sepax::register_kernels.
std::vector<KernelInfo> peer_kernels();

/// Every peer kernel of a judged pair query (2D rectangles, Gomez's tests,
/// OBB–OBB manifolds), ready for harness::register_query_kernels.
std::vector<harness::QueryKernel> peer_query_kernels();

/// FCL's BVHModel<OBB> and <OBBRSS> of each mesh pair, for
/// harness::register_mesh_kernel_makers.
std::vector<harness::MeshKernelMaker> peer_mesh_kernel_makers();

/// Registers them all; call once at program start, before any registry is read.
void register_peer_kernels();

}  // namespace sepax::peers
