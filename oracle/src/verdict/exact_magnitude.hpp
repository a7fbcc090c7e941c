#pragma once
/// \file Internal: turning an exactly known squared magnitude into a double.
#include <boost/multiprecision/gmp.hpp>
#include <mpfr.h>

#include "verdict/exact_sets.hpp"

namespace sepax::oracle::detail {

/// sign · √square / scale. The sign (and so the zero) comes from the caller's
/// exact test, never from the floating-point value (MPFR would round an exact
/// 0 produced by cancellation to ~1e-100, ORACLE-NOTES). The magnitude is
/// computed with 128-bit MPFR and rounded once to double.
inline double signed_root(int sign, const Exact& square, double scale) {
  if (sign == 0) return 0.0;
  mpfr_t x;
  mpfr_init2(x, 128);
  mpfr_set_q(x, square.backend().data(), MPFR_RNDN);
  mpfr_sqrt(x, x, MPFR_RNDN);
  mpfr_div_d(x, x, scale, MPFR_RNDN);
  const double magnitude = mpfr_get_d(x, MPFR_RNDN);
  mpfr_clear(x);
  return sign < 0 ? -magnitude : magnitude;
}

}  // namespace sepax::oracle::detail
