// R(Ω·t) by Rodrigues' formula in 256-bit MPFR (exact_rotation.hpp). Ω and t
// are exact doubles; |Ω|, θ, sin θ and cos θ carry 256-bit rounding only, far
// below double's, so each entry is the correctly rounded value except within
// ~2^-200 of a rounding boundary.
#include "sepax/oracle/exact_rotation.hpp"

#include <mpfr.h>

namespace sepax::oracle {
namespace {

struct Mp {
  mpfr_t v;
  Mp() { mpfr_init2(v, 256); }
  explicit Mp(double x) : Mp() { mpfr_set_d(v, x, MPFR_RNDN); }
  ~Mp() { mpfr_clear(v); }
  Mp(const Mp&) = delete;
  Mp& operator=(const Mp&) = delete;
};

}  // namespace

Eigen::Matrix3d rotation_exact(const Eigen::Vector3d& omega, double t) {
  Mp w[3], norm, theta, s, c, one_minus_c;
  for (int k = 0; k < 3; ++k) mpfr_set_d(w[k].v, omega[k], MPFR_RNDN);
  mpfr_set_zero(norm.v, 1);
  for (int k = 0; k < 3; ++k) {
    Mp sq;
    mpfr_sqr(sq.v, w[k].v, MPFR_RNDN);
    mpfr_add(norm.v, norm.v, sq.v, MPFR_RNDN);
  }
  mpfr_sqrt(norm.v, norm.v, MPFR_RNDN);
  if (mpfr_zero_p(norm.v) || t == 0) return Eigen::Matrix3d::Identity();
  Mp tt(t);
  mpfr_mul(theta.v, norm.v, tt.v, MPFR_RNDN);
  mpfr_sin_cos(s.v, c.v, theta.v, MPFR_RNDN);
  mpfr_ui_sub(one_minus_c.v, 1, c.v, MPFR_RNDN);
  Mp u[3];  // the unit axis
  for (int k = 0; k < 3; ++k) mpfr_div(u[k].v, w[k].v, norm.v, MPFR_RNDN);
  // R_ij = cos θ·δ_ij + (1 − cos θ)·u_i·u_j − sin θ·ε_ijk·u_k
  Eigen::Matrix3d r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      Mp x, y;
      mpfr_mul(x.v, u[i].v, u[j].v, MPFR_RNDN);
      mpfr_mul(x.v, x.v, one_minus_c.v, MPFR_RNDN);
      if (i == j) mpfr_add(x.v, x.v, c.v, MPFR_RNDN);
      if (i != j) {
        const int k = 3 - i - j;
        const int sign = (j == (i + 1) % 3) ? -1 : 1;  // K_ij = −ε_ijk u_k: K_01 = −u_2, K_10 = u_2, …
        mpfr_mul(y.v, s.v, u[k].v, MPFR_RNDN);
        if (sign < 0) mpfr_sub(x.v, x.v, y.v, MPFR_RNDN);
        else mpfr_add(x.v, x.v, y.v, MPFR_RNDN);
      }
      r(i, j) = mpfr_get_d(x.v, MPFR_RNDN);
    }
  return r;
}

}  // namespace sepax::oracle
