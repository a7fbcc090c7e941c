#pragma once
/// \file The strict test scalar (after Eigen's AnnoyingScalar): a double with
/// no implicit conversion in either direction, so that a bare `0.5`, an int
/// promoted to double, a `double` local or std::abs on a double inside a
/// kernel fails to compile when the kernel is instantiated over it
/// (STYLE.md, Scalars). It offers the arithmetic and comparisons, and the few
/// functions the kernels call unqualified after `using std::…` (found by ADL):
/// abs, and sqrt for Gomez's sweep times and Gram–Schmidt. Nothing converts it
/// back to double but value().
///
/// It wraps a double, so on inputs far from any decision boundary a kernel
/// over Strict agrees with the same kernel over double. Not bit for bit: Eigen
/// reduces a double 3-vector as (x0 + x1) + x2 (one SIMD packet plus the rest)
/// and any other scalar as x0 + (x1 + x2) (eigen_order.hpp), so dot products,
/// and everything computed from them, may differ in the last bits.
///
/// Used by strict_scalar_static_test.cpp, strict_scalar_moving_test.cpp and
/// strict_scalar_gomez_test.cpp, which together instantiate every kernel header
/// of core/include/sepax/core over Strict. Left out, by design float/double
/// only: the branches under `if constexpr` on float/double (accurate products,
/// without_underflow's rescaling, obb_to_aabb's outward rounding: each header
/// says what other scalars get instead), the SIMD batch loops and the
/// triangle batch's FMA lanes (full_lane_verdict<true>), and validate(), which
/// checks inputs in double and needs scalar_traits<S>.
#include <cmath>

#include "sepax/core/shapes/vec3.hpp"

namespace sepax::testing {

class Strict {
 public:
  constexpr Strict() = default;
  constexpr explicit Strict(double v) : v_(v) {}
  constexpr explicit Strict(int v) : v_(v) {}
  constexpr double value() const { return v_; }

  friend Strict operator+(Strict a, Strict b) { return Strict(a.v_ + b.v_); }
  friend Strict operator-(Strict a, Strict b) { return Strict(a.v_ - b.v_); }
  friend Strict operator*(Strict a, Strict b) { return Strict(a.v_ * b.v_); }
  friend Strict operator/(Strict a, Strict b) { return Strict(a.v_ / b.v_); }
  friend Strict operator-(Strict a) { return Strict(-a.v_); }
  Strict& operator+=(Strict b) { v_ += b.v_; return *this; }
  Strict& operator-=(Strict b) { v_ -= b.v_; return *this; }
  Strict& operator*=(Strict b) { v_ *= b.v_; return *this; }
  Strict& operator/=(Strict b) { v_ /= b.v_; return *this; }
  friend bool operator<(Strict a, Strict b) { return a.v_ < b.v_; }
  friend bool operator>(Strict a, Strict b) { return a.v_ > b.v_; }
  friend bool operator<=(Strict a, Strict b) { return a.v_ <= b.v_; }
  friend bool operator>=(Strict a, Strict b) { return a.v_ >= b.v_; }
  friend bool operator==(Strict a, Strict b) { return a.v_ == b.v_; }
  friend bool operator!=(Strict a, Strict b) { return a.v_ != b.v_; }
  friend Strict abs(Strict a) { return Strict(std::abs(a.v_)); }
  friend Strict sqrt(Strict a) { return Strict(std::sqrt(a.v_)); }

 private:
  double v_ = 0;
};

}  // namespace sepax::testing

namespace Eigen {
template <>
struct NumTraits<sepax::testing::Strict> : GenericNumTraits<sepax::testing::Strict> {
  using Real = sepax::testing::Strict;
  using NonInteger = sepax::testing::Strict;
  using Nested = sepax::testing::Strict;
  using Literal = sepax::testing::Strict;
  enum { IsComplex = 0, IsInteger = 0, IsSigned = 1, RequireInitialization = 0,
         ReadCost = 1, AddCost = 1, MulCost = 1 };
  static inline Real epsilon() { return Real(0x1p-52); }
  static inline Real dummy_precision() { return Real(1e-12); }
  static inline int digits10() { return 15; }
};
}  // namespace Eigen

namespace sepax::testing {

/// A double shape, motion or vector in Strict: every shape's own cast<>()
/// (which is thereby instantiated over Strict too; double → Strict is the
/// explicit constructor).
template <class Shape>
auto strict(const Shape& x) {
  return x.template cast<Strict>();
}
inline Vec3<Strict> strict(const Vec3<double>& v) { return v.cast<Strict>(); }

/// Strict back to double, for comparisons with the double kernels.
inline double dbl(Strict x) { return x.value(); }
inline Vec3<double> dbl(const Vec3<Strict>& v) { return {v[0].value(), v[1].value(), v[2].value()}; }

/// |x − y|∞ for a double result and its Strict counterpart.
inline double gap(const Vec3<double>& x, const Vec3<Strict>& y) {
  return (x - dbl(y)).cwiseAbs().maxCoeff();
}

}  // namespace sepax::testing
