// FCL 0.7 (Debian libfcl-dev): three static tests, each run in the case
// scalar (FCL is templated; the float instantiations come from its headers,
// double from libfcl).
//
//  fcl/obb_overlap/*         fcl::OBB<S>::overlap -> obbDisjoint: Gottschalk's
//                            15-axis SAT (RAPID) with reps = 1e-6 added to every
//                            |R_ij|, strict '>': conservative, bias √1e-6.
//  fcl/box_box_intersect/*   fcl::detail::boxBoxIntersect: ODE's dBoxBox port
//                            (same 15 axes, |R| padded by 10·eps·max(extent, 1)
//                            on the edge axes only), then contact generation;
//                            the verdict is return_code != 0 (set by the SAT
//                            part alone). Bias √(10·eps(S)).
//  fcl/intersect_triangle/*  fcl::detail::Intersect<S>::intersect_Triangle: 17
//                            projections (2 normals, 9 edge crosses, 6 in-plane
//                            normals) with project6, no epsilon. For a
//                            collinear triangle its normal and in-plane axes
//                            are zero vectors, which never separate: some
//                            separated pairs come back intersecting.
// FCL has no cheap triangle–box test (only through BVH/GJK machinery): none here.
#include <fcl/geometry/shape/box.h>
#include <fcl/math/bv/OBB.h>
#include <fcl/narrowphase/detail/primitive_shape_algorithm/box_box.h>
#include <fcl/narrowphase/detail/traversal/collision/intersect.h>

#include <limits>

#include "entry.hpp"

namespace sepax::peers::detail {
namespace {

template <class S>
fcl::Vector3<S> vec(const Vec3<double>& v) {
  return fcl::Vector3<S>(S(v[0]), S(v[1]), S(v[2]));
}

/// Rotation whose columns are the box axes (local -> world).
template <class S>
fcl::Matrix3<S> rotation(const Obb3d& b) {
  fcl::Matrix3<S> r;
  for (int i = 0; i < 3; ++i) r.col(i) = vec<S>(b.axes[i]);
  return r;
}

template <class S>
fcl::OBB<S> to_fcl_obb(const Obb3d& b) {
  // fcl::OBB::extent holds half-sizes, like Obb3::extents.
  return fcl::OBB<S>(rotation<S>(b), vec<S>(b.center),
                     fcl::Vector3<S>(S(b.extents[0]), S(b.extents[1]), S(b.extents[2])));
}

/// fcl::Box takes full side lengths; the pose goes into a Transform3.
template <class S>
struct BoxPose {
  fcl::Box<S> box;
  fcl::Transform3<S> pose;
};

template <class S>
BoxPose<S> to_fcl_box(const Obb3d& b) {
  BoxPose<S> out{fcl::Box<S>(S(2) * S(b.extents[0]), S(2) * S(b.extents[1]),
                             S(2) * S(b.extents[2])),
                 fcl::Transform3<S>::Identity()};
  out.pose.linear() = rotation<S>(b);
  out.pose.translation() = vec<S>(b.center);
  return out;
}

template <class S>
struct TriPair {
  fcl::Vector3<S> p[3], q[3];
};

template <class S>
void add_kernels(std::vector<KernelInfo>& out) {
  constexpr ScalarKind kind = scalar_traits<S>::kind;
  const KernelBias rapid_eps = epsilon_on_rotation(1e-6);

  out.push_back(make_entry(
      "fcl", "obb_overlap", Query::obb_obb, kind,
      [](const ShapePair& p) {
        return std::pair{to_fcl_obb<S>(p.obb_a), to_fcl_obb<S>(p.obb_b)};
      },
      [](const std::pair<fcl::OBB<S>, fcl::OBB<S>>& ab) { return ab.first.overlap(ab.second); },
      rapid_eps));

  // boxBoxIntersect pads |R| by 10·eps·max(extents, 1) on the edge axes
  // (box_box-inl.h): relative 10·eps for boxes of size >= 1 (1.2e-6 in float,
  // like Gottschalk's ε; 2.2e-15 in double), more for smaller boxes.
  const KernelBias box_box_bias = epsilon_on_rotation(10 * double(std::numeric_limits<S>::epsilon()));
  out.push_back(make_entry(
      "fcl", "box_box_intersect", Query::obb_obb, kind,
      [](const ShapePair& p) {
        return std::pair{to_fcl_box<S>(p.obb_a), to_fcl_box<S>(p.obb_b)};
      },
      [](const std::pair<BoxPose<S>, BoxPose<S>>& ab) {
        return fcl::detail::boxBoxIntersect<S>(ab.first.box, ab.first.pose, ab.second.box,
                                               ab.second.pose, nullptr);
      },
      box_box_bias));

  out.push_back(make_entry(
      "fcl", "intersect_triangle", Query::tri_tri, kind,
      [](const ShapePair& p) {
        TriPair<S> t;
        for (int i = 0; i < 3; ++i) {
          t.p[i] = vec<S>(p.tri_a.vertices[i]);
          t.q[i] = vec<S>(p.tri_b.vertices[i]);
        }
        return t;
      },
      [](const TriPair<S>& t) {
        return fcl::detail::Intersect<S>::intersect_Triangle(t.p[0], t.p[1], t.p[2], t.q[0],
                                                             t.q[1], t.q[2]);
      }));
}

}  // namespace

std::vector<KernelInfo> fcl_kernels() {
  std::vector<KernelInfo> out;
  add_kernels<float>(out);
  add_kernels<double>(out);
  return out;
}

}  // namespace sepax::peers::detail
