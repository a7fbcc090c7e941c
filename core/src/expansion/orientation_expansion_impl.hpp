// orient3d and orient2d in expansions (orientation_expansion.hpp), compiled
// once per instruction set (orientation_expansion.cpp: Dekker's split
// products; orientation_expansion_fma.cpp: FMA). No #pragma once (see
// expansion.hpp).
#include "expansion/expansion.hpp"
#include "expansion/expansion_range.hpp"
#include "expansion/orientation_expansion.hpp"

namespace sepax::certified::SEPAX_EXPANSION_ISA {

namespace ex = sepax::expansion::SEPAX_EXPANSION_ISA;

/// e·f for f of ≤ 2 components: Σ_k e·f_k (≤ 4·elen components).
inline int multiply(int elen, const double* e, int flen, const double* f, double* h) {
  double t0[96], t1[96];
  const int n0 = ex::scale(elen, e, f[0], t0);
  if (flen < 2) {
    for (int i = 0; i < n0; ++i) h[i] = t0[i];
    return n0;
  }
  const int n1 = ex::scale(elen, e, f[1], t1);
  return ex::sum(n0, t0, n1, t1, h);
}

/// x − y exactly: (lo, hi) with zeros removed; returns the length.
inline int difference(double x, double y, double* h) {
  double hi, lo;
  ex::two_diff(x, y, hi, lo);
  int n = 0;
  if (lo != 0) h[n++] = lo;
  if (hi != 0) h[n++] = hi;
  return n;
}

/// p·q − r·s for 2-component expansions (the general case).
inline int minor_general(int np, const double* p, int nq, const double* q, int nr, const double* r, int ns,
                         const double* s, double* h) {
  if (np == 0 || nq == 0) {
    if (nr == 0 || ns == 0) return 0;
    const int n = multiply(nr, r, ns, s, h);
    ex::negate(n, h);
    return n;
  }
  double a[8], b[8];
  const int na = multiply(np, p, nq, q, a);
  const int nb = (nr == 0 || ns == 0) ? 0 : multiply(nr, r, ns, s, b);
  ex::negate(nb, b);
  return ex::sum(na, a, nb, b, h);
}

int orient3d_expansion(const double* a, const double* b, const double* c, const double* d) {
  const double all[12] = {a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2], d[0], d[1], d[2]};
  if (!ex::in_range_degree3(all, 12)) return 2;
  double u[3][2], v[3][2], w[3][2];  // b − a, c − a, d − a as hi + lo
  bool tails = false;
  for (int k = 0; k < 3; ++k) {
    ex::two_diff(b[k], a[k], u[k][0], u[k][1]);
    ex::two_diff(c[k], a[k], v[k][0], v[k][1]);
    ex::two_diff(d[k], a[k], w[k][0], w[k][1]);
    tails |= (u[k][1] != 0) | (v[k][1] != 0) | (w[k][1] != 0);
  }
  if (!tails) {
    // det = Σ_k u_k · (v_{k+1} w_{k+2} − v_{k+2} w_{k+1}).
    double m[3][4], t[3][8], s[16], det[24];
    int nt[3];
    for (int k = 0; k < 3; ++k) {
      const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
      const int nm = ex::product_difference(v[k1][0], w[k2][0], v[k2][0], w[k1][0], m[k]);
      nt[k] = ex::scale(nm, m[k], u[k][0], t[k]);
    }
    const int n01 = ex::sum(nt[0], t[0], nt[1], t[1], s);
    return ex::sign(ex::sum(n01, s, nt[2], t[2], det), det);
  }
  // The general case: each difference a 2-component expansion.
  double du[3][2], dv[3][2], dw[3][2];
  int nu[3], nv[3], nw[3];
  for (int k = 0; k < 3; ++k) {
    nu[k] = difference(b[k], a[k], du[k]);
    nv[k] = difference(c[k], a[k], dv[k]);
    nw[k] = difference(d[k], a[k], dw[k]);
  }
  double acc[2][192];
  int nacc = 0, cur = 0;
  for (int k = 0; k < 3; ++k) {
    const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
    double m[16], t[64];
    const int nm = minor_general(nv[k1], dv[k1], nw[k2], dw[k2], nv[k2], dv[k2], nw[k1], dw[k1], m);
    const int ntk = nu[k] == 0 || nm == 0 ? 0 : multiply(nm, m, nu[k], du[k], t);
    nacc = ex::sum(nacc, acc[cur], ntk, t, acc[cur ^ 1]);
    cur ^= 1;
  }
  return ex::sign(nacc, acc[cur]);
}

int orient2d_expansion(const double* a, const double* b, const double* c) {
  const double all[6] = {a[0], a[1], b[0], b[1], c[0], c[1]};
  if (!ex::in_range_degree3(all, 6)) return 2;
  double p[2], q[2], r[2], s[2];  // b − a, c − a as hi + lo
  ex::two_diff(b[0], a[0], p[0], p[1]);
  ex::two_diff(c[1], a[1], q[0], q[1]);
  ex::two_diff(b[1], a[1], r[0], r[1]);
  ex::two_diff(c[0], a[0], s[0], s[1]);
  if (p[1] == 0 && q[1] == 0 && r[1] == 0 && s[1] == 0) {
    double h[4];
    return ex::sign(ex::product_difference(p[0], q[0], r[0], s[0], h), h);
  }
  double dp[2], dq[2], dr[2], ds[2], h[16];
  const int np = difference(b[0], a[0], dp), nq = difference(c[1], a[1], dq);
  const int nr = difference(b[1], a[1], dr), ns = difference(c[0], a[0], ds);
  return ex::sign(minor_general(np, dp, nq, dq, nr, dr, ns, ds, h), h);
}

}  // namespace sepax::certified::SEPAX_EXPANSION_ISA
