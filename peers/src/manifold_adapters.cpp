// The manifold peers (manifold_peers.hpp): three descendants of ODE's dBoxBox,
// each asked for up to 8 contacts, converted to sepax's convention — normal
// from A (the first box) towards B, depth ≥ 0.
//
//  ode/box_box_manifold/*     dBoxBox (ODE 0.16, dReal = double). Its normal
//                             points from the first box to the second, as
//                             sepax's (dCollide flips it for its contacts,
//                             which point "in" to the first geom). The depth
//                             returned is the penetration along it. Points: pos.
//  bullet/box_box_manifold/float  btBoxBoxDetector (Bullet 3.24, float inside,
//                             so float cases only, as bullet_adapters.cpp): each
//                             addContactPoint(normalOnB, pointOnB, depth) has
//                             the normal on B pointing from B to A and a
//                             negative depth for penetration: both negated.
//  fcl/box_box_manifold/*     fcl::detail::boxBox2 (FCL 0.7, float and double),
//                             ODE's code: its normal as dBoxBox's, from A to B.
// Like dCollide, the three make no contact for boxes touching along an edge
// or at a corner (their clipping keeps strictly inner points): they are
// judged as they are, touching boxes are findings.
#include "sepax/peers/manifold_peers.hpp"
#include "sepax/peers/mujoco_peers.hpp"

#include <BulletCollision/CollisionDispatch/btBoxBoxDetector.h>
#include <BulletCollision/CollisionShapes/btBoxShape.h>
#include <BulletCollision/NarrowPhaseCollision/btDiscreteCollisionDetectorInterface.h>
#include <fcl/narrowphase/detail/primitive_shape_algorithm/box_box.h>
#include <ode/collision.h>

namespace sepax::peers {
namespace {

PeerManifold ode_manifold(const Obb3d& a, const Obb3d& b) {
  dVector3 pa, pb, sa, sb, normal;
  dMatrix3 ra, rb;
  for (int r = 0; r < 3; ++r) {
    pa[r] = a.center[r];
    pb[r] = b.center[r];
    sa[r] = 2 * a.extents[r];
    sb[r] = 2 * b.extents[r];
    for (int c = 0; c < 3; ++c) {
      ra[r * 4 + c] = a.axes[c][r];
      rb[r * 4 + c] = b.axes[c][r];
    }
    ra[r * 4 + 3] = rb[r * 4 + 3] = 0;
  }
  dContactGeom contacts[8];
  dReal depth = 0;
  int code = 0;
  const int n = dBoxBox(pa, ra, sa, pb, rb, sb, normal, &depth, &code, 8, contacts, sizeof(dContactGeom));
  PeerManifold m;
  if (n <= 0) return m;
  m.contact = true;
  m.normal = Vec3<double>(normal[0], normal[1], normal[2]);
  m.depth = depth;
  for (int k = 0; k < n; ++k) m.points.emplace_back(contacts[k].pos[0], contacts[k].pos[1], contacts[k].pos[2]);
  return m;
}

/// Collects btBoxBoxDetector's contacts.
struct BulletContacts final : btDiscreteCollisionDetectorInterface::Result {
  PeerManifold m;
  void setShapeIdentifiersA(int, int) override {}
  void setShapeIdentifiersB(int, int) override {}
  void addContactPoint(const btVector3& normal_on_b, const btVector3& point, btScalar depth) override {
    m.contact = true;
    m.normal = -Vec3<double>(normal_on_b.x(), normal_on_b.y(), normal_on_b.z());
    m.depth = -double(depth);
    m.points.emplace_back(point.x(), point.y(), point.z());
  }
};

btBoxShape bullet_box(const Obb3d& b) {
  const btVector3 half(btScalar(b.extents[0]), btScalar(b.extents[1]), btScalar(b.extents[2]));
  btBoxShape box(half);
  box.setMargin(0);  // the stored box itself, no rounded margin (bullet_adapters.cpp)
  box.setImplicitShapeDimensions(half);
  return box;
}

btTransform bullet_pose(const Obb3d& b) {
  auto f = [](double x) { return btScalar(x); };
  const btMatrix3x3 basis(f(b.axes[0][0]), f(b.axes[1][0]), f(b.axes[2][0]), f(b.axes[0][1]), f(b.axes[1][1]),
                          f(b.axes[2][1]), f(b.axes[0][2]), f(b.axes[1][2]), f(b.axes[2][2]));
  return btTransform(basis, btVector3(f(b.center[0]), f(b.center[1]), f(b.center[2])));
}

PeerManifold bullet_manifold(const Obb3d& a, const Obb3d& b) {
  btBoxShape sa = bullet_box(a), sb = bullet_box(b);
  btDiscreteCollisionDetectorInterface::ClosestPointInput in;
  in.m_transformA = bullet_pose(a);
  in.m_transformB = bullet_pose(b);
  btBoxBoxDetector detector(&sa, &sb);
  BulletContacts out;
  detector.getClosestPoints(in, out, nullptr);
  return out.m;
}

template <class S>
PeerManifold fcl_manifold(const Obb3d& a, const Obb3d& b) {
  auto pose = [](const Obb3d& x) {
    fcl::Transform3<S> t = fcl::Transform3<S>::Identity();
    fcl::Matrix3<S> r;
    for (int c = 0; c < 3; ++c) r.col(c) = x.axes[c].cast<S>();
    t.linear() = r;
    t.translation() = x.center.cast<S>();
    return t;
  };
  const fcl::Vector3<S> sa(S(2 * a.extents[0]), S(2 * a.extents[1]), S(2 * a.extents[2]));
  const fcl::Vector3<S> sb(S(2 * b.extents[0]), S(2 * b.extents[1]), S(2 * b.extents[2]));
  fcl::Vector3<S> normal;
  S depth = 0;
  int code = 0;
  std::vector<fcl::ContactPoint<S>> contacts;
  const int n = fcl::detail::boxBox2<S>(sa, pose(a), sb, pose(b), normal, &depth, &code, 8, contacts);
  PeerManifold m;
  if (n <= 0) return m;
  m.contact = true;
  m.normal = normal.template cast<double>();
  m.depth = double(depth);
  for (const auto& c : contacts) m.points.push_back(c.pos.template cast<double>());
  return m;
}

}  // namespace

std::vector<ManifoldPeer> manifold_peers() {
  std::vector<ManifoldPeer> out;
  for (const ScalarKind s : {ScalarKind::float32, ScalarKind::float64}) {
    const std::string tail = "/" + std::string(to_string(s));
    if (s == ScalarKind::float32) out.push_back({"bullet/box_box_manifold" + tail, s, bullet_manifold});
    out.push_back({"ode/box_box_manifold" + tail, s, ode_manifold});
    out.push_back({"fcl/box_box_manifold" + tail, s, s == ScalarKind::float32 ? fcl_manifold<float> : fcl_manifold<double>});
  }
  out.push_back({"mujoco/box_box_manifold/double", ScalarKind::float64, mujoco_box_box});  // mjtNum: double only
  return out;
}

}  // namespace sepax::peers
