#pragma once
/// \file Turning --kernel and --family arguments into registry entries and
/// generator families, with the usage error (listing what exists) when a name
/// is unknown.
#include <optional>
#include <string>
#include <vector>

#include "sepax/core/registry.hpp"
#include "sepax/generators/family.hpp"

namespace sepax::cli {

/// The kernels named by `ids` in the given order, or every registered kernel
/// (static ones first, then moving ones) when `ids` is empty. On an unknown id, nullopt and `error` says which
/// id and lists the known ones; on a kernel claiming a wider bias than its
/// method opens (oracle::granted_bias), nullopt and `error` names it.
std::optional<std::vector<const KernelInfo*>> select_kernels(const std::vector<std::string>& ids,
                                                             std::string& error);

/// The families named, or all_families() when `names` is empty; unknown names
/// as for select_kernels.
std::optional<std::vector<gen::Family>> select_families(const std::vector<std::string>& names,
                                                        std::string& error);

}  // namespace sepax::cli
