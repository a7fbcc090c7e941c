#pragma once
/// \file The peers of the signed-distance queries (obb_obb_distance,
/// tri_obb_distance, tri_tri_distance; harness/distance/distance_judgement.hpp):
/// FCL's fcl::distance (box–box, float and double; boxes that are apart only:
/// its signed distance's EPA aborts on ordinary pairs, fcl_distance.cpp) and
/// its penetration through fcl::collide with contacts (boxes that collide), libccd's
/// penetration by GJK+EPA and by MPR (box–box, double; overlapping shapes only:
/// libccd computes no separation distance, so it refuses shapes that are apart;
/// with a triangle its EPA may never return, ccd_adapters.cpp) and
/// MuJoCo's box–box contacts (double), Bullet's GJK distance (box–box and
/// triangle–box, apart only; float inside: float cases only). Each adapter file states how its
/// library's answer becomes sepax's. The libraries are not included here.
#include <vector>

#include "sepax/harness/query/query_kernels.hpp"

namespace sepax::peers {

std::vector<harness::QueryKernel> fcl_distance_kernels();    ///< peers/src/fcl_distance.cpp
std::vector<harness::QueryKernel> ccd_distance_kernels();    ///< peers/src/ccd_adapters.cpp
std::vector<harness::QueryKernel> mujoco_distance_kernels(); ///< peers/src/mujoco_adapters.cpp
std::vector<harness::QueryKernel> bullet_distance_kernels(); ///< peers/src/bullet_adapters.cpp (float)

/// All of them, in that order.
inline std::vector<harness::QueryKernel> distance_query_kernels() {
  std::vector<harness::QueryKernel> out = fcl_distance_kernels();
  for (auto* more : {&ccd_distance_kernels, &mujoco_distance_kernels, &bullet_distance_kernels})
    for (harness::QueryKernel& k : more()) out.push_back(std::move(k));
  return out;
}

}  // namespace sepax::peers
