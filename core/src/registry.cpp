#include "sepax/core/registry.hpp"

#include <cmath>
#include <vector>

#include "sepax/core/obb_obb.hpp"
#include "sepax/core/tri_obb.hpp"
#include "sepax/core/tri_tri.hpp"

namespace sepax {
namespace {

template <class S>
StaticOutcome widen(const StaticResult<S>& r) {
  return {r.intersects, r.axis,
          {double(r.direction[0]), double(r.direction[1]), double(r.direction[2])}};
}

template <class S>
std::string kernel_id(Query q, std::string_view mode) {
  return std::string(to_string(q)) + "/" + std::string(mode) + "/" +
         std::string(scalar_traits<S>::name);
}

// One overload per query: the kernel's signature says which shapes it takes.
template <class S>
KernelInfo entry(std::string_view mode, StaticResult<S> (*fn)(const Obb3<S>&, const Obb3<S>&),
                 double bias = 0) {
  return {kernel_id<S>(Query::obb_obb, mode), Query::obb_obb, scalar_traits<S>::kind,
          KernelMode::static_test, bias, [fn](const ShapePair& p) {
            return widen(fn(p.obb_a.template cast<S>(), p.obb_b.template cast<S>()));
          }};
}

template <class S>
KernelInfo entry(std::string_view mode,
                 StaticResult<S> (*fn)(const Triangle3<S>&, const Obb3<S>&), double bias = 0) {
  return {kernel_id<S>(Query::tri_obb, mode), Query::tri_obb, scalar_traits<S>::kind,
          KernelMode::static_test, bias, [fn](const ShapePair& p) {
            return widen(fn(p.tri_a.template cast<S>(), p.obb_b.template cast<S>()));
          }};
}

template <class S>
KernelInfo entry(std::string_view mode,
                 StaticResult<S> (*fn)(const Triangle3<S>&, const Triangle3<S>&),
                 double bias = 0) {
  return {kernel_id<S>(Query::tri_tri, mode), Query::tri_tri, scalar_traits<S>::kind,
          KernelMode::static_test, bias, [fn](const ShapePair& p) {
            return widen(fn(p.tri_a.template cast<S>(), p.tri_b.template cast<S>()));
          }};
}

template <class S>
StaticResult<S> obb_obb_eps(const Obb3<S>& a, const Obb3<S>& b) {
  return obb_obb::test_static_eps(a, b);
}

// How far apart test_static_eps may call boxes touching, relative to the
// larger diameter. Gottschalk's bias adds ε·(extents) to a radius: on a face
// axis that is ~ε·size, but on an edge axis A_i × B_j of length sin θ it is
// ε·size/θ. An edge axis is the only separator only while the face axes fail,
// i.e. while the separation is below ~θ·size (B's projection grows by θ·size),
// so the band is at most max over θ of min(θ, ε/θ)·size = √ε·size = 1e-3·size.
// Measured on 10^5 parallel-edges pairs: largest such margin 3.5e-4.
const double kEpsBias = std::sqrt(1e-6);

std::vector<KernelInfo> make_registry() {
  return {
      entry<float>("test_static", &obb_obb::test_static<float>),
      entry<double>("test_static", &obb_obb::test_static<double>),
      entry<float>("test_static_eps", &obb_obb_eps<float>, kEpsBias),
      entry<double>("test_static_eps", &obb_obb_eps<double>, kEpsBias),
      entry<float>("test_static", &tri_obb::test_static<float>),
      entry<double>("test_static", &tri_obb::test_static<double>),
      entry<float>("test_static", &tri_tri::test_static<float>),
      entry<double>("test_static", &tri_tri::test_static<double>),
  };
}

// Moving kernels are registered as they land (issue 3).
std::vector<KernelInfo> make_moving_registry() { return {}; }

}  // namespace

std::span<const KernelInfo> static_kernels() {
  static const std::vector<KernelInfo> kernels = make_registry();
  return kernels;
}

std::span<const KernelInfo> moving_kernels() {
  static const std::vector<KernelInfo> kernels = make_moving_registry();
  return kernels;
}

const KernelInfo* find_kernel(std::string_view id) {
  for (auto list : {static_kernels(), moving_kernels()})
    for (const KernelInfo& k : list)
      if (k.id == id) return &k;
  return nullptr;
}

}  // namespace sepax
