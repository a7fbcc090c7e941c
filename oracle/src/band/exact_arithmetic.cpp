// When a SAT test rounds nowhere (classify.hpp, arithmetic_is_exact): the
// bit-counting certificate, and the band of a static verdict built on it.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cmath>
#include <limits>
#include <vector>

#include <boost/multiprecision/gmp.hpp>

#include "sepax/oracle/classify.hpp"

namespace sepax::oracle {
namespace {

/// Terms of the longest sum a SAT test of these shapes forms, as a power of
/// two: a 3-term dot product of 2-term cross-product components (6 terms) of
/// 2-term differences, nested once more for the in-plane axes of Table 6 —
/// 2^6 covers them with room to spare.
constexpr int kTermBits = 6;

/// Degree of the quantities a SAT test forms, in the input coordinates (box
/// axes being signed unit vectors count 0): differences and box-frame
/// coordinates 1; triangle normals 2 and projections on them 3 (Table 3);
/// in-plane axes N × E and the segment axes e × (e × d) 3, projections on them
/// 4 (Tables 5, 6).
int degree(Query q) {
  switch (q) {
    case Query::obb_obb: return 1;
    case Query::tri_obb: return 3;
    case Query::tri_tri: return 4;
  }
  return 4;
}

bool signed_unit_axes(const Obb3d& box) {
  for (const auto& axis : box.axes)
    for (int k = 0; k < 3; ++k)
      if (axis[k] != 0 && axis[k] != 1 && axis[k] != -1) return false;
  return true;
}

void add(const Vec3<double>& v, std::vector<double>& out) { out.insert(out.end(), {v[0], v[1], v[2]}); }
void add(const Obb3d& box, std::vector<double>& out) {
  add(box.center, out);
  out.insert(out.end(), box.extents.begin(), box.extents.end());
}
void add(const Triangle3d& tri, std::vector<double>& out) {
  for (const auto& v : tri.vertices) add(v, out);
}

}  // namespace

bool arithmetic_is_exact(const ShapePair& pair, ScalarKind scalar) {
  std::vector<double> inputs;
  switch (pair.query) {
    case Query::obb_obb:
      if (!signed_unit_axes(pair.obb_a) || !signed_unit_axes(pair.obb_b)) return false;
      add(pair.obb_a, inputs), add(pair.obb_b, inputs);
      break;
    case Query::tri_obb:
      if (!signed_unit_axes(pair.obb_b)) return false;
      add(pair.tri_a, inputs), add(pair.obb_b, inputs);
      break;
    case Query::tri_tri: add(pair.tri_a, inputs), add(pair.tri_b, inputs); break;
  }
  return products_are_exact(inputs, degree(pair.query), scalar);
}

bool products_are_exact(std::span<const double> inputs, int d, ScalarKind scalar) {
  // Every input is an integer multiple of 2^low and below 2^high in magnitude.
  int low = std::numeric_limits<int>::max(), high = std::numeric_limits<int>::min();
  for (double x : inputs) {
    if (!std::isfinite(x)) return false;
    if (x == 0) continue;
    int e = 0;
    std::frexp(x, &e);  // |x| in [2^(e-1), 2^e)
    high = std::max(high, e);
    // The lowest set bit: the mantissa as an integer over 2^52.
    const double m = std::ldexp(std::abs(x), 52 - (e - 1));  // integer in [2^52, 2^53)
    const auto bits = static_cast<std::uint64_t>(m);
    low = std::min(low, (e - 1) - 52 + std::countr_zero(bits));
  }
  if (high == std::numeric_limits<int>::min()) return true;  // all zero
  // Differences stay below 2^(high+1); a degree-d product of them below
  // 2^(d·(high+1)), on the grid 2^(d·low); a sum of 2^kTermBits of those
  // (every partial sum too) fits the scalar's p bits when the span does.
  const int precision = scalar == ScalarKind::float32 ? 24 : 53;
  // ... and inside the scalar's exponent range: a product on a grid finer
  // than the smallest subnormal's underflows (a fuzzer's find: subnormal
  // coordinates whose products flush to zero), a large one overflows.
  const int finest = scalar == ScalarKind::float32 ? -149 : -1074;
  const int top = scalar == ScalarKind::float32 ? 128 : 1024;
  if (d * low < finest || kTermBits + d * (high + 1) > top) return false;
  return kTermBits + d * (high + 1 - low) <= precision;
}

namespace {

using Exact = boost::multiprecision::mpq_rational;

/// Is x (a dyadic rational) a number of the scalar: at most `precision`
/// significant bits? (Exponent range: far from the families' magnitudes.)
bool representable(const Exact& x, int precision) {
  if (x.is_zero()) return true;
  const boost::multiprecision::mpz_int num = abs(numerator(x)), den = denominator(x);
  if ((den & (den - 1)) != 0) return false;  // not dyadic
  const auto msb = boost::multiprecision::msb(num), lsb = boost::multiprecision::lsb(num);
  return static_cast<int>(msb - lsb) + 1 <= precision;
}

/// Every partial sum of `terms`, in any order of evaluation, is a subset sum:
/// all of them representable means the sum is computed exactly.
bool subset_sums_representable(const std::vector<Exact>& terms, int precision) {
  for (const Exact& t : terms)
    if (!representable(t, precision)) return false;
  const unsigned n = static_cast<unsigned>(terms.size());
  for (unsigned mask = 1; mask < (1u << n); ++mask) {
    Exact sum = 0;
    for (unsigned k = 0; k < n; ++k)
      if (mask >> k & 1u) sum += terms[k];
    if (!representable(sum, precision)) return false;
  }
  return true;
}

/// The component a signed unit vector picks, or -1.
int unit_component(const Vec3<double>& v) {
  int k = -1;
  for (int m = 0; m < 3; ++m)
    if (v[m] != 0) {
      if (k >= 0 || (v[m] != 1 && v[m] != -1)) return -1;
      k = m;
    }
  return k;
}

/// Table 1 rows 1–6 (or Table 3's box faces) along axis `i` of `box`, whose
/// frame is exactly orthonormal: |axis·D| against the box's extent plus the
/// other shape's radius, the latter from `radius_terms` (extent·|axis·axis'|
/// or the other shape's projected coordinates). Exact when D's component and
/// every subset sum of the radius terms are numbers of the scalar.
bool face_test_exact(const Obb3d& box, int i, const std::vector<Vec3<double>>& other_points,
                     const Obb3d* other_box, int precision) {
  const int k = unit_component(box.axes[i]);
  if (k < 0 || unit_component(box.axes[(i + 1) % 3]) < 0 || unit_component(box.axes[(i + 2) % 3]) < 0)
    return false;
  if (other_box) {
    // |axis·(C' − C)| against e_i + Σ_j e'_j·|axis·A'_j|; axis·A'_j = ±A'_j[k].
    if (!representable(Exact(other_box->center[k]) - Exact(box.center[k]), precision)) return false;
    std::vector<Exact> terms{Exact(box.extents[i])};
    for (int j = 0; j < 3; ++j) {
      const Exact product = Exact(other_box->extents[j]) * abs(Exact(other_box->axes[j][k]));
      if (!representable(product, precision)) return false;
      terms.push_back(product);
    }
    return subset_sums_representable(terms, precision);
  }
  // A triangle in the box's frame: each vertex's coordinate axis·(U − C).
  for (const Vec3<double>& u : other_points)
    if (!representable(Exact(u[k]) - Exact(box.center[k]), precision)) return false;
  return representable(Exact(box.extents[i]), precision);
}

}  // namespace

bool witness_decided_exactly(const ShapePair& pair, const SeparatingAxis& axis, ScalarKind scalar) {
  const int precision = scalar == ScalarKind::float32 ? 24 : 53;
  if (axis.kind == AxisKind::face_a && pair.query == Query::obb_obb)
    return face_test_exact(pair.obb_a, axis.i, {}, &pair.obb_b, precision);
  // Table 1 works in A's frame: B's face axes go through A_i·D and c_ij, exact
  // only when A's frame is exactly orthonormal too (else A's frame defect enters).
  if (axis.kind == AxisKind::face_b && pair.query == Query::obb_obb)
    return unit_component(pair.obb_a.axes[0]) >= 0 && unit_component(pair.obb_a.axes[1]) >= 0 &&
           unit_component(pair.obb_a.axes[2]) >= 0 && face_test_exact(pair.obb_b, axis.j, {}, &pair.obb_a, precision);
  if (axis.kind == AxisKind::face_b && pair.query == Query::tri_obb) {
    const auto& v = pair.tri_a.vertices;
    return face_test_exact(pair.obb_b, axis.j, {v[0], v[1], v[2]}, nullptr, precision);
  }
  return false;
}

bool face_axes_decided_exactly(const ShapePair& pair, ScalarKind scalar) {
  for (std::uint8_t i = 0; i < 3; ++i) {
    if (pair.query == Query::obb_obb &&
        (witness_decided_exactly(pair, {AxisKind::face_a, i, 0}, scalar) ||
         witness_decided_exactly(pair, {AxisKind::face_b, 0, i}, scalar)))
      return true;
    if (pair.query == Query::tri_obb && witness_decided_exactly(pair, {AxisKind::face_b, 0, i}, scalar))
      return true;
  }
  return false;
}

double verdict_band(const ShapePair& pair, ScalarKind scalar, const SeparatingAxis* witness) {
  if (arithmetic_is_exact(pair, scalar)) return 0.0;
  if (witness && witness_decided_exactly(pair, *witness, scalar)) return 0.0;
  return boundary_tolerance(pair, scalar);
}

}  // namespace sepax::oracle
