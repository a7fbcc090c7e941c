#pragma once
/// \file
/// Classifying a kernel's verdict against the exact one (SPEC §4).
#include <span>
#include <stdexcept>
#include <string_view>

#include "sepax/core/kernel_bias.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/static/separating_axis.hpp"

namespace sepax::oracle {

/// ok: the exact verdict. boundary: wrong within the rounding band. gross: a
/// bug. convention: a kernel documented to treat touching as separated (open
/// sets, kernel.open_sets) said "separated" for a pair that exactly touches —
/// a disagreement with sepax's closed-set contract, reported on its own,
/// never counted as ok, boundary or gross.
enum class Class { ok, boundary, gross, convention };

constexpr std::string_view to_string(Class c) {
  switch (c) {
    case Class::ok: return "ok";
    case Class::boundary: return "boundary";
    case Class::gross: return "gross";
    case Class::convention: return "convention";
  }
  return "?";
}

/// Width of the boundary band, relative to reference_length(pair), for a kernel
/// computing in `scalar` (unit roundoff u):
///
///   tol = (K·u·M + 3·δ·(size_a + size_b)) / ℓ,   K = 64
///
/// M = largest |coordinate| of any stored center or vertex plus size_a + size_b:
/// kernels subtract stored coordinates (error u·M) and form dot and cross
/// products nested at most twice over 3 terms (≈ 20 u·|L|·M per projection gap,
/// 2 gaps compared), so a computed gap normalized by |L| is within ~40·u·M of
/// the exact one; K = 64 keeps headroom without hiding real bugs (a gross error
/// is off by ≥ 1e-5·ℓ for float even far from the origin in our families).
/// δ = largest |Ai·Aj − δij| of the boxes: kernels use identities of
/// orthonormal frames, which moves the box they implicitly test by ≤ δ·size.
double boundary_tolerance(const ShapePair& pair, ScalarKind scalar);

/// δ of boundary_tolerance: the largest |Ai·Aj − δij| of the pair's boxes
/// (0 for two triangles).
double frame_defect(const ShapePair& pair);

/// Does every operation a separating-axis test of this pair performs come out
/// exact in `scalar`? Then a kernel has no rounding to hide behind: its
/// verdict must be the exact one, touching included. A certificate by bit
/// counting, independent of any kernel: box axes are signed unit vectors
/// (entries 0, ±1: the frames of the touching and coplanar families' dyadic
/// grids), and with every center, extent and vertex an integer multiple of
/// 2^low below 2^high, every quantity of degree d (1 for two boxes; 3 with a
/// triangle: normals times coordinates, Table 3; 4 for two triangles: the
/// in-plane axes of Table 6) summed over up to 64 terms needs at most
/// 6 + d·(high + 1 − low) bits: exact when that is ≤ the scalar's precision
/// (24, 53). Kernels built from +, −, × and comparisons (unnormalised axes,
/// no division or sqrt before a verdict) then compute every value exactly.
bool arithmetic_is_exact(const ShapePair& pair, ScalarKind scalar);

/// The certificate's bit counting alone, for other queries' tests: with every
/// input an integer multiple of 2^low below 2^high, do all quantities of
/// degree `degree` in the inputs (products of up to `degree` differences),
/// summed over up to 64 terms, come out exact in `scalar` — inside its
/// precision and its exponent range (no underflow to subnormal, no overflow)?
/// False for a non-finite input.
bool products_are_exact(std::span<const double> inputs, int degree, ScalarKind scalar);

/// Was a kernel's claim "axis `witness` separates" decided without rounding?
/// For the face axes of a box whose frame is exactly orthonormal (signed unit
/// axes) and is the frame the seed's formulas work in — A's faces in Table 1
/// (rows 1–3; B's rows 4–6 go through A's frame, so A must be exact too), the
/// box's faces in Table 3 — the test compares
/// |axis·D| (one component of the centre difference) with the box's extent
/// plus the other shape's radius (extent·|component| products, or the other
/// shape's coordinates in the box's frame). It is exact when each of those
/// numbers, and every subset sum of the radius's terms (any evaluation
/// order), is a number of the scalar: checked in rationals. Then a wrong
/// claim is not rounding: exactly touching boxes called separated across a
/// face are gross even when the other box is rotated (its frame defect does
/// not enter this test). False for every other axis.
bool witness_decided_exactly(const ShapePair& pair, const SeparatingAxis& witness, ScalarKind scalar);

/// Some face axis of the pair is decided exactly (witness_decided_exactly).
bool face_axes_decided_exactly(const ShapePair& pair, ScalarKind scalar);

/// The band a static verdict is judged with: 0 where arithmetic_is_exact, or
/// where the kernel named a separating axis (`witness`, may be null) whose
/// test is decided exactly; boundary_tolerance elsewhere.
double verdict_band(const ShapePair& pair, ScalarKind scalar, const SeparatingAxis* witness = nullptr);

/// The widest band, relative to the larger shape's size, that a kernel's
/// deliberate bias can open on the "reported touching" side, derived from its
/// method (kernel_bias.hpp), not taken from the kernel:
///
/// | method                     | band |
/// |----------------------------|------|
/// | none                       | 0    |
/// | epsilon_on_rotation        | √ε   |
/// | epsilon_on_plane_distances | √ε   |
///
/// ε on |R_ij| (Gottschalk) pads a radius by ε·(extents): ~ε·size on a face
/// axis, but ε·size/θ on an edge axis A_i × B_j of length sin θ. An edge axis
/// is the only separator only while the face axes fail, i.e. while the gap is
/// below ~θ·size (B's projection grows by θ·size), so the band is at most
/// max over θ of min(θ, ε/θ)·size = √ε·size (measured on 10^5 parallel-edges
/// pairs with ε = 1e-6: largest such margin 3.5e-4 < 1e-3). Möller's ε on
/// unnormalised plane distances of unit-size triangles (the generators' scale)
/// is an ε on a unit-less product of the same kind, and gets the same bound;
/// it is not scale-invariant, so far from unit size its snaps show as gross.
double method_bias(const KernelBias& bias);

/// Thrown by granted_bias for a kernel that claims more than its method opens.
class BiasRefused : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// The allowance the judge grants a kernel: method_bias(bias), or the
/// kernel's own claim when that is narrower. A claim wider than the method's
/// band, a negative or non-finite ε or claim, or an ε with method none is
/// refused (BiasRefused, naming the claim and the method's band): the judge's
/// leniency is never the kernel author's to set.
double granted_bias(const KernelBias& bias);

/// ok if the kernel agrees with the exact verdict; convention when an
/// open-set kernel called an exactly touching pair (margin 0, decided
/// exactly) separated; otherwise boundary when |margin| ≤ tolerance (+ the
/// kernel's granted bias, granted_bias(), when it reported touching for a
/// separated pair), gross beyond, and always gross when that allowance is 0.
constexpr Class classify(bool kernel_intersects, bool exact_intersects, double margin,
                         double tolerance, double granted_bias = 0, bool open_sets = false) {
  if (kernel_intersects == exact_intersects) return Class::ok;
  if (open_sets && exact_intersects && margin == 0) return Class::convention;
  const double m = margin < 0 ? -margin : margin;
  const double allowed = tolerance + (kernel_intersects ? granted_bias : 0);
  // A zero band (exact arithmetic, no bias) leaves no room: even an exactly
  // touching pair (margin 0) called separated is gross.
  return allowed > 0 && m <= allowed ? Class::boundary : Class::gross;
}

}  // namespace sepax::oracle
