#pragma once
/// \file
/// Certified OBB–OBB test: the exact verdict for the stored numbers, at
/// the speed of a floating-point kernel.
///
/// What is decided. The boxes are the exact parallelepipeds
/// {C + Σ x_k a_k A_k : |x_k| ≤ 1} of the stored numbers (float input is
/// widened to double, exactly), closed: touching intersects. Their complete
/// set of candidate axes is the faces' normals and the edges' cross products
/// (Eberly §2.1):
///
///   N_i = A_{i+1} × A_{i+2},  M_j = B_{j+1} × B_{j+2},  L_ij = A_i × B_j.
///
/// For orthonormal frames N_i = A_i and M_j = B_j, and the test is Table 1's;
/// for the slightly skew frames of rounded axes it stays exact. Every
/// projection is a triple product, so the test has Table 1's shape with two
/// rotation-like matrices, P_ij = N_i·B_j and Q_ij = A_i·M_j:
///
/// | axis   | |L·D|               | radius of A                       | radius of B                       |
/// |--------|---------------------|-----------------------------------|-----------------------------------|
/// | N_i    | N_i·D               | a_i |N_i·A_i|                     | Σ_j b_j |P_ij|                    |
/// | M_j    | M_j·D               | Σ_i a_i |Q_ij|                    | b_j |M_j·B_j|                     |
/// | L_ij   | (D × A_i)·B_j       | a_{i+1}|P_{i+2,j}| + a_{i+2}|P_{i+1,j}| | b_{j+1}|Q_{i,j+2}| + b_{j+2}|Q_{i,j+1}| |
///
/// (A_{i+1}·L_ij = −P_{i+2,j}, A_{i+2}·L_ij = P_{i+1,j}, B_{j+1}·L_ij = Q_{i,j+2},
/// B_{j+2}·L_ij = −Q_{i,j+1}: cyclic triple products.) An axis separates when
/// its gap g = |L·D| − r_A − r_B is > 0; a zero axis (parallel edges) has
/// g = 0 and never separates.
///
/// The filter (semi-static, after Shewchuk and Meyer–Pion's FPG): every gap is
/// computed in double; a path from an input to g has at most 10 roundings
/// (a cross product 2, a dot product 3 more, an extent 1, the radius sums 3,
/// the difference 1; D = C_b − C_a 1), so |ĝ − g| ≤ γ_12 · Perm(g), Perm being
/// g with every term's absolute value (Higham, Lemma 3.4 and §3.1's running
/// bounds). With |axis components| ≤ α = 1 + 10⁻⁵ (validate()), each cross
/// product's permanent is ≤ 2α², each triple product's ≤ 6α³, and
///
///   Perm(g) ≤ 6α³ (Δ + Σa + Σb),   Δ = max_k |D_k|,
///
/// one bound for the six face axes, computed once per pair: err = 96·u·S with
/// S = Δ + Σa + Σb rounded up (96 > 12·6·α³ with room for S's own rounding
/// and for underflow, which S ∈ [2⁻⁵⁰⁰, 2⁵⁰⁰] makes smaller than one u·S).
/// ĝ > err: the axis separates; ĝ < −err: it does not. The edge axes are
/// tested times det A, from the face tests' own numbers: with D and B_j
/// written in the basis A (Cramer), det A·(L_ij·D) = d'_{i+2}P_{i+1,j} −
/// d'_{i+1}P_{i+2,j} (d' = N·D), which saves the cross products D × A_i;
/// their bound is 896·u·S (obb_obb_filter.hpp). An edge axis left
/// undecided is nearly always a pair of nearly parallel edges (|L| ≈ θ, the
/// gap ≈ θ·size, below that bound): a second stage recomputes L with Kahan's
/// difference of products, accurate to 2u·|L|, and bounds the gap by
/// 48·u·|L|∞·S (refine_edge in the source derives it); exactly parallel edges
/// give L = 0 exactly there and never separate. What is left — exactly
/// touching pairs, pairs within ~10⁻¹⁴·S of touching (the families put many
/// double pairs there on purpose) and S outside [2⁻⁵⁰⁰, 2⁵⁰⁰] — is evaluated
/// exactly (exact_gap_sign, in its own translation units): first in
/// floating-point expansions (Shewchuk 1997: TwoSum, TwoProduct by FMA or
/// Dekker's split, expansion sums and scalings with zero elimination;
/// src/expansion/), each triple product formed once per pair and shared by
/// its undecided axes — exact for every float pair and for double pairs
/// whose nonzero stored numbers lie in [2⁻²⁰⁰, 2²⁰⁰] (expansion_range.hpp
/// derives the range); outside it in 512-bit integers when the lengths and
/// the axis components each fit 61 bits under one power of two (~1 µs an
/// axis), else in GMP rationals (~10 µs).
///
/// The result names the first separating axis in Table 1's order (face_a i
/// for N_i, face_b j for M_j, edge_edge i j for L_ij); `exact_path` says
/// whether exact arithmetic ran. Input must satisfy validate().
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/static/certified_result.hpp"
#include "sepax/core/static/separating_axis.hpp"

namespace sepax::obb_obb {

/// The exact verdict of the stored boxes (see above); float input is widened to double.
template <class S>
CertifiedResult<S> test_certified(const Obb3<S>& a, const Obb3<S>& b);

extern template CertifiedResult<float> test_certified(const Obb3<float>&, const Obb3<float>&);
extern template CertifiedResult<double> test_certified(const Obb3<double>&, const Obb3<double>&);

/// The same verdict alone (no axis, no direction): what a broad phase or a
/// tree traversal calls. `exact_path`, when given, says whether exact
/// arithmetic ran.
bool intersects_certified(const Obb3<float>& a, const Obb3<float>& b, bool* exact_path = nullptr);
bool intersects_certified(const Obb3<double>& a, const Obb3<double>& b, bool* exact_path = nullptr);

/// The sign of one axis's gap (−1, 0, +1), exactly from the stored
/// numbers: the certified test's exact path. `axis` is face_a i, face_b j
/// or edge_edge i j.
int exact_gap_sign(const Obb3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis);

namespace detail {
/// exact_gap_sign always through GMP rationals (it takes expansions, then
/// 512-bit integers where the exponents allow, then GMP integers): the
/// definition, for the tests that compare the stages.
int rational_gap_sign_for_tests(const Obb3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis);
/// The expansion stage alone, its FMA copy (only where the CPU has FMA) or
/// its Dekker-split copy: −1, 0, +1, or 2 outside its range. stage 0: the
/// adaptive part, then the full expansions; 1: the adaptive part alone (2
/// when it cannot tell); 2: the full expansions alone.
int expansion_gap_sign_for_tests(const Obb3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis,
                                 bool fma_copy, int stage = 0);
/// The 512-bit integer stage alone: 2 when the exponents spread too far.
int integer_gap_sign_for_tests(const Obb3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis);
/// The last stage alone, GMP integers over each set's least exponent (finite input).
int big_integer_gap_sign_for_tests(const Obb3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis);
}  // namespace detail

}  // namespace sepax::obb_obb
