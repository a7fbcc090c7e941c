#pragma once
/// \file Internal to the registry: how a kernel function becomes a
/// KernelInfo (shapes read from a ShapePair in the kernel's scalar, results
/// widened to double). The static and moving lists are built in separate
/// translation units (registry_static.cpp, registry_moving.cpp): one unit with
/// every kernel exhausts GCC's inlining budget at -O2, and the benchmark loops
/// then call Eigen's 3-vector dot products out of line (measured: tri_tri
/// ~2.5x slower in the registry than the same kernel compiled alone).
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "sepax/core/registry.hpp"

namespace sepax::registry_detail {


template <class S>
StaticOutcome widen(const StaticResult<S>& r) {
  return {r.intersects, r.axis,
          {double(r.direction[0]), double(r.direction[1]), double(r.direction[2])}};
}

template <class S>
ContactOutcome widen(const ContactResult<S>& r) {
  return {r.state,
          double(r.time),
          {double(r.point[0]), double(r.point[1]), double(r.point[2])},
          r.axis,
          r.point_path,
          {double(r.feature_point[0]), double(r.feature_point[1]), double(r.feature_point[2])}};
}

// The shapes a kernel takes, read from the pair (the pair order is fixed).
template <class S>
void load(const ShapePair& p, Obb3<S>& a, Obb3<S>& b) {
  a = p.obb_a.template cast<S>();
  b = p.obb_b.template cast<S>();
}
template <class S>
void load(const ShapePair& p, Triangle3<S>& a, Obb3<S>& b) {
  a = p.tri_a.template cast<S>();
  b = p.obb_b.template cast<S>();
}
template <class S>
void load(const ShapePair& p, Triangle3<S>& a, Triangle3<S>& b) {
  a = p.tri_a.template cast<S>();
  b = p.tri_b.template cast<S>();
}

template <class A, class B>
constexpr Query query_of() {
  if constexpr (std::is_same_v<A, B> && requires(A x) { x.extents; }) return Query::obb_obb;
  else if constexpr (std::is_same_v<A, B>) return Query::tri_tri;
  else return Query::tri_obb;
}

template <class S, class A, class B>
KernelInfo info(std::string_view mode, KernelMode kind, KernelBias bias = {}) {
  constexpr Query q = query_of<A, B>();
  KernelInfo k;
  k.id = std::string(to_string(q)) + "/" + std::string(mode) + "/" + std::string(scalar_traits<S>::name);
  k.query = q;
  k.scalar = scalar_traits<S>::kind;
  k.mode = kind;
  k.bias = bias;
  return k;
}

/// The two lists (registry.cpp adds the peers and serves them).
std::vector<KernelInfo> make_static_registry();
std::vector<KernelInfo> make_moving_registry();

}  // namespace sepax::registry_detail
