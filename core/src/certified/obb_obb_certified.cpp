// The certified OBB–OBB test: the filter's copy for this CPU
// (obb_obb_filter.hpp), then the separating axis in world coordinates.
#include "sepax/core/static/obb_obb_certified.hpp"

#include <type_traits>

#define SEPAX_CERTIFIED_ISA baseline
#include "certified/obb_obb_filter.hpp"
#include "sepax/core/numeric/accurate_products.hpp"

namespace sepax::obb_obb {
namespace certified::avx2_fma {
SeparatingAxis first_separating(const Obb3<float>& a, const Obb3<float>& b, bool& exact_ran);
SeparatingAxis first_separating(const Obb3<double>& a, const Obb3<double>& b, bool& exact_ran);
SeparatingAxis some_separating(const Obb3<float>& a, const Obb3<float>& b, bool& exact_ran);
SeparatingAxis some_separating(const Obb3<double>& a, const Obb3<double>& b, bool& exact_ran);
}  // namespace certified::avx2_fma

namespace {

bool has_avx2_fma() {
#if defined(__x86_64__) || defined(__i386__)
  static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return yes;
#else
  return false;
#endif
}

template <class S>
SeparatingAxis first_separating(const Obb3<S>& a, const Obb3<S>& b, bool& exact_ran) {
#if defined(__x86_64__) || defined(__i386__)
  if (has_avx2_fma()) return certified::avx2_fma::first_separating(a, b, exact_ran);
#endif
  return certified::baseline::first_separating(a, b, exact_ran);
}

/// Some separating axis (the verdict alone): the AVX2 copy need not decide
/// the undecided axes before one that separates beyond its bound.
template <class S>
SeparatingAxis some_separating(const Obb3<S>& a, const Obb3<S>& b, bool& exact_ran) {
#if defined(__x86_64__) || defined(__i386__)
  if (has_avx2_fma()) return certified::avx2_fma::some_separating(a, b, exact_ran);
#endif
  return certified::baseline::first_separating(a, b, exact_ran);
}

}  // namespace

template <class S>
CertifiedResult<S> test_certified(const Obb3<S>& a, const Obb3<S>& b) {
  CertifiedResult<S> out;
  const SeparatingAxis axis = first_separating(a, b, out.exact_path);
  if (axis.kind == AxisKind::none) return out;
  out.result.intersects = false;
  out.result.axis = axis;
  // The axis in world coordinates, as the header's table defines it; Kahan's
  // products for edge axes, so that nearly parallel edges' L is still
  // accurate to a few ulps of its length (refine_edge).
  const Obb3<double> A = a.template cast<double>(), B = b.template cast<double>();
  const auto accurate_cross = [](const Vec3<double>& p, const Vec3<double>& q) {
    return Vec3<double>{accurate::difference_of_products(p[1], q[2], p[2], q[1]),
                        accurate::difference_of_products(p[2], q[0], p[0], q[2]),
                        accurate::difference_of_products(p[0], q[1], p[1], q[0])};
  };
  const auto& x = axis.kind == AxisKind::face_b ? B.axes : A.axes;
  const int k = axis.kind == AxisKind::face_b ? axis.j : axis.i;
  const Vec3<double> dir = axis.kind == AxisKind::edge_edge ? accurate_cross(A.axes[axis.i], B.axes[axis.j])
                                                            : Vec3<double>(x[(k + 1) % 3].cross(x[(k + 2) % 3]));
  out.result.direction = dir.template cast<S>();
  return out;
}

bool intersects_certified(const Obb3<float>& a, const Obb3<float>& b, bool* exact_path) {
  bool exact = false;
  const bool hit = some_separating(a, b, exact).kind == AxisKind::none;
  if (exact_path) *exact_path = exact;
  return hit;
}
bool intersects_certified(const Obb3<double>& a, const Obb3<double>& b, bool* exact_path) {
  bool exact = false;
  const bool hit = some_separating(a, b, exact).kind == AxisKind::none;
  if (exact_path) *exact_path = exact;
  return hit;
}

template CertifiedResult<float> test_certified(const Obb3<float>&, const Obb3<float>&);
template CertifiedResult<double> test_certified(const Obb3<double>&, const Obb3<double>&);

}  // namespace sepax::obb_obb
