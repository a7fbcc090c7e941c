#pragma once
/// \file
/// The enclosing AABB of an OBB (Gomez, "OBB to AABB conversion").
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
/// made the conversion 5× slower than FCL's (sepax_bench_gomez). Float and
/// double run these same operations with one world coordinate per SIMD lane
/// and no branch (the exactness tests become masks; double in one AVX
/// register where the CPU has AVX2): the branches of the loop form cost 2.3×
/// FCL's computeBV (issue 33). Any other scalar (exact,
/// interval, the strict test scalar) gets Gomez's formula as written.
#include <cmath>
#include <limits>
#include <type_traits>

#include "sepax/core/mutant.hpp"
#include "sepax/core/numeric/force_inline.hpp"
#include "sepax/core/numeric/lanes3.hpp"
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

inline namespace SEPAX_LANES_ISA {  // lanes3.hpp: one copy per instruction set

/// obb_to_aabb_loop for float and double, world coordinate k in lane k:
/// the same operations in the same order, so the same bounds bit for bit
/// (ObbLanes.EnclosingBoxIsTheLoopFormsOnEveryFamily).
template <class S>
SEPAX_FORCE_INLINE Aabb3<S> obb_to_aabb_lanes(const Obb3<S>& box) {
  using namespace lanes3;
  using V = decltype(make4(S(0), S(0), S(0)));
  using limits = std::numeric_limits<S>;
  const V zero = make4(S(0), S(0), S(0)), one = make4(S(1), S(1), S(1));
  const auto sum_is_exact = [zero](V x, V y, V s) {  // TwoSum, as sum_is_exact above
    const V y_part = s - x;
    return (x - (s - y_part)) + (y - y_part) == zero;
  };
  const V c = make4(box.center[0], box.center[1], box.center[2]);
  V axis[3], t[3], sum[3];  // sum[i]: e after the first i+1 terms, as the loop adds them
#pragma GCC unroll 3
  for (int i = 0; i < 3; ++i) {
    axis[i] = make4(box.axes[i][0], box.axes[i][1], box.axes[i][2]);
    t[i] = box.extents[i] * lane_abs(axis[i]);
    sum[i] = (i == 0 ? zero : sum[i - 1]) + t[i];
  }
  const V e = sum[2];
  const V lo = c - e, hi = c + e;
  const V pad = S(4) * limits::epsilon() * (lane_abs(c) + e) + S(4) * limits::denorm_min();
  Aabb3<S> out;
  // The exact path needs every entry of a coordinate's row to be 0 or ±1; a
  // rotated box has none such (the common case): both bounds move out.
  // (Axis 0's entries first: a row without a unit entry there has none to test.)
  const auto unit = [&](V x) { return (x == zero) | (lane_abs(x) == one); };
  const auto unit0 = unit(axis[0]);
  if (mask_bits(unit0) == 0) {
    store3(lo - pad, out.min.data());
    store3(hi + pad, out.max.data());
    return out;
  }
  const auto rows_unit = unit0 & unit(axis[1]) & unit(axis[2]);
  if (mask_bits(rows_unit) == 0) {
    store3(lo - pad, out.min.data());
    store3(hi + pad, out.max.data());
    return out;
  }
  // (0 + t is exact: the loop's first TwoSum always passes.)
  const auto exact = rows_unit & sum_is_exact(sum[0], t[1], sum[1]) & sum_is_exact(sum[1], t[2], sum[2]);
  store3(select(exact & sum_is_exact(c, -e, lo), lo, lo - pad), out.min.data());
  store3(select(exact & sum_is_exact(c, e, hi), hi, hi + pad), out.max.data());
  return out;
}

}  // namespace SEPAX_LANES_ISA

/// obb_to_aabb_lanes for double compiled for AVX2 (lanes_avx.cpp): four
/// doubles in one register, where the baseline build's two-register form
/// took 1.3x FCL's computeBV. Call it only when kCpuHasAvx2 is true.
Aabb3<double> obb_to_aabb_avx(const Obb3<double>& box);

/// Gomez's formula, one world coordinate at a time (see the file comment):
/// the reference form, and the form for every scalar but float and double.
template <class S>
Aabb3<S> obb_to_aabb_loop(const Obb3<S>& box) {
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

}  // namespace obb_to_aabb_detail

/// The smallest axis-aligned box containing `box` (Gomez), bounds rounded
/// outward for float and double (see the file comment). Requires extents ≥ 0.
template <class S>
Aabb3<S> obb_to_aabb(const Obb3<S>& box) {
  if constexpr (std::is_same_v<S, float> || std::is_same_v<S, double>) {
    if (!mutant("obb_to_aabb_nearest")) {
#if !defined(__AVX__) && defined(__x86_64__)
      if constexpr (std::is_same_v<S, double>)
        if (kCpuHasAvx2) return obb_to_aabb_detail::obb_to_aabb_avx(box);
#endif
      return obb_to_aabb_detail::obb_to_aabb_lanes(box);
    }
  }
  return obb_to_aabb_detail::obb_to_aabb_loop(box);
}

}  // namespace sepax
