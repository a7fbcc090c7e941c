// Exact 2D rectangle answers (exact_rect2.hpp). Each rectangle is the
// parallelogram {C + x0·A0 + x1·A1 : |xi| ≤ ai} of its stored numbers, axes
// not assumed orthonormal: its edges run along A0 and A1, so the edge normals
// of the Minkowski difference are perp(A0), perp(A1), perp(B0), perp(B1)
// (perp(x, y) = (−y, x)) — not the axes themselves, which the kernels use and
// which separate exactly only for orthogonal axes. Along a normal n the
// parallelogram projects to n·C ± (a0·|n·A0| + a1·|n·A1|); the sets are
// disjoint iff one normal separates the projections (convex polygons in the
// plane: their edge normals suffice), and under motion the contact times are
// the intersection of each normal's window with [0, T] (Eberly §2.3's interval
// method, exact here because these four normals bound the difference).
// Every product of stored doubles is exact in rationals.
#include "sepax/oracle/exact_rect2.hpp"

#include "sepax/oracle/classify.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include <boost/multiprecision/gmp.hpp>

namespace sepax::oracle {
namespace {

using Exact = boost::multiprecision::mpq_rational;
using V = std::array<Exact, 2>;

V exact(const Vec2<double>& x) { return {Exact(x[0]), Exact(x[1])}; }
Exact dot(const V& x, const V& y) { return x[0] * y[0] + x[1] * y[1]; }
Exact magnitude(const Exact& x) { return x < 0 ? Exact(-x) : x; }

/// Edge normals, offset of the centers and sum of the radii along each.
struct Normals {
  std::array<V, 4> n;
  std::array<Exact, 4> radius;
  V d;

  Normals(const Rect2<double>& a, const Rect2<double>& b) {
    const std::array<V, 4> axes{exact(a.axes[0]), exact(a.axes[1]), exact(b.axes[0]), exact(b.axes[1])};
    const std::array<Exact, 4> ext{Exact(a.extents[0]), Exact(a.extents[1]), Exact(b.extents[0]),
                                   Exact(b.extents[1])};
    for (int k = 0; k < 4; ++k) {
      n[k] = {-axes[k][1], axes[k][0]};
      radius[k] = 0;
      for (int m = 0; m < 4; ++m) radius[k] += ext[m] * magnitude(dot(n[k], axes[m]));
    }
    const V ca = exact(a.center), cb = exact(b.center);
    d = {cb[0] - ca[0], cb[1] - ca[1]};
  }
};

}  // namespace

namespace {

double diagonal(const Rect2<double>& r) { return 2 * std::hypot(r.extents[0], r.extents[1]); }

}  // namespace

double rect_reference_length(const Rect2<double>& a, const Rect2<double>& b) {
  const double l = std::max(diagonal(a), diagonal(b));
  return l > 0 ? l : 1.0;
}

double rect_rect_margin(const Rect2<double>& a, const Rect2<double>& b) {
  const Normals s(a, b);
  std::optional<double> gap, overlap;
  for (int k = 0; k < 4; ++k) {
    const double length = std::hypot(s.n[k][0].convert_to<double>(), s.n[k][1].convert_to<double>());
    if (!(length > 0)) continue;  // a zero axis separates nothing
    const Exact g = magnitude(dot(s.n[k], s.d)) - s.radius[k];
    const double along = g.convert_to<double>() / length;
    if (g > 0) gap = std::max(gap.value_or(0.0), along);
    else overlap = std::min(overlap.value_or(-along), -along);
  }
  const double l = rect_reference_length(a, b);
  if (gap) return *gap / l;
  return overlap ? -*overlap / l : 0.0;
}

double rect_boundary_tolerance(const Rect2<double>& a, const Rect2<double>& b, ScalarKind scalar) {
  auto defect = [](const Rect2<double>& r) {
    return std::max({std::abs(r.axes[0].dot(r.axes[1])), std::abs(r.axes[0].squaredNorm() - 1),
                     std::abs(r.axes[1].squaredNorm() - 1)});
  };
  const double size_a = diagonal(a), size_b = diagonal(b);
  const double m = std::max(a.center.cwiseAbs().maxCoeff(), b.center.cwiseAbs().maxCoeff()) + size_a + size_b;
  const double delta = std::max(defect(a), defect(b));
  return (64 * unit_roundoff(scalar) * m + 3 * delta * (size_a + size_b)) / rect_reference_length(a, b);
}

bool rect_arithmetic_is_exact(const Rect2<double>& a, const Rect2<double>& b, ScalarKind scalar) {
  std::vector<double> inputs;
  for (const Rect2<double>* r : {&a, &b}) {
    for (const Vec2<double>& axis : r->axes)
      for (int c = 0; c < 2; ++c)
        if (axis[c] != 0 && axis[c] != 1 && axis[c] != -1) return false;
    inputs.insert(inputs.end(), {r->center[0], r->center[1], r->extents[0], r->extents[1]});
  }
  // Projections on signed unit axes: differences and extents, degree 1.
  return products_are_exact(inputs, 1, scalar);
}

bool rect_rect_exact(const Rect2<double>& a, const Rect2<double>& b) {
  const Normals s(a, b);
  for (int k = 0; k < 4; ++k)
    if (magnitude(dot(s.n[k], s.d)) > s.radius[k]) return false;
  return true;
}

ExactRectContact rect_rect_first_contact(const Rect2<double>& a, const Rect2<double>& b,
                                         const LinearMotion2<double>& motion) {
  const Normals s(a, b);
  const V w = {Exact(motion.velocity_b[0]) - Exact(motion.velocity_a[0]),
               Exact(motion.velocity_b[1]) - Exact(motion.velocity_a[1])};
  Exact first = 0, last = Exact(motion.duration);
  ExactRectContact out;
  for (int k = 0; k < 4; ++k) {
    // −r ≤ n·D + t·(n·W) ≤ r
    const Exact p = dot(s.n[k], s.d), v = dot(s.n[k], w), &r = s.radius[k];
    if (v == 0) {
      if (magnitude(p) > r) return out;
      continue;
    }
    const Exact lo = (-r - p) / v, hi = (r - p) / v;
    first = std::max(first, v > 0 ? lo : hi);
    last = std::min(last, v > 0 ? hi : lo);
  }
  if (first > last) return out;
  out.state = first == 0 ? ContactState::overlapping_at_start : ContactState::first_contact;
  out.time = first.convert_to<double>();
  out.time_exact = first.str();
  return out;
}

}  // namespace sepax::oracle
