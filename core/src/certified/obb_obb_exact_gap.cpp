// The certified OBB–OBB test's exact path: one axis's gap in GMP rationals
// (obb_obb_certified.hpp's table), for the axes the filter could not decide.
// Every stored double is an exact rational, and the gap is a polynomial of
// them: no division, so the sign is exact.
#include "certified/rational_vec.hpp"
#include "sepax/core/static/obb_obb_certified.hpp"

namespace sepax::obb_obb {
namespace {

using Q = certified::Rational;
using QV = certified::RationalVec;
using certified::cross;
using certified::dot;
using certified::exact;

}  // namespace

int exact_gap_sign(const Obb3<double>& a, const Obb3<double>& b, const SeparatingAxis& axis) {
  const QV d = [&] {
    const QV ca = exact(a.center), cb = exact(b.center);
    return QV{cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2]};
  }();
  // The axis as a world vector, exactly; the gap is then the same for every
  // axis: |L·D| − Σ a_k |A_k·L| − Σ b_m |B_m·L| (the table's entries are
  // these projections, several of them exactly 0).
  QV l;
  switch (axis.kind) {
    case AxisKind::face_a: l = cross(exact(a.axes[(axis.i + 1) % 3]), exact(a.axes[(axis.i + 2) % 3])); break;
    case AxisKind::face_b: l = cross(exact(b.axes[(axis.j + 1) % 3]), exact(b.axes[(axis.j + 2) % 3])); break;
    default: l = cross(exact(a.axes[axis.i]), exact(b.axes[axis.j])); break;
  }
  Q gap = abs(dot(l, d));
  for (int k = 0; k < 3; ++k) {
    gap -= Q(a.extents[k]) * abs(dot(exact(a.axes[k]), l));
    gap -= Q(b.extents[k]) * abs(dot(exact(b.axes[k]), l));
  }
  return gap.sign();
}

}  // namespace sepax::obb_obb
