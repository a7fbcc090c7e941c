#include "sepax/core/registry.hpp"

#include <cmath>
#include <type_traits>
#include <vector>

#include "sepax/core/obb_obb.hpp"
#include "sepax/core/obb_obb_moving.hpp"
#include "sepax/core/tri_obb_moving.hpp"
#include "sepax/core/tri_tri_moving.hpp"
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
ContactOutcome widen(const ContactResult<S>& r) {
  return {r.state, double(r.time), {double(r.point[0]), double(r.point[1]), double(r.point[2])},
          r.axis};
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
KernelInfo info(std::string_view mode, KernelMode kind, double bias = 0) {
  constexpr Query q = query_of<A, B>();
  KernelInfo k;
  k.id = std::string(to_string(q)) + "/" + std::string(mode) + "/" + std::string(scalar_traits<S>::name);
  k.query = q;
  k.scalar = scalar_traits<S>::kind;
  k.mode = kind;
  k.conservative_bias = bias;
  return k;
}

template <class S, class A, class B>
KernelInfo entry(std::string_view mode, StaticResult<S> (*fn)(const A&, const B&),
                 double bias = 0) {
  KernelInfo k = info<S, A, B>(mode, KernelMode::static_test, bias);
  k.test = [fn](const ShapePair& p) {
    A a;
    B b;
    load(p, a, b);
    return widen(fn(a, b));
  };
  return k;
}

template <class S, class A, class B>
KernelInfo entry(std::string_view mode,
                 StaticResult<S> (*fn)(const A&, const B&, const LinearMotion<S>&)) {
  KernelInfo k = info<S, A, B>(mode, KernelMode::moving_test);
  k.test_moving = [fn](const ShapePair& p, const LinearMotiond& m) {
    A a;
    B b;
    load(p, a, b);
    return widen(fn(a, b, m.template cast<S>()));
  };
  return k;
}

template <class S, class A, class B>
KernelInfo entry(std::string_view mode,
                 ContactResult<S> (*fn)(const A&, const B&, const LinearMotion<S>&)) {
  KernelInfo k = info<S, A, B>(mode, KernelMode::first_contact);
  k.find_first_contact = [fn](const ShapePair& p, const LinearMotiond& m) {
    A a;
    B b;
    load(p, a, b);
    return widen(fn(a, b, m.template cast<S>()));
  };
  return k;
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
      entry<float, Triangle3f, Obb3f>("test_static", &tri_obb::test_static<float>),
      entry<double, Triangle3d, Obb3d>("test_static", &tri_obb::test_static<double>),
      entry<float>("test_static", &tri_tri::test_static<float>),
      entry<double>("test_static", &tri_tri::test_static<double>),
  };
}

std::vector<KernelInfo> make_moving_registry() {
  return {
      entry<float>("test_moving", &obb_obb::test_moving<float>),
      entry<double>("test_moving", &obb_obb::test_moving<double>),
      entry<float>("find_first_contact", &obb_obb::find_first_contact<float>),
      entry<double>("find_first_contact", &obb_obb::find_first_contact<double>),
      entry<float>("test_moving", &tri_obb::test_moving<float>),
      entry<double>("test_moving", &tri_obb::test_moving<double>),
      entry<float, Triangle3f, Obb3f>("find_first_contact", &tri_obb::find_first_contact<float>),
      entry<double, Triangle3d, Obb3d>("find_first_contact", &tri_obb::find_first_contact<double>),
      entry<float>("test_moving", &tri_tri::test_moving<float>),
      entry<double>("test_moving", &tri_tri::test_moving<double>),
      entry<float>("find_first_contact", &tri_tri::find_first_contact<float>),
      entry<double>("find_first_contact", &tri_tri::find_first_contact<double>),
  };
}

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
