// Bullet 3.24 (Debian libbullet-dev). Precision: Debian ships two builds,
// libBulletCollision (btScalar = float, the default find_package(Bullet)
// finds) and libBulletCollision-float64 (BT_USE_DOUBLE_PRECISION). Both
// export the same class names (btBoxShape, btVector3, ...), so one process can
// load only one of them; sepax links the default, single-precision one. Every
// Bullet entry therefore computes in float, and runs on float cases only: on
// double cases float's rounding would be judged against double's band, and
// gross must mean a bug, not the library's precision.
//
//  bullet/box_box_detector/*  btBoxBoxDetector (ODE's dBoxBox ported to
//                             Bullet): 15-axis SAT, then contact clipping;
//                             intersecting = at least one contact reported.
//                             Edge axes are biased: |R_ij| + 1e-5 and a strict
//                             '> SIMD_EPSILON' (FLT_EPSILON, absolute): bias
//                             √1e-5 relative (same argument as √ε in entry.hpp).
//                             Like ODE's dBoxBox it reports no contact, so
//                             "separated", for boxes touching along an edge or
//                             at a vertex and for a zero-extent box inside
//                             another.
//  bullet/gjk_obb_obb/*,      btGjkEpaSolver2::Distance (Bullet's GJK, Presson
//  bullet/gjk_tri_obb/*       2008): separated iff it returns true (status
//                             Separated). In float it treats a distance below
//                             GJK_MIN_DISTANCE = 1e-4 (absolute) as touching,
//                             so it calls pairs up to 1e-4 apart intersecting;
//                             that is not relative to size, so no bias is
//                             claimed and such pairs show up as findings.
//                             GJK_Failed also answers "not separated".
// Shapes: Bullet keeps a collision margin (default 0.04) outside an "implicit"
// shape shrunk by it; the adapters set the margin to 0 and the implicit half
// extents to the exact extents, so Bullet sees exactly the stored box (no
// rounded corners, no h - m + m rounding).
#include <BulletCollision/CollisionDispatch/btBoxBoxDetector.h>
#include <BulletCollision/CollisionShapes/btBoxShape.h>
#include <BulletCollision/CollisionShapes/btTriangleShape.h>
#include <BulletCollision/NarrowPhaseCollision/btDiscreteCollisionDetectorInterface.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>
#include <LinearMath/btTransform.h>

#include <optional>

#include "entry.hpp"
#include "sepax/oracle/margin.hpp"
#include "sepax/peers/distance_peers.hpp"

namespace sepax::peers::detail {
namespace {

static_assert(sizeof(btScalar) == sizeof(float), "linked against Debian's single-precision Bullet");

btVector3 vec(const Vec3<double>& v) { return btVector3(btScalar(v[0]), btScalar(v[1]), btScalar(v[2])); }

btBoxShape make_box(const Obb3d& b) {
  const btVector3 half(btScalar(b.extents[0]), btScalar(b.extents[1]), btScalar(b.extents[2]));
  btBoxShape box(half);
  box.setMargin(0);
  box.setImplicitShapeDimensions(half);
  return box;
}

/// Basis columns = box axes (btTransform maps local to world).
btTransform pose(const Obb3d& b) {
  const btVector3 a0 = vec(b.axes[0]), a1 = vec(b.axes[1]), a2 = vec(b.axes[2]);
  btMatrix3x3 basis(a0.x(), a1.x(), a2.x(),  //
                    a0.y(), a1.y(), a2.y(),  //
                    a0.z(), a1.z(), a2.z());
  return btTransform(basis, vec(b.center));
}

/// Counts the contacts a detector reports.
struct ContactCount final : btDiscreteCollisionDetectorInterface::Result {
  int count = 0;
  void setShapeIdentifiersA(int, int) override {}
  void setShapeIdentifiersB(int, int) override {}
  void addContactPoint(const btVector3&, const btVector3&, btScalar) override { ++count; }
};

struct BoxBoxInput {
  btBoxShape a, b;
  btDiscreteCollisionDetectorInterface::ClosestPointInput poses;
};

BoxBoxInput box_box_input(const ShapePair& p) {
  BoxBoxInput in{make_box(p.obb_a), make_box(p.obb_b), {}};
  in.poses.m_transformA = pose(p.obb_a);
  in.poses.m_transformB = pose(p.obb_b);
  return in;
}

template <class A>
struct GjkInput {
  A a;
  btBoxShape b;
  btTransform pose_a, pose_b;
  btVector3 guess;  // centre difference, the usual first direction
};

GjkInput<btBoxShape> gjk_obb_obb_input(const ShapePair& p) {
  GjkInput<btBoxShape> in{make_box(p.obb_a), make_box(p.obb_b), pose(p.obb_a), pose(p.obb_b), {}};
  in.guess = in.pose_a.getOrigin() - in.pose_b.getOrigin();
  return in;
}

GjkInput<btTriangleShape> gjk_tri_obb_input(const ShapePair& p) {
  const auto& v = p.tri_a.vertices;
  btTriangleShape tri(vec(v[0]), vec(v[1]), vec(v[2]));  // vertices in world coordinates
  tri.setMargin(0);
  GjkInput<btTriangleShape> in{tri, make_box(p.obb_b), btTransform::getIdentity(), pose(p.obb_b),
                               {}};
  in.guess = (tri.m_vertices1[0] + tri.m_vertices1[1] + tri.m_vertices1[2]) / btScalar(3) -
             in.pose_b.getOrigin();
  return in;
}

template <class A>
bool gjk_intersects(const GjkInput<A>& in) {
  btGjkEpaSolver2::sResults results;
  return !btGjkEpaSolver2::Distance(&in.a, in.pose_a, &in.b, in.pose_b, in.guess, results);
}

void add_kernels(std::vector<KernelInfo>& out, ScalarKind kind) {
  out.push_back(make_entry(
      "bullet", "box_box_detector", Query::obb_obb, kind, box_box_input,
      [](const BoxBoxInput& in) {
        btBoxBoxDetector detector(&in.a, &in.b);
        ContactCount contacts;
        detector.getClosestPoints(in.poses, contacts, nullptr);
        return contacts.count > 0;
      },
      epsilon_on_rotation(1e-5)));
  // ODE's dBoxBox convention, kept by the port: touching boxes make no contact (open sets).
  out.back().open_sets = true;
  out.push_back(make_entry("bullet", "gjk_obb_obb", Query::obb_obb, kind, gjk_obb_obb_input,
                           [](const GjkInput<btBoxShape>& in) { return gjk_intersects(in); }));
  out.push_back(make_entry("bullet", "gjk_tri_obb", Query::tri_obb, kind, gjk_tri_obb_input,
                           [](const GjkInput<btTriangleShape>& in) { return gjk_intersects(in); }));
}

/// Bullet's distance: btGjkEpaSolver2::Distance (GJK) for shapes that are
/// apart: the distance and the two witnesses in world space (sepax's normal,
/// from A towards B, from the witnesses). Overlapping shapes are refused:
/// Bullet's EPA (btGjkEpaSolver2::Penetration) on these margin-0 boxes gave
/// 0.289 along a diagonal for two unit boxes overlapping by 0.5 along x —
/// not yet told apart from a use it was not made for (Bullet pads convex
/// shapes with a margin), so it is not judged. Float inside: the answer
/// promises float's GJK accuracy, GJK_MIN_DISTANCE = 1e-4 (absolute).
template <class A>
std::optional<harness::QueryAnswer> bullet_signed_distance(const GjkInput<A>& in, double ell) {
  btGjkEpaSolver2::sResults r;
  harness::DistanceAnswer d;
  if (!btGjkEpaSolver2::Distance(&in.a, in.pose_a, &in.b, in.pose_b, in.guess, r)) return std::nullopt;
  d.distance = double(r.distance);
  d.point_a = Vec3<double>(r.witnesses[0].x(), r.witnesses[0].y(), r.witnesses[0].z());
  d.point_b = Vec3<double>(r.witnesses[1].x(), r.witnesses[1].y(), r.witnesses[1].z());
  if (d.distance > 0 && (d.point_b - d.point_a).norm() > 0) d.normal = (d.point_b - d.point_a).normalized();
  d.tolerance = 1e-4 / ell;
  harness::QueryAnswer a;
  a.meets = d.distance <= 0;
  a.distance = d;
  return a;
}

}  // namespace

std::vector<KernelInfo> bullet_kernels() {
  std::vector<KernelInfo> out;
  add_kernels(out, ScalarKind::float32);  // float inside: no double entry (see the top)
  return out;
}

}  // namespace sepax::peers::detail

namespace sepax::peers {

std::vector<harness::QueryKernel> bullet_distance_kernels() {
  using namespace detail;
  return {harness::query_kernel<ShapePair>("bullet/gjk_distance_obb_obb/float", "bullet", "obb_obb_distance",
                                           "find_distance", ScalarKind::float32,
                                           [](const ShapePair& p) {
                                             return bullet_signed_distance(gjk_obb_obb_input(p),
                                                                           oracle::reference_length(p));
                                           }),
          harness::query_kernel<ShapePair>("bullet/gjk_distance_tri_obb/float", "bullet", "tri_obb_distance",
                                           "find_distance", ScalarKind::float32, [](const ShapePair& p) {
                                             return bullet_signed_distance(gjk_tri_obb_input(p),
                                                                           oracle::reference_length(p));
                                           })};
}

}  // namespace sepax::peers
