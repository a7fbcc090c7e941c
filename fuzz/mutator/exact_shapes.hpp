#pragma once
/// \file Exact constructions on a fuzz case's shapes, shared by the moves
/// (case_moves.hpp): a point exactly on a box's face or a triangle's plane, a
/// box or triangle moved so that one vertex is exactly a given point, and the
/// lattice that makes such points exact when the stored numbers do not (the
/// scene snapped to a coarse dyadic grid, a box's axes to multiples of 2^-q
/// and its extents to a few significant bits — as the touching family's
/// lattice does). Every function checks each operation exact in the scalar and
/// returns false otherwise; then its output is unspecified.
#include <optional>
#include <vector>

#include "fuzz_case.hpp"

namespace sepax::fuzz::exact {

/// The coordinates of every position (box centres, triangle vertices).
std::vector<double*> positions(FuzzCase& c);
/// Every box extent.
std::vector<double*> extents(FuzzCase& c);
/// Both velocities' coordinates (none without a motion).
std::vector<double*> velocities(FuzzCase& c);

/// The largest |x| over positions and extents; 0 when all are 0.
double scene_magnitude(FuzzCase& c);
/// Positions and extents rounded to multiples of 2^e, e = ilogb(M) − bits + 1
/// (M = scene_magnitude): at most `bits` + 1 significant bits each. Returns e,
/// nullopt when M = 0.
std::optional<int> snap_scene(FuzzCase& c, int bits);

/// The box on the lattice of the scalar: axes rounded to multiples of 2^-q
/// (q = 40 for double, 19 for float: within validate()'s tolerance), extents
/// to a few significant bits (10, resp. 2), so that every a_k·A_k is exact.
/// False when the rounded axes fail validate().
bool quantise_box(Obb3d& box, ScalarKind scalar);

/// p = C + s·a_i·A_i + x·a_j·A_j + y·a_k·A_k (j, k the next axes), exactly:
/// on the face s·A_i of the parallelepiped, inside it when |x|, |y| ≤ 1.
bool face_point(const Obb3d& box, int i, int s, double x, double y, ScalarKind scalar, Vec3<double>& p);
/// p = U0 + α(U1 − U0) + β(U2 − U0), exactly: on the triangle's plane.
bool plane_point(const Triangle3d& t, double alpha, double beta, ScalarKind scalar, Vec3<double>& p);
/// Moves the box (its centre) so that its vertex σ is exactly p.
bool place_box_vertex(Obb3d& box, unsigned sigma, const Vec3<double>& p, ScalarKind scalar);
/// Vertex j := p; with keep_shape the other two move by the same offset (rounded).
void place_triangle_vertex(Triangle3d& t, int j, const Vec3<double>& p, bool keep_shape, ScalarKind scalar);
/// d = b − a, exactly.
bool difference(const Vec3<double>& a, const Vec3<double>& b, ScalarKind scalar, Vec3<double>& d);
/// out = p + f·d for a power of two f, exactly.
bool add_scaled(const Vec3<double>& p, double f, const Vec3<double>& d, ScalarKind scalar, Vec3<double>& out);

}  // namespace sepax::fuzz::exact
