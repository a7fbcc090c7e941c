#include "common/brought_kernels.hpp"

#include <exception>
#include <filesystem>
#include <ostream>

#include "sepax/core/registry.hpp"
#include "sepax/harness/external_kernels.hpp"
#include "sepax/harness/plugin_kernels.hpp"

namespace sepax::cli {

namespace {

/// 'text' for /bin/sh, whatever it holds.
std::string shell_quoted(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace

std::string BroughtKernels::as_arguments() const {
  std::string args;
  for (const std::string& p : plugins) {
    std::error_code ec;
    const auto absolute = std::filesystem::absolute(p, ec);
    args += " --plugin " + shell_quoted(ec ? p : absolute.string());
  }
  for (const std::string& e : externals) args += " --external " + shell_quoted(e);
  return args;
}

std::optional<std::vector<std::string>> register_brought_kernels(const BroughtKernels& brought,
                                                                 const std::string& command, std::ostream& err) {
  std::vector<KernelInfo> kernels;
  std::vector<harness::QueryKernel> query_kernels;
  std::vector<harness::MeshKernelMaker> mesh_makers;
  try {
    for (const std::string& path : brought.plugins) {
      harness::KernelSet loaded = harness::load_plugin(path);
      for (KernelInfo& k : loaded.sat) kernels.push_back(std::move(k));
      for (harness::QueryKernel& k : loaded.queries) query_kernels.push_back(std::move(k));
      for (harness::MeshKernelMaker& m : loaded.meshes) mesh_makers.push_back(std::move(m));
    }
    for (const std::string& cmd : brought.externals) {
      harness::KernelSet started = harness::start_external(cmd);
      for (KernelInfo& k : started.sat) kernels.push_back(std::move(k));
      for (harness::QueryKernel& k : started.queries) query_kernels.push_back(std::move(k));
      for (harness::MeshKernelMaker& m : started.meshes) mesh_makers.push_back(std::move(m));
    }
  } catch (const std::exception& e) {
    err << command << ": " << e.what() << '\n';
    return std::nullopt;
  }
  std::vector<std::string> ids;
  for (const KernelInfo& k : kernels) ids.push_back(k.id);
  for (const harness::QueryKernel& k : query_kernels) ids.push_back(k.id);
  for (const harness::MeshKernelMaker& m : mesh_makers) ids.push_back(m.name);
  try {
    register_kernels(std::move(kernels));
    harness::register_query_kernels(std::move(query_kernels));
    harness::register_mesh_kernel_makers(std::move(mesh_makers));
  } catch (const std::exception& e) {
    err << command << ": " << e.what() << '\n';
    return std::nullopt;
  }
  return ids;
}

}  // namespace sepax::cli
