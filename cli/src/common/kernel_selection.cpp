#include "common/kernel_selection.hpp"

#include <algorithm>

#include "sepax/oracle/classify.hpp"

namespace sepax::cli {

namespace {

/// A kernel whose claimed bias its method does not open is refused: the
/// judge's leniency is derived, never the kernel's to set.
bool biases_accepted(const std::vector<const KernelInfo*>& kernels, std::string& error) {
  for (const KernelInfo* k : kernels) {
    try {
      oracle::granted_bias(k->bias);
    } catch (const oracle::BiasRefused& e) {
      error = "kernel " + k->id + " refused: " + e.what();
      return false;
    }
  }
  return true;
}

}  // namespace

std::optional<std::vector<const KernelInfo*>> select_kernels(const std::vector<std::string>& ids,
                                                             std::string& error) {
  std::vector<const KernelInfo*> kernels;
  if (ids.empty()) {
    for (const KernelInfo& k : static_kernels()) kernels.push_back(&k);
    for (const KernelInfo& k : moving_kernels()) kernels.push_back(&k);
    if (!biases_accepted(kernels, error)) return std::nullopt;
    return kernels;
  }
  for (const std::string& id : ids) {
    const KernelInfo* kernel = find_kernel(id);
    if (!kernel) {
      error = "unknown kernel id \"" + id + "\"; known ids:";
      for (const KernelInfo& k : static_kernels()) error += "\n  " + k.id;
      for (const KernelInfo& k : moving_kernels()) error += "\n  " + k.id;
      if (static_kernels().empty() && moving_kernels().empty()) error += " (none registered)";
      return std::nullopt;
    }
    if (std::find(kernels.begin(), kernels.end(), kernel) == kernels.end()) kernels.push_back(kernel);
  }
  if (!biases_accepted(kernels, error)) return std::nullopt;
  return kernels;
}

std::optional<std::vector<gen::Family>> select_families(const std::vector<std::string>& names,
                                                        std::string& error) {
  if (names.empty()) {
    const auto all = gen::all_families();
    return std::vector<gen::Family>(all.begin(), all.end());
  }
  std::vector<gen::Family> families;
  for (const std::string& name : names) {
    const auto family = gen::parse_family(name);
    if (!family) {
      error = "unknown family \"" + name + "\"; known families:";
      for (gen::Family f : gen::all_families()) error += " " + std::string(gen::to_string(f));
      return std::nullopt;
    }
    if (std::find(families.begin(), families.end(), *family) == families.end())
      families.push_back(*family);
  }
  return families;
}

}  // namespace sepax::cli
