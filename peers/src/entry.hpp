#pragma once
/// \file Shared by the adapter .cpp files (not installed): how one peer test
/// becomes a KernelInfo, and the per-library lists peers.cpp gathers.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sepax/core/registry.hpp"
#include "sepax/core/static/set_runner.hpp"

namespace sepax::peers::detail {

/// A static_test entry "<library>/<name>/<case scalar>". `convert(const
/// ShapePair&)` builds the library's own input once; `call(const Input&)` runs
/// the library's test and returns true when it reports intersecting. `test`
/// converts and calls per pair (it has no witness: axis none, direction zero);
/// `prepare_set` converts the whole set up front so the timed loop holds only
/// `call` (set_runner.hpp).
template <class Convert, class Call>
KernelInfo make_entry(std::string_view library, std::string_view name, Query query,
                      ScalarKind scalar, Convert convert, Call call, KernelBias bias = {}) {
  KernelInfo k;
  k.id = std::string(library) + "/" + std::string(name) + "/" + std::string(to_string(scalar));
  k.origin = std::string(library);
  k.query = query;
  k.scalar = scalar;
  k.mode = KernelMode::static_test;
  k.bias = bias;
  k.reports_axis = false;
  k.test = [convert, call](const ShapePair& p) {
    StaticOutcome out;
    out.intersects = call(convert(p));
    return out;
  };
  k.prepare_set = [convert, call](std::span<const ShapePair> pairs) {
    return make_set_runner(pairs, convert, call);
  };
  return k;
}

/// Gottschalk's ε on every |R_ij| (FCL's OBB::overlap, Bullet's box-box, the
/// textbook +1e-6 kernels): the judge derives the band it opens
/// (oracle::method_bias).
inline KernelBias epsilon_on_rotation(double eps) { return {BiasMethod::epsilon_on_rotation, eps, std::nullopt}; }

// One list per adapter file.
std::vector<KernelInfo> fcl_kernels();
std::vector<KernelInfo> bullet_kernels();
std::vector<KernelInfo> ode_kernels();
std::vector<KernelInfo> ccd_kernels();
std::vector<KernelInfo> cgal_kernels();
std::vector<KernelInfo> textbook_obb_obb_kernels();
std::vector<KernelInfo> textbook_tri_tri_kernels();
/// The plain-style SATs (textbook_plain.cpp): static obb_obb and tri_obb, and
/// the moving_test obb_obb_plain_moving.
std::vector<KernelInfo> textbook_plain_kernels();

}  // namespace sepax::peers::detail
