#pragma once
/// \file The enclosing AABB of an OBB (Gomez, "OBB to AABB conversion").
///
/// The box {C + Σ x_i·a_i·A_i : |x_i| ≤ 1} spans, along world axis k,
/// [C_k − E_k, C_k + E_k] with E_k = Σ_i a_i·|A_i,k| (Gomez's
/// E_x = a1|A1_x| + a2|A2_x| + a3|A3_x|); the AABB of these bounds is the
/// smallest that contains the box — for the box of the stored numbers, whether
/// or not its axes are exactly orthonormal (SPEC §4).
///
/// Numerics: bounds rounded outward. Rounded to nearest, C_k + E_k can fall a
/// few ulps short of the box's extreme vertex, and the AABB would not contain
/// it. For float and double, each bound is moved outward by 4ε·(|C_k| + E_k)
/// (ε = machine epsilon) plus 4 subnormal ulps, which bounds the error of the
/// four-term sum and of the move itself — unless its computation was exact:
/// every axis entry of row k is 0 or ±1 (an axis-aligned or 90°-turned box,
/// so the products a_i·|A_i,k| are exact) and every sum is exact (Knuth's
/// TwoSum gives a sum's error exactly). Such bounds are returned exactly.
/// Other entries are treated as rounding without testing the product: an
/// exact-product test needs the FMA, which without -mfma is a libm call that
/// made the conversion 5× slower than FCL's (sepax_bench_gomez). Any other
/// scalar (exact, interval, the strict test scalar) gets Gomez's formula as
/// written.
#include <cmath>
#include <limits>
#include <type_traits>

#include "sepax/core/mutant.hpp"
#include "sepax/core/shapes/aabb3.hpp"
#include "sepax/core/shapes/obb3.hpp"

namespace sepax {

namespace obb_to_aabb_detail {

/// Is s = fl(x + y) the exact sum? (Knuth's TwoSum: its error term is exact.)
template <class S>
bool sum_is_exact(S x, S y, S s) {
  const S y_part = s - x;
  return (x - (s - y_part)) + (y - y_part) == S(0);
}

/// Is a·|entry| exact because the entry is 0 or ±1 (see the file comment)?
template <class S>
bool unit_entry(S entry) {
  return entry == S(0) || entry == S(1) || entry == S(-1);
}

}  // namespace obb_to_aabb_detail

/// The smallest axis-aligned box containing `box` (Gomez), bounds rounded
/// outward for float and double (see the file comment). Requires extents ≥ 0.
template <class S>
Aabb3<S> obb_to_aabb(const Obb3<S>& box) {
  using std::abs;
  Aabb3<S> out;
  for (int k = 0; k < 3; ++k) {
    const S c = box.center[k];
    S e = S(0);
    bool exact = true;
    for (int i = 0; i < 3; ++i) {
      const S t = box.extents[i] * abs(box.axes[i][k]);
      const S sum = e + t;
      if constexpr (std::is_floating_point_v<S>)
        exact = exact && obb_to_aabb_detail::unit_entry(box.axes[i][k]) && obb_to_aabb_detail::sum_is_exact(e, t, sum);
      e = sum;
    }
    S lo = c - e;
    S hi = c + e;
    // Mutant obb_to_aabb_nearest (mutant_catalog.hpp): Gomez's formula rounded to nearest, no outward move.
    if constexpr (std::is_floating_point_v<S>) {
      const bool lo_exact = mutant("obb_to_aabb_nearest") || (exact && obb_to_aabb_detail::sum_is_exact(c, S(-e), lo));
      const bool hi_exact = mutant("obb_to_aabb_nearest") || (exact && obb_to_aabb_detail::sum_is_exact(c, e, hi));
      if (!lo_exact || !hi_exact) {
        using limits = std::numeric_limits<S>;
        const S pad = S(4) * limits::epsilon() * (abs(c) + e) + S(4) * limits::denorm_min();
        if (!lo_exact) lo -= pad;
        if (!hi_exact) hi += pad;
      }
    }
    out.min[k] = lo;
    out.max[k] = hi;
  }
  return out;
}

}  // namespace sepax
