#pragma once
/// \file The peers of sepax's OBB–OBB contact manifold: the three contact
/// generators descended from ODE's dBoxBox (Bullet's btBoxBoxDetector, ODE's
/// dBoxBox, FCL's boxBox2), each returning its contacts in sepax's convention
/// (peers/src/manifold_adapters.cpp says how each library's is converted).
/// The libraries are not included here.
#include <string>
#include <vector>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/obb3.hpp"

namespace sepax::peers {

/// A manifold as sepax writes one: `normal` a unit vector from A towards B,
/// `depth` ≥ 0 the penetration along it, the contact points in world space.
struct PeerManifold {
  bool contact = false;
  Vec3<double> normal = Vec3<double>::Zero();
  double depth = 0;
  std::vector<Vec3<double>> points;
};

struct ManifoldPeer {
  std::string id;  ///< "ode/box_box_manifold/double", …
  ScalarKind scalar = ScalarKind::float64;
  PeerManifold (*run)(const Obb3d& a, const Obb3d& b) = nullptr;
};

/// Every manifold peer, float and double entries (the libraries' own
/// precision: Bullet computes in float, ODE in double, FCL in either).
std::vector<ManifoldPeer> manifold_peers();

}  // namespace sepax::peers
