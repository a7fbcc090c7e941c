// The boundary band of classify.hpp: how close to touching a kernel's scalar
// can be expected to resolve a case. The formula and the reasons for K, M and
// δ are documented on boundary_tolerance(); this file only evaluates it.
#include <algorithm>
#include <cmath>

#include "sepax/oracle/classify.hpp"
#include "sepax/oracle/margin.hpp"

namespace sepax::oracle {
namespace {

constexpr double kRoundingFactor = 64;  // K

struct BandInputs {
  double largest_coordinate = 0;  // over stored centers and vertices
  double frame_defect = 0;        // δ = max |Ai·Aj − δij|
};

void add(const Obb3d& box, BandInputs& in) {
  in.largest_coordinate = std::max(in.largest_coordinate, box.center.cwiseAbs().maxCoeff());
  for (int i = 0; i < 3; ++i)
    for (int j = i; j < 3; ++j) {
      const double expected = i == j ? 1.0 : 0.0;
      in.frame_defect = std::max(in.frame_defect, std::abs(box.axes[i].dot(box.axes[j]) - expected));
    }
}

void add(const Triangle3d& tri, BandInputs& in) {
  for (const auto& v : tri.vertices)
    in.largest_coordinate = std::max(in.largest_coordinate, v.cwiseAbs().maxCoeff());
}

/// The error underflow adds, in distance: a test multiplies up to `degree`
/// coordinate-sized numbers (m), and every product below the smallest
/// subnormal's spacing (tiny) is lost, an error of tiny / m^(degree − 1) once
/// divided back into a distance. Negligible at the families' scales (2^-1000
/// and less at m ~ 1e-6); dominant for subnormal coordinates, where products
/// flush to zero and any kernel is blind (a fuzzer's find: a point and a
/// segment 4e-323 apart called intersecting were judged gross).
double underflow_band(double m, int degree, ScalarKind scalar) {
  const double tiny = scalar == ScalarKind::float32 ? 0x1p-149 : 0x1p-1074;
  const double log2_band = std::log2(kRoundingFactor * degree * tiny) - (degree - 1) * std::log2(std::max(m, tiny));
  return log2_band > 1000 ? INFINITY : std::exp2(log2_band);
}

int product_degree(Query q) {
  switch (q) {
    case Query::obb_obb: return 3;  // axis · axis · extent
    case Query::tri_obb: return 3;  // edge × edge · difference
    case Query::tri_tri: return 4;  // (edge × edge · difference) products
  }
  return 4;
}

}  // namespace

double frame_defect(const ShapePair& pair) {
  BandInputs in;
  if (pair.query == Query::obb_obb) add(pair.obb_a, in);
  if (pair.query != Query::tri_tri) add(pair.obb_b, in);
  return in.frame_defect;
}

double boundary_tolerance(const ShapePair& pair, ScalarKind scalar) {
  BandInputs in;
  double size_a = 0, size_b = 0;
  switch (pair.query) {
    case Query::obb_obb:
      add(pair.obb_a, in), add(pair.obb_b, in);
      size_a = shape_size(pair.obb_a), size_b = shape_size(pair.obb_b);
      break;
    case Query::tri_obb:
      add(pair.tri_a, in), add(pair.obb_b, in);
      size_a = shape_size(pair.tri_a), size_b = shape_size(pair.obb_b);
      break;
    case Query::tri_tri:
      add(pair.tri_a, in), add(pair.tri_b, in);
      size_a = shape_size(pair.tri_a), size_b = shape_size(pair.tri_b);
      break;
  }
  const double sizes = size_a + size_b;
  const double m = in.largest_coordinate + sizes;
  return (kRoundingFactor * unit_roundoff(scalar) * m + 3 * in.frame_defect * sizes +
          underflow_band(m, product_degree(pair.query), scalar)) /
         reference_length(pair);
}

}  // namespace sepax::oracle
