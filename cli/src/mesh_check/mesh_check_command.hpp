#pragma once
/// \file `sepax mesh-check A B --pose POSES.jsonl`: every OBB-tree kernel (and
/// FCL's BVHModel<OBB>/<OBBRSS> when built with the peers, and the mesh_mesh
/// kernels of --plugin) on two meshes at each pose of a file, beside the exact
/// truth: the verdict, the number of intersecting triangle pairs, and the
/// class of each answer (ok, boundary, gross; mesh/mesh_judgement.hpp).
#include <iosfwd>
#include <string>

namespace sepax::cli {

struct MeshCheckOptions {
  std::string mesh_a, mesh_b;  ///< OFF/STL/OBJ, optionally .gz
  std::string poses;           ///< JSON Lines (sepax/harness/mesh/pose_file.hpp)
  bool json = false;           ///< one JSON object per pose instead of tables
  bool fcl = true;             ///< FCL beside sepax's trees (when built with the peers)
};

/// Returns the exit status: 0 when every answer is ok or boundary; 1 when one
/// is gross; 2 on input errors (a mesh or pose file that cannot be read,
/// reported on `err` with file, line and field).
int run_mesh_check(const MeshCheckOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sepax::cli
