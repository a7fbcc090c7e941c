#pragma once
/// \file FCL 0.7's BVH mesh collision (fcl::BVHModel<OBB<double>> and
/// <OBBRSS<double>>) behind a plain header (issue 10): the peer the OBB trees
/// are timed and judged against. No FCL header here; fcl_mesh.cpp holds them.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "sepax/core/shapes/pose.hpp"
#include "sepax/core/shapes/triangle_mesh.hpp"

namespace sepax::peers {

enum class FclBv { obb, obbrss };

const char* to_string(FclBv bv);

/// One mesh as an FCL BVHModel (FCL's default build: mean split, one triangle
/// per leaf). Throws std::runtime_error when FCL refuses the mesh.
class FclMesh {
 public:
  FclMesh(const TriangleMesh& mesh, FclBv bv);
  ~FclMesh();
  FclMesh(FclMesh&&) noexcept;
  FclMesh& operator=(FclMesh&&) noexcept;

  FclBv bv() const { return bv_; }
  std::size_t triangles() const;
  std::size_t vertices() const;
  std::size_t bvs() const;  ///< FCL's node count (2·triangles − 1)
  /// An estimate of the model's memory: bvs·sizeof(BVNode<BV>) +
  /// vertices·sizeof(Vector3d) + triangles·(sizeof(fcl::Triangle) + sizeof(int))
  /// (the BV nodes, the vertex array, the index triples, the primitive
  /// permutation); vector capacity slack and the object header are not counted.
  std::size_t bytes() const;

  struct Impl;
  const Impl& impl() const { return *impl_; }

 private:
  FclBv bv_;
  std::unique_ptr<Impl> impl_;
};

/// (triangle index of a, triangle index of b), mesh order.
using FclPair = std::pair<std::uint32_t, std::uint32_t>;

/// fcl::collide with num_max_contacts 1, a at the identity, b at pose_b
/// (its R and t as given). Both meshes must have the same BV type
/// (std::invalid_argument otherwise).
bool boolean(const FclMesh& a, const FclMesh& b, const Pose& pose_b);

/// Every intersecting triangle pair FCL reports (exhaustive: no contact
/// limit; contact points not computed), as (b1, b2) primitive ids, sorted, each once.
std::vector<FclPair> all_pairs(const FclMesh& a, const FclMesh& b, const Pose& pose_b);

}  // namespace sepax::peers
