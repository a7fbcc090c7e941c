#pragma once
/// \file
/// Kernels brought as a plugin: a shared library exporting the C ABI of
/// sepax/sepax_plugin.h, loaded with dlopen and turned into registry entries
/// (KernelInfo) whose ids are "<plugin name>/<kernel name>/<scalar>".
#include <filesystem>
#include <vector>

#include "sepax/harness/kernel_set.hpp"

namespace sepax::harness {

/// Loads the plugin at `path` (ABI version 2, or version 1) and returns its
/// kernels. The library stays loaded for the life of the process. Throws
/// InputError (input_error.hpp) naming the file and what is wrong: no such
/// file, not a shared library, no entry point, an ABI version sepax does not
/// speak, a kernel with an unknown query/mode/scalar, a missing batch
/// function, a duplicate name, a tolerance that is not a number >= 0.
KernelSet load_plugin(const std::filesystem::path& path);

}  // namespace sepax::harness
