// Gomez's sphere–sphere kernels of check and verify (sphere_kernels.hpp).
#include "kernel_lists/sphere_kernels.hpp"

#include "sepax/core/simple/aabb_aabb.hpp"
#include "sepax/core/simple/aabb_sphere.hpp"
#include "sepax/core/simple/sphere_plane.hpp"
#include "sepax/core/simple/sphere_sphere.hpp"

#ifdef SEPAX_HAVE_PEERS
#include "sepax/peers/sphere_peers.hpp"
#endif

namespace sepax::cli {
namespace {

template <class S>
SphereKernel static_kernel(const char* id, ScalarKind scalar) {
  SphereKernel k{id, scalar, false, {}, {}};
  k.test = [](const Sphere3<double>& a, const Sphere3<double>& b) {
    return sphere_sphere::test_static(a.cast<S>(), b.cast<S>());
  };
  return k;
}

template <class S>
SphereKernel sweep_kernel(const char* id, ScalarKind scalar) {
  SphereKernel k{id, scalar, false, {}, {}};
  k.sweep = [](const Sphere3<double>& a, const Vec3<double>& da, const Sphere3<double>& b,
               const Vec3<double>& db) -> std::optional<QueryAnswer> {
    const SweepResult<S> r = sphere_sphere::sweep(a.cast<S>(), Vec3<S>(da.cast<S>()), b.cast<S>(), Vec3<S>(db.cast<S>()));
    QueryAnswer out;
    out.meets = r.state != ContactState::separated_throughout;
    if (r.state == ContactState::first_contact) out.time = double(r.first);
    return out;
  };
  return k;
}

}  // namespace

std::vector<SphereKernel> sphere_kernels() {
  std::vector<SphereKernel> out{static_kernel<float>("sphere_sphere/test_static/float", ScalarKind::float32),
                                static_kernel<double>("sphere_sphere/test_static/double", ScalarKind::float64),
                                sweep_kernel<float>("sphere_sphere/find_first_contact/float", ScalarKind::float32),
                                sweep_kernel<double>("sphere_sphere/find_first_contact/double", ScalarKind::float64)};
#ifdef SEPAX_HAVE_PEERS
  SphereKernel fcl{"fcl/sphere_sphere/double", ScalarKind::float64, true, {}, {}};
  fcl.test = [](const Sphere3<double>& a, const Sphere3<double>& b) { return peers::fcl_sphere_sphere(a, b); };
  out.push_back(std::move(fcl));
#endif
  return out;
}

std::vector<BoxSphereKernel> box_sphere_kernels() {
  std::vector<BoxSphereKernel> out{
      {"aabb_sphere/test_static/float", ScalarKind::float32, false,
       [](const Aabb3<double>& b, const Sphere3<double>& s) { return aabb_sphere::test_static(b.cast<float>(), s.cast<float>()); }},
      {"aabb_sphere/test_static/double", ScalarKind::float64, false,
       [](const Aabb3<double>& b, const Sphere3<double>& s) { return aabb_sphere::test_static(b, s); }}};
#ifdef SEPAX_HAVE_PEERS
  out.push_back({"fcl/aabb_sphere/double", ScalarKind::float64, true,
                 [](const Aabb3<double>& b, const Sphere3<double>& s) { return peers::fcl_aabb_sphere(b, s); }});
#endif
  return out;
}

namespace {

template <class S>
SpherePlaneKernel plane_kernel(const char* id, ScalarKind scalar, bool sweep) {
  SpherePlaneKernel k{id, scalar, false, {}, {}};
  if (!sweep) {
    k.test = [](const Sphere3<double>& s, const Plane3<double>& p) {
      return sphere_plane::test_static(s.cast<S>(), p.cast<S>());
    };
    return k;
  }
  k.sweep = [](const Sphere3<double>& s, const Vec3<double>& d, const Plane3<double>& p) {
    const SweepResult<S> r = sphere_plane::sweep(s.cast<S>(), Vec3<S>(d.cast<S>()), p.cast<S>());
    QueryAnswer out;
    out.meets = r.state != ContactState::separated_throughout;
    if (r.state == ContactState::first_contact) out.time = double(r.first);
    return out;
  };
  return k;
}

}  // namespace

std::vector<SpherePlaneKernel> sphere_plane_kernels() {
  std::vector<SpherePlaneKernel> out{plane_kernel<float>("sphere_plane/test_static/float", ScalarKind::float32, false),
                                     plane_kernel<double>("sphere_plane/test_static/double", ScalarKind::float64, false),
                                     plane_kernel<float>("sphere_plane/find_first_contact/float", ScalarKind::float32, true),
                                     plane_kernel<double>("sphere_plane/find_first_contact/double", ScalarKind::float64,
                                                          true)};
#ifdef SEPAX_HAVE_PEERS
  SpherePlaneKernel fcl{"fcl/sphere_plane/double", ScalarKind::float64, true, {}, {}};
  fcl.test = [](const Sphere3<double>& s, const Plane3<double>& p) { return peers::fcl_sphere_plane(s, p); };
  out.push_back(std::move(fcl));
#endif
  return out;
}

namespace {

template <class S>
AabbKernel aabb_kernel(const char* id, ScalarKind scalar, bool sweep) {
  AabbKernel k{id, scalar, false, {}, {}};
  if (!sweep) {
    k.test = [](const Aabb3<double>& a, const Aabb3<double>& b) {
      return aabb_aabb::test_static(a.cast<S>(), b.cast<S>()).intersects;
    };
    return k;
  }
  k.sweep = [](const Aabb3<double>& a, const Vec3<double>& da, const Aabb3<double>& b, const Vec3<double>& db) {
    const SweepResult<S> r =
        aabb_aabb::sweep(a.cast<S>(), Vec3<S>(da.cast<S>()), b.cast<S>(), Vec3<S>(db.cast<S>()));
    QueryAnswer out;
    out.meets = r.state != ContactState::separated_throughout;
    if (r.state == ContactState::first_contact) out.time = double(r.first);
    return out;
  };
  return k;
}

}  // namespace

std::vector<AabbKernel> aabb_kernels() {
  std::vector<AabbKernel> out{aabb_kernel<float>("aabb_aabb/test_static/float", ScalarKind::float32, false),
                              aabb_kernel<double>("aabb_aabb/test_static/double", ScalarKind::float64, false),
                              aabb_kernel<float>("aabb_aabb/find_first_contact/float", ScalarKind::float32, true),
                              aabb_kernel<double>("aabb_aabb/find_first_contact/double", ScalarKind::float64, true)};
#ifdef SEPAX_HAVE_PEERS
  AabbKernel fcl{"fcl/aabb_aabb/double", ScalarKind::float64, true, {}, {}};
  fcl.test = [](const Aabb3<double>& a, const Aabb3<double>& b) { return peers::fcl_aabb_aabb(a, b); };
  out.push_back(std::move(fcl));
#endif
  return out;
}

}  // namespace sepax::cli
