// The OBB–OBB expansion stage (obb_obb_expansion_gap.hpp), compiled once per
// instruction set: obb_obb_expansion_gap.cpp (any x86-64: Dekker's split
// products) and obb_obb_expansion_gap_fma.cpp (FMA products). Both compute
// the same exact values. No #pragma once (see expansion.hpp).
#include "expansion/expansion.hpp"
#include "expansion/expansion_range.hpp"
#include "expansion/obb_obb_expansion_gap.hpp"

namespace sepax::obb_obb::certified::SEPAX_EXPANSION_ISA {

namespace ex = sepax::expansion::SEPAX_EXPANSION_ISA;

/// u × v exactly, componentwise (≤ 4 components each).
inline void cross_exact(const double (&u)[3], const double (&v)[3], int (&len)[3], double (&c)[3][4]) {
  len[0] = ex::product_difference(u[1], v[2], u[2], v[1], c[0]);
  len[1] = ex::product_difference(u[2], v[0], u[0], v[2], c[1]);
  len[2] = ex::product_difference(u[0], v[1], u[1], v[0], c[2]);
}

/// l·x exactly (≤ 24 components), not compressed.
inline int dot_exact(const int (&len)[3], const double (&l)[3][4], const double (&x)[3], double* h) {
  double t0[8], t1[8], t2[8], s[16];
  const int n0 = ex::scale(len[0], l[0], x[0], t0);
  const int n1 = ex::scale(len[1], l[1], x[1], t1);
  const int n2 = ex::scale(len[2], l[2], x[2], t2);
  const int n01 = ex::sum(n0, t0, n1, t1, s);
  return ex::sum(n01, s, n2, t2, h);
}

/// The same, compressed (kept in the cache and scaled again by an extent).
inline int dot_compressed(const int (&len)[3], const double (&l)[3][4], const double (&x)[3], double* h) {
  double raw[24];
  const int n = dot_exact(len, l, x, raw);
  return ex::compress(n, raw, h);
}

/// N_i (k = i) or M_j (k = 3 + j), formed once.
inline int normal_index(ExpansionCache& c, int k) {
  if (!(c.have & (1u << k))) {
    const auto& f = k < 3 ? c.a : c.b;
    const int i = k % 3;
    cross_exact(f[(i + 1) % 3], f[(i + 2) % 3], c.normal_len[k], c.normal[k]);
    c.have |= 1u << k;
  }
  return k;
}

/// P_ij = N_i·B_j.
inline void p_exact(ExpansionCache& c, int i, int j, const double*& t, int& n) {
  const int bit = 6 + 3 * i + j;
  if (!(c.have & (1u << bit))) {
    const int k = normal_index(c, i);
    c.p_len[3 * i + j] = dot_compressed(c.normal_len[k], c.normal[k], c.b[j], c.p[3 * i + j]);
    c.have |= 1u << bit;
  }
  t = c.p[3 * i + j];
  n = c.p_len[3 * i + j];
}

/// Q_ij = A_i·M_j.
inline void q_exact(ExpansionCache& c, int i, int j, const double*& t, int& n) {
  const int bit = 15 + 3 * i + j;
  if (!(c.have & (1u << bit))) {
    const int k = normal_index(c, 3 + j);
    c.q_len[3 * i + j] = dot_compressed(c.normal_len[k], c.normal[k], c.a[i], c.q[3 * i + j]);
    c.have |= 1u << bit;
  }
  t = c.q[3 * i + j];
  n = c.q_len[3 * i + j];
}

/// det A = N_0·A_0 (box 0) or det B = M_0·B_0 (box 1).
inline void det_exact(ExpansionCache& c, int box, const double*& t, int& n) {
  const int bit = 24 + box;
  if (!(c.have & (1u << bit))) {
    const int k = normal_index(c, 3 * box);
    c.det_len[box] = dot_compressed(c.normal_len[k], c.normal[k], box == 0 ? c.a[0] : c.b[0], c.det[box]);
    c.have |= 1u << bit;
  }
  t = c.det[box];
  n = c.det_len[box];
}

/// The full expansions (≤ 288 components): the exact sign.
inline int full_gap_sign(ExpansionCache& c, const SeparatingAxis& axis) {
  struct Term {
    double extent;
    const double* t;
    int n;
  } terms[5];
  int count = 0;
  const auto add = [&](double extent, const double* t, int n) {
    if (extent != 0 && n != 0) terms[count++] = {extent, t, n};
  };
  const double* t;
  int n;
  int cross_len[3];
  double cross[3][4];
  const int(*llen)[3];
  const double(*l)[3][4];
  switch (axis.kind) {
    case AxisKind::face_a: {
      const int i = axis.i, k = normal_index(c, i);
      llen = &c.normal_len[k];
      l = &c.normal[k];
      det_exact(c, 0, t, n);
      add(c.ea[i], t, n);
      for (int j = 0; j < 3; ++j) {
        p_exact(c, i, j, t, n);
        add(c.eb[j], t, n);
      }
      break;
    }
    case AxisKind::face_b: {
      const int j = axis.j, k = normal_index(c, 3 + j);
      llen = &c.normal_len[k];
      l = &c.normal[k];
      for (int i = 0; i < 3; ++i) {
        q_exact(c, i, j, t, n);
        add(c.ea[i], t, n);
      }
      det_exact(c, 1, t, n);
      add(c.eb[j], t, n);
      break;
    }
    default: {
      // L = A_i × B_j: A_{i+1}·L = −P_{i+2,j}, A_{i+2}·L = P_{i+1,j},
      // B_{j+1}·L = Q_{i,j+2}, B_{j+2}·L = −Q_{i,j+1} (signs vanish in |·|).
      const int i = axis.i, j = axis.j, i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      cross_exact(c.a[i], c.b[j], cross_len, cross);
      llen = &cross_len;
      l = &cross;
      p_exact(c, i2, j, t, n);
      add(c.ea[i1], t, n);
      p_exact(c, i1, j, t, n);
      add(c.ea[i2], t, n);
      q_exact(c, i, j2, t, n);
      add(c.eb[j1], t, n);
      q_exact(c, i, j1, t, n);
      add(c.eb[j2], t, n);
      break;
    }
  }
  // |L·D| with D = dhi + dlo exactly (≤ 48 components).
  double lead_hi[24], lead_lo[24], lead[48];
  const int nh = dot_exact(*llen, *l, c.dhi, lead_hi);
  const int nlo = (c.dlo[0] != 0 || c.dlo[1] != 0 || c.dlo[2] != 0) ? dot_exact(*llen, *l, c.dlo, lead_lo) : 0;
  int nl = ex::sum(nh, lead_hi, nlo, lead_lo, lead);
  // −Σ extent·|T| (≤ 5 · 48 components), then the gap (≤ 288).
  double radii[2][240];
  int nr = 0, cur = 0;
  for (int k = 0; k < count; ++k) {
    double s[48];
    const double e = ex::sign(terms[k].n, terms[k].t) > 0 ? -terms[k].extent : terms[k].extent;
    const int ns = ex::scale(terms[k].n, terms[k].t, e, s);
    nr = ex::sum(nr, radii[cur], ns, s, radii[cur ^ 1]);
    cur ^= 1;
  }
  if (ex::sign(nl, lead) < 0) ex::negate(nl, lead);
  double gap[288];
  const int ng = ex::sum(nl, lead, nr, radii[cur], gap);
  return ex::sign(ng, gap);
}

// ---- The adaptive stage (Shewchuk 1997 §4's idea: an approximation whose
// error terms are computed exactly, and a bound made of them) ----
//
// Values are pairs hi + lo (hi = fl(hi + lo)) with a bound err ≥ |exact −
// (hi + lo)|. Every operation is an error-free transformation (TwoProduct,
// TwoSum, TwoDiff: exact inside expansion_range.hpp's range) that keeps the
// leading two parts and drops the third, whose magnitude — an exact error
// term — is added to err. err = 0 therefore means nothing was dropped: the
// pair is the exact value (the lattice boxes of exact contact, float boxes
// whose products fit). Otherwise err is second order (≈ u²·|terms|), and a
// gap with |hi| > 2·err has hi's sign. The bounds' own arithmetic adds and
// multiplies nonnegative normal numbers (every nonzero error term lies on
// the range's grid, ≥ 2⁻¹⁰⁰⁸) in chains of fewer than 40 roundings, which
// kInflate covers.
inline constexpr double kInflate = 1.0 + 0x1p-45;

using Approx = ExpansionCache::Approx3;

// ---- The quick stage: plain double, each rounding's error formed exactly
// beside it (off the critical path), their magnitudes summed into a bound.
// Bound 0: nothing was rounded and the double gap is the exact one (float
// boxes whose products and sums fit 53 bits, the lattice boxes of exact
// contact); else a first-order bound, tighter than the filter's a-priori one.
// Same rounding argument for the bound's own arithmetic as below.

/// u × w: values n and first-order tails t (N_k = n_k + s + x0 − y0).
SEPAX_FORCE_INLINE void cross_quick(const double (&u)[3], const double (&w)[3], double (&n)[3], double (&t)[3]) {
#pragma GCC unroll 3
  for (int k = 0; k < 3; ++k) {
    const int a = (k + 1) % 3, b = (k + 2) % 3;
    double x1, x0, y1, y0, s;
    ex::two_product(u[a], w[b], x1, x0);
    ex::two_product(u[b], w[a], y1, y0);
    ex::two_diff(x1, y1, n[k], s);
    t[k] = std::fabs(s) + (std::fabs(x0) + std::fabs(y0));
  }
}

/// n·x for n with tails t: the value and its bound.
SEPAX_FORCE_INLINE double dot_quick(const double* n, const double* t, const double (&x)[3], double& err) {
  double m0, f0, m1, f1, m2, f2, s1, e1, v, e2;
  ex::two_product(n[0], x[0], m0, f0);
  ex::two_product(n[1], x[1], m1, f1);
  ex::two_product(n[2], x[2], m2, f2);
  ex::two_sum(m0, m1, s1, e1);
  ex::two_sum(s1, m2, v, e2);
  err = (std::fabs(e1) + std::fabs(e2)) + (std::fabs(f0) + std::fabs(f1) + std::fabs(f2)) +
        (t[0] * std::fabs(x[0]) + t[1] * std::fabs(x[1]) + t[2] * std::fabs(x[2]));
  return v;
}

inline int normal_quick(ExpansionCache& c, int k) {
  if (!(c.have_quick & (1u << k))) {
    const auto& f = k < 3 ? c.a : c.b;
    const int i = k % 3;
    cross_quick(f[(i + 1) % 3], f[(i + 2) % 3], c.normal_v[k], c.normal_t[k]);
    c.have_quick |= 1u << k;
  }
  return k;
}

/// P_ij (which = 0), Q_ij (which = 1), det A (which = 2, i = 0) or det B
/// (which = 2, i = 1): value and bound, formed once.
inline double projection_quick(ExpansionCache& c, int which, int i, int j, double& err) {
  const int index = which < 2 ? 9 * which + 3 * i + j : 18 + i;
  const int bit = 6 + index;
  if (!(c.have_quick & (1u << bit))) {
    const int k = which == 0 ? normal_quick(c, i) : which == 1 ? normal_quick(c, 3 + j) : normal_quick(c, 3 * i);
    const double(&x)[3] = which == 0 ? c.b[j] : which == 1 ? c.a[i] : (i == 0 ? c.a[0] : c.b[0]);
    c.proj_v[index] = dot_quick(c.normal_v[k], c.normal_t[k], x, c.proj_t[index]);
    c.have_quick |= 1u << bit;
  }
  err = c.proj_t[index];
  return c.proj_v[index];
}

/// The gap's sign when the quick stage can tell, else 2.
inline int quick_gap_sign(ExpansionCache& c, const SeparatingAxis& axis) {
  double radii = 0, err = 0;
  const auto add = [&](double extent, double v, double t) __attribute__((always_inline)) {
    double r, g, s, h;
    ex::two_product(extent, std::fabs(v), r, g);
    ex::two_sum(radii, r, s, h);
    radii = s;
    err += (std::fabs(g) + std::fabs(h)) + extent * t;
  };
  double t, cross_v[3], cross_t[3];
  const double *lv = nullptr, *lt = nullptr;
  switch (axis.kind) {
    case AxisKind::face_a: {
      const int i = axis.i, k = normal_quick(c, i);
      lv = c.normal_v[k];
      lt = c.normal_t[k];
      double v = projection_quick(c, 2, 0, 0, t);
      add(c.ea[i], v, t);
      for (int j = 0; j < 3; ++j) {
        v = projection_quick(c, 0, i, j, t);
        add(c.eb[j], v, t);
      }
      break;
    }
    case AxisKind::face_b: {
      const int j = axis.j, k = normal_quick(c, 3 + j);
      lv = c.normal_v[k];
      lt = c.normal_t[k];
      double v;
      for (int i = 0; i < 3; ++i) {
        v = projection_quick(c, 1, i, j, t);
        add(c.ea[i], v, t);
      }
      v = projection_quick(c, 2, 1, 0, t);
      add(c.eb[j], v, t);
      break;
    }
    default: {
      const int i = axis.i, j = axis.j, i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      cross_quick(c.a[i], c.b[j], cross_v, cross_t);
      lv = cross_v;
      lt = cross_t;
      double v = projection_quick(c, 0, i2, j, t);
      add(c.ea[i1], v, t);
      v = projection_quick(c, 0, i1, j, t);
      add(c.ea[i2], v, t);
      v = projection_quick(c, 1, i, j2, t);
      add(c.eb[j1], v, t);
      v = projection_quick(c, 1, i, j1, t);
      add(c.eb[j2], v, t);
      break;
    }
  }
  // |L·D|, D = dhi + dlo: the dlo part enters the bound only.
  double lead_err;
  const double lead = std::fabs(dot_quick(lv, lt, c.dhi, lead_err));
  err += lead_err + ((std::fabs(lv[0]) + lt[0]) * std::fabs(c.dlo[0]) + (std::fabs(lv[1]) + lt[1]) * std::fabs(c.dlo[1]) +
                     (std::fabs(lv[2]) + lt[2]) * std::fabs(c.dlo[2]));
  double gap, z;
  ex::two_diff(lead, radii, gap, z);
  err += std::fabs(z);
  if (err == 0) return gap > 0 ? 1 : (gap < 0 ? -1 : 0);  // nothing rounded: exact
  err *= kInflate;
  return gap > err ? 1 : (gap < -err ? -1 : 2);
}


/// a·b − c·d.
SEPAX_FORCE_INLINE Approx approx_product_difference(double a, double b, double c, double d) {
  double x1, x0, y1, y0, h, s, l, r1, m, r2;
  ex::two_product(a, b, x1, x0);
  ex::two_product(c, d, y1, y0);
  ex::two_diff(x1, y1, h, s);
  ex::two_diff(x0, y0, l, r1);
  ex::two_sum(s, l, m, r2);
  Approx out;
  ex::two_sum(h, m, out.hi, out.lo);
  out.err = std::fabs(r1) + std::fabs(r2);
  return out;
}

/// A·b.
SEPAX_FORCE_INLINE Approx approx_scale(const Approx& x, double b) {
  double p, q, m, r3, l, r4;
  ex::two_product(x.hi, b, p, q);
  ex::two_product(x.lo, b, m, r3);
  ex::two_sum(q, m, l, r4);
  Approx out;
  ex::two_sum(p, l, out.hi, out.lo);
  out.err = x.err * std::fabs(b) + (std::fabs(r3) + std::fabs(r4));
  return out;
}

/// A + B.
SEPAX_FORCE_INLINE Approx approx_add(const Approx& x, const Approx& y) {
  double s, e, l1, r1, l2, r2;
  ex::two_sum(x.hi, y.hi, s, e);
  ex::two_sum(x.lo, y.lo, l1, r1);
  ex::two_sum(l1, e, l2, r2);
  Approx out;
  ex::two_sum(s, l2, out.hi, out.lo);
  out.err = (x.err + y.err) + (std::fabs(r1) + std::fabs(r2));
  return out;
}

/// |A| (hi carries the sign; ||X| − |hi + lo|| ≤ err whatever X's sign).
SEPAX_FORCE_INLINE Approx approx_abs(Approx x) {
  if (x.hi < 0) {
    x.hi = -x.hi;
    x.lo = -x.lo;
  }
  return x;
}

/// u × w componentwise.
SEPAX_FORCE_INLINE void cross_approx(const double (&u)[3], const double (&w)[3], Approx (&n)[3]) {
  n[0] = approx_product_difference(u[1], w[2], u[2], w[1]);
  n[1] = approx_product_difference(u[2], w[0], u[0], w[2]);
  n[2] = approx_product_difference(u[0], w[1], u[1], w[0]);
}

/// n·x.
SEPAX_FORCE_INLINE Approx dot_approx(const Approx* n, const double (&x)[3]) {
  return approx_add(approx_add(approx_scale(n[0], x[0]), approx_scale(n[1], x[1])), approx_scale(n[2], x[2]));
}

/// N_i (k = i) or M_j (k = 3 + j), formed once.
inline int normal_approx(ExpansionCache& c, int k) {
  if (!(c.have_approx & (1u << k))) {
    const auto& f = k < 3 ? c.a : c.b;
    const int i = k % 3;
    cross_approx(f[(i + 1) % 3], f[(i + 2) % 3], c.normal_approx[k]);
    c.have_approx |= 1u << k;
  }
  return k;
}

inline const Approx* normal_of(const ExpansionCache& c, int k) { return c.normal_approx[k]; }

/// P_ij (which = 0) or Q_ij (which = 1), formed once.
inline Approx pq_approx(ExpansionCache& c, int which, int i, int j) {
  const int index = 3 * i + j, bit = 6 + 9 * which + index;
  auto& slot = c.pq_approx[which][index];
  if (!(c.have_approx & (1u << bit))) {
    const int k = which == 0 ? normal_approx(c, i) : normal_approx(c, 3 + j);
    slot = dot_approx(normal_of(c, k), which == 0 ? c.b[j] : c.a[i]);
    c.have_approx |= 1u << bit;
  }
  return slot;
}

/// det A (box 0) or det B (box 1).
inline Approx det_approx(ExpansionCache& c, int box) {
  const int bit = 24 + box;
  auto& slot = c.det_approx[box];
  if (!(c.have_approx & (1u << bit))) {
    const int k = normal_approx(c, 3 * box);
    slot = dot_approx(normal_of(c, k), box == 0 ? c.a[0] : c.b[0]);
    c.have_approx |= 1u << bit;
  }
  return slot;
}

/// The gap's sign when the adaptive stage can tell, else 2.
inline int adaptive_gap_sign(ExpansionCache& c, const SeparatingAxis& axis) {
  Approx radii{0, 0, 0};
  const auto add = [&](double extent, const Approx& t) __attribute__((always_inline)) {
    radii = approx_add(radii, approx_scale(approx_abs(t), extent));
  };
  Approx cross[3];
  const Approx* l = nullptr;
  switch (axis.kind) {
    case AxisKind::face_a: {
      const int i = axis.i;
      l = normal_of(c, normal_approx(c, i));
      add(c.ea[i], det_approx(c, 0));
      for (int j = 0; j < 3; ++j) add(c.eb[j], pq_approx(c, 0, i, j));
      break;
    }
    case AxisKind::face_b: {
      const int j = axis.j;
      l = normal_of(c, normal_approx(c, 3 + j));
      for (int i = 0; i < 3; ++i) add(c.ea[i], pq_approx(c, 1, i, j));
      add(c.eb[j], det_approx(c, 1));
      break;
    }
    default: {
      const int i = axis.i, j = axis.j, i1 = (i + 1) % 3, i2 = (i + 2) % 3, j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      cross_approx(c.a[i], c.b[j], cross);
      l = cross;
      add(c.ea[i1], pq_approx(c, 0, i2, j));
      add(c.ea[i2], pq_approx(c, 0, i1, j));
      add(c.eb[j1], pq_approx(c, 1, i, j2));
      add(c.eb[j2], pq_approx(c, 1, i, j1));
      break;
    }
  }
  // |L·D|, D = dhi + dlo exactly.
  Approx lead = dot_approx(l, c.dhi);
  if (c.dlo[0] != 0 || c.dlo[1] != 0 || c.dlo[2] != 0) lead = approx_add(lead, dot_approx(l, c.dlo));
  radii.hi = -radii.hi;
  radii.lo = -radii.lo;
  const Approx gap = approx_add(approx_abs(lead), radii);
  const int sign = gap.hi > 0 ? 1 : (gap.hi < 0 ? -1 : 0);
  if (gap.err == 0) return sign;  // nothing dropped: exact
  return std::fabs(gap.hi) > 2 * kInflate * gap.err ? sign : 2;
}

int expansion_gap_sign(ExpansionCache& c, const SeparatingAxis& axis, GapStage stage) {
  if (c.state < 0) return 2;
  if (stage != GapStage::full_only) {
    int sign = quick_gap_sign(c, axis);
    if (sign == 2) sign = adaptive_gap_sign(c, axis);
    if (sign != 2 || stage == GapStage::adaptive_only) return sign;
  }
  return full_gap_sign(c, axis);
}

}  // namespace sepax::obb_obb::certified::SEPAX_EXPANSION_ISA
