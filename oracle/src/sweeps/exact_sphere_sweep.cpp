// Exact sphere–sphere sweep (exact_sphere_sweep.hpp). With p = B − A,
// v = db − da and R = r_a + r_b, the balls touch at u while
// f(u) = a·u² + 2β·u + c ≤ 0, a = v·v, β = v·p, c = p·p − R² (Gomez's
// quadratic), all exact rationals of the stored doubles. State: c ≤ 0 ⇒
// overlapping at start; else they meet in [0, 1] iff f(1) ≤ 0 or the vertex
// −β/a lies in (0, 1) with f there ≤ 0, i.e. disc = β² − a·c ≥ 0. The roots
// (−β ∓ √disc)/a are taken in 256-bit MPFR from the exact rationals and
// rounded once; the tests check them against exact signs of f at their
// neighbouring doubles, independently of this formula.
#include "sepax/oracle/exact_sphere_sweep.hpp"

#include <algorithm>

#include <boost/multiprecision/gmp.hpp>
#include <mpfr.h>

namespace sepax::oracle {
namespace {

using Exact = boost::multiprecision::mpq_rational;

struct Quadratic {
  Exact a, beta, c;

  Quadratic(const Sphere3<double>& sa, const Vec3<double>& da, const Sphere3<double>& sb, const Vec3<double>& db) {
    Exact pp = 0;
    a = 0, beta = 0;
    for (int k = 0; k < 3; ++k) {
      const Exact p = Exact(sb.center[k]) - Exact(sa.center[k]);
      const Exact v = Exact(db[k]) - Exact(da[k]);
      pp += p * p;
      a += v * v;
      beta += v * p;
    }
    const Exact r = Exact(sa.radius) + Exact(sb.radius);
    c = pp - r * r;
  }
  Exact at(const Exact& u) const { return (a * u + 2 * beta) * u + c; }
};

/// (−β + sign·√disc) / a, rounded to the nearest double.
double root(const Quadratic& q, const Exact& disc, int sign) {
  mpfr_t s, x;
  mpfr_inits2(256, s, x, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_q(s, disc.backend().data(), MPFR_RNDN);
  mpfr_sqrt(s, s, MPFR_RNDN);
  if (sign < 0) mpfr_neg(s, s, MPFR_RNDN);
  const Exact minus_beta = -q.beta;
  mpfr_set_q(x, minus_beta.backend().data(), MPFR_RNDN);
  mpfr_add(x, x, s, MPFR_RNDN);
  mpfr_t a;
  mpfr_init2(a, 256);
  mpfr_set_q(a, q.a.backend().data(), MPFR_RNDN);
  mpfr_div(x, x, a, MPFR_RNDN);
  const double out = mpfr_get_d(x, MPFR_RNDN);
  mpfr_clears(s, x, a, static_cast<mpfr_ptr>(nullptr));
  return out;
}

}  // namespace

ExactSweep sphere_sphere_sweep_exact(const Sphere3<double>& a, const Vec3<double>& da, const Sphere3<double>& b,
                                     const Vec3<double>& db) {
  const Quadratic q(a, da, b, db);
  const Exact disc = q.beta * q.beta - q.a * q.c;
  ExactSweep out;
  if (q.c <= 0) {
    out.state = ContactState::overlapping_at_start;
    out.last = q.a == 0 ? 1.0 : std::clamp(root(q, disc, +1), 0.0, 1.0);
    return out;
  }
  const bool at_end = q.at(1) <= 0;
  const bool inside = q.beta < 0 && -q.beta < q.a && disc >= 0;
  if (!at_end && !inside) return out;
  out.state = ContactState::first_contact;
  out.first = std::clamp(root(q, disc, -1), 0.0, 1.0);
  out.last = std::clamp(root(q, disc, +1), out.first, 1.0);
  return out;
}

int sphere_sphere_gap_sign(const Sphere3<double>& a, const Vec3<double>& da, const Sphere3<double>& b,
                           const Vec3<double>& db, double u) {
  const Exact f = Quadratic(a, da, b, db).at(Exact(u));
  return f < 0 ? -1 : f > 0 ? 1 : 0;
}

}  // namespace sepax::oracle
