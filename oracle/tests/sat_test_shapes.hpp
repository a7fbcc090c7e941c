#pragma once
/// \file Shapes and pairs for the oracle-1 and margin tests, built so that the
/// truth is known by construction (exact doubles, exact affine images).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <utility>

#include <Eigen/Geometry>

#include "sepax/core/shapes/query.hpp"
#include "test_pairs.hpp"

namespace sepax::oracle::test {

using M = Eigen::Matrix3d;

/// Box with center c, half-widths e, axes the columns of `frame` (any
/// invertible matrix: the oracle judges the parallelepiped, SPEC §4).
inline Obb3d box(const V& c, const V& e, const M& frame = M::Identity()) {
  Obb3d b;
  b.center = c;
  for (int i = 0; i < 3; ++i) {
    b.axes[i] = frame.col(i);
    b.extents[i] = e[i];
  }
  return b;
}

/// Image of the pair under x ↦ m·x + t. An injective affine map preserves
/// whether two sets meet, and maps a parallelepiped to the parallelepiped of
/// the mapped center and axes; with small dyadic entries every image is exact.
inline ShapePair affine_image(const ShapePair& p, const M& m, const V& t) {
  ShapePair s = p;
  auto map_box = [&](Obb3d& b) {
    b.center = m * b.center + t;
    for (auto& a : b.axes) a = m * a;
  };
  auto map_tri = [&](Triangle3d& tr) {
    for (auto& v : tr.vertices) v = m * v + t;
  };
  map_box(s.obb_a), map_box(s.obb_b), map_tri(s.tri_a), map_tri(s.tri_b);
  return s;
}

/// Seed for randomized tests: SEPAX_SEED from the environment, else `fallback`;
/// printed so that a failure can be replayed.
inline std::uint64_t test_seed(std::uint64_t fallback) {
  const char* env = std::getenv("SEPAX_SEED");
  const std::uint64_t seed = env ? std::strtoull(env, nullptr, 0) : fallback;
  std::printf("[ seed     ] %llu (replay: SEPAX_SEED=%llu)\n", (unsigned long long)seed,
              (unsigned long long)seed);
  return seed;
}

/// Rotation from a uniformly random unit quaternion.
inline M random_rotation(std::mt19937_64& rng) {
  std::normal_distribution<double> n(0, 1);
  Eigen::Quaterniond q(n(rng), n(rng), n(rng), n(rng));
  q.normalize();
  return q.toRotationMatrix();
}

inline V random_point(std::mt19937_64& rng, double radius) {
  std::uniform_real_distribution<double> u(-radius, radius);
  return {u(rng), u(rng), u(rng)};
}

}  // namespace sepax::oracle::test
