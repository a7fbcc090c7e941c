// FCL 0.7 mesh–mesh collision (see fcl_mesh.hpp). Only this file sees FCL's
// BVH headers.
#include "sepax/peers/fcl_mesh.hpp"

#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/math/bv/OBB.h>
#include <fcl/math/bv/OBBRSS.h>
#include <fcl/narrowphase/collision.h>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <variant>

namespace sepax::peers {

struct FclMesh::Impl {
  std::variant<fcl::BVHModel<fcl::OBB<double>>, fcl::BVHModel<fcl::OBBRSS<double>>> model;
};

namespace {

template <class BV>
void fill(fcl::BVHModel<BV>& m, const TriangleMesh& mesh) {
  std::vector<fcl::Vector3<double>> ps(mesh.vertices.begin(), mesh.vertices.end());
  std::vector<fcl::Triangle> ts;
  ts.reserve(mesh.triangles.size());
  for (const auto& t : mesh.triangles) ts.emplace_back(t[0], t[1], t[2]);
  if (m.beginModel(int(ts.size()), int(ps.size())) != fcl::BVH_OK || m.addSubModel(ps, ts) != fcl::BVH_OK ||
      m.endModel() != fcl::BVH_OK)
    throw std::runtime_error("sepax::peers::FclMesh: FCL refused the mesh");
}

template <class BV>
std::size_t model_bytes(const fcl::BVHModel<BV>& m) {
  return std::size_t(m.getNumBVs()) * sizeof(fcl::BVNode<BV>) + std::size_t(m.num_vertices) * sizeof(fcl::Vector3<double>) +
         std::size_t(m.num_tris) * (sizeof(fcl::Triangle) + sizeof(unsigned int));
}

fcl::Transform3<double> transform(const Pose& p) {
  fcl::Transform3<double> tf = fcl::Transform3<double>::Identity();
  tf.linear() = p.rotation;
  tf.translation() = p.translation;
  return tf;
}

std::size_t collide(const FclMesh& a, const FclMesh& b, const Pose& pose_b, std::size_t max_contacts,
                    fcl::CollisionResult<double>& result) {
  if (a.bv() != b.bv()) throw std::invalid_argument("sepax::peers: FCL meshes of different BV types");
  const fcl::CollisionRequest<double> request(max_contacts, false);
  return std::visit(
      [&](const auto& ma) -> std::size_t {
        using M = std::decay_t<decltype(ma)>;
        const M& mb = std::get<M>(b.impl().model);
        return fcl::collide(&ma, fcl::Transform3<double>::Identity(), &mb, transform(pose_b), request, result);
      },
      a.impl().model);
}

}  // namespace

const char* to_string(FclBv bv) { return bv == FclBv::obb ? "obb" : "obbrss"; }

FclMesh::FclMesh(const TriangleMesh& mesh, FclBv bv) : bv_(bv), impl_(std::make_unique<Impl>()) {
  if (bv == FclBv::obb) {
    auto& m = impl_->model.emplace<0>();
    fill(m, mesh);
  } else {
    auto& m = impl_->model.emplace<1>();
    fill(m, mesh);
  }
}

FclMesh::~FclMesh() = default;
FclMesh::FclMesh(FclMesh&&) noexcept = default;
FclMesh& FclMesh::operator=(FclMesh&&) noexcept = default;

std::size_t FclMesh::triangles() const {
  return std::visit([](const auto& m) { return std::size_t(m.num_tris); }, impl_->model);
}
std::size_t FclMesh::vertices() const {
  return std::visit([](const auto& m) { return std::size_t(m.num_vertices); }, impl_->model);
}
std::size_t FclMesh::bvs() const {
  return std::visit([](const auto& m) { return std::size_t(m.getNumBVs()); }, impl_->model);
}
std::size_t FclMesh::bytes() const {
  return std::visit([](const auto& m) { return model_bytes(m); }, impl_->model);
}

bool boolean(const FclMesh& a, const FclMesh& b, const Pose& pose_b) {
  fcl::CollisionResult<double> result;
  return collide(a, b, pose_b, 1, result) > 0;
}

std::vector<FclPair> all_pairs(const FclMesh& a, const FclMesh& b, const Pose& pose_b) {
  fcl::CollisionResult<double> result;
  collide(a, b, pose_b, std::numeric_limits<std::size_t>::max(), result);
  std::vector<FclPair> out;
  out.reserve(result.numContacts());
  for (std::size_t k = 0; k < result.numContacts(); ++k) {
    const auto& c = result.getContact(k);
    out.emplace_back(std::uint32_t(c.b1), std::uint32_t(c.b2));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace sepax::peers
