#pragma once
/// \file Version 2's mesh_mesh requests and replies (examples/external/PROTOCOL.md,
/// "Mesh pairs"): two meshes and n poses of B in A's frame in; per pose, the
/// verdict and every intersecting triangle pair out. Always JSON lines, even
/// for a process that announced the binary framing (a mesh is no row of fixed width):
///
///   {"id":N,"kernel":"k/double","count":n,"meshes":{"a":{"id":1,"vertices":[[x,y,z],...],
///    "triangles":[[i,j,k],...]},"b":{"id":2}},"inputs":{"pose":[[r00,...,r22,t0,t1,t2],...]}}
///
/// A mesh is sent whole the first time the process sees its id, by id alone
/// after. The reply: {"id":N,"answers":{"meets":[true,...],"pairs":[[[ta,tb],...],...]}}.
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "external_protocol.hpp"
#include "sepax/core/shapes/pose.hpp"
#include "sepax/core/shapes/triangle_mesh.hpp"
#include "sepax/harness/mesh/mesh_judgement.hpp"

namespace sepax::harness::external {

/// A mesh of a request: its id, and whether its geometry goes with it.
struct MeshOnWire {
  std::uint64_t id = 0;
  const TriangleMesh* mesh = nullptr;
  bool whole = true;
};

/// The request body (after request_head's JSON opening) for `poses`, the
/// vertices and poses rounded to the kernel's scalar.
EncodedBatch encode_mesh_request(const MeshOnWire& a, const MeshOnWire& b, ScalarKind scalar,
                                 std::span<const Pose> poses);

struct MeshReply {
  std::vector<bool> meets;
  std::vector<std::vector<MeshPair>> pairs;  ///< per pose, sorted
};

/// The reply to request `id` over n poses; BatchError naming the field, pose
/// and value of an entry that is not one (a triangle out of range, a pair
/// given twice, a verdict that is not true or false).
MeshReply decode_mesh_reply(std::string_view line, std::uint64_t id, std::size_t n, std::size_t triangles_a,
                            std::size_t triangles_b);

}  // namespace sepax::harness::external
