#pragma once
/// \file
/// Certified triangle–triangle test: the exact verdict for the stored
/// numbers, decided by orientation predicates (Guigue & Devillers' test,
/// "Fast and robust triangle-triangle overlap test using orientation
/// predicates", 2003) with a floating-point filter per predicate, and exact
/// arithmetic for the signs the filter cannot decide.
///
/// What is decided. Each triangle is the convex hull of its stored vertices
/// (a segment or a point when degenerate), closed; float input is widened to
/// double, exactly. Touching intersects.
///
/// The predicate. [a,b,c,d] = det(b − a, c − a, d − a): positive when d lies
/// on the side of plane (a,b,c) that (b − a) × (c − a) points to.
///  1. sp_i = [q0,q1,q2,p_i], sq_j = [p0,p1,p2,q_j]: all three of one
///     triangle strictly on one side of the other's plane — apart.
///  2. Otherwise, with every sign non-zero, both triangles cross the other's
///     plane; rotate each so that its lone vertex comes first, and swap the
///     other triangle's last two vertices where needed so that p0 lies above
///     plane Q and q0 above plane P (a swap turns the plane over). Then P ∩
///     plane Q is the segment [j, i] of the planes' line, i on p0p1 and j on
///     p0p2, and Q ∩ plane P is [k, l], k on q0q1 and l on q0q2, in this order
///     along d = n_P × n_Q. With p0 = (x, −h, 0), p1 = (x', h', 0),
///     q0 = (y, 0, g), q1 = (y', 0, −g') in a frame where d = +x:
///     [p0,p1,q0,q1] = (h + h')(g + g')(k − i), so the intervals overlap
///     exactly when [p0,p1,q0,q1] ≤ 0 and [p0,p2,q2,q0] ≤ 0 (Guigue &
///     Devillers §3.1, derived again here).
/// Zeros. A vertex on the other plane counts on either side: the first
/// vertex is one with σ·s ≥ 0 ≥ σ·s for the other two (σ = −1 turns the
/// other triangle over), off the plane where possible, so that the factor
/// (h + h′)(g + g′) above never vanishes — the test then holds with exact
/// signs, zeros included.
/// Flat pairs: when all three vertices of a triangle lie on the other's
/// plane, either both triangles are proper and lie in one plane — the 2D
/// separating-axis test (the six edge lines, orient2d) on their projection
/// along a coordinate axis that plane is not parallel to — or one is
/// degenerate, a segment (its extreme vertices) or a point, against a proper
/// triangle: apart when its ends lie strictly on one side of the plane;
/// when it crosses or touches the plane, it meets the closed triangle
/// exactly when the volumes [s0, s1, t_i, t_{i+1}] have no two opposite
/// signs; when it lies in the plane, the 2D test with the triangle's edge
/// lines and the segment's line. Two degenerate triangles are two segments
/// (or points): points meet when equal, a point and a segment when it lies on
/// it (collinear in every projection, within the ends); segments on skew
/// lines never meet, coplanar ones take the closed 2D segment test in a
/// projection that keeps their plane (on one line: the overlap of their
/// intervals).
///
/// The filter. A predicate is the sum of six products x·y·z of coordinate
/// differences. Each term passes at most 8 roundings (3 differences, the
/// inner product, the 2×2 minor's subtraction, the outer product, 2 sums), so
/// |D̂ − D| ≤ γ₈·Perm with Perm = Σ|x·y·z|; the permanent computed from the
/// rounded differences is ≥ (1 − u)⁸·Perm, so 9·u·P̂ bounds the error
/// (Shewchuk's orient3d filter has the same form, with a tighter constant).
/// Underflow: a product that underflows errs by ≤ 2⁻¹⁰⁷⁵ absolutely, scaled
/// by at most one coordinate difference; with every |coordinate| ≤ 2²⁹⁹ that
/// is below 2⁻⁷⁷⁰, added to every bound (float input never underflows: its
/// differences are multiples of 2⁻¹⁴⁹). Outside that range the filter is
/// skipped. A sign is certified when |D̂| exceeds the bound; the others are
/// computed exactly: in machine integers when the pair's six points fit 61
/// bits under one power of two (most float pairs; the conversion is shared by
/// the pair's predicates), else in floating-point expansions (Shewchuk 1997;
/// TwoDiff differences, TwoProduct minors, expansion scaling and sums with
/// zero elimination: src/expansion/orientation_expansion.hpp) for
/// coordinates whose nonzero magnitudes lie in [2⁻²⁸⁰, 2²⁸⁰], else in
/// 512-bit integers or GMP rationals (src/exact/orientation_exact.cpp).
/// orient2d's filter: each product of two differences passes 3 roundings
/// and the subtraction one, so 6·u·(|l̂| + |r̂|) + 2⁻¹⁰⁰⁰ bounds its error.
///
#include "sepax/core/shapes/triangle3.hpp"
#include "sepax/core/static/certified_result.hpp"

namespace sepax::tri_tri {

/// The exact verdict of the stored triangles (see above). The test is a
/// predicate: it names no separating axis (result.axis is none).
template <class S>
CertifiedResult<S> test_certified(const Triangle3<S>& a, const Triangle3<S>& b);

extern template CertifiedResult<float> test_certified(const Triangle3<float>&, const Triangle3<float>&);
extern template CertifiedResult<double> test_certified(const Triangle3<double>&, const Triangle3<double>&);

/// The same verdict alone; `exact_path`, when given, says whether exact
/// arithmetic ran.
bool intersects_certified(const Triangle3<float>& a, const Triangle3<float>& b, bool* exact_path = nullptr);
bool intersects_certified(const Triangle3<double>& a, const Triangle3<double>& b, bool* exact_path = nullptr);

}  // namespace sepax::tri_tri
