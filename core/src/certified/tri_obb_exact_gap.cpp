// The certified triangle–OBB test's exact path: one axis's gap in GMP
// rationals (tri_obb_certified.hpp), for the axes the filter could not
// decide. The gap is a polynomial of the stored numbers: the sign is exact.
#include <algorithm>

#include "certified/rational_vec.hpp"
#include "sepax/core/static/tri_obb_certified.hpp"

namespace sepax::tri_obb {
namespace {

using Q = certified::Rational;
using QV = certified::RationalVec;
using certified::cross;
using certified::dot;
using certified::exact;
using certified::minus;

}  // namespace

int exact_gap_sign(const Triangle3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis) {
  const QV c = exact(b.center);
  const QV u[3] = {exact(a.vertices[0]), exact(a.vertices[1]), exact(a.vertices[2])};
  const QV box[3] = {exact(b.axes[0]), exact(b.axes[1]), exact(b.axes[2])};
  const auto edge = [&](int i) { return minus(u[(i + 1) % 3], u[i]); };
  QV l;
  switch (axis.kind) {
    case AxisKind::normal_a: l = cross(edge(0), edge(1)); break;
    case AxisKind::face_b: l = cross(box[(axis.j + 1) % 3], box[(axis.j + 2) % 3]); break;
    default: l = cross(edge(axis.i), box[axis.j]); break;
  }
  // The box's projection radius, every term (for a face normal two are 0).
  Q r = 0;
  for (int j = 0; j < 3; ++j) r += Q(b.extents[j]) * abs(dot(box[j], l));
  Q lo, hi;
  for (int k = 0; k < 3; ++k) {
    const Q t = dot(minus(u[k], c), l);
    if (k == 0 || t < lo) lo = t;
    if (k == 0 || t > hi) hi = t;
  }
  const Q g = std::max<Q>(lo, -hi) - r;
  return g.sign();
}

}  // namespace sepax::tri_obb
