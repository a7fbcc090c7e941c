// The moving kernels' registry entries.
#include "registry/registry_entries.hpp"
#include "sepax/core/moving/obb_obb_moving.hpp"
#include "sepax/core/moving/tri_obb_moving.hpp"
#include "sepax/core/moving/tri_tri_moving.hpp"

namespace sepax::registry_detail {
namespace {

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

}  // namespace

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

}  // namespace sepax::registry_detail
