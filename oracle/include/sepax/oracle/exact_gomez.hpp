#pragma once
/// \file
/// Exact answers for Gomez's tests and sweeps (one frame, u ∈ [0, 1]),
/// in GMP rationals on the stored doubles:
/// - sphere–sphere and sphere–plane sweeps: the squared gap is a quadratic in
///   u; the state exactly, the first and last times as its roots, rounded once
///   from 256-bit MPFR;
/// - the AABB sweep: per-axis rational windows, the times exact (rounded once);
/// - Arvo's AABB–sphere test: the exact squared distance against r²;
/// - OBB–segment: the exact triangle–box SAT (exact_sat.hpp) on the segment as
///   a degenerate triangle (p0, p1, p1), which it handles by design;
/// - OBB→AABB: does the AABB contain the box of the stored numbers, and by how
///   much does it exceed the tightest one.
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/aabb3.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/shapes/plane3.hpp"
#include "sepax/core/shapes/segment3.hpp"
#include "sepax/core/shapes/sphere3.hpp"

namespace sepax::oracle {

struct ExactSweep {
  ContactState state = ContactState::separated_throughout;
  double first = 0;  ///< first u of contact (0 when overlapping at start), rounded to nearest
  double last = 0;   ///< last u of contact within the frame, rounded to nearest
};

ExactSweep sphere_sphere_sweep_exact(const Sphere3<double>& a, const Vec3<double>& da, const Sphere3<double>& b,
                                     const Vec3<double>& db);

/// The sign of the squared gap f(u) = |p + u·v|² − (r_a + r_b)² at u, exactly:
/// −1 the balls overlap at u, 0 they touch, +1 they are apart.
int sphere_sphere_gap_sign(const Sphere3<double>& a, const Vec3<double>& da, const Sphere3<double>& b,
                           const Vec3<double>& db, double u);

/// The signed distance between the balls at u, |p + u·v| − (r_a + r_b):
/// the squared gap f(u) exactly, rounded once, divided by |p + u·v| + r_a + r_b
/// in double (relative error a few ulps; 0 exactly when they touch).
double sphere_sphere_gap_at(const Sphere3<double>& a, const Vec3<double>& da, const Sphere3<double>& b,
                            const Vec3<double>& db, double u);

/// The least signed distance between the balls over the frame u ∈ [0, 1]
/// (as sphere_sphere_gap_at, at the exact minimiser of f on [0, 1]).
double sphere_sphere_min_gap(const Sphere3<double>& a, const Vec3<double>& da, const Sphere3<double>& b,
                             const Vec3<double>& db);

/// The ball moving by u·d against the plane of the stored numbers (n·x = d,
/// n not assumed unit).
ExactSweep sphere_plane_sweep_exact(const Sphere3<double>& s, const Vec3<double>& d, const Plane3<double>& plane);

/// The sign of (n·c(u) − d)² − r²·(n·n) at u: −1 the ball crosses the plane, 0 it touches, +1 apart.
int sphere_plane_gap_sign(const Sphere3<double>& s, const Vec3<double>& d, const Plane3<double>& plane, double u);

/// The signed distance from the ball to the plane at u, |n·c(u) − d|/|n| − r:
/// the squared gap exactly, rounded once, over (|s(u)| + r|n|)·|n| in double
/// (a few ulps; 0 exactly when they touch).
double sphere_plane_gap_at(const Sphere3<double>& s, const Vec3<double>& d, const Plane3<double>& plane, double u);

/// The least of it over the frame u ∈ [0, 1] (at the exact minimiser).
double sphere_plane_min_gap(const Sphere3<double>& s, const Vec3<double>& d, const Plane3<double>& plane);

/// The boxes' separation at u (A moving by u·da, B by u·db): the largest over
/// the axes of the gap between their projections, max(b.min − a.max,
/// a.min − b.max) at u — > 0 apart, 0 touching, < 0 overlapping (then minus
/// the least overlap of an axis). Exact in rationals, rounded once.
double aabb_aabb_gap_at(const Aabb3<double>& a, const Vec3<double>& da, const Aabb3<double>& b, const Vec3<double>& db,
                        double u);

/// The least of it over the frame u ∈ [0, 1]: the gap is the largest of six
/// lines in u, so its least value lies at 0, 1 or where two of them cross.
double aabb_aabb_min_gap(const Aabb3<double>& a, const Vec3<double>& da, const Aabb3<double>& b,
                         const Vec3<double>& db);

ExactSweep aabb_aabb_sweep_exact(const Aabb3<double>& a, const Vec3<double>& da, const Aabb3<double>& b,
                                 const Vec3<double>& db);

/// Arvo's test exactly: does the closed ball meet the closed box?
bool aabb_sphere_exact(const Aabb3<double>& box, const Sphere3<double>& sphere);

/// The signed distance from the ball to the box, dist(centre, box) − r: the
/// difference of squares exactly, rounded once, over dist + r in double (a
/// few ulps; 0 exactly when they touch; for a centre inside the box, −r).
double aabb_sphere_gap(const Aabb3<double>& box, const Sphere3<double>& sphere);

/// Does the closed segment meet the closed box? Exact.
bool obb_segment_exact(const Obb3<double>& box, const Segment3<double>& segment);

/// Does `aabb` contain the box of the stored numbers (every corner, exactly)?
bool aabb_contains_obb_exact(const Aabb3<double>& aabb, const Obb3<double>& box);

/// How far `aabb` reaches beyond the tightest AABB of the box, largest over
/// the six faces, relative to the box's extent |C|∞ + Σ a_i (rounded).
double aabb_excess(const Aabb3<double>& aabb, const Obb3<double>& box);

/// How far the box reaches out of `aabb`, largest over the six faces, relative
/// as aabb_excess; 0 exactly when the AABB contains it.
double aabb_miss(const Aabb3<double>& aabb, const Obb3<double>& box);

}  // namespace sepax::oracle
