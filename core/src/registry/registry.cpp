// The kernel registry (registry.hpp): sepax's own lists and the peers
// registered before first use.
#include "sepax/core/registry.hpp"

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "registry/registry_entries.hpp"

namespace sepax {
namespace {

// Kernels registered before the registry is first read.
struct Pending {
  std::vector<KernelInfo> static_kernels, moving_kernels;
  bool frozen = false;
};
Pending& pending() {
  static Pending p;
  return p;
}

std::vector<KernelInfo> freeze(std::vector<KernelInfo> own, std::vector<KernelInfo>& extra) {
  pending().frozen = true;
  for (KernelInfo& k : extra) own.push_back(std::move(k));
  extra.clear();
  return own;
}

}  // namespace

void register_kernels(std::vector<KernelInfo> extra) {
  // Always on: a late registration would otherwise be lost silently.
  Pending& p = pending();
  if (p.frozen) throw std::logic_error("register_kernels called after the kernel registry was read");
  std::set<std::string> ids;
  for (const auto* list : {&p.static_kernels, &p.moving_kernels})
    for (const KernelInfo& k : *list) ids.insert(k.id);
  for (const KernelInfo& k : registry_detail::make_static_registry()) ids.insert(k.id);
  for (const KernelInfo& k : registry_detail::make_moving_registry()) ids.insert(k.id);
  for (KernelInfo& k : extra) {
    if (!ids.insert(k.id).second) throw std::logic_error("register_kernels: kernel id " + k.id + " is already registered");
    (k.mode == KernelMode::static_test ? p.static_kernels : p.moving_kernels).push_back(std::move(k));
  }
}

std::span<const KernelInfo> static_kernels() {
  static const std::vector<KernelInfo> kernels =
      freeze(registry_detail::make_static_registry(), pending().static_kernels);
  return kernels;
}

std::span<const KernelInfo> moving_kernels() {
  static const std::vector<KernelInfo> kernels =
      freeze(registry_detail::make_moving_registry(), pending().moving_kernels);
  return kernels;
}

const KernelInfo* find_kernel(std::string_view id) {
  for (auto list : {static_kernels(), moving_kernels()})
    for (const KernelInfo& k : list)
      if (k.id == id) return &k;
  return nullptr;
}

}  // namespace sepax
