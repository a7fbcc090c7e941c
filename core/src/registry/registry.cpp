// The kernel registry (registry.hpp): sepax's own lists and the peers
// registered before first use.
#include "sepax/core/registry.hpp"

#include <cmath>
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
  std::optional<double> tolerance_all;
  std::map<std::string, double, std::less<>> tolerance_by_id;
};
Pending& pending() {
  static Pending p;
  return p;
}

std::vector<KernelInfo> freeze(std::vector<KernelInfo> own, std::vector<KernelInfo>& extra) {
  pending().frozen = true;
  for (KernelInfo& k : extra) own.push_back(std::move(k));
  extra.clear();
  const Pending& p = pending();
  for (KernelInfo& k : own) {
    if (const auto it = p.tolerance_by_id.find(k.id); it != p.tolerance_by_id.end())
      k.tolerance = it->second;
    else if (p.tolerance_all)
      k.tolerance = *p.tolerance_all;
  }
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

void promise_tolerances(std::optional<double> all, const std::map<std::string, double, std::less<>>& by_id) {
  Pending& p = pending();
  if (p.frozen) throw std::logic_error("promise_tolerances called after the kernel registry was read");
  const auto check = [](const std::string& what, double v) {
    if (!std::isfinite(v) || v < 0)
      throw std::invalid_argument(what + ": a tolerance must be a finite number >= 0, not " + std::to_string(v));
  };
  if (all) check("tolerance", *all);
  for (const auto& [id, v] : by_id) check("tolerance for " + id, v);
  p.tolerance_all = all;
  p.tolerance_by_id = by_id;
}

std::vector<std::string> unknown_tolerance_ids() {
  std::vector<std::string> unknown;
  for (const auto& [id, v] : pending().tolerance_by_id)
    if (!find_kernel(id)) unknown.push_back(id);
  return unknown;
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
