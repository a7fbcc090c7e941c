#pragma once
/// \file Kernels brought as a plugin: a shared library exporting the C ABI of
/// sepax/sepax_plugin.h, loaded with dlopen and turned into registry entries
/// (KernelInfo) whose ids are "<plugin name>/<kernel name>/<scalar>".
#include <filesystem>
#include <vector>

#include "sepax/core/registry.hpp"

namespace sepax::harness {

/// Loads the plugin at `path` and returns its kernels, ready for
/// sepax::register_kernels. The library stays loaded for the life of the
/// process. Throws InputError (input_error.hpp) naming the file and what is
/// wrong: no such file, not a shared library, no entry point, an ABI version
/// sepax does not speak, a kernel with an unknown query/mode/scalar, a
/// missing batch function, a duplicate name.
std::vector<KernelInfo> load_plugin(const std::filesystem::path& path);

}  // namespace sepax::harness
