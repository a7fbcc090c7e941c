#pragma once
/// \file
/// Exact first time of contact for constant velocities (SPEC §4), by two
/// independent methods that must agree exactly, and the scores of a kernel's
/// time and point.
///
/// Semantics: at time t shape a is its exact set translated by t·velocity_a,
/// shape b by t·velocity_b (every stored double exact, boxes are
/// parallelepipeds, triangles may be segments or points, closed sets).
/// t* = min { t in [0, T] : a(t) ∩ b(t) ≠ ∅ }, a rational number. T = 0 and
/// W = velocity_b − velocity_a = 0 are ordinary inputs.
///
/// | state                | t*                      | time, time_exact | point          |
/// |----------------------|-------------------------|------------------|----------------|
/// | overlapping_at_start | 0 (touching included)   | 0, "0"           | in a(0) ∩ b(0) |
/// | first_contact        | in (0, T]               | t*               | in a(t*) ∩ b(t*) (exact point, rounded) |
/// | separated_throughout | none                    | 0, ""            | unset (0)      |
#include <array>
#include <string>

#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"

namespace sepax::oracle {

/// The exact answer of a first-contact query (fields per state: table above).
struct ExactContact {
  ContactState state = ContactState::separated_throughout;
  /// t*, rounded to the nearest double (0 when overlapping_at_start; unset when
  /// separated_throughout).
  double time = 0;
  /// t* exactly, as GMP's canonical "p/q" (or "p"), so that two methods can be
  /// compared for exact equality; empty when separated_throughout.
  std::string time_exact;
  /// A point of a(t*) ∩ b(t*), rounded to double (first_contact and
  /// overlapping_at_start). Each coordinate is the nearest double to a point
  /// computed exactly; the two methods may return different points of the
  /// contact set.
  std::array<double, 3> point{0, 0, 0};
};

/// Method (a): exact rational SAT along the motion. The relative translation is
/// linear in t, so every axis of a candidate set complete for the moving pair
/// gives an exact interval of times during which the projections overlap; t* is
/// the start of their intersection with [0, T]. GMP rationals throughout; the
/// point comes from an exact feasibility LP at t* (no other use of the LP).
/// Interval-filtered: the rationals run only for the windows that can set t*.
/// Cost (oracle_contact_tests prints it): ~2 µs when the shapes never meet,
/// ~50–150 µs otherwise, most of it the point's LP.
ExactContact first_contact_sat(const ShapePair& pair, const LinearMotiond& motion);

/// Method (b): exact LP with CGAL's QP solver (Gmpzf): minimise t such that one
/// point lies in both moving sets, 0 ≤ t ≤ T; t* and the point are the
/// solver's exact quotients. Independent of method (a). Cost ~70–120 µs.
ExactContact first_contact_lp(const ShapePair& pair, const LinearMotiond& motion);

/// Exact: do the moving sets meet for some t in [0, T]?
struct MovingVerdict {
  bool intersects = false;
  /// true when the interval filter could not decide and the GMP path ran.
  bool exact_fallback = false;
};
/// Interval filter over method (a)'s axis windows first, exact rationals only
/// when a comparison is uncertain (as sat_filtered).
MovingVerdict moving_intersects(const ShapePair& pair, const LinearMotiond& motion);

/// Signed margin of a moving test, relative to reference_length(pair): the
/// static margin (margin.hpp) of a against b swept along W over [0, T]:
///  - they never meet (intersects = false): + the distance from a to the swept
///    b, i.e. the minimum over t in [0, T] of the distance between a(t) and
///    b(t) (exact QP with t as a variable, rounded once);
///  - they meet: − the penetration depth of a into the swept b, the minimum of
///    overlap(L)/|L| over the facet normals of a − swept b (every cross product
///    of two edges of a, b and W); 0 when they only touch, and 0 when a − swept
///    b is flat (coplanar sliding), as in the static margin.
/// Zeros and signs are decided exactly. Throws std::invalid_argument when
/// `intersects` contradicts the exact sets.
double moving_margin(const ShapePair& pair, const LinearMotiond& motion, bool intersects);

/// Width of the boundary band of a moving verdict for a kernel in `scalar`,
/// relative to reference_length(pair): boundary_tolerance (classify.hpp) with
/// M enlarged by T·(|W| + |velocity_a| + |velocity_b|), the largest distance a
/// shape, or one shape relative to the other, travels over [0, T]: a kernel
/// forms T·(L·W) and positions at time t, whose rounding errors scale with
/// those lengths as the static ones scale with the coordinates. The frame
/// defect term is not extended: 3δ·|W|T stays below K·u·|W|T for δ ≤ 20u.
double moving_boundary_tolerance(const ShapePair& pair, const LinearMotiond& motion,
                                 ScalarKind scalar);

/// T·(|W| + |velocity_a| + |velocity_b|): the largest distance a shape, or one
/// shape relative to the other, travels over [0, T] (stable norms: velocities
/// near the top of double's range do not overflow).
double motion_travel(const LinearMotiond& motion);

/// Largest exact distance (rounded) from p to a(t) and to b(t), relative to
/// reference_length(pair). 0 when p lies in both. t and p are taken exactly;
/// each distance is an exact QP, square-rooted once. +∞ for a non-finite t or p.
double contact_point_distance(const ShapePair& pair, const LinearMotiond& motion, double t,
                              const std::array<double, 3>& p);

/// The accuracy demanded of a kernel's first time of contact, relative to T
/// (issue 3's acceptance): 1e-5 for float, 1e-12 for double. Used by
/// score_contact's conditioning criterion.
constexpr double contact_time_tolerance(ScalarKind scalar) {
  return scalar == ScalarKind::float32 ? 1e-5 : 1e-12;
}

/// How a kernel's first-contact answer compares with the exact one.
struct ContactScore {
  bool state_matches = false;
  /// |t − t*| / T, computed exactly and rounded, when both states are
  /// first_contact; else 0.
  double time_error = 0;
  /// contact_point_distance at the kernel's t and point when the kernel reports
  /// first_contact (whatever the exact state); else 0.
  double point_distance = 0;
  /// The exact answer is ill-conditioned for a kernel in this scalar: input
  /// changes within the scalar's rounding band can change the state, or move t*
  /// by more than contact_time_tolerance·T. Such cases are `boundary` whatever
  /// the errors, and are left out of the error statistics.
  ///
  /// Criterion. Along every unit axis L̂ of method (a)'s complete set, contact
  /// needs lo ≤ t·s ≤ hi, s = L̂·W (absolute lengths). A backward-stable kernel
  /// answers exactly for inputs whose gaps differ from the stored ones by a
  /// rounding band δ, so the window intersection is solved again with every
  /// window widened by δ (lo − δ, hi + δ) and narrowed by δ, giving first
  /// times t*₋ ≤ t* ≤ t*₊ and their states. Ill-conditioned when
  ///  1. with δ = δ_state either state differs from the exact one: contact
  ///     within the band of t = 0 (first_contact ↔ overlapping_at_start;
  ///     touching at the start and moving apart or sliding), of t = T, a
  ///     grazing hit or a near miss (first_contact ↔ separated_throughout),
  ///     flat contact (coplanar sliding: a flat window narrowed is empty); or
  ///  2. the state is first_contact and, with δ = δ_time,
  ///     max(t*₊ − t*, t* − t*₋) > τ·T, τ = contact_time_tolerance(scalar).
  ///     With one active axis this is δ_time / (|L̂·W|·T) > τ: dt*/dδ =
  ///     1/|L̂·W|, so a grazing approach, whose gap closes slowly, turns the
  ///     rounding band alone into a time error above τ·T.
  /// δ_state = moving_boundary_tolerance·ℓ, the verdict band (K = 64
  /// roundings of the scale M, plus the frame-defect term): a state flip
  /// within it is as uncertain as a static verdict at that margin.
  /// δ_time is the same band with 8 roundings of M instead of 64: the error of
  /// one computed gap (the inputs, positions at time t, a 3-term projection,
  /// the difference). With 64, every float first contact of the random test
  /// set would be ill-conditioned (measured: 100 %; 0.6–6 % with 8; double
  /// cases are unaffected by the choice: τ/u ≈ 9,000 there).
  bool ill_conditioned = false;
  /// The bound on point_distance for this case (relative to ℓ):
  /// contact_time_tolerance plus δ_point/ℓ, the rounding a point placed from
  /// the shapes at time t carries. δ_point is the state band with 16 roundings
  /// of M instead of 64 (the frame-defect term whole, as δ_time's): positions
  /// at time t (2), a feature's vertex c ± Σ a_i·A_i (4), the contact plane's
  /// 2D clipping and the lift back (6), the average of two lifts (2), rounded
  /// up. Without it, a pair far from the origin (|x| ≫ ℓ) has no point in the
  /// scalar within τ·ℓ of the shapes. Measured on sepax's find_first_contact
  /// kernels: at most 3.7 roundings of M over 4,000 well-conditioned first
  /// contacts of every family, translated 1 to 2^40 sizes from the origin.
  /// Plus 3δ·travel (δ the frame defect of classify.hpp, travel
  /// T·(|W| + |va| + |vb|)): a point placed through a box's initial frame.
  double point_tolerance = 0;
};

/// Scores a kernel's find_first_contact answer (state, time, point) against the
/// exact one (from first_contact_sat or first_contact_lp) for a kernel computing
/// in `scalar`. kernel_time and kernel_point are read only for the states whose
/// ContactResult table (motion.hpp) says they are set. ill_conditioned depends
/// on the case and the scalar only, never on the kernel's answer. Cost: one
/// exact pass over method (a)'s windows plus, for a kernel's first_contact,
/// two point-distance QPs (~0.1–0.3 ms).
ContactScore score_contact(const ShapePair& pair, const LinearMotiond& motion,
                           const ExactContact& exact, ContactState kernel_state, double kernel_time,
                           const std::array<double, 3>& kernel_point, ScalarKind scalar);

/// ContactScore::point_tolerance of a case, which needs no exact contact (a
/// screen may ask it before judging; fuzz/judge/contact_screen.hpp).
double contact_point_tolerance(const ShapePair& pair, const LinearMotiond& motion, ScalarKind scalar);

}  // namespace sepax::oracle
