#pragma once
/// \file Internal (the CGAL QP translation units): exact conversions between the
/// QP solver's number type and the oracle's GMP rationals.
#include <CGAL/Gmpzf.h>
#include <gmp.h>

#include "verdict/exact_sets.hpp"

namespace sepax::oracle::detail {

/// m·2^e exactly.
inline Exact to_exact(const CGAL::Gmpzf& x) {
  Exact r;
  mpq_ptr q = r.backend().data();
  mpq_set_z(q, x.man());
  const long e = x.exp();
  if (e > 0) mpq_mul_2exp(q, q, static_cast<mp_bitcnt_t>(e));
  if (e < 0) mpq_div_2exp(q, q, static_cast<mp_bitcnt_t>(-e));
  return r;
}

/// numerator / denominator exactly (denominator ≠ 0), canonical.
inline Exact quotient(const CGAL::Gmpzf& numerator, const CGAL::Gmpzf& denominator) {
  return to_exact(numerator) / to_exact(denominator);
}

}  // namespace sepax::oracle::detail
