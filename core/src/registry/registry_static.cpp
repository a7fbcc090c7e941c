// The static kernels' registry entries (registry_entries.hpp says why they
// have a translation unit of their own).
#include <cmath>
#include <cstdint>
#include <memory>
#include <span>
#include <type_traits>
#include <utility>

#include "registry/registry_entries.hpp"
#include "sepax/core/static/obb_obb.hpp"
#include "sepax/core/static/obb_obb_batch.hpp"
#include "sepax/core/static/obb_obb_certified.hpp"
#include "sepax/core/static/obb_obb_certified_batch.hpp"
#include "sepax/core/static/set_runner.hpp"
#include "sepax/core/static/tri_obb.hpp"
#include "sepax/core/static/tri_obb_certified.hpp"
#include "sepax/core/static/tri_tri.hpp"
#include "sepax/core/static/tri_tri_batch.hpp"
#include "sepax/core/static/tri_tri_certified.hpp"
#include "sepax/core/static/tri_tri_certified_batch.hpp"

namespace sepax::registry_detail {
namespace {

// A plain kernel's answer, and a certified one's (obb_obb_certified.hpp):
// its path says whether the filter decided (fast) or the rationals ran (full).
template <class S>
StaticOutcome outcome_of(const StaticResult<S>& r) {
  return widen(r);
}
template <class S>
StaticOutcome outcome_of(const CertifiedResult<S>& r) {
  StaticOutcome out = widen(r.result);
  out.path = r.exact_path ? StaticPath::full : StaticPath::fast;
  return out;
}
template <class S>
bool intersects(const StaticResult<S>& r) {
  return r.intersects;
}
template <class S>
bool intersects(const CertifiedResult<S>& r) {
  return r.result.intersects;
}

// A benchmark set's input: the pair in the kernel's own types.
template <class A, class B>
std::pair<A, B> loaded_pair(const ShapePair& p) {
  std::pair<A, B> ab;
  load(p, ab.first, ab.second);
  return ab;
}

// The kernel is a template argument so that the benchmark loop can inline it.
template <auto Fn, class S, class A, class B>
KernelInfo static_entry(std::string_view mode, KernelBias bias = {}) {
  KernelInfo k = info<S, A, B>(mode, KernelMode::static_test, bias);
  k.test = [](const ShapePair& p) {
    A a;
    B b;
    load(p, a, b);
    return outcome_of(Fn(a, b));
  };
  k.prepare_set = [](std::span<const ShapePair> pairs) {
    return make_set_runner(
        pairs,
        loaded_pair<A, B>,
        [](const std::pair<A, B>& ab) { return intersects(Fn(ab.first, ab.second)); });
  };
  return k;
}

// A certified kernel's entry: `test` gives the whole answer and its path;
// the benchmark set times the verdict alone (intersects_certified), as a
// plain kernel's inlined test_static drops its unused direction.
template <auto Fn, auto Verdict, class S, class A, class B>
KernelInfo certified_entry(bool reports_axis = true) {
  KernelInfo k = static_entry<Fn, S, A, B>("test_certified");
  k.exact_verdicts = true;
  k.reports_axis = reports_axis;
  k.prepare_set = [](std::span<const ShapePair> pairs) {
    return make_set_runner(
        pairs,
        loaded_pair<A, B>,
        [](const std::pair<A, B>& ab) { return Verdict(ab.first, ab.second, nullptr); });
  };
  return k;
}

template <class S>
bool obb_obb_verdict(const Obb3<S>& a, const Obb3<S>& b, bool* exact) {
  return obb_obb::intersects_certified(a, b, exact);
}
template <class S>
bool tri_obb_verdict(const Triangle3<S>& a, const Obb3<S>& b, bool* exact) {
  return tri_obb::intersects_certified(a, b, exact);
}
template <class S>
bool tri_tri_verdict(const Triangle3<S>& a, const Triangle3<S>& b, bool* exact) {
  return tri_tri::intersects_certified(a, b, exact);
}
template <class S>
CertifiedResult<S> tri_obb_certified(const Triangle3<S>& a, const Obb3<S>& b) {
  return tri_obb::test_certified(a, b);
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

// test_static_eps: Gottschalk's ε = 1e-6 on every |c_ij| (obb_obb.hpp); the
// judge derives the band that opens (oracle/classify.hpp, method_bias).
constexpr KernelBias kGottschalk{BiasMethod::epsilon_on_rotation, 1e-6, std::nullopt};

// A batch kernel (obb_obb_batch.hpp, tri_tri_batch.hpp,
// tri_tri_certified_batch.hpp): `test` runs the real batch loop on batches of
// one, so verify judges the vectorised code path itself; prepare_set lays the
// whole set out as structure of arrays. `run` calls the batch function; `path`
// (optional) says which path a pair takes.
template <class S, class Shape, template <class> class Batch, class Run, class Path>
KernelInfo batch_entry(std::string_view mode, Run run, Path path) {
  KernelInfo k = info<S, Shape, Shape>(mode, KernelMode::static_test);
  k.reports_axis = false;  // the batch forms name no axis
  const auto batches = [](std::span<const ShapePair> pairs) {
    auto as = std::make_shared<Batch<S>>(), bs = std::make_shared<Batch<S>>();
    as->reserve(pairs.size());
    bs->reserve(pairs.size());
    for (const ShapePair& p : pairs) {
      Shape a, b;
      load(p, a, b);
      as->push_back(a);
      bs->push_back(b);
    }
    return std::pair{as, bs};
  };
  k.test = [batches, run, path](const ShapePair& p) {
    const auto [as, bs] = batches(std::span<const ShapePair>(&p, 1));
    std::uint8_t hit = 0;
    run(*as, *bs, std::span<std::uint8_t>(&hit, 1));
    StaticOutcome out;
    out.intersects = hit != 0;
    if constexpr (!std::is_same_v<Path, std::nullptr_t>) {
      Shape a, b;
      load(p, a, b);
      out.path = path(a, b);
    }
    return out;
  };
  k.prepare_set = [batches, run](std::span<const ShapePair> pairs) -> SetRunner {
    const auto both = batches(pairs);
    // Named copies: clang 14 cannot capture structured bindings.
    const auto as = both.first;
    const auto bs = both.second;
    auto hits = std::make_shared<std::vector<std::uint8_t>>(pairs.size());
    return [as, bs, hits, run] {
      run(*as, *bs, *hits);
      std::size_t n = 0;
      for (std::uint8_t h : *hits) n += h;
      return n;
    };
  };
  return k;
}

template <class S, class Shape, template <class> class Batch>
KernelInfo batch_entry() {
  const auto run = [](const Batch<S>& a, const Batch<S>& b, std::span<std::uint8_t> out) {
    test_static_batch(a, b, out);
  };
  if constexpr (std::is_same_v<Shape, Triangle3<S>>) {
    // Which path answered: the triangle batch's fast path flags the pairs its
    // full path decides (the same lane code the loops run, one pair).
    return batch_entry<S, Shape, Batch>("test_static_batch", run, [](const Shape& a, const Shape& b) {
      return tri_tri::detail::lane_verdict(tri_tri::detail::lane(a), tri_tri::detail::lane(b)).needs_scalar
                 ? StaticPath::full
                 : StaticPath::fast;
    });
  } else {
    return batch_entry<S, Shape, Batch>("test_static_batch", run, nullptr);
  }
}

// A certified batch (obb_obb_certified_batch.hpp, tri_tri_certified_batch.hpp):
// exact verdicts; "full" when the lanes leave the pair to the scalar
// certified kernel. Both are found by argument-dependent lookup.
template <class S, class Shape, template <class> class Batch>
KernelInfo certified_batch_entry() {
  KernelInfo k = batch_entry<S, Shape, Batch>(
      "test_certified_batch",
      [](const Batch<S>& a, const Batch<S>& b, std::span<std::uint8_t> out) { test_certified_batch(a, b, out); },
      [](const Shape& a, const Shape& b) {
        if constexpr (std::is_same_v<Shape, Obb3<S>>) {
          return obb_obb::detail::certified_lane_decides(a, b) ? StaticPath::fast : StaticPath::full;
        } else {
          return tri_tri::detail::certified_lane_decides(a, b) ? StaticPath::fast : StaticPath::full;
        }
      });
  k.exact_verdicts = true;
  return k;
}

}  // namespace

std::vector<KernelInfo> make_static_registry() {
  return {
      static_entry<&obb_obb::test_static<float>, float, Obb3f, Obb3f>("test_static"),
      static_entry<&obb_obb::test_static<double>, double, Obb3d, Obb3d>("test_static"),
      static_entry<&obb_obb_eps<float>, float, Obb3f, Obb3f>("test_static_eps", kGottschalk),
      static_entry<&obb_obb_eps<double>, double, Obb3d, Obb3d>("test_static_eps", kGottschalk),
      certified_entry<&obb_obb::test_certified<float>, &obb_obb_verdict<float>, float, Obb3f, Obb3f>(),
      certified_entry<&obb_obb::test_certified<double>, &obb_obb_verdict<double>, double, Obb3d, Obb3d>(),
      batch_entry<float, Obb3f, obb_obb::ObbBatch>(),
      batch_entry<double, Obb3d, obb_obb::ObbBatch>(),
      certified_batch_entry<float, Obb3f, obb_obb::ObbBatch>(),
      certified_batch_entry<double, Obb3d, obb_obb::ObbBatch>(),
      static_entry<&tri_obb_static<float>, float, Triangle3f, Obb3f>("test_static"),
      static_entry<&tri_obb_static<double>, double, Triangle3d, Obb3d>("test_static"),
      certified_entry<&tri_obb_certified<float>, &tri_obb_verdict<float>, float, Triangle3f, Obb3f>(),
      certified_entry<&tri_obb_certified<double>, &tri_obb_verdict<double>, double, Triangle3d, Obb3d>(),
      static_entry<&tri_tri::test_static<float>, float, Triangle3f, Triangle3f>("test_static"),
      static_entry<&tri_tri::test_static<double>, double, Triangle3d, Triangle3d>("test_static"),
      batch_entry<float, Triangle3f, tri_tri::TriangleBatch>(),
      batch_entry<double, Triangle3d, tri_tri::TriangleBatch>(),
      // Orientation predicates: a verdict without a separating axis.
      certified_entry<&tri_tri::test_certified<float>, &tri_tri_verdict<float>, float, Triangle3f, Triangle3f>(false),
      certified_entry<&tri_tri::test_certified<double>, &tri_tri_verdict<double>, double, Triangle3d, Triangle3d>(false),
      certified_batch_entry<float, Triangle3f, tri_tri::TriangleBatch>(),
      certified_batch_entry<double, Triangle3d, tri_tri::TriangleBatch>(),
  };
}

}  // namespace sepax::registry_detail
