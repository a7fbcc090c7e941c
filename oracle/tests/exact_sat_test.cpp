// Oracle 1 (exact SAT and its interval filter) against cases whose truth is
// known by construction: exact doubles at exact distances, exact touching,
// signed permutations checked against an interval-overlap test, exact affine
// images (which preserve whether two sets meet), and degenerate shapes.
#include "sepax/oracle/exact_sat.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <random>
#include <vector>

#include "sat_test_shapes.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::oracle {
namespace {

using namespace test;

const double s = std::sqrt(0.5);  // the stored double; every use below is exact in it
constexpr double tiny = 0x1p-40;
constexpr double ulp2 = 0x1p-51;  // ulp of numbers in [2, 4)

/// Both entry points agree with `expected`, and with the shapes exchanged when
/// the query allows it.
void expect_intersects(const ShapePair& p, bool expected) {
  EXPECT_EQ(sat_exact(p), expected);
  EXPECT_EQ(sat_filtered(p).intersects, expected);
  if (p.query != Query::tri_obb) {
    EXPECT_EQ(sat_exact(swapped(p)), expected) << "swapped";
    EXPECT_EQ(sat_filtered(swapped(p)).intersects, expected) << "swapped";
  }
}

const Obb3d unit_cube = box({0, 0, 0}, {1, 1, 1});

TEST(ExactSat, AxisAlignedCubesAtExactDistances) {
  for (int axis = 0; axis < 3; ++axis) {
    for (double delta : {1.0, tiny, ulp2, 0.0, -ulp2, -tiny, -1.0}) {
      SCOPED_TRACE(testing::Message() << "axis " << axis << " delta " << delta);
      V c = V::Zero();
      c[axis] = 2 + delta;  // faces 1 and 1 + delta
      expect_intersects(obb_obb(unit_cube, box(c, {1, 1, 1})), delta <= 0);
    }
  }
}

TEST(ExactSat, CubesTouchingFaceEdgeVertex) {
  expect_intersects(obb_obb(unit_cube, box({2, 0, 0}, {1, 1, 1})), true);  // face–face
  expect_intersects(obb_obb(unit_cube, box({2, 2, 0}, {1, 1, 1})), true);  // edge–edge
  expect_intersects(obb_obb(unit_cube, box({2, 2, 2}, {1, 1, 1})), true);  // vertex–vertex
  expect_intersects(obb_obb(unit_cube, box({2 + ulp2, 2, 0}, {1, 1, 1})), false);
  expect_intersects(obb_obb(unit_cube, box({2, 2, 2 + ulp2}, {1, 1, 1})), false);
  expect_intersects(obb_obb(unit_cube, box({-2, 2 + ulp2, -2}, {1, 1, 1})), false);
}

// A ridge along y on top of A (A rotated 45° about y) meets a ridge along x
// under B (B rotated 45° about x) in one point: a crossing edge–edge contact,
// separated along A's ridge × B's ridge = z by exactly delta.
TEST(ExactSat, CrossingRidgesTouchEdgeToEdge) {
  // Integer frames (not unit: the oracle judges the parallelepiped): A's top
  // ridge at z = 2·0.5 = 1, B's bottom ridge at c_z − 1.
  const Obb3d a = box({0, 0, 0}, {0.5, 1, 0.5}, (M() << 1, 0, -1, 0, 1, 0, 1, 0, 1).finished());
  const M b_frame = (M() << 1, 0, 0, 0, 1, -1, 0, 1, 1).finished();
  for (double delta : {tiny, 0.0, -tiny}) {
    SCOPED_TRACE(delta);
    expect_intersects(obb_obb(a, box({0, 0, 2 + delta}, {1, 0.5, 0.5}, b_frame)), delta <= 0);
  }
  // Unit frames with the stored s ≈ √½: A's ridge at z = s + s = 2s exactly,
  // B's at c_z − 2s; c_z = 4s + delta is exact for delta a multiple of 2^-51.
  const Obb3d au = box({0, 0, 0}, {1, 1, 1}, (M() << s, 0, -s, 0, 1, 0, s, 0, s).finished());
  const M bu_frame = (M() << 1, 0, 0, 0, s, -s, 0, s, s).finished();
  for (double delta : {ulp2, 0.0, -ulp2}) {
    SCOPED_TRACE(delta);
    expect_intersects(obb_obb(au, box({0, 0, 4 * s + delta}, {1, 1, 1}, bu_frame)), delta <= 0);
  }
}

// B = unit cube turned 45° about z with the stored s: its corner edges are at
// x = ±2s, y = 0 (s·1 + s·1 and s − s are exact). A's face at x = 2s + delta.
TEST(ExactSat, BoxRotated45AboutZTouchesAFaceWithItsCornerEdge) {
  const Obb3d b = box({0, 0, 0}, {1, 1, 1}, (M() << s, -s, 0, s, s, 0, 0, 0, 1).finished());
  for (double delta : {tiny, ulp2, 0.0, -ulp2, -tiny}) {
    SCOPED_TRACE(delta);
    const Obb3d a = box({4 * s + delta, 0, 0}, {2 * s, 1, 1});
    expect_intersects(obb_obb(a, b), delta <= 0);
  }
  // B is the prism |x| + |y| ≤ 2s (x = s(x0 − x1), y = s(x0 + x1)). A with
  // its face at x = 2s spans y ∈ [0.5, 2.5]: B only reaches y = 0 there.
  expect_intersects(obb_obb(box({4 * s, 1.5, 0}, {2 * s, 1, 1}), b), false);
  // Face at x = 2s − 1 (4s − 1 is exact): B spans |y| ≤ 1 there.
  expect_intersects(obb_obb(box({4 * s - 1, 1.5, 0}, {2 * s, 1, 1}), b), true);
  expect_intersects(obb_obb(box({4 * s - 1, 2, 0}, {2 * s, 1, 1}), b), true);  // edge on B's face
  expect_intersects(obb_obb(box({4 * s - 1, 2 + ulp2, 0}, {2 * s, 1, 1}), b), false);
}

// All 48 signed permutation frames: B is then the axis-aligned box with
// half-widths |R|·e, so the truth is three interval-overlap tests. Centers on
// a half-integer grid make many pairs touch exactly.
TEST(ExactSat, SignedPermutationFramesMatchIntervalOverlap) {
  std::mt19937_64 rng(test_seed(48));
  std::uniform_int_distribution<int> grid(-6, 6);
  const V eb(0.5, 1, 1.5);
  int checked = 0, touching = 0, intersecting = 0;
  std::array<int, 3> perm{0, 1, 2};
  do {
    for (int signs = 0; signs < 8; ++signs) {
      M r = M::Zero();
      for (int i = 0; i < 3; ++i) r(perm[i], i) = (signs >> i) & 1 ? -1.0 : 1.0;
      const V half = r.cwiseAbs() * eb;
      for (int n = 0; n < 40; ++n) {
        const V c(grid(rng) * 0.5, grid(rng) * 0.5, grid(rng) * 0.5);
        bool meets = true, touches = false;
        for (int k = 0; k < 3; ++k) {
          meets = meets && std::abs(c[k]) <= 1 + half[k];
          touches = touches || std::abs(c[k]) == 1 + half[k];
        }
        SCOPED_TRACE(testing::Message() << "frame\n" << r << "\ncenter " << c.transpose());
        expect_intersects(obb_obb(unit_cube, box(c, eb, r)), meets);
        ++checked, touching += meets && touches, intersecting += meets;
      }
    }
  } while (std::next_permutation(perm.begin(), perm.end()));
  EXPECT_EQ(checked, 48 * 40);
  EXPECT_GT(touching, 100) << "the grid should produce exact contacts";
  EXPECT_GT(intersecting, 300);
  EXPECT_LT(intersecting, checked - 300);
}

TEST(ExactSat, Containment) {
  std::mt19937_64 rng(test_seed(7));
  const M r = random_rotation(rng);
  expect_intersects(obb_obb(box({1, 2, 3}, {10, 20, 30}, r), box({1, 2, 3.5}, {0.1, 0.2, 0.1})), true);
  expect_intersects(tri_obb(tri({0.1, 0.2, 0.3}, {0.2, 0.1, 0}, {-0.1, 0, 0.2}), unit_cube), true);
  // A small triangle inside a large one, in the same plane z = 0.
  expect_intersects(tri_tri(tri({0, 0, 0}, {8, 0, 0}, {0, 8, 0}), tri({1, 1, 0}, {2, 1, 0}, {1, 2, 0})),
                    true);
}

/// Exact invertible affine maps with dyadic entries: one shear into tilted
/// planes, one permutation with scaling and reflection, one contraction. Every
/// image of the coordinates used with them (multiples of 2^-40 up to ~8) stays
/// exact: at most 52 significant bits.
std::vector<std::pair<M, V>> exact_affine_maps() {
  return {
      {M::Identity(), V::Zero()},
      {(M() << 1, -0.5, 0.25, 0.5, 1, -0.75, 0.25, 0.75, 1).finished(), V(3, -1.5, 0.25)},
      {(M() << 0, 2, 0, -0.25, 0, 1, 1, 0, 0).finished(), V(-100, 50.5, 7)},
      {(M() << 0.5, 0.25, 0, 0.125, 0.5, 0.25, 0, 0.125, 0.5).finished(), V(0, 0, 64)},
  };
}

TEST(ExactSat, CoplanarTrianglesInTheirPlane) {
  // In z = 0; T1's hypotenuse is x + y = 4.
  const Triangle3d t1 = tri({0, 0, 0}, {4, 0, 0}, {0, 4, 0});
  const struct {
    Triangle3d t2;
    bool meets;
  } cases[] = {
      {tri({3, 3, 0}, {5, 3, 0}, {3, 5, 0}), false},          // beyond the hypotenuse
      {tri({2, 2, 0}, {5, 2, 0}, {2, 5, 0}), true},           // vertex on the hypotenuse
      {tri({2 + tiny, 2, 0}, {5, 2, 0}, {2, 5, 0}), false},   // one step beyond
      {tri({1, 1, 0}, {5, 1, 0}, {1, 5, 0}), true},           // overlapping
      {tri({4, 0, 0}, {6, 0, 0}, {5, -1, 0}), true},          // vertex on vertex
      {tri({-1, 1, 0}, {-1, 3, 0}, {-tiny, 2, 0}), false},    // left of the y edge
      {tri({-1, 1, 0}, {-1, 3, 0}, {0, 2, 0}), true},         // vertex on the y edge
      {tri({-1, -1, 0}, {5, -1, 0}, {-1, 5, 0}), true},       // containing T1
      {tri({1, -1, 0}, {3, -1, 0}, {2, 5, 0}), true},         // crossing edges, no vertex inside
  };
  const auto maps = exact_affine_maps();
  for (size_t i = 0; i < std::size(cases); ++i)
    for (size_t m = 0; m < maps.size(); ++m) {
      SCOPED_TRACE(testing::Message() << "case " << i << " map " << m);
      expect_intersects(affine_image(tri_tri(t1, cases[i].t2), maps[m].first, maps[m].second),
                        cases[i].meets);
    }
}

TEST(ExactSat, ParallelTrianglesInDifferentPlanes) {
  const Triangle3d t1 = tri({0, 0, 0}, {4, 0, 0}, {0, 4, 0});
  auto shifted = [&](V t) { return tri(t1.vertices[0] + t, t1.vertices[1] + t, t1.vertices[2] + t); };
  for (const auto& [m, t] : exact_affine_maps()) {
    expect_intersects(affine_image(tri_tri(t1, shifted({0, 0, tiny})), m, t), false);
    expect_intersects(affine_image(tri_tri(t1, shifted({1, 1, -tiny})), m, t), false);
    expect_intersects(affine_image(tri_tri(t1, shifted({1, 1, 0})), m, t), true);
  }
}

TEST(ExactSat, CollinearTriangles) {
  // Segments written as triangles with a repeated or a middle vertex.
  const Triangle3d x_axis = tri({-1, 0, 0}, {1, 0, 0}, {0, 0, 0});
  const struct {
    Triangle3d other;
    bool meets;
  } cases[] = {
      {tri({0, -1, 0}, {0, 1, 0}, {0, 0.5, 0}), true},         // crossing at 0
      {tri({0, -1, tiny}, {0, 1, tiny}, {0, 1, tiny}), false},  // passing above
      {tri({1, -1, 0}, {1, 1, 0}, {1, 1, 0}), true},            // through the end point
      // A real triangle: its edge from (1,1,0) to (1+tiny,-1,0) crosses y = 0
      // at x = 1 + tiny/2, so its section y = 0 is [1 + tiny/2, 1 + tiny].
      {tri({1 + tiny, -1, 0}, {1 + tiny, 1, 0}, {1, 1, 0}), false},
      {tri({1 + tiny, -1, 0}, {1 + tiny, 1, 0}, {1 + tiny, 0, 0}), false},  // beyond the end
      {tri({1, 0, 0}, {2, 0, 0}, {3, 0, 0}), true},             // same line, end to end
      {tri({1 + tiny, 0, 0}, {2, 0, 0}, {3, 0, 0}), false},     // same line, a gap
      {tri({-3, tiny, 0}, {3, tiny, 0}, {0, tiny, 0}), false},  // parallel line
      {tri({-0.5, 0, 0}, {0.5, 0, 0}, {0.5, 0, 0}), true},      // inside, same line
      {tri({0, -1, -1}, {0, 1, 1}, {0, 3, 3}), true},           // crossing out of plane
      {tri({0.5, 0, 0}, {0.5, 0, 0}, {0.5, 0, 0}), true},       // a point on it
      {tri({0.5, tiny, 0}, {0.5, tiny, 0}, {0.5, tiny, 0}), false},
      // A proper triangle pierced by the segment, and one it passes by.
      {tri({0, -1, -1}, {0, 1, -1}, {0, 0, 1}), true},
      {tri({2, -1, -1}, {2, 1, -1}, {2, 0, 1}), false},
  };
  for (size_t i = 0; i < std::size(cases); ++i)
    for (const auto& [m, t] : exact_affine_maps()) {
      SCOPED_TRACE(testing::Message() << "case " << i);
      expect_intersects(affine_image(tri_tri(x_axis, cases[i].other), m, t), cases[i].meets);
    }
}

TEST(ExactSat, PointTriangles) {
  auto point = [](V p) { return tri(p, p, p); };
  const Triangle3d t = tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0});
  for (const auto& [m, off] : exact_affine_maps()) {
    expect_intersects(affine_image(tri_tri(t, point({0.25, 0.25, 0})), m, off), true);
    expect_intersects(affine_image(tri_tri(t, point({0.5, 0.5, 0})), m, off), true);  // on the edge
    expect_intersects(affine_image(tri_tri(t, point({0, 0, 0})), m, off), true);      // a vertex
    expect_intersects(affine_image(tri_tri(t, point({0.5, 0.5 + tiny, 0})), m, off), false);
    expect_intersects(affine_image(tri_tri(t, point({0.25, 0.25, tiny})), m, off), false);
    expect_intersects(affine_image(tri_tri(point({1, 2, 3}), point({1, 2, 3})), m, off), true);
    expect_intersects(affine_image(tri_tri(point({1, 2, 3}), point({1, 2, 3 + tiny})), m, off), false);
    expect_intersects(affine_image(tri_obb(point({1, 1, 1}), unit_cube), m, off), true);  // corner
    expect_intersects(affine_image(tri_obb(point({1, 1, 1 + tiny}), unit_cube), m, off), false);
    expect_intersects(affine_image(tri_obb(point({0.5, -0.5, 0}), unit_cube), m, off), true);
  }
}

TEST(ExactSat, FlatSegmentAndPointBoxes) {
  const Obb3d square = box({0, 0, 0}, {1, 1, 0});  // the square |x|,|y| ≤ 1 in z = 0
  const Obb3d segment = box({0, 0, 0}, {0, 0, 1});  // x = y = 0, |z| ≤ 1
  const Obb3d point = box({0.5, 0.5, 0}, {0, 0, 0});
  for (const auto& [m, t] : exact_affine_maps()) {
    auto check = [&](const ShapePair& p, bool meets) { expect_intersects(affine_image(p, m, t), meets); };
    check(tri_obb(tri({0.5, 0.5, 0}, {3, 0.5, 0}, {0.5, 3, 0}), square), true);  // coplanar overlap
    check(tri_obb(tri({1, 0, 0}, {3, 0, 0}, {2, 1, 0}), square), true);          // on its edge
    check(tri_obb(tri({1 + tiny, 0, 0}, {3, 0, 0}, {2, 1, 0}), square), false);  // coplanar gap
    check(tri_obb(tri({0, 0, -1}, {0, 0, 1}, {0.5, 0, 1}), square), true);       // crossing the plane
    check(tri_obb(tri({1 + tiny, 0, -1}, {1 + tiny, 0, 1}, {2, 0, 1}), square), false);
    check(tri_obb(tri({-1, -1, tiny}, {3, -1, tiny}, {-1, 3, tiny}), square), false);  // parallel above
    check(obb_obb(square, box({2, 0, 0}, {1, 1, 0})), true);         // coplanar squares, edge contact
    check(obb_obb(square, box({2 + tiny, 0, 0}, {1, 1, 0})), false);
    check(obb_obb(square, box({0, 0, tiny}, {1, 1, 0})), false);     // stacked flat squares
    check(obb_obb(square, segment), true);                           // segment through the square
    check(obb_obb(square, box({1, 1, 1}, {0, 0, 1})), true);         // through its corner
    check(obb_obb(square, box({1 + tiny, 1, 1}, {0, 0, 1})), false);
    check(obb_obb(segment, box({0, 0, 2}, {0, 0, 1})), true);        // collinear, end to end
    check(obb_obb(segment, box({0, 0, 2 + tiny}, {0, 0, 1})), false);
    check(obb_obb(segment, box({tiny, 0, 0}, {0, 0, 1})), false);    // parallel
    check(obb_obb(square, point), true);
    check(obb_obb(point, box({0.5, 0.5, 0}, {0, 0, 0})), true);      // equal points
    check(obb_obb(point, box({0.5, 0.5, tiny}, {0, 0, 0})), false);
    check(tri_obb(tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0}), point), true);
    check(tri_obb(tri({0, 0, 0}, {1, 0, 0}, {0, 1, 0 + tiny}), point), false);
  }
}

TEST(ExactSat, TriangleInTheBoxFacePlane) {
  // The cube's top face is z = 1, |x|, |y| ≤ 1. One ulp above it, unmapped
  // (a map would round 1 + 2^-52):
  const double top_plus = 1 + 0x1p-52;
  expect_intersects(tri_obb(tri({0, 0, top_plus}, {3, 0, top_plus}, {0, 3, top_plus}), unit_cube), false);
  expect_intersects(tri_obb(tri({0, 0, 1}, {3, 0, 1}, {0, 3, top_plus}), unit_cube), true);
  for (const auto& [m, t] : exact_affine_maps()) {
    auto check = [&](const Triangle3d& tr, bool meets) {
      expect_intersects(affine_image(tri_obb(tr, unit_cube), m, t), meets);
    };
    check(tri({0, 0, 1}, {3, 0, 1}, {0, 3, 1}), true);                 // on the face
    check(tri({-5, -5, 1}, {10, -5, 1}, {-5, 10, 1}), true);           // covering the face
    check(tri({1, 0, 1}, {3, 0, 1}, {2, 1, 1}), true);                 // touching the face's edge
    check(tri({1 + tiny, 0, 1}, {3, 0, 1}, {2, 1, 1}), false);         // in the plane, beside it
    check(tri({0, 0, 1 + tiny}, {3, 0, 1 + tiny}, {0, 3, 1 + tiny}), false);  // just above
    check(tri({2, 0, 1}, {0, 2, 1}, {3, 3, 1}), true);                 // edge through the corner (1,1)
    check(tri({2 + tiny, 0, 1}, {0, 2 + tiny, 1}, {3, 3, 1}), false);
  }
}

// Random dyadic boxes whose axis-aligned truth is three interval tests, then
// exact invertible dyadic affine maps: non-orthonormal parallelepipeds, zero
// extents and exact contacts, with the truth still known.
TEST(ExactSat, AffineImagesOfAxisAlignedBoxesMatchIntervalOverlap) {
  std::mt19937_64 rng(test_seed(2024));
  std::uniform_int_distribution<int> centre(-8, 8), extent(0, 6), entry(-4, 4);
  int touching = 0, meets_count = 0, fallbacks = 0;
  const int n = 1500;
  for (int i = 0; i < n; ++i) {
    const V ca(centre(rng) * 0.25, centre(rng) * 0.25, centre(rng) * 0.25);
    const V cb(centre(rng) * 0.25, centre(rng) * 0.25, centre(rng) * 0.25);
    const V ea(extent(rng) * 0.25, extent(rng) * 0.25, extent(rng) * 0.25);
    const V eb(extent(rng) * 0.25, extent(rng) * 0.25, extent(rng) * 0.25);
    bool meets = true, touches = false;
    for (int k = 0; k < 3; ++k) {
      meets = meets && std::abs(ca[k] - cb[k]) <= ea[k] + eb[k];
      touches = touches || std::abs(ca[k] - cb[k]) == ea[k] + eb[k];
    }
    M m;
    do {
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) m(r, c) = entry(rng) * 0.25;
    } while (m.determinant() == 0);  // exact: entries are quarters
    const ShapePair p = affine_image(obb_obb(box(ca, ea), box(cb, eb)), m, V(0.5, -0.25, 3));
    SCOPED_TRACE(testing::Message() << "case " << i);
    expect_intersects(p, meets);
    fallbacks += sat_filtered(p).exact_fallback;
    touching += meets && touches, meets_count += meets;
  }
  std::printf("[ info     ] %d cases, %d intersecting, %d touching, %d filter fallbacks\n", n,
              meets_count, touching, fallbacks);
  EXPECT_GT(touching, n / 20);
  EXPECT_GT(meets_count, n / 10);
  EXPECT_LT(meets_count, n - n / 10);
}

// Random triangles on a coarse grid (many coplanar, collinear, shared-vertex
// and touching pairs): the verdict is the same for an exact affine image.
TEST(ExactSat, VerdictIsInvariantUnderExactAffineMaps) {
  std::mt19937_64 rng(test_seed(99));
  std::uniform_int_distribution<int> coord(-2, 2), entry(-4, 4), extent(0, 2);
  // Half of the points in z = 0: many coplanar pairs.
  auto grid_point = [&] { return V(coord(rng), coord(rng), rng() % 2 ? coord(rng) : 0); };
  int meets_count = 0;
  const int n = 1500;
  for (int i = 0; i < n; ++i) {
    M m;
    do {
      for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) m(r, c) = entry(rng) * 0.25;
    } while (m.determinant() == 0);
    const Triangle3d a = tri(grid_point(), grid_point(), grid_point());
    const ShapePair p =
        i % 2 ? tri_tri(a, tri(grid_point(), grid_point(), grid_point()))
              : tri_obb(a, box(grid_point() * 0.5, V(extent(rng), extent(rng), extent(rng)) * 0.5));
    const bool meets = sat_exact(p);
    SCOPED_TRACE(testing::Message() << "case " << i << " " << to_string(p.query));
    expect_intersects(affine_image(p, m, V(-1, 2, 0.5)), meets);
    EXPECT_EQ(sat_filtered(p).intersects, meets);
    meets_count += meets;
  }
  EXPECT_GT(meets_count, n / 10);
  EXPECT_LT(meets_count, n - n / 10);
}

TEST(AxisGap, SignsAndMagnitudeAlongKnownAxes) {
  const double ell = 2 * std::sqrt(3.0);  // the cubes' diagonal
  const double delta = 0x1p-20;
  const ShapePair apart = obb_obb(unit_cube, box({2 + delta, 0, 0}, {1, 1, 1}));
  EXPECT_DOUBLE_EQ(axis_gap(apart, {1, 0, 0}), delta / ell);
  EXPECT_DOUBLE_EQ(axis_gap(apart, {-8, 0, 0}), delta / ell);  // length and sign of L do not matter
  EXPECT_DOUBLE_EQ(axis_gap(apart, {0, 1, 0}), -2 / ell);      // overlap 2 along y
  // Along (1,1,0)/√2: A spans ±√2, B spans (2 + delta)/√2 ± √2.
  EXPECT_NEAR(axis_gap(apart, {1, 1, 0}), ((2 + delta) / std::sqrt(2.0) - 2 * std::sqrt(2.0)) / ell,
              1e-15);
  const ShapePair touching = obb_obb(unit_cube, box({2, 0, 0}, {1, 1, 1}));
  EXPECT_EQ(axis_gap(touching, {1, 0, 0}), 0.0);
  EXPECT_LT(axis_gap(touching, {0, 0, 1}), 0.0);
  EXPECT_TRUE(std::isnan(axis_gap(apart, {0, 0, 0})));
  EXPECT_TRUE(std::isnan(axis_gap(apart, {-0.0, 0, 0})));
  // Coplanar triangles separated in their plane: 0 along the shared normal,
  // positive along the in-plane axis (1,1,0).
  const ShapePair flat = tri_tri(tri({0, 0, 0}, {4, 0, 0}, {0, 4, 0}), tri({3, 3, 0}, {5, 3, 0}, {3, 5, 0}));
  EXPECT_EQ(axis_gap(flat, {0, 0, 1}), 0.0);
  EXPECT_DOUBLE_EQ(axis_gap(flat, {1, 1, 0}), (2 / std::sqrt(2.0)) / (2 * std::sqrt(8.0)));
}

// ---- Filter against the exact path on random inputs -------------------------

Obb3d random_box(std::mt19937_64& rng, double spread) {
  std::uniform_real_distribution<double> e(0.1, 2.0);
  const M r = random_rotation(rng);
  return box(random_point(rng, spread), V(e(rng), e(rng), e(rng)), r);
}

Triangle3d random_triangle(std::mt19937_64& rng, double spread) {
  const V c = random_point(rng, spread);
  return tri(c + random_point(rng, 2), c + random_point(rng, 2), c + random_point(rng, 2));
}

/// Rounds every stored number to float (the float families' inputs).
ShapePair to_float_values(ShapePair p) {
  auto f = [](V& v) { v = v.cast<float>().cast<double>(); };
  for (Obb3d* b : {&p.obb_a, &p.obb_b}) {
    f(b->center);
    for (auto& a : b->axes) f(a);
    for (auto& e : b->extents) e = double(float(e));
  }
  for (Triangle3d* t : {&p.tri_a, &p.tri_b})
    for (auto& v : t->vertices) f(v);
  return p;
}

/// Spreads chosen so that roughly a third to a half of the pairs intersect.
ShapePair random_pair(std::mt19937_64& rng, Query q) {
  switch (q) {
    case Query::obb_obb: return obb_obb(random_box(rng, 2.5), random_box(rng, 2.5));
    case Query::tri_obb: return tri_obb(random_triangle(rng, 1.5), random_box(rng, 1.5));
    case Query::tri_tri: return tri_tri(random_triangle(rng, 0.5), random_triangle(rng, 0.5));
  }
  return {};
}

TEST(ExactSat, FilterAgreesWithExactOnRandomPairs) {
  std::mt19937_64 rng(test_seed(0x5e9a));
  for (Query q : {Query::obb_obb, Query::tri_obb, Query::tri_tri}) {
    for (bool as_float : {false, true}) {
      int meets = 0, fallbacks = 0;
      const int n = 1000;
      for (int i = 0; i < n; ++i) {
        ShapePair p = random_pair(rng, q);
        if (as_float) p = to_float_values(p);
        const SatVerdict v = sat_filtered(p);
        ASSERT_EQ(v.intersects, sat_exact(p)) << to_string(q) << " case " << i;
        meets += v.intersects, fallbacks += v.exact_fallback;
      }
      std::printf("[ info     ] %s %s: %d/%d intersecting, %d filter fallbacks\n",
                  std::string(to_string(q)).c_str(), as_float ? "float" : "double", meets, n,
                  fallbacks);
      EXPECT_GT(meets, n / 5);
      EXPECT_LT(meets, n - n / 5);
      EXPECT_LT(fallbacks, n / 100) << "random inputs should almost never need the exact path";
    }
  }
}

// Known truth on random full-precision inputs: triangles sharing a vertex or
// an edge with another triangle intersect it, and a triangle with a vertex
// deep inside a box intersects the box. These hit exact contacts the
// filter cannot decide, so they also exercise the fallback.
TEST(ExactSat, SharedVerticesAndInteriorPointsOnRandomInputs) {
  std::mt19937_64 rng(test_seed(31337));
  std::uniform_real_distribution<double> inside(-0.9, 0.9);
  int fallbacks = 0;
  const int n = 500;
  for (int i = 0; i < n; ++i) {
    const Triangle3d a = random_triangle(rng, 1);
    Triangle3d b = random_triangle(rng, 1);
    b.vertices[i % 3] = a.vertices[(i / 3) % 3];
    if (i % 2) b.vertices[(i + 1) % 3] = a.vertices[(i / 3 + 1) % 3];  // a shared edge
    SCOPED_TRACE(testing::Message() << "case " << i);
    expect_intersects(tri_tri(a, b), true);
    fallbacks += sat_filtered(tri_tri(a, b)).exact_fallback;

    const Obb3d box_b = random_box(rng, 1);
    Triangle3d t = random_triangle(rng, 3);
    t.vertices[i % 3] = box_b.center;
    for (int k = 0; k < 3; ++k) t.vertices[i % 3] += inside(rng) * box_b.extents[k] * box_b.axes[k];
    expect_intersects(tri_obb(t, box_b), true);
  }
  std::printf("[ info     ] shared vertex/edge tri_tri: %d/%d filter fallbacks\n", fallbacks, n);
  EXPECT_GT(fallbacks, n / 2) << "the exact fallback was hardly exercised";  // 473 of 500 at this seed
}

/// B moved by t·direction (every stored position of B; rounding gives one
/// exact pair per t).
ShapePair moved_b(ShapePair p, const V& direction, double t) {
  p.obb_b.center += t * direction;
  for (auto& v : p.tri_b.vertices) v += t * direction;
  return p;
}

// The hardest inputs for the filter: pairs one ulp (of the translation) on
// either side of touching, found by bisection along a random direction from
// a surely intersecting start (equal centers, or a shared vertex).
TEST(ExactSat, FilterAgreesWithExactWithinAnUlpOfTouching) {
  std::mt19937_64 rng(test_seed(777));
  for (Query q : {Query::obb_obb, Query::tri_obb, Query::tri_tri}) {
    int fallbacks = 0;
    const int n = 60;
    for (int i = 0; i < n; ++i) {
      ShapePair p = random_pair(rng, q);
      const V start = q == Query::tri_tri ? V(p.tri_a.vertices[0] - p.tri_b.vertices[0])
                      : q == Query::tri_obb ? V(p.tri_a.vertices[0] - p.obb_b.center)
                                            : V(p.obb_a.center - p.obb_b.center);
      p = moved_b(p, start, 1.0);
      if (q == Query::tri_tri) p.tri_b.vertices[0] = p.tri_a.vertices[0];  // undo rounding
      const V direction = random_point(rng, 1).normalized();
      double lo = 0, hi = 64;
      ASSERT_TRUE(sat_exact(moved_b(p, direction, lo)));
      ASSERT_FALSE(sat_exact(moved_b(p, direction, hi)));
      while (std::nextafter(lo, hi) < hi) {
        const double mid = lo + (hi - lo) / 2;
        if (mid <= lo || mid >= hi) break;
        (sat_filtered(moved_b(p, direction, mid)).intersects ? lo : hi) = mid;
      }
      for (double t : {lo, hi}) {
        const ShapePair edge_case = moved_b(p, direction, t);
        const SatVerdict v = sat_filtered(edge_case);
        // The bisection followed the filter; the exact SAT, run without it,
        // must put lo on the touching side and hi one ulp beyond.
        EXPECT_EQ(sat_exact(edge_case), t == lo) << to_string(q) << " case " << i << " t " << t;
        EXPECT_EQ(v.intersects, t == lo);
        fallbacks += v.exact_fallback;
      }
    }
    std::printf("[ info     ] %s within an ulp of touching: %d/%d filter fallbacks\n",
                std::string(to_string(q)).c_str(), fallbacks, 2 * n);
    EXPECT_GT(fallbacks, n) << "the exact fallback was hardly exercised";  // 119..120 of 120 at this seed
  }
}

// Exactly coplanar triangles with full-precision coordinates, in the plane
// z = x: interval cross products cannot tell whether the pair is coplanar, so
// the filter takes the superset of axes or falls back. (x, y, z) ↦ (x, y, z − x)
// maps them exactly onto z = 0, where the verdict must be the same.
TEST(ExactSat, CoplanarTrianglesWithFullPrecisionCoordinates) {
  std::mt19937_64 rng(test_seed(4242));
  std::uniform_real_distribution<double> u(-1, 1);
  auto in_plane = [&](double x, double y) { return V(x, y, x); };
  int meets_count = 0, fallbacks = 0;
  const int n = 1000;
  for (int i = 0; i < n; ++i) {
    Triangle3d a = tri(in_plane(u(rng), u(rng)), in_plane(u(rng), u(rng)), in_plane(u(rng), u(rng)));
    Triangle3d b = tri(in_plane(u(rng), u(rng)), in_plane(u(rng), u(rng)), in_plane(u(rng), u(rng)));
    if (i % 4 == 0) b.vertices[0] = a.vertices[1];                     // shared vertex
    if (i % 4 == 1) b.vertices[1] = b.vertices[2] = b.vertices[0];     // a point
    if (i % 4 == 2) a.vertices[2] = a.vertices[1];                     // a segment
    const ShapePair tilted = tri_tri(a, b);
    ShapePair flat = tilted;
    for (Triangle3d* t : {&flat.tri_a, &flat.tri_b})
      for (auto& v : t->vertices) v.z() = 0;
    const SatVerdict v = sat_filtered(tilted);
    const bool meets = sat_exact(tilted);
    ASSERT_EQ(v.intersects, meets) << "case " << i;
    ASSERT_EQ(sat_exact(flat), meets) << "case " << i;
    ASSERT_EQ(sat_filtered(flat).intersects, meets) << "case " << i;
    meets_count += meets, fallbacks += v.exact_fallback;
  }
  std::printf("[ info     ] coplanar full precision: %d/%d intersecting, %d filter fallbacks\n",
              meets_count, n, fallbacks);
  EXPECT_GT(meets_count, n / 5);
  EXPECT_LT(meets_count, n - n / 5);
  EXPECT_GT(fallbacks, n / 4) << "the exact fallback was hardly exercised";  // 531 of 1000 at this seed
}

// ---- Cost (printed, not asserted) -------------------------------------------

TEST(ExactSatTiming, CostPerQueryOnRandomInputs) {
  std::mt19937_64 rng(test_seed(12345));
  using clock = std::chrono::steady_clock;
  for (Query q : {Query::obb_obb, Query::tri_obb, Query::tri_tri}) {
    std::vector<ShapePair> pairs;
    for (int i = 0; i < 2000; ++i) pairs.push_back(random_pair(rng, q));
    int fallbacks = 0, agree = 0;
    auto t0 = clock::now();
    for (const auto& p : pairs) fallbacks += sat_filtered(p).exact_fallback;
    auto t1 = clock::now();
    for (const auto& p : pairs) agree += sat_exact(p) == sat_filtered(p).intersects;
    auto t2 = clock::now();
    const double n = double(pairs.size());
    const double filtered_us = std::chrono::duration<double, std::micro>(t1 - t0).count() / n;
    // The second loop ran sat_exact and sat_filtered: subtract the filter.
    const double exact_us = std::chrono::duration<double, std::micro>(t2 - t1).count() / n - filtered_us;
    std::printf("[ timing   ] %s: sat_filtered %.2f us, sat_exact %.1f us, fallbacks %d/%d\n",
                std::string(to_string(q)).c_str(), filtered_us, exact_us, fallbacks, int(n));
    EXPECT_EQ(agree, int(n));
  }
  // The fallback's cost: triangles sharing a full-precision vertex.
  std::vector<ShapePair> shared;
  for (int i = 0; i < 500; ++i) {
    ShapePair p = random_pair(rng, Query::tri_tri);
    p.tri_b.vertices[0] = p.tri_a.vertices[0];
    shared.push_back(p);
  }
  int fallbacks = 0;
  const auto t0 = clock::now();
  for (const auto& p : shared) fallbacks += sat_filtered(p).exact_fallback;
  const double us = std::chrono::duration<double, std::micro>(clock::now() - t0).count() / shared.size();
  std::printf("[ timing   ] tri_tri sharing a vertex: sat_filtered %.1f us, fallbacks %d/%zu\n", us,
              fallbacks, shared.size());
  EXPECT_GT(fallbacks, 0);
}

}  // namespace
}  // namespace sepax::oracle
