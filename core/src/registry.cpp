// The kernel registry (registry.hpp): sepax's own lists and the peers
// registered before first use.
#include "sepax/core/registry.hpp"

#include <stdexcept>
#include <vector>

#include "registry_entries.hpp"

namespace sepax {
namespace {

// Peer kernels registered before the registry is first read.
std::vector<KernelInfo>& pending_peers() {
  static std::vector<KernelInfo> peers;
  return peers;
}
bool& registry_frozen() {
  static bool frozen = false;
  return frozen;
}

}  // namespace

void register_static_kernels(std::vector<KernelInfo> extra) {
  // Always on: a late registration would otherwise be lost silently.
  if (registry_frozen()) throw std::logic_error("register_static_kernels called after the registry was read");
  for (KernelInfo& k : extra) pending_peers().push_back(std::move(k));
}

std::span<const KernelInfo> static_kernels() {
  static const std::vector<KernelInfo> kernels = [] {
    registry_frozen() = true;
    std::vector<KernelInfo> all = registry_detail::make_static_registry();
    for (KernelInfo& k : pending_peers()) all.push_back(std::move(k));
    pending_peers().clear();
    return all;
  }();
  return kernels;
}

std::span<const KernelInfo> moving_kernels() {
  static const std::vector<KernelInfo> kernels = registry_detail::make_moving_registry();
  return kernels;
}

const KernelInfo* find_kernel(std::string_view id) {
  for (auto list : {static_kernels(), moving_kernels()})
    for (const KernelInfo& k : list)
      if (k.id == id) return &k;
  return nullptr;
}

}  // namespace sepax
