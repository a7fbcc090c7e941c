// sepax's own kernels of the judged pair queries (sepax_query_kernels.hpp).
#include "sepax_query_kernels.hpp"

#include <string>

#include "sepax/core/planar/rect_rect.hpp"
#include "sepax/core/simple/aabb_aabb.hpp"
#include "sepax/core/simple/aabb_sphere.hpp"
#include "sepax/core/simple/obb_segment.hpp"
#include "sepax/core/simple/obb_to_aabb.hpp"
#include "sepax/core/simple/sphere_plane.hpp"
#include "sepax/core/simple/sphere_sphere.hpp"
#include "sepax/core/static/obb_obb_manifold.hpp"

namespace sepax::harness {
namespace {

template <class S>
constexpr ScalarKind kind_of() {
  return std::is_same_v<S, float> ? ScalarKind::float32 : ScalarKind::float64;
}

template <class S>
std::string id_of(const char* query, const char* mode) {
  return std::string(query) + "/" + mode + "/" + std::string(to_string(kind_of<S>()));
}

/// A sweep's answer: meets over the frame, and its first time.
template <class S>
QueryAnswer sweep_answer(const SweepResult<S>& r) {
  QueryAnswer out;
  out.meets = r.state != ContactState::separated_throughout;
  if (r.state == ContactState::first_contact) out.time = double(r.first);
  return out;
}

/// Every kernel of one scalar; the cases are representable in S, so the
/// casts are exact.
template <class S>
void add_kernels(std::vector<QueryKernel>& out) {
  constexpr ScalarKind s = kind_of<S>();
  out.push_back(query_kernel<gen::RectPair>(id_of<S>("rect_rect", "test_static"), "sepax", "rect_rect", "test_static",
                                            s, [](const gen::RectPair& p) {
                                              return rect_rect::test_static(p.a.cast<S>(), p.b.cast<S>()).intersects;
                                            }));
  out.push_back(query_kernel<gen::RectMotionCase>(
      id_of<S>("rect_rect", "find_first_contact"), "sepax", "rect_rect", "find_first_contact", s,
      [](const gen::RectMotionCase& c) {
        const LinearMotion2<S> m{c.motion.velocity_a.cast<S>(), c.motion.velocity_b.cast<S>(), S(c.motion.duration)};
        const auto r = rect_rect::find_first_contact(c.a.cast<S>(), c.b.cast<S>(), m);
        QueryAnswer a;
        a.meets = r.state != ContactState::separated_throughout;
        if (r.state == ContactState::first_contact) a.time = double(r.time);
        return a;
      }));
  out.push_back(query_kernel<gen::SpherePair>(id_of<S>("sphere_sphere", "test_static"), "sepax", "sphere_sphere",
                                              "test_static", s, [](const gen::SpherePair& p) {
                                                return sphere_sphere::test_static(p.a.cast<S>(), p.b.cast<S>());
                                              }));
  out.push_back(query_kernel<gen::SphereSweepCase>(
      id_of<S>("sphere_sphere", "find_first_contact"), "sepax", "sphere_sphere", "find_first_contact", s,
      [](const gen::SphereSweepCase& c) {
        return sweep_answer(sphere_sphere::sweep(c.a.cast<S>(), Vec3<S>(c.da.cast<S>()), c.b.cast<S>(),
                                                 Vec3<S>(c.db.cast<S>())));
      }));
  out.push_back(query_kernel<gen::BoxSpherePair>(id_of<S>("aabb_sphere", "test_static"), "sepax", "aabb_sphere",
                                                 "test_static", s, [](const gen::BoxSpherePair& p) {
                                                   return aabb_sphere::test_static(p.box.cast<S>(), p.sphere.cast<S>());
                                                 }));
  out.push_back(query_kernel<gen::SpherePlaneCase>(id_of<S>("sphere_plane", "test_static"), "sepax", "sphere_plane",
                                                   "test_static", s, [](const gen::SpherePlaneCase& c) {
                                                     return sphere_plane::test_static(c.sphere.cast<S>(),
                                                                                      c.plane.cast<S>());
                                                   }));
  out.push_back(query_kernel<gen::SpherePlaneCase>(
      id_of<S>("sphere_plane", "find_first_contact"), "sepax", "sphere_plane", "find_first_contact", s,
      [](const gen::SpherePlaneCase& c) {
        return sweep_answer(
            sphere_plane::sweep(c.sphere.cast<S>(), Vec3<S>(c.displacement.cast<S>()), c.plane.cast<S>()));
      }));
  out.push_back(query_kernel<gen::AabbPairCase>(id_of<S>("aabb_aabb", "test_static"), "sepax", "aabb_aabb",
                                                "test_static", s, [](const gen::AabbPairCase& c) {
                                                  return aabb_aabb::test_static(c.a.cast<S>(), c.b.cast<S>()).intersects;
                                                }));
  out.push_back(query_kernel<gen::AabbPairCase>(
      id_of<S>("aabb_aabb", "find_first_contact"), "sepax", "aabb_aabb", "find_first_contact", s,
      [](const gen::AabbPairCase& c) {
        return sweep_answer(aabb_aabb::sweep(c.a.cast<S>(), Vec3<S>(c.da.cast<S>()), c.b.cast<S>(),
                                             Vec3<S>(c.db.cast<S>())));
      }));
  out.push_back(query_kernel<gen::BoxSegmentPair>(id_of<S>("obb_segment", "test_static"), "sepax", "obb_segment",
                                                  "test_static", s, [](const gen::BoxSegmentPair& p) {
                                                    return obb_segment::test_static(p.box.cast<S>(),
                                                                                    p.segment.cast<S>())
                                                        .intersects;
                                                  }));
  out.push_back(query_kernel<Obb3<double>>(id_of<S>("obb_to_aabb", "enclose"), "sepax", "obb_to_aabb", "enclose", s,
                                           [](const Obb3<double>& box) {
                                             const Aabb3<S> e = obb_to_aabb(box.cast<S>());
                                             QueryAnswer a;
                                             a.meets = true;
                                             a.aabb = Aabb3<double>{e.min.template cast<double>(),
                                                                    e.max.template cast<double>()};
                                             return a;
                                           }));
  out.push_back(query_kernel<ShapePair>(
      id_of<S>("obb_obb_manifold", "find_manifold"), "sepax", "obb_obb_manifold", "find_manifold", s,
      [](const ShapePair& p) {
        const obb_obb::Manifold<S> m = obb_obb::find_manifold(p.obb_a.cast<S>(), p.obb_b.cast<S>());
        ManifoldAnswer out;
        out.contact = m.contact;
        out.normal = m.normal.template cast<double>();
        out.depth = double(m.depth);
        for (int k = 0; k < m.count; ++k) out.points.push_back(m.points[k].template cast<double>());
        QueryAnswer a;
        a.meets = out.contact;
        a.manifold = std::move(out);
        return a;
      }));
  out.push_back(query_kernel<GeneralMotionPair>(
      id_of<S>("general_motion", "find_first_contact"), "sepax", "general_motion", "find_first_contact", s,
      [](const GeneralMotionPair& p) {
        QueryAnswer a;
        a.general = run_sepax_general_motion(p.setup, kind_of<S>());
        a.meets = a.general->state != ContactState::separated_throughout;
        if (a.general->state == ContactState::first_contact) a.time = a.general->time;
        return a;
      }));
}

}  // namespace

std::vector<QueryKernel> sepax_query_kernels() {
  std::vector<QueryKernel> out;
  add_kernels<float>(out);
  add_kernels<double>(out);
  return out;
}

}  // namespace sepax::harness
