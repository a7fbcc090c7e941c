#pragma once
/// \file
/// Accurately rounded edge products for nearly parallel directions.
///
/// The direction of E × F for edges at a small angle θ is ill-conditioned: the
/// rounding of the edges themselves (each a difference of stored vertices)
/// turns it by about u/θ, and a SAT kernel then misses separations smaller than
/// u·size/θ along that axis. The kernels use these functions only when a plain
/// product has cancelled (a cheap test), recomputing it from the exact edges:
///  - float: the edge of two floats is exact in double (barring an exponent gap
///    of 29 bits), and the product carries 53 bits before it is rounded back;
///  - double: the edge is split exactly into hi + lo (Knuth's TwoSum), and the
///    leading products are formed with Kahan's FMA difference of products or a
///    compensated dot product (Ogita–Rump–Oishi Dot2);
///  - any other scalar (exact, interval, the strict test scalar) needs nothing
///    more than the plain formula.
/// Results are accurate to a few ulps for every θ ≫ u².
#include <cmath>
#include <type_traits>

#include "sepax/core/numeric/force_inline.hpp"
#include "sepax/core/shapes/vec3.hpp"

namespace sepax::accurate {


/// std::fma, as a function object (the batch kernels pass one per SIMD lane).
struct StdFma {
  double operator()(double a, double b, double c) const { return std::fma(a, b, c); }
};

/// a·b − c·d to within about 1.5 ulp of the result (Kahan, with FMA). T is
/// double, or a vector of doubles with a lane-wise correctly rounded fma.
template <class T = double, class Fma = StdFma>
SEPAX_FORCE_INLINE T difference_of_products(T a, T b, T c, T d, Fma fma = {}) {
  const T w = c * d;
  const T err = fma(-c, d, w);  // w − c·d, exactly
  return fma(a, b, -w) + err;
}

/// x1 − x0 = hi + lo exactly (Knuth's TwoSum); T as above.
template <class T>
SEPAX_FORCE_INLINE void exact_difference(T x1, T x0, T& hi, T& lo) {
  hi = x1 - x0;
  const T b = hi - x1;
  lo = (x1 - (hi - b)) + (-x0 - b);
}

/// (a1 − a0) × (b1 − b0), accurately (see the file comment).
template <class S>
Vec3<S> edge_cross(const Vec3<S>& a0, const Vec3<S>& a1, const Vec3<S>& b0, const Vec3<S>& b1) {
  if constexpr (std::is_same_v<S, float>) {
    const Vec3<double> e = a1.template cast<double>() - a0.template cast<double>();
    const Vec3<double> f = b1.template cast<double>() - b0.template cast<double>();
    return e.cross(f).template cast<float>();
  } else if constexpr (std::is_same_v<S, double>) {
    Vec3<double> eh, el, fh, fl;
    for (int k = 0; k < 3; ++k) {
      exact_difference(a1[k], a0[k], eh[k], el[k]);
      exact_difference(b1[k], b0[k], fh[k], fl[k]);
    }
    Vec3<double> l;
    for (int k = 0; k < 3; ++k) {
      const int i = (k + 1) % 3, j = (k + 2) % 3;
      l[k] = difference_of_products(eh[i], fh[j], eh[j], fh[i]) +
             ((eh[i] * fl[j] + el[i] * fh[j]) - (eh[j] * fl[i] + el[j] * fh[i]));
    }
    return l;
  } else {
    return (a1 - a0).cross(b1 - b0);
  }
}

/// axis · (p1 − p0), accurately (see the file comment).
template <class S>
S edge_dot(const Vec3<S>& axis, const Vec3<S>& p0, const Vec3<S>& p1) {
  if constexpr (std::is_same_v<S, float>) {
    const Vec3<double> e = p1.template cast<double>() - p0.template cast<double>();
    return float(axis.template cast<double>().dot(e));
  } else if constexpr (std::is_same_v<S, double>) {
    // Dot2: exact products (FMA) summed with TwoSum, plus the lo parts plainly.
    double sum = 0, err = 0, lo_terms = 0;
    for (int k = 0; k < 3; ++k) {
      double hi, lo;
      exact_difference(p1[k], p0[k], hi, lo);
      const double prod = axis[k] * hi;
      const double prod_err = std::fma(axis[k], hi, -prod);
      const double s = sum + prod;
      const double b = s - sum;
      err += ((sum - (s - b)) + (prod - b)) + prod_err;
      sum = s;
      lo_terms += axis[k] * lo;
    }
    return sum + (err + lo_terms);
  } else {
    return axis.dot(p1 - p0);
  }
}

}  // namespace sepax::accurate
