#pragma once
/// \file Internal to the plugin loader: one validated kernel description of a
/// plugin (sepax/sepax_plugin.h) and the registry entry that calls it.
#include <string>

#include "sepax/core/registry.hpp"
#include "sepax/harness/mesh/mesh_kernels.hpp"
#include "sepax/harness/query/query_kernels.hpp"
#include "sepax/sepax_plugin.h"

namespace sepax::harness::plugin_detail {

/// A plugin kernel after load_plugin has checked every field: the C values
/// mapped to sepax's enums, the id formed.
struct PluginKernel {
  std::string id;      ///< "<plugin name>/<kernel name>/<scalar>"
  std::string plugin;  ///< the plugin's name: the entry's origin
  Query query = Query::obb_obb;
  ScalarKind scalar = ScalarKind::float64;
  KernelMode mode = KernelMode::static_test;
  KernelBias bias{};
  bool open_sets = false;
  sepax_batch_fn batch = nullptr;
  void* user = nullptr;
};

/// The registry entry: the per-pair function of the kernel's mode (a batch of
/// one), its batch form over whole spans, and for static tests prepare_set.
/// Every call converts the pairs to the kernel's scalar arrays; a non-zero
/// status, or an answer outside the ABI's values, throws std::runtime_error
/// naming the kernel (and the plugin's message), which the campaign records
/// as that case's error.
KernelInfo make_entry(const PluginKernel& kernel);

/// A version 2 kernel after load_plugin has checked it.
struct PluginKernelV2 {
  std::string id, plugin;
  std::string query, mode;  ///< as the kernel names them (query_layout.hpp)
  ScalarKind scalar = ScalarKind::float64;
  double tolerance = 0;
  /// The SAT queries only.
  bool sat = false;
  Query sat_query = Query::obb_obb;
  KernelMode sat_mode = KernelMode::static_test;
  KernelBias bias{};
  bool open_sets = false;
  sepax_batch_v2_fn batch = nullptr;
  void* user = nullptr;
};

/// A SAT kernel's registry entry (plugin_entry_v2.cpp) …
KernelInfo make_entry_v2(const PluginKernelV2& kernel);
/// … and any other query's kernel, with its batch form …
QueryKernel make_query_kernel_v2(const PluginKernelV2& kernel);
/// … but a mesh_mesh kernel's, which is a maker of mesh kernels
/// (plugin_mesh_kernel.cpp): one per pair of meshes.
MeshKernelMaker make_mesh_maker_v2(const PluginKernelV2& kernel);

}  // namespace sepax::harness::plugin_detail
