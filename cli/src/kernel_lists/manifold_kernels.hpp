#pragma once
/// \file The OBB–OBB contact-manifold kernels the commands judge: sepax's
/// (Gaul's manifold generation, float and double) and, when sepax is built
/// with the peers, the three dBoxBox descendants: Bullet's btBoxBoxDetector,
/// ODE's dBoxBox and FCL's boxBox2 (peers/manifold_peers.hpp).
#include <functional>
#include <string>
#include <vector>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/harness/manifold/manifold_judgement.hpp"

namespace sepax::cli {

struct ManifoldKernel {
  std::string id;  ///< "obb_obb_manifold/find_manifold/float", "ode/box_box_manifold/double"
  ScalarKind scalar = ScalarKind::float64;
  bool peer = false;
  /// The boxes are given in double, already rounded to `scalar`.
  std::function<harness::ManifoldAnswer(const Obb3d&, const Obb3d&)> run;
};

std::vector<ManifoldKernel> manifold_kernels();

}  // namespace sepax::cli
