#pragma once
/// \file Pairs whose verdict and distance are known by construction (not from
/// any oracle), shared by cgal_judge_test.cpp and qp_distance_test.cpp.
///
/// Every expected squared distance is an exactly representable double, so the
/// expected distance std::sqrt(distance_squared) is the correctly rounded one
/// and is compared for equality. Offsets such as 2^-40 and the rounded
/// s = √½ are chosen so that every coordinate written below is exact.
#include <cmath>
#include <ostream>
#include <string>
#include <vector>

#include "sepax/core/shapes/query.hpp"
#include "test_pairs.hpp"

namespace sepax::oracle::test {


/// A box from its stored numbers; axes are taken as given (the oracle must not
/// assume they are orthonormal).
inline Obb3d box(V center, V a0, V a1, V a2, V extents) {
  Obb3d b;
  b.center = center;
  b.axes = {a0, a1, a2};
  b.extents = {extents[0], extents[1], extents[2]};
  return b;
}
inline Obb3d aabb(V center, V half) {
  return box(center, V::UnitX(), V::UnitY(), V::UnitZ(), half);
}
inline Obb3d point_box(V p) { return aabb(p, V::Zero()); }
struct KnownCase {
  std::string name;
  ShapePair pair;
  bool intersects;
  /// Exact squared distance between the exact sets (0 when intersecting).
  double distance_squared;
};

/// GoogleTest prints a parameter with this instead of its bytes.
inline void PrintTo(const KnownCase& c, std::ostream* os) { *os << c.name; }

inline std::vector<KnownCase> known_cases() {
  const double s = std::sqrt(0.5);  // rounded; every use below stays exact
  const double tiny = std::ldexp(1.0, -40);
  const V o = V::Zero();
  const V one(1, 1, 1);
  const Triangle3d unit_xy = tri(V(0, 0, 0), V(1, 0, 0), V(0, 1, 0));
  std::vector<KnownCase> c;

  // --- obb_obb: axis-aligned cubes of half size 1 unless said otherwise.
  c.push_back(
      {"obb_gap_x_quarter", obb_obb(aabb(o, one), aabb(V(2.25, 0, 0), one)), false, 0.0625});
  // corner to corner along (1,1,1)·d, d = 0.5: distance d·√3
  c.push_back({"obb_corner_gap_diagonal",
               obb_obb(aabb(o, 0.5 * one), aabb(V(1.5, 1.5, 1.5), 0.5 * one)), false, 0.75});
  c.push_back({"obb_face_touch", obb_obb(aabb(o, one), aabb(V(2, 0.5, -0.25), one)), true, 0});
  c.push_back({"obb_edge_touch", obb_obb(aabb(o, one), aabb(V(2, 2, 0), one)), true, 0});
  c.push_back({"obb_corner_touch", obb_obb(aabb(o, one), aabb(V(2, 2, 2), one)), true, 0});
  c.push_back({"obb_corner_gap_tiny", obb_obb(aabb(o, one), aabb(V(2 + tiny, 2, 2), one)), false,
               tiny * tiny});
  c.push_back({"obb_overlap_tiny", obb_obb(aabb(o, one), aabb(V(2 - tiny, 0, 0), one)), true, 0});
  c.push_back(
      {"obb_containment",
       obb_obb(aabb(o, 4 * one), box(V(1, 1, 1), V(s, s, 0), V(-s, s, 0), V::UnitZ(), 0.5 * one)),
       true, 0});
  // B rotated 45° about z, half size 0.5: its lowest-x vertex edge is at
  // x = 2s − 0.5s − 0.5s = s, y = 0, |z| ≤ 0.5 (all exact); A's face is x = s.
  const Obb3d slab_a = aabb(o, V(s, 1, 1));
  auto rotated_at = [&](double x) {
    return box(V(x, 0, 0), V(s, s, 0), V(-s, s, 0), V::UnitZ(), 0.5 * one);
  };
  c.push_back({"obb_rotated45_edge_touch", obb_obb(slab_a, rotated_at(2 * s)), true, 0});
  c.push_back(
      {"obb_rotated45_edge_gap", obb_obb(slab_a, rotated_at(2 * s + tiny)), false, tiny * tiny});
  c.push_back({"obb_rotated45_edge_overlap", obb_obb(slab_a, rotated_at(2 * s - tiny)), true, 0});
  // Flat boxes (zero extents).
  const Obb3d square_xy = aabb(o, V(1, 1, 0));
  c.push_back(
      {"obb_flat_below_box", obb_obb(square_xy, aabb(V(0, 0, 0.75), 0.5 * one)), false, 0.0625});
  c.push_back(
      {"obb_flat_touching_box", obb_obb(square_xy, aabb(V(0.5, 0, 0.5), 0.5 * one)), true, 0});
  c.push_back(
      {"obb_flat_crossing_flat", obb_obb(square_xy, aabb(V(0.5, 0, 0), V(0, 1, 1))), true, 0});
  c.push_back(
      {"obb_flat_coplanar_gap", obb_obb(square_xy, aabb(V(3, 0, 0), V(0.5, 0.5, 0))), false, 2.25});
  c.push_back({"obb_point_on_face", obb_obb(aabb(o, one), point_box(V(1, 0.5, 0.25))), true, 0});
  c.push_back(
      {"obb_point_outside_edge", obb_obb(aabb(o, one), point_box(V(1.5, 1.5, 0))), false, 0.5});
  c.push_back(
      {"obb_segment_box_through", obb_obb(aabb(o, one), aabb(V(0, 0, 0), V(0, 0, 5))), true, 0});
  // Singular axes A0 = A1: the rectangle |x| ≤ 1.5, y = 0, |z| ≤ 1 (a
  // parallelepiped of zero volume; an orthonormal reading would be a box).
  const Obb3d singular = box(o, V::UnitX(), V::UnitX(), V::UnitZ(), V(1, 0.5, 1));
  c.push_back({"obb_singular_axes_point_beyond", obb_obb(singular, point_box(V(1.75, 0, 0))), false,
               0.0625});
  c.push_back({"obb_singular_axes_point_off_plane", obb_obb(singular, point_box(V(0, 0.125, 0))),
               false, 0.015625});
  c.push_back({"obb_singular_axes_corner", obb_obb(singular, point_box(V(1.5, 0, 1))), true, 0});
  // Non-unit axes (1,1,0), (−1,1,0), extents 0.5: the square with vertices (±1,0), (0,±1).
  const Obb3d diamond = box(o, V(1, 1, 0), V(-1, 1, 0), V::UnitZ(), V(0.5, 0.5, 1));
  c.push_back(
      {"obb_nonunit_axes_point_on_edge", obb_obb(diamond, point_box(V(0.5, 0.5, 0))), true, 0});
  c.push_back({"obb_nonunit_axes_point_outside", obb_obb(diamond, point_box(V(0.75, 0.75, 0))),
               false, 0.125});

  // --- tri_obb: box [-1,1]^3 unless said otherwise.
  const Obb3d cube = aabb(o, one);
  c.push_back({"tri_obb_in_face_plane_overlap",
               tri_obb(tri(V(0, 0, 1), V(2, 0, 1), V(0, 2, 1)), cube), true, 0});
  c.push_back({"tri_obb_in_face_plane_outside",
               tri_obb(tri(V(2, 0, 1), V(3, 0, 1), V(2, 1, 1)), cube), false, 1});
  c.push_back({"tri_obb_in_face_plane_vertex_on_box_edge",
               tri_obb(tri(V(1, 0, 1), V(3, 0, 1), V(2, 1, 1)), cube), true, 0});
  c.push_back({"tri_obb_above_face",
               tri_obb(tri(V(0, 0, 1 + tiny), V(2, 0, 1 + tiny), V(0, 2, 1 + tiny)), cube), false,
               tiny * tiny});
  c.push_back({"tri_obb_vertex_at_corner",
               tri_obb(tri(V(1, 1, 1), V(2, 1.5, 1.25), V(1.25, 2, 1.5)), cube), true, 0});
  const double e = std::ldexp(1.0, -20);  // (1+e)·(1,1,1) vs the corner: e·√3
  c.push_back({"tri_obb_vertex_near_corner",
               tri_obb(tri(V(1 + e, 1 + e, 1 + e), V(2, 1.5, 1.25), V(1.25, 2, 1.5)), cube), false,
               3 * e * e});
  c.push_back({"tri_obb_piercing", tri_obb(tri(V(-3, -3, 0.5), V(3, -3, 0.5), V(0, 3, 0.5)), cube),
               true, 0});
  c.push_back({"tri_obb_inside",
               tri_obb(tri(V(0.1, 0.1, 0.1), V(0.5, 0.1, 0.1), V(0.1, 0.5, -0.5)), cube), true, 0});
  c.push_back({"tri_obb_edge_through_box_corner",
               tri_obb(tri(V(2, 0, 1), V(0, 2, 1), V(3, 3, 1)), cube), true, 0});
  c.push_back({"tri_obb_contains_box_section",
               tri_obb(tri(V(-10, -10, 0), V(10, -10, 0), V(0, 10, 0)), cube), true, 0});
  c.push_back({"tri_obb_collinear_through", tri_obb(tri(V(-3, 0, 0), V(3, 0, 0), V(0, 0, 0)), cube),
               true, 0});
  c.push_back({"tri_obb_collinear_beside", tri_obb(tri(V(2, -5, 0), V(2, 5, 0), V(2, 0, 0)), cube),
               false, 1});
  c.push_back({"tri_obb_repeated_vertex_edge",
               tri_obb(tri(V(1, 1, 3), V(1, 1, -3), V(1, 1, 3)), cube), true, 0});
  c.push_back({"tri_obb_point_inside", tri_obb(tri(V(0.5, 0, 0), V(0.5, 0, 0), V(0.5, 0, 0)), cube),
               true, 0});
  c.push_back({"tri_obb_point_outside",
               tri_obb(tri(V(1.5, 0, 0), V(1.5, 0, 0), V(1.5, 0, 0)), cube), false, 0.25});
  c.push_back({"tri_obb_flat_box_crossed",
               tri_obb(tri(V(0, 0, -1), V(0.5, 0, 1), V(0, 0.5, 1)), square_xy), true, 0});
  c.push_back({"tri_obb_flat_box_parallel_above",
               tri_obb(tri(V(0, 0, 0.5), V(3, 0, 0.5), V(0, 3, 0.5)), square_xy), false, 0.25});
  c.push_back({"tri_obb_rotated45_vertex_touch",
               tri_obb(tri(V(s, 0, 0), V(-1, 2, 0), V(-1, -2, 0)), rotated_at(2 * s)), true, 0});
  c.push_back({"tri_obb_rotated45_vertex_gap",
               tri_obb(tri(V(s - tiny, 0, 0), V(-1, 2, 0), V(-1, -2, 0)), rotated_at(2 * s)), false,
               tiny * tiny});

  // --- tri_tri.
  const Triangle3d big_xy = tri(V(-1, -1, 0), V(1, -1, 0), V(0, 1, 0));
  c.push_back({"tri_tri_crossing", tri_tri(big_xy, tri(V(0, 0, -1), V(0.5, 0, 1), V(-0.5, 0, 1))),
               true, 0});
  c.push_back({"tri_tri_vertex_on_face",
               tri_tri(big_xy, tri(V(0, 0, 0), V(0.5, 0, 1), V(-0.5, 0, 1))), true, 0});
  c.push_back({"tri_tri_above_face", tri_tri(big_xy, tri(V(0, 0, 0.5), V(1, 0, 2), V(0, 1, 2))),
               false, 0.25});
  c.push_back({"tri_tri_parallel", tri_tri(unit_xy, tri(V(0, 0, 0.5), V(1, 0, 0.5), V(0, 1, 0.5))),
               false, 0.25});
  c.push_back({"tri_tri_coplanar_overlap",
               tri_tri(unit_xy, tri(V(0.25, 0.25, 0), V(3, 0.25, 0), V(0.25, 3, 0))), true, 0});
  c.push_back({"tri_tri_coplanar_separated",
               tri_tri(unit_xy, tri(V(2, 0, 0), V(3, 0, 0), V(2, 1, 0))), false, 1});
  c.push_back({"tri_tri_coplanar_vertex_touch",
               tri_tri(unit_xy, tri(V(1, 0, 0), V(2, 0, 0), V(1, 1, 0))), true, 0});
  c.push_back({"tri_tri_coplanar_edge_touch",
               tri_tri(unit_xy, tri(V(1, 0, 0), V(0, 1, 0), V(1, 1, 0))), true, 0});
  c.push_back({"tri_tri_coplanar_contained",
               tri_tri(big_xy, tri(V(0, 0, 0), V(0.25, 0, 0), V(0, 0.25, 0))), true, 0});
  const Triangle3d wide_xy = tri(V(0, 0, 0), V(2, 0, 0), V(0, 2, 0));
  // B's edge x = 1, y = 0, |z| ≤ 1 meets A's edge y = 0 at one point.
  c.push_back({"tri_tri_edge_edge_cross",
               tri_tri(wide_xy, tri(V(1, 0, -1), V(1, 0, 1), V(1, -1, 0))), true, 0});
  c.push_back({"tri_tri_edge_edge_gap",
               tri_tri(wide_xy, tri(V(1, -tiny, -1), V(1, -tiny, 1), V(1, -1, 0))), false,
               tiny * tiny});
  // Collinear triangles (segments). seg_x stores its middle point second, so
  // the segment through the first two stored vertices ([1,2]) would be wrong.
  const Triangle3d seg_x = tri(V(2, 0, 0), V(1, 0, 0), V(0, 0, 0));  // [0,2] on the x axis
  c.push_back({"tri_tri_segments_cross",
               tri_tri(seg_x, tri(V(0.5, 1, 0), V(0.5, -1, 0), V(0.5, 0.25, 0))), true, 0});
  c.push_back({"tri_tri_segments_skew_miss",
               tri_tri(seg_x, tri(V(0.5, 1, 0.5), V(0.5, -1, 0.5), V(0.5, 0.25, 0.5))), false,
               0.25});
  c.push_back({"tri_tri_segments_collinear_overlap",
               tri_tri(seg_x, tri(V(1.5, 0, 0), V(3, 0, 0), V(2.5, 0, 0))), true, 0});
  c.push_back({"tri_tri_segments_collinear_end_touch",
               tri_tri(seg_x, tri(V(2, 0, 0), V(3, 0, 0), V(2.5, 0, 0))), true, 0});
  c.push_back({"tri_tri_segments_collinear_gap",
               tri_tri(seg_x, tri(V(2.5, 0, 0), V(4, 0, 0), V(3, 0, 0))), false, 0.25});
  c.push_back({"tri_tri_segments_parallel", tri_tri(seg_x, tri(V(0, 1, 0), V(2, 1, 0), V(0, 1, 0))),
               false, 1});
  const Triangle3d pole = tri(V(0.25, 0.25, -1), V(0.25, 0.25, 1), V(0.25, 0.25, 0.5));
  c.push_back({"tri_tri_segment_pierces", tri_tri(pole, unit_xy), true, 0});
  c.push_back({"tri_tri_segment_parallel_above",
               tri_tri(tri(V(0, 0, 0.5), V(1, 0, 0.5), V(0.5, 0, 0.5)), unit_xy), false, 0.25});
  c.push_back({"tri_tri_segment_along_edge",
               tri_tri(tri(V(0.5, 0, 0), V(2, 0, 0), V(1, 0, 0)), unit_xy), true, 0});
  c.push_back({"tri_tri_segment_coplanar_outside",
               tri_tri(tri(V(2, 0, 0), V(3, 0, 0), V(2.5, 0, 0)), unit_xy), false, 1});
  c.push_back({"tri_tri_segment_coplanar_crossing",
               tri_tri(tri(V(0.25, -1, 0), V(0.25, 2, 0), V(0.25, 2, 0)), unit_xy), true, 0});
  // Point triangles.
  auto point = [](V p) { return tri(p, p, p); };
  c.push_back({"tri_tri_point_inside", tri_tri(point(V(0.25, 0.25, 0)), unit_xy), true, 0});
  c.push_back(
      {"tri_tri_point_above", tri_tri(point(V(0.25, 0.25, 0.125)), unit_xy), false, 0.015625});
  c.push_back({"tri_tri_point_on_edge", tri_tri(point(V(0.5, 0, 0)), unit_xy), true, 0});
  c.push_back({"tri_tri_point_at_vertex", tri_tri(point(V(1, 0, 0)), unit_xy), true, 0});
  c.push_back({"tri_tri_point_outside_in_plane", tri_tri(point(V(1, 1, 0)), unit_xy), false, 0.5});
  c.push_back(
      {"tri_tri_point_point_equal", tri_tri(point(V(3, 4, 5)), point(V(3, 4, 5))), true, 0});
  c.push_back(
      {"tri_tri_point_point_apart", tri_tri(point(V(0, 0, 0)), point(V(0, 3, 4))), false, 25});
  c.push_back({"tri_tri_point_on_segment", tri_tri(point(V(1.5, 0, 0)), seg_x), true, 0});
  c.push_back({"tri_tri_point_beside_segment", tri_tri(point(V(1, 1, 0)), seg_x), false, 1});
  c.push_back({"tri_tri_point_beyond_segment", tri_tri(point(V(3, 0, 0)), seg_x), false, 1});
  return c;
}

}  // namespace sepax::oracle::test
