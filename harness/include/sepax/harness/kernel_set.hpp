#pragma once
/// \file
/// The kernels a user brings (a plugin, an external process): those of
/// the three SAT queries, for sepax::register_kernels, and those of the other
/// judged queries, for register_query_kernels (query_kernels.hpp), and the
/// mesh kernels' makers, for register_mesh_kernel_makers (mesh_kernels.hpp).
#include <vector>

#include "sepax/core/registry.hpp"
#include "sepax/harness/mesh/mesh_kernels.hpp"
#include "sepax/harness/query/query_kernels.hpp"

namespace sepax::harness {

struct KernelSet {
  std::vector<KernelInfo> sat;
  std::vector<QueryKernel> queries;
  std::vector<MeshKernelMaker> meshes;  ///< mesh_mesh kernels, one maker each (named by the kernel's id)
  std::size_t size() const { return sat.size() + queries.size() + meshes.size(); }
};

}  // namespace sepax::harness
