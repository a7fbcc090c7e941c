#pragma once
/// \file Building pairs in oracle tests (shared by the SAT, margin, CGAL and
/// distance tests).
#include <utility>

#include "sepax/core/shapes/query.hpp"

namespace sepax::oracle::test {

using V = Vec3<double>;

inline Triangle3d tri(const V& a, const V& b, const V& c) { return Triangle3d{{a, b, c}}; }

inline ShapePair obb_obb(const Obb3d& a, const Obb3d& b) {
  ShapePair p;
  p.query = Query::obb_obb;
  p.obb_a = a;
  p.obb_b = b;
  return p;
}
inline ShapePair tri_obb(const Triangle3d& a, const Obb3d& b) {
  ShapePair p;
  p.query = Query::tri_obb;
  p.tri_a = a;
  p.obb_b = b;
  return p;
}
inline ShapePair tri_tri(const Triangle3d& a, const Triangle3d& b) {
  ShapePair p;
  p.query = Query::tri_tri;
  p.tri_a = a;
  p.tri_b = b;
  return p;
}

/// The same two sets in the other order; tri_obb has a fixed order and is
/// returned unchanged.
inline ShapePair swapped(const ShapePair& p) {
  if (p.query == Query::tri_obb) return p;
  ShapePair s = p;
  std::swap(s.obb_a, s.obb_b);
  std::swap(s.tri_a, s.tri_b);
  return s;
}

}  // namespace sepax::oracle::test
