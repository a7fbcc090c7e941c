#pragma once
/// \file The mesh-vs-mesh kernels the commands judge: sepax's OBB trees and,
/// when sepax is built with the peers, FCL's BVHModel<OBB> and <OBBRSS>.
#include <vector>

#include "sepax/harness/mesh/mesh_kernels.hpp"

namespace sepax::cli {

/// Builds every structure for a and b once. Throws what a build throws.
std::vector<harness::MeshKernel> mesh_kernels(const TriangleMesh& a, const TriangleMesh& b, bool with_fcl);

}  // namespace sepax::cli
