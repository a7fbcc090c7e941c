#pragma once
/// \file Gomez's OBB→AABB conversion as the commands judge it (obb_to_aabb):
/// sepax's (float, double; bounds rounded outward) and, when sepax is built
/// with the peers, FCL's computeBV<AABB> (double).
#include <functional>
#include <string>
#include <vector>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/aabb3.hpp"
#include "sepax/core/shapes/obb3.hpp"

namespace sepax::cli {

struct EnclosureKernel {
  std::string id;  ///< "obb_to_aabb/enclose/float", "fcl/obb_to_aabb/double"
  ScalarKind scalar = ScalarKind::float64;
  bool peer = false;
  std::function<Aabb3<double>(const Obb3<double>&)> enclose;
};

std::vector<EnclosureKernel> enclosure_kernels();

}  // namespace sepax::cli
