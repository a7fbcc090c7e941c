// Floating-point expansions: exact sums and products of doubles as
// nonoverlapping sums of doubles, smallest magnitude first (Shewchuk,
// "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
// Predicates", Discrete Comput. Geom. 18, 1997; the routines follow his
// predicates.c, with zero elimination). The certified kernels' exact stage
// between their double filters and the integers/GMP (expansion_range.hpp says
// where it is exact).
//
// No #pragma once: each instruction-set copy includes it once inside its own
// namespace (SEPAX_EXPANSION_ISA), so that the copy built with FMA (-mfma
// also enables AVX encodings) is never linked in place of the baseline one.
// Every including unit must be compiled with -ffp-contract=off: a product
// fused into a sum would change the error-free transformations.
// Conventions: an expansion is (length, components); length 0 is zero, and no
// component is 0 (zero elimination), so the sign is that of the last one.
#ifndef SEPAX_EXPANSION_ISA
#error "define SEPAX_EXPANSION_ISA (a namespace name) before including expansion.hpp"
#endif
#include <cmath>

#include "sepax/core/numeric/force_inline.hpp"

namespace sepax::expansion::SEPAX_EXPANSION_ISA {

#ifdef __FMA__
inline constexpr bool kHardwareFma = true;
#else
inline constexpr bool kHardwareFma = false;
#endif

/// Knuth's TwoSum (Shewchuk Thm. 7): x = fl(a + b), x + y = a + b exactly.
SEPAX_FORCE_INLINE void two_sum(double a, double b, double& x, double& y) {
  x = a + b;
  const double bv = x - a, av = x - bv;
  y = (a - av) + (b - bv);
}

/// Dekker's FastTwoSum (Shewchuk Thm. 6), for |a| ≥ |b| (or a = 0).
SEPAX_FORCE_INLINE void fast_two_sum(double a, double b, double& x, double& y) {
  x = a + b;
  y = b - (x - a);
}

/// x = fl(a − b), x + y = a − b exactly.
SEPAX_FORCE_INLINE void two_diff(double a, double b, double& x, double& y) {
  x = a - b;
  const double bv = a - x, av = x + bv;
  y = (a - av) + (bv - b);
}

/// Veltkamp's split (Shewchuk Thm. 17): a = hi + lo, each of ≤ 26 bits.
SEPAX_FORCE_INLINE void split(double a, double& hi, double& lo) {
  const double c = 134217729.0 * a;  // 2²⁷ + 1
  const double big = c - a;
  hi = c - big;
  lo = a - hi;
}

/// TwoProduct: x = fl(a·b), x + y = a·b exactly — one FMA (the error of a
/// product is representable), or Dekker's split product (Shewchuk Thm. 18)
/// without FMA. Exact when a·b is a multiple of 2⁻¹⁰⁷⁴ and far from overflow
/// (expansion_range.hpp).
template <bool Fma = kHardwareFma>
SEPAX_FORCE_INLINE void two_product(double a, double b, double& x, double& y) {
  x = a * b;
  if constexpr (Fma) {
    y = std::fma(a, b, -x);
  } else {
    double ah, al, bh, bl;
    split(a, ah, al);
    split(b, bh, bl);
    const double e1 = x - ah * bh, e2 = e1 - al * bh, e3 = e2 - ah * bl;
    y = al * bl - e3;
  }
}

/// a·b − c·d exactly, ≤ 4 components (predicates.c's Two_Product pair and
/// Two_Two_Diff, zeros removed).
template <bool Fma = kHardwareFma>
inline int product_difference(double a, double b, double c, double d, double* h) {
  double x1, x0, y1, y0;
  two_product<Fma>(a, b, x1, x0);
  two_product<Fma>(c, d, y1, y0);
  // Two_Two_Diff(x1, x0, y1, y0): (x1 + x0) − y0, then − y1.
  double i, j, k, t0, t1, t2, t3;
  two_diff(x0, y0, i, t0);
  two_sum(x1, i, j, k);  // x1 + x0 − y0 = j + k + t0
  double m, n;
  two_diff(k, y1, m, t1);
  two_sum(j, m, t3, n);
  t2 = n;
  const double parts[4] = {t0, t1, t2, t3};
  int len = 0;
  for (const double p : parts)
    if (p != 0) h[len++] = p;
  return len;
}

/// h = e + b (Grow-Expansion, Shewchuk Thm. 10), zeros removed; h ≠ e.
inline int grow(int elen, const double* e, double b, double* h) {
  double q = b;
  int len = 0;
  for (int i = 0; i < elen; ++i) {
    double s, t;
    two_sum(q, e[i], s, t);
    q = s;
    if (t != 0) h[len++] = t;
  }
  if (q != 0) h[len++] = q;
  return len;
}

/// h = e + f (Fast-Expansion-Sum, Shewchuk Thm. 13, needs round-to-nearest-
/// even), zeros removed; h is neither e nor f.
inline int sum(int elen, const double* e, int flen, const double* f, double* h) {
  if (elen == 0 || flen == 0) {
    const double* src = elen == 0 ? f : e;
    const int n = elen == 0 ? flen : elen;
    for (int i = 0; i < n; ++i) h[i] = src[i];
    return n;
  }
  int ei = 0, fi = 0, len = 0;
  double enow = e[0], fnow = f[0], q, qn, hh;
  // The smaller magnitude first (predicates.c's comparison).
  if ((fnow > enow) == (fnow > -enow)) {
    q = enow;
    ++ei;
  } else {
    q = fnow;
    ++fi;
  }
  if (ei < elen && fi < flen) {
    enow = e[ei];
    fnow = f[fi];
    if ((fnow > enow) == (fnow > -enow)) {
      fast_two_sum(enow, q, qn, hh);
      ++ei;
    } else {
      fast_two_sum(fnow, q, qn, hh);
      ++fi;
    }
    q = qn;
    if (hh != 0) h[len++] = hh;
    while (ei < elen && fi < flen) {
      enow = e[ei];
      fnow = f[fi];
      if ((fnow > enow) == (fnow > -enow)) {
        two_sum(q, enow, qn, hh);
        ++ei;
      } else {
        two_sum(q, fnow, qn, hh);
        ++fi;
      }
      q = qn;
      if (hh != 0) h[len++] = hh;
    }
  }
  for (; ei < elen; ++ei) {
    two_sum(q, e[ei], qn, hh);
    q = qn;
    if (hh != 0) h[len++] = hh;
  }
  for (; fi < flen; ++fi) {
    two_sum(q, f[fi], qn, hh);
    q = qn;
    if (hh != 0) h[len++] = hh;
  }
  if (q != 0) h[len++] = q;
  return len;
}

/// h = e·b (Scale-Expansion, Shewchuk Thm. 19), zeros removed; h ≠ e; h
/// holds up to 2·elen components.
template <bool Fma = kHardwareFma>
inline int scale(int elen, const double* e, double b, double* h) {
  if (elen == 0 || b == 0) return 0;
  double q, hh, p1, p0, s;
  int len = 0;
  two_product<Fma>(e[0], b, q, hh);
  if (hh != 0) h[len++] = hh;
  for (int i = 1; i < elen; ++i) {
    two_product<Fma>(e[i], b, p1, p0);
    two_sum(q, p0, s, hh);
    if (hh != 0) h[len++] = hh;
    fast_two_sum(p1, s, q, hh);
    if (hh != 0) h[len++] = hh;
  }
  if (q != 0) h[len++] = q;
  return len;
}

/// The same value in as few components as Compress gives (Shewchuk §2.8,
/// predicates.c's compress); h ≠ e.
inline int compress(int elen, const double* e, double* h) {
  if (elen == 0) return 0;
  int bottom = elen - 1;
  double q = e[bottom], qn, r;
  for (int i = elen - 2; i >= 0; --i) {
    fast_two_sum(q, e[i], qn, r);
    if (r != 0) {
      h[bottom--] = qn;
      q = r;
    } else {
      q = qn;
    }
  }
  int top = 0;
  for (int i = bottom + 1; i < elen; ++i) {
    fast_two_sum(h[i], q, qn, r);
    if (r != 0) h[top++] = r;
    q = qn;
  }
  if (q != 0) h[top++] = q;
  return top;
}

/// The sign of an expansion: its largest component's (the last).
inline int sign(int elen, const double* e) { return elen == 0 ? 0 : (e[elen - 1] > 0 ? 1 : -1); }

/// −e in place.
inline void negate(int elen, double* e) {
  for (int i = 0; i < elen; ++i) e[i] = -e[i];
}

/// An approximation: the components' sum (Shewchuk's estimate).
inline double estimate(int elen, const double* e) {
  double s = 0;
  for (int i = 0; i < elen; ++i) s += e[i];
  return s;
}

}  // namespace sepax::expansion::SEPAX_EXPANSION_ISA
