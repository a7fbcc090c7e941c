#pragma once
/// \file Kernels brought as a plugin: a shared library exporting the C ABI of
/// sepax/sepax_plugin.h, loaded with dlopen and turned into registry entries
/// (KernelInfo) whose ids are "<plugin name>/<kernel name>/<scalar>".
#include <filesystem>
#include <vector>

#include "sepax/core/registry.hpp"
#include "sepax/harness/query/query_kernels.hpp"

namespace sepax::harness {

/// A plugin's kernels: those of the three SAT queries, for
/// sepax::register_kernels, and those of the other queries (ABI version 2),
/// for register_query_kernels.
struct PluginKernels {
  std::vector<KernelInfo> sat;
  std::vector<QueryKernel> queries;
  std::size_t size() const { return sat.size() + queries.size(); }
};

/// Loads the plugin at `path` (ABI version 2, or version 1) and returns its
/// kernels. The library stays loaded for the life of the process. Throws
/// InputError (input_error.hpp) naming the file and what is wrong: no such
/// file, not a shared library, no entry point, an ABI version sepax does not
/// speak, a kernel with an unknown query/mode/scalar, a missing batch
/// function, a duplicate name, a tolerance that is not a number >= 0.
PluginKernels load_plugin(const std::filesystem::path& path);

}  // namespace sepax::harness
