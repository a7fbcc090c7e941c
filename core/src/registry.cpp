#include "sepax/core/registry.hpp"

#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "sepax/core/obb_obb.hpp"
#include "sepax/core/obb_obb_batch.hpp"
#include "sepax/core/obb_obb_moving.hpp"
#include "sepax/core/tri_obb_moving.hpp"
#include "sepax/core/tri_tri_moving.hpp"
#include "sepax/core/tri_obb.hpp"
#include "sepax/core/tri_tri.hpp"
#include "sepax/core/set_runner.hpp"

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

// The kernel is a template argument so that the benchmark loop can inline it.
template <auto Fn, class S, class A, class B>
KernelInfo static_entry(std::string_view mode, double bias = 0) {
  KernelInfo k = info<S, A, B>(mode, KernelMode::static_test, bias);
  k.test = [](const ShapePair& p) {
    A a;
    B b;
    load(p, a, b);
    return widen(Fn(a, b));
  };
  k.prepare_set = [](std::span<const ShapePair> pairs) {
    return make_set_runner(
        pairs,
        [](const ShapePair& p) {
          std::pair<A, B> ab;
          load(p, ab.first, ab.second);
          return ab;
        },
        [](const std::pair<A, B>& ab) { return Fn(ab.first, ab.second).intersects; });
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

// tri_obb::test_static is overloaded (the swapped forwarder): name the pair order.
template <class S>
StaticResult<S> tri_obb_static(const Triangle3<S>& a, const Obb3<S>& b) {
  return tri_obb::test_static(a, b);
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

// The branch-free batch kernel (SIMD note). `test` runs the real batch loop
// on a batch of one, so verify judges the vectorised code path itself;
// prepare_set lays the whole set out as structure of arrays.
template <class S>
KernelInfo batch_entry() {
  KernelInfo k = info<S, Obb3<S>, Obb3<S>>("test_static_batch", KernelMode::static_test);
  k.reports_axis = false;
  k.test = [](const ShapePair& p) {
    Obb3<S> a, b;
    load(p, a, b);
    obb_obb::ObbBatch<S> many;
    many.push_back(b);
    std::uint8_t hit = 0;
    obb_obb::test_static_batch(a, many, std::span<std::uint8_t>(&hit, 1));
    StaticOutcome out;
    out.intersects = hit != 0;  // the batch form names no axis
    return out;
  };
  k.prepare_set = [](std::span<const ShapePair> pairs) -> SetRunner {
    auto as = std::make_shared<obb_obb::ObbBatch<S>>(), bs = std::make_shared<obb_obb::ObbBatch<S>>();
    as->reserve(pairs.size());
    bs->reserve(pairs.size());
    for (const ShapePair& p : pairs) {
      Obb3<S> a, b;
      load(p, a, b);
      as->push_back(a);
      bs->push_back(b);
    }
    auto hits = std::make_shared<std::vector<std::uint8_t>>(pairs.size());
    return [as, bs, hits] {
      obb_obb::test_static_batch(*as, *bs, *hits);
      std::size_t n = 0;
      for (std::uint8_t h : *hits) n += h;
      return n;
    };
  };
  return k;
}

std::vector<KernelInfo> make_registry() {
  return {
      static_entry<&obb_obb::test_static<float>, float, Obb3f, Obb3f>("test_static"),
      static_entry<&obb_obb::test_static<double>, double, Obb3d, Obb3d>("test_static"),
      static_entry<&obb_obb_eps<float>, float, Obb3f, Obb3f>("test_static_eps", kEpsBias),
      static_entry<&obb_obb_eps<double>, double, Obb3d, Obb3d>("test_static_eps", kEpsBias),
      batch_entry<float>(),
      batch_entry<double>(),
      static_entry<&tri_obb_static<float>, float, Triangle3f, Obb3f>("test_static"),
      static_entry<&tri_obb_static<double>, double, Triangle3d, Obb3d>("test_static"),
      static_entry<&tri_tri::test_static<float>, float, Triangle3f, Triangle3f>("test_static"),
      static_entry<&tri_tri::test_static<double>, double, Triangle3d, Triangle3d>("test_static"),
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
    std::vector<KernelInfo> all = make_registry();
    for (KernelInfo& k : pending_peers()) all.push_back(std::move(k));
    pending_peers().clear();
    return all;
  }();
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
