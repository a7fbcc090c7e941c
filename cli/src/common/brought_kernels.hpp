#pragma once
/// \file Kernels a user brings to `verify` and `check` without editing sepax:
/// plugins (--plugin PATH, the C ABI of sepax/sepax_plugin.h) and external
/// processes (--external 'CMD', the JSON Lines protocol of README).
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace sepax::cli {

struct BroughtKernels {
  std::vector<std::string> plugins;    ///< shared libraries
  std::vector<std::string> externals;  ///< shell commands

  bool empty() const { return plugins.empty() && externals.empty(); }
  /// The same options again, for the replay commands verify prints
  /// (" --plugin /abs/lib.so --external 'python3 k.py'"; "" when empty).
  std::string as_arguments() const;
};

/// Loads every plugin and starts every external process, registers their
/// kernels (sepax::register_kernels: call before the registry is read) and
/// returns their ids, in order. On an error (a file that is no plugin, a
/// process that does not announce itself, a duplicate id), nullopt after
/// saying what on `err` with `command` ("sepax verify") in front.
std::optional<std::vector<std::string>> register_brought_kernels(const BroughtKernels& brought,
                                                                 const std::string& command, std::ostream& err);

}  // namespace sepax::cli
