// The kernels instantiated over a scalar with no implicit conversions (after
// Eigen's AnnoyingScalar): a bare `0.5` or an int silently promoted to double
// inside a kernel fails to compile here. The strict scalar wraps a double, so
// on pairs far from touching its verdicts and axes equal the double kernels'
// (Eigen vectorizes double dot products, so the last bits of a direction may
// differ: the summation order is not the scalar path's).
#include <gtest/gtest.h>

#include <cmath>

#include "sepax/core/obb_obb.hpp"
#include "sepax/core/obb_obb_batch.hpp"
#include "sepax/core/tri_obb.hpp"
#include "sepax/core/tri_tri.hpp"
#include "sepax/core/tri_tri_batch.hpp"

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

namespace sepax {
namespace {

using testing::Strict;

Vec3<Strict> strict(const Vec3<double>& v) { return {Strict(v[0]), Strict(v[1]), Strict(v[2])}; }

Obb3<Strict> strict(const Obb3d& b) {
  Obb3<Strict> s;
  s.center = strict(b.center);
  for (int i = 0; i < 3; ++i) {
    s.axes[i] = strict(b.axes[i]);
    s.extents[i] = Strict(b.extents[i]);
  }
  return s;
}

Triangle3<Strict> strict(const Triangle3d& t) {
  return {{strict(t.vertices[0]), strict(t.vertices[1]), strict(t.vertices[2])}};
}

Obb3d box(double angle, Vec3<double> center) {
  Obb3d b;
  const Eigen::Matrix3d r = Eigen::AngleAxisd(angle, Vec3<double>(1, 2, 3).normalized()).toRotationMatrix();
  for (int i = 0; i < 3; ++i) b.axes[i] = r.col(i);
  b.center = center;
  b.extents = {1, 0.5, 2};
  return b;
}

TEST(StrictScalar, KernelsCompileAndAgreeWithDouble) {
  for (double offset : {0.0, 1.0, 2.0, 2.5, 3.0, 4.5}) {
    const Obb3d a = box(0.3, {0, 0, 0});
    const Obb3d b = box(1.1, {offset, offset / 2, 0.25});
    const Triangle3d ta{{Vec3<double>(offset, 0, 0), Vec3<double>(0, offset, 1), Vec3<double>(1, 1, offset)}};
    const Triangle3d tb{{Vec3<double>(0, 0, 0), Vec3<double>(2, 0, 1), Vec3<double>(1, 2, 1)}};

    const auto d1 = obb_obb::test_static(a, b);
    const auto s1 = obb_obb::test_static(strict(a), strict(b));
    EXPECT_EQ(d1.intersects, s1.intersects);
    EXPECT_EQ(d1.axis, s1.axis);
    EXPECT_NEAR(d1.direction[0], s1.direction[0].value(), 1e-12);

    // The batch form's formulas, one pair at a time over the strict scalar.
    EXPECT_EQ(obb_obb::test_static_batch_one(a, b), obb_obb::test_static_batch_one(strict(a), strict(b)));

    const auto d2 = obb_obb::test_static_eps(a, b);
    const auto s2 = obb_obb::test_static_eps(strict(a), strict(b), Strict(1e-6));
    EXPECT_EQ(d2.intersects, s2.intersects);
    EXPECT_EQ(d2.axis, s2.axis);

    const auto d3 = tri_obb::test_static(ta, b);
    const auto s3 = tri_obb::test_static(strict(ta), strict(b));
    EXPECT_EQ(d3.intersects, s3.intersects);
    EXPECT_EQ(d3.axis, s3.axis);

    const auto d4 = tri_tri::test_static(ta, tb);
    const auto s4 = tri_tri::test_static(strict(ta), strict(tb));
    EXPECT_EQ(d4.intersects, s4.intersects);
    EXPECT_EQ(d4.axis, s4.axis);
    EXPECT_EQ(tri_tri::test_static_batch_one(ta, tb), tri_tri::test_static_batch_one(strict(ta), strict(tb)));
  }
}

}  // namespace
}  // namespace sepax
