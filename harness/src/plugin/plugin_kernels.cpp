// load_plugin: dlopen the library, find its one entry, check every field of
// the description it returns (sepax/sepax_plugin.h) and make one registry
// entry per kernel. Everything a plugin author can get wrong is refused here,
// at load time, with the file and the field named — not later, in the middle
// of a campaign.
#include "sepax/harness/plugin_kernels.hpp"

#include <dlfcn.h>

#include <cmath>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>

#include "plugin_entry.hpp"
#include "sepax/harness/input_error.hpp"
#include "sepax/harness/query/query_layout.hpp"
#include "sepax/sepax_plugin.h"

namespace sepax::harness {
namespace {

using plugin_detail::PluginKernel;
using plugin_detail::PluginKernelV2;

// More kernels than this is a garbage count, not a plugin.
constexpr std::size_t max_kernels = 4096;
// Entry names of other ABI versions looked for when v1's is missing, so the
// message can say which version the plugin speaks.
constexpr int max_other_version = 32;
// The mesh query (sepax_plugin.h, "Mesh pairs").
constexpr const char* kMeshQuery = "mesh_mesh";
constexpr const char* kMeshMode = "find_pairs";

std::string in_quotes(std::string_view s) { return "\"" + std::string(s) + "\""; }

/// Why `name` cannot be part of an id, or nothing when it can.
std::optional<std::string> bad_name(const char* name) {
  if (!name) return "is NULL";
  const std::string_view s(name);
  if (s.empty()) return "is empty";
  for (const char c : s) {
    if (c == '/') return in_quotes(s) + " contains '/' (it is one part of an id \"plugin/kernel/scalar\")";
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f')
      return in_quotes(s) + " contains whitespace";
  }
  return std::nullopt;
}

std::optional<Query> query_of(std::int32_t v) {
  switch (v) {
    case SEPAX_QUERY_OBB_OBB: return Query::obb_obb;
    case SEPAX_QUERY_TRI_OBB: return Query::tri_obb;
    case SEPAX_QUERY_TRI_TRI: return Query::tri_tri;
    default: return std::nullopt;
  }
}

std::optional<KernelMode> mode_of(std::int32_t v) {
  switch (v) {
    case SEPAX_MODE_TEST_STATIC: return KernelMode::static_test;
    case SEPAX_MODE_TEST_MOVING: return KernelMode::moving_test;
    case SEPAX_MODE_FIND_FIRST_CONTACT: return KernelMode::first_contact;
    default: return std::nullopt;
  }
}

std::optional<ScalarKind> scalar_of(std::int32_t v) {
  switch (v) {
    case SEPAX_SCALAR_FLOAT: return ScalarKind::float32;
    case SEPAX_SCALAR_DOUBLE: return ScalarKind::float64;
    default: return std::nullopt;
  }
}

std::optional<BiasMethod> bias_of(std::int32_t v) {
  switch (v) {
    case SEPAX_BIAS_NONE: return BiasMethod::none;
    case SEPAX_BIAS_EPSILON_ON_ROTATION: return BiasMethod::epsilon_on_rotation;
    case SEPAX_BIAS_EPSILON_ON_PLANE_DISTANCES: return BiasMethod::epsilon_on_plane_distances;
    default: return std::nullopt;
  }
}

std::string number(double v) {
  std::ostringstream s;
  s.precision(17);
  s << v;
  return s.str();
}

/// A SAT kernel's declared bias and set convention (versions 1 and 2 alike),
/// checked; `where` names the file and the kernel.
KernelBias check_bias(std::int32_t method_code, double epsilon, std::int32_t open_sets, const std::string& where) {
  const auto method = bias_of(method_code);
  if (!method)
    throw InputError(where + ": unknown bias_method " + std::to_string(method_code) +
                     " (expected 0 = none, 1 = epsilon_on_rotation, 2 = epsilon_on_plane_distances)");
  if (!(std::isfinite(epsilon) && epsilon >= 0))
    throw InputError(where + ": bias_epsilon " + number(epsilon) + " is not a finite number >= 0");
  if (*method == BiasMethod::none && epsilon != 0)
    throw InputError(where + ": bias_epsilon " + number(epsilon) + " given with bias_method 0 = none");
  if (open_sets != 0 && open_sets != 1)
    throw InputError(where + ": open_sets " + std::to_string(open_sets) + " (expected 0 or 1)");
  return KernelBias{*method, epsilon, std::nullopt};
}

/// Checks one kernel description; `where` names the file and the kernel.
PluginKernel check_kernel(const sepax_kernel& k, const std::string& where, const std::string& plugin) {
  if (auto why = bad_name(k.name)) throw InputError(where + ": name " + *why);
  const auto query = query_of(k.query);
  if (!query)
    throw InputError(where + ": unknown query " + std::to_string(k.query) +
                     " (expected 0 = obb_obb, 1 = tri_obb, 2 = tri_tri)");
  const auto mode = mode_of(k.mode);
  if (!mode)
    throw InputError(where + ": unknown mode " + std::to_string(k.mode) +
                     " (expected 0 = test_static, 1 = test_moving, 2 = find_first_contact)");
  const auto scalar = scalar_of(k.scalar);
  if (!scalar)
    throw InputError(where + ": unknown scalar " + std::to_string(k.scalar) + " (expected 0 = float, 1 = double)");
  const KernelBias bias = check_bias(k.bias_method, k.bias_epsilon, k.open_sets, where);
  if (!k.batch) throw InputError(where + ": batch function is NULL");

  PluginKernel out;
  out.id = plugin + "/" + k.name + "/" + std::string(to_string(*scalar));
  out.plugin = plugin;
  out.query = *query;
  out.scalar = *scalar;
  out.mode = *mode;
  out.bias = bias;
  out.open_sets = k.open_sets == 1;
  out.batch = k.batch;
  out.user = k.user;
  return out;
}

/// The library's entry function, version 2's or version 1's; InputError when it has none.
using EntryV1 = const sepax_plugin* (*)();
using EntryV2 = const sepax_plugin_info_v2* (*)();
struct Entry {
  EntryV1 v1 = nullptr;
  EntryV2 v2 = nullptr;
};
Entry find_entry(void* handle, const std::string& file) {
  dlerror();  // clear any earlier error: dlsym reports through it
  if (void* sym = dlsym(handle, SEPAX_PLUGIN_ENTRY_NAME)) return {nullptr, reinterpret_cast<EntryV2>(sym)};
  if (void* sym = dlsym(handle, SEPAX_PLUGIN_V1_ENTRY_NAME)) return {reinterpret_cast<EntryV1>(sym), nullptr};
  for (int v = 0; v <= max_other_version; ++v) {
    if (v == 1 || v == 2) continue;
    const std::string name = "sepax_plugin_v" + std::to_string(v);
    if (dlsym(handle, name.c_str()))
      throw InputError(file + ": plugin ABI version mismatch: the library exports " + name + " (ABI version " +
                       std::to_string(v) + "), this sepax speaks ABI versions 1 and 2 (" SEPAX_PLUGIN_V1_ENTRY_NAME
                       ", " SEPAX_PLUGIN_ENTRY_NAME ")");
  }
  throw InputError(file + ": not a sepax plugin: no entry symbol \"" SEPAX_PLUGIN_ENTRY_NAME "\" or \"" SEPAX_PLUGIN_V1_ENTRY_NAME
                          "\" (see sepax/sepax_plugin.h)");
}

/// The plugin's name and kernel count, checked; `version` names the entry.
std::string check_plugin(std::int32_t abi_version, std::int32_t expected, const char* plugin_name, std::size_t count,
                         const void* kernels, const std::string& file) {
  if (abi_version != expected)
    throw InputError(file + ": plugin ABI version mismatch: the plugin's sepax_plugin_v" + std::to_string(expected) +
                     " says abi_version " + std::to_string(abi_version) + " (it must say " + std::to_string(expected) +
                     (expected == 1 ? ": SEPAX_PLUGIN_ABI_V1" : ": SEPAX_PLUGIN_ABI_VERSION") + ")");
  if (auto why = bad_name(plugin_name)) throw InputError(file + ": plugin name " + *why);
  const std::string name = plugin_name;
  if (name == "sepax") throw InputError(file + ": plugin name \"sepax\" is reserved for sepax's own kernels");
  if (count == 0) throw InputError(file + ": plugin " + in_quotes(name) + " declares no kernels");
  if (count > max_kernels)
    throw InputError(file + ": plugin " + in_quotes(name) + ": kernel_count " + std::to_string(count) +
                     " is more than " + std::to_string(max_kernels));
  if (!kernels)
    throw InputError(file + ": plugin " + in_quotes(name) + ": kernels is NULL with kernel_count " +
                     std::to_string(count));
  return name;
}

/// Checks one version 2 kernel description.
PluginKernelV2 check_kernel_v2(const sepax_kernel_v2& k, const std::string& where, const std::string& plugin) {
  if (auto why = bad_name(k.name)) throw InputError(where + ": name " + *why);
  if (!k.query || !k.mode) throw InputError(where + ": query or mode is NULL");
  const std::string query = k.query, mode = k.mode;
  const QueryLayout* layout = nullptr;
  std::string known;
  for (const QueryLayout& l : query_layouts()) {
    if (l.query == query && l.mode == mode) layout = &l;
    known += (known.empty() ? "" : ", ") + l.query + " " + l.mode;
  }
  known += ", " + std::string(kMeshQuery) + " " + kMeshMode;  // meshes have no fixed-size layout
  const bool mesh = query == kMeshQuery && mode == kMeshMode;
  if (!layout && !mesh) throw InputError(where + ": unknown query " + in_quotes(query) + " with mode " + in_quotes(mode) + " (known: " + known + ")");
  const auto scalar = scalar_of(k.scalar);
  if (!scalar)
    throw InputError(where + ": unknown scalar " + std::to_string(k.scalar) + " (expected 0 = float, 1 = double)");
  if (!(std::isfinite(k.tolerance) && k.tolerance >= 0))
    throw InputError(where + ": tolerance " + number(k.tolerance) + " is not a finite number >= 0");
  if (!k.batch) throw InputError(where + ": batch function is NULL");
  if (mesh && k.tolerance != 0)
    throw InputError(where + ": tolerance " + number(k.tolerance) + ": mesh_mesh kernels take 0 (their pairs are "
                     "judged by the rounding band of their scalar)");
  PluginKernelV2 out;
  out.id = plugin + "/" + k.name + "/" + std::string(to_string(*scalar));
  out.plugin = plugin;
  out.query = query;
  out.mode = mode;
  out.scalar = *scalar;
  out.tolerance = k.tolerance;
  out.batch = k.batch;
  out.user = k.user;
  for (const Query q : {Query::obb_obb, Query::tri_obb, Query::tri_tri})
    if (query == to_string(q)) {
      out.sat = true;
      out.sat_query = q;
    }
  if (out.sat) {
    out.sat_mode = mode == "test_static" ? KernelMode::static_test
                   : mode == "test_moving" ? KernelMode::moving_test
                                           : KernelMode::first_contact;
    out.bias = check_bias(k.bias_method, k.bias_epsilon, k.open_sets, where);
    out.open_sets = k.open_sets == 1;
  } else if (k.bias_method != 0 || k.bias_epsilon != 0 || k.open_sets != 0) {
    throw InputError(where + ": bias_method, bias_epsilon and open_sets are for the SAT queries; " + query +
                     " takes 0 for each");
  }
  return out;
}

}  // namespace

KernelSet load_plugin(const std::filesystem::path& path) {
  const std::string file = path.string();
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) throw InputError(file + ": no such file");
  if (std::filesystem::is_directory(status)) throw InputError(file + ": is a directory, not a shared library");

  // A name without '/' would make dlopen search the library path instead.
  const std::string open_name = file.find('/') == std::string::npos ? "./" + file : file;
  // Never closed: the registry's entries call into it for the life of the process.
  void* handle = dlopen(open_name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = dlerror();
    throw InputError(file + ": cannot load as a shared library: " + (why ? why : "unknown dlopen error"));
  }

  const Entry entry = find_entry(handle, file);
  KernelSet out;
  std::map<std::string, std::size_t> seen;  // id -> index of the kernel
  const auto once = [&](const std::string& id, std::size_t i, const std::string& where) {
    if (const auto [it, fresh] = seen.emplace(id, i); !fresh)
      throw InputError(where + ": duplicate kernel id " + in_quotes(id) + " (kernel " + std::to_string(it->second) +
                       " has it too)");
  };
  const auto where_of = [&](std::size_t i, const char* kernel_name) {
    return file + ": kernel " + std::to_string(i) + (kernel_name ? " " + in_quotes(kernel_name) : std::string());
  };
  if (entry.v2) {
    const sepax_plugin_info_v2* plugin = entry.v2();
    if (!plugin) throw InputError(file + ": " SEPAX_PLUGIN_ENTRY_NAME "() returned NULL");
    const std::string name =
        check_plugin(plugin->abi_version, 2, plugin->name, plugin->kernel_count, plugin->kernels, file);
    for (std::size_t i = 0; i < plugin->kernel_count; ++i) {
      const sepax_kernel_v2& k = plugin->kernels[i];
      const std::string where = where_of(i, k.name);
      const PluginKernelV2 checked = check_kernel_v2(k, where, name);
      once(checked.id, i, where);
      if (checked.sat)
        out.sat.push_back(plugin_detail::make_entry_v2(checked));
      else if (checked.query == kMeshQuery)
        out.meshes.push_back(plugin_detail::make_mesh_maker_v2(checked));
      else
        out.queries.push_back(plugin_detail::make_query_kernel_v2(checked));
    }
    return out;
  }
  const sepax_plugin* plugin = entry.v1();
  if (!plugin) throw InputError(file + ": " SEPAX_PLUGIN_V1_ENTRY_NAME "() returned NULL");
  const std::string name = check_plugin(plugin->abi_version, 1, plugin->name, plugin->kernel_count, plugin->kernels, file);
  for (std::size_t i = 0; i < plugin->kernel_count; ++i) {
    const sepax_kernel& k = plugin->kernels[i];
    const std::string where = where_of(i, k.name);
    const PluginKernel checked = check_kernel(k, where, name);
    once(checked.id, i, where);
    out.sat.push_back(plugin_detail::make_entry(checked));
  }
  return out;
}

}  // namespace sepax::harness
