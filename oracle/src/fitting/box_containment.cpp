// Exact box containment (box_containment.hpp): Cramer's rule without division,
// |ni·(p − C)| ≤ ai·|D|, in CGAL::Interval_nt first and CGAL::Gmpzf (exact on
// sums and products of doubles; ~2× faster than Gmpq, ORACLE-NOTES) when the
// interval cannot decide.
#include "sepax/oracle/box_containment.hpp"

#include <CGAL/FPU.h>
#include <CGAL/Gmpzf.h>
#include <CGAL/Interval_nt.h>

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

namespace sepax::oracle {
namespace {

thread_local std::size_t fallbacks = 0;

template <class NT>
struct Prepared {
  std::array<std::array<NT, 3>, 3> n;  // ni = A_{i+1} × A_{i+2}
  NT det;                              // D = A0 · n0
  std::array<NT, 3> a;                 // extents
  std::array<NT, 3> c;                 // center
};

template <class NT>
Prepared<NT> prepare(const Obb3d& box) {
  Prepared<NT> p;
  std::array<std::array<NT, 3>, 3> A;
  for (int i = 0; i < 3; ++i)
    for (int m = 0; m < 3; ++m) A[i][m] = NT(box.axes[i][m]);
  for (int i = 0; i < 3; ++i) {
    const auto& u = A[(i + 1) % 3];
    const auto& v = A[(i + 2) % 3];
    for (int m = 0; m < 3; ++m) p.n[i][m] = u[(m + 1) % 3] * v[(m + 2) % 3] - u[(m + 2) % 3] * v[(m + 1) % 3];
  }
  p.det = A[0][0] * p.n[0][0] + A[0][1] * p.n[0][1] + A[0][2] * p.n[0][2];
  for (int i = 0; i < 3; ++i) p.a[i] = NT(box.extents[i]), p.c[i] = NT(box.center[i]);
  return p;
}

/// Exact: is p inside? (D ≠ 0 checked by the caller.)
bool contains_exact(const Prepared<CGAL::Gmpzf>& e, const Vec3<double>& p) {
  using E = CGAL::Gmpzf;
  const std::array<E, 3> d{E(p[0]) - e.c[0], E(p[1]) - e.c[1], E(p[2]) - e.c[2]};
  const bool negative = CGAL::is_negative(e.det);
  for (int i = 0; i < 3; ++i) {
    E t = e.n[i][0] * d[0] + e.n[i][1] * d[1] + e.n[i][2] * d[2];
    if (negative) t = -t;  // compare with |D|
    const E bound = e.a[i] * (negative ? -e.det : e.det);
    if (t > bound || -t > bound) return false;
  }
  return true;
}

/// Interval: certainly inside (1), certainly outside (0), undecided (-1).
int contains_interval(const Prepared<CGAL::Interval_nt<false>>& f, const Vec3<double>& p) {
  using I = CGAL::Interval_nt<false>;
  const std::array<I, 3> d{I(p[0]) - f.c[0], I(p[1]) - f.c[1], I(p[2]) - f.c[2]};
  const I absdet = CGAL::abs(f.det);
  bool certain = true;
  for (int i = 0; i < 3; ++i) {
    const I t = f.n[i][0] * d[0] + f.n[i][1] * d[1] + f.n[i][2] * d[2];
    const I bound = f.a[i] * absdet;
    const I abst = CGAL::abs(t);
    if (abst.inf() > bound.sup()) return 0;
    if (!(abst.sup() <= bound.inf())) certain = false;
  }
  return certain ? 1 : -1;
}

void check_box(const Obb3d& box) {
  auto bad = [](const std::string& what, double v) {
    throw std::invalid_argument("sepax::oracle::box_contains_exactly: " + what + " = " + std::to_string(v));
  };
  for (int i = 0; i < 3; ++i) {
    if (!std::isfinite(box.center[i])) bad("center[" + std::to_string(i) + "]", box.center[i]);
    if (!std::isfinite(box.extents[i])) bad("extents[" + std::to_string(i) + "]", box.extents[i]);
    if (box.extents[i] < 0) bad("extents[" + std::to_string(i) + "] is negative:", box.extents[i]);
    for (int m = 0; m < 3; ++m)
      if (!std::isfinite(box.axes[i][m]))
        bad("axes[" + std::to_string(i) + "][" + std::to_string(m) + "]", box.axes[i][m]);
  }
}

template <class PointAt>
std::optional<std::size_t> first_outside(const Obb3d& box, std::size_t count, PointAt&& point,
                                         std::size_t per_item) {
  check_box(box);
  for (std::size_t k = 0; k < count; ++k) {
    const Vec3<double>& p = point(k);
    if (!std::isfinite(p[0]) || !std::isfinite(p[1]) || !std::isfinite(p[2]))
      throw std::invalid_argument("sepax::oracle::box_contains_exactly: point " + std::to_string(k) +
                                  " is not finite");
  }
  std::optional<Prepared<CGAL::Gmpzf>> exact;  // built on the first fallback
  auto exact_box = [&]() -> const Prepared<CGAL::Gmpzf>& {
    if (!exact) {
      exact = prepare<CGAL::Gmpzf>(box);
      if (CGAL::is_zero(exact->det))
        throw std::invalid_argument(
            "sepax::oracle::box_contains_exactly: the axes are linearly dependent (det = 0 exactly)");
    }
    return *exact;
  };
  CGAL::Protect_FPU_rounding<true> protect;
  const Prepared<CGAL::Interval_nt<false>> filter = prepare<CGAL::Interval_nt<false>>(box);
  const bool filter_usable = filter.det.inf() > 0 || filter.det.sup() < 0;
  if (!filter_usable) {
    CGAL::Protect_FPU_rounding<true> nearest(CGAL_FE_TONEAREST);
    exact_box();  // throws on a singular box
  }
  for (std::size_t k = 0; k < count; ++k) {
    const Vec3<double>& p = point(k);
    const int quick = filter_usable ? contains_interval(filter, p) : -1;
    bool inside;
    if (quick >= 0) {
      inside = quick == 1;
    } else {
      ++fallbacks;
      CGAL::Protect_FPU_rounding<true> nearest(CGAL_FE_TONEAREST);  // exact code: default rounding
      inside = contains_exact(exact_box(), p);
    }
    if (!inside) return k / per_item;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::size_t> box_contains_exactly(const Obb3d& box, std::span<const Vec3<double>> points) {
  return first_outside(box, points.size(), [&](std::size_t k) -> const Vec3<double>& { return points[k]; }, 1);
}

std::optional<std::size_t> box_contains_exactly(const Obb3d& box, std::span<const Triangle3d> triangles) {
  return first_outside(
      box, 3 * triangles.size(),
      [&](std::size_t k) -> const Vec3<double>& { return triangles[k / 3].vertices[k % 3]; }, 3);
}

std::size_t box_containment_exact_fallbacks() { return fallbacks; }

}  // namespace sepax::oracle
