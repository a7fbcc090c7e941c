#pragma once
// Internal to the certified OBB–OBB kernel: its exact stage in floating-point
// expansions (expansion.hpp), between the double filter (obb_obb_filter.hpp)
// and the integers/GMP (exact/obb_obb_exact_gap.cpp).
//
// One axis's gap |L·D| − Σ a_k |A_k·L| − Σ b_m |B_m·L| (obb_obb_certified.hpp's
// table) is a sum of triple products: for L = N_i, M_j or A_i × B_j the
// radii's projections are ± P_ij = N_i·B_j, ± Q_ij = A_i·M_j or det A, det B
// (the cyclic identities in the header), each a triple product of axes, and
// the lead is det(u, v, D) with D = C_b − C_a split exactly into hi + lo
// (TwoDiff). Each triple product is formed exactly once per pair and kept
// here, so a pair with several undecided axes (touching, coplanar boxes) pays
// for its shared projections once. Degree ≤ 4 in the stored numbers: exact
// for every input within expansion_range.hpp's degree-4 range (every float
// box); `sign` returns 2 outside it, and the caller takes the integers/GMP.
#include <cstdint>

#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/static/separating_axis.hpp"

namespace sepax::obb_obb::certified {

/// The pair's stored numbers as doubles and the exact projections formed so
/// far (filled lazily: the filter keeps one on its stack and touches only
/// `state` unless an axis reaches the exact stage).
struct ExpansionCache {
  std::int8_t state = 0;  ///< 0 not loaded, 1 loaded and in range, −1 out of range
  /// What is formed, by bit: normals 0–5 (N_i, M_j), P 6–14, Q 15–23, det A
  /// 24, det B 25; `have` the exact expansions, `have_approx` the adaptive
  /// stage's values with their error bounds, `have_quick` the quick stage's.
  std::uint32_t have = 0, have_approx = 0, have_quick = 0;
  double a[3][3], b[3][3], ea[3], eb[3], dhi[3], dlo[3];
  /// The adaptive stage's values hi + lo with a bound err ≥ |exact − (hi + lo)|.
  struct Approx3 {
    double hi, lo, err;
  };
  Approx3 normal_approx[6][3], pq_approx[2][9], det_approx[2];
  /// The quick stage's values v with first-order bounds t ≥ |exact − v|
  /// (normals; P, Q, det A, det B in proj_*).
  double normal_v[6][3], normal_t[6][3], proj_v[20], proj_t[20];
  int normal_len[6][3];
  double normal[6][3][4];  ///< N_0..2, M_0..2, componentwise expansions
  int p_len[9], q_len[9], det_len[2];
  double p[9][24], q[9][24], det[2][24];
};

/// Loads the pair (float widened exactly) and checks the range.
void load(ExpansionCache& cache, const Obb3<float>& a, const Obb3<float>& b);
void load(ExpansionCache& cache, const Obb3<double>& a, const Obb3<double>& b);

/// The gap's sign (−1, 0, +1) for a loaded cache, or 2 when out of range;
/// the copy for this CPU (FMA or Dekker's split). Three steps, each taken
/// only when the one before cannot tell (obb_obb_expansion_gap_impl.hpp):
///  1. quick: the gap in double, every rounding's error formed exactly by
///     TwoSum/TwoProduct beside it and summed into a bound — 0 means nothing
///     was rounded (the lattice boxes of exact contact), and the double gap
///     is exact; else a first-order bound;
///  2. adaptive: each quantity as hi + lo with the dropped third-order terms'
///     magnitudes as its bound (≈ u²·size: decides all but gaps within
///     ~10⁻³⁰ of 0);
///  3. full: the exact expansions (≤ 288 components), the sign of the last.
int expansion_gap_sign(ExpansionCache& cache, const SeparatingAxis& axis);

/// Which stage a test asks for.
enum class GapStage { both, adaptive_only, full_only };

namespace baseline {
int expansion_gap_sign(ExpansionCache& cache, const SeparatingAxis& axis, GapStage stage = GapStage::both);
}
namespace fma {
int expansion_gap_sign(ExpansionCache& cache, const SeparatingAxis& axis, GapStage stage = GapStage::both);
}

}  // namespace sepax::obb_obb::certified
