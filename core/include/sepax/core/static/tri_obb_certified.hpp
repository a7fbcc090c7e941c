#pragma once
/// \file
/// Certified triangle–OBB test: the exact verdict for the stored
/// numbers (obb_obb_certified.hpp is the same idea for two boxes).
///
/// What is decided. The triangle is the convex hull of its stored vertices (a
/// segment or a point when degenerate), the box the parallelepiped
/// {C + Σ x_j b_j B_j : |x_j| ≤ 1} of its stored numbers, both closed; float
/// input is widened to double, exactly. Candidate axes (Eberly Table 3, with
/// the parallelepiped's true face normals), in this order:
///
///   N = E_0 × E_1,  M_j = B_{j+1} × B_{j+2},  L_ij = E_i × B_j,
///
/// E_i = U_{i+1} − U_i. They are complete for every triangle, degenerate ones
/// included: the box is solid, so the facets of box ⊕ (−triangle) are the
/// box's faces, the triangle's plane (when it has one) and the planes of a
/// triangle edge and a box edge. Along an axis L, with t_k = L·(U_k − C) and
/// r = Σ_j b_j |B_j·L| (for M_j: b_j |det B|), the gap is
/// g = max(min_k t_k, −max_k t_k) − r, and L separates when g > 0.
///
/// The filter. Every gap is computed in double. With Δ ≥ max |U_k − C|
/// (componentwise), S = Δ + Σ b_j and |axis components| ≤ α = 1 + 10⁻⁵, the
/// axis vector's permanent is ≤ Λ per component (2α² for M_j, 8Δ² for N, 4αΔ
/// for L_ij: the edges are within 2Δ), so Perm(g) ≤ 3αΛ·S; the roundings on
/// any path number at most 7 (faces) or 10 (N, L_ij: the edges are rounded
/// differences) — hence the bounds 64·u·S (faces: γ_7·6α³S ≈ 42uS),
/// 320·u·Δ²·S (N: γ_10·24αΔ²S ≈ 240uΔ²S) and 160·u·Δ·S (edges:
/// γ_10·12α²ΔS ≈ 120uΔS), with room for S's and Δ's own rounding and for
/// underflow (the range below keeps it far under u·S). A gap within its bound of 0 —
/// touching pairs, slivers, edges nearly parallel to a box axis — is decided
/// exactly (tri_obb_exact_gap.cpp: 512-bit integers, or GMP rationals where
/// the exponents spread too far). Δ or S outside [2⁻³⁰⁰, 2³⁰⁰]:
/// every axis exactly. Input must satisfy validate() for the box.
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/shapes/triangle3.hpp"
#include "sepax/core/static/certified_result.hpp"

namespace sepax::tri_obb {

/// The exact verdict of the stored triangle and box (see above).
template <class S>
CertifiedResult<S> test_certified(const Triangle3<S>& a, const Obb3<S>& b);

extern template CertifiedResult<float> test_certified(const Triangle3<float>&, const Obb3<float>&);
extern template CertifiedResult<double> test_certified(const Triangle3<double>&, const Obb3<double>&);

/// The same verdict alone; `exact_path`, when given, says whether the
/// exact arithmetic ran.
bool intersects_certified(const Triangle3<float>& a, const Obb3<float>& b, bool* exact_path = nullptr);
bool intersects_certified(const Triangle3<double>& a, const Obb3<double>& b, bool* exact_path = nullptr);

/// The sign (−1, 0, +1) of one axis's gap, exactly from the stored
/// numbers: the exact path. `axis` is normal_a, face_b j or edge_edge i j.
int exact_gap_sign(const Triangle3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis);

namespace detail {
/// exact_gap_sign always through GMP rationals (it takes 512-bit integers
/// where the exponents allow): for the test that compares the two.
int rational_gap_sign_for_tests(const Triangle3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis);
}  // namespace detail

}  // namespace sepax::tri_obb
