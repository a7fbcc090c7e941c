#include "sepax/harness/valid_case.hpp"

#include <cmath>

#include "sepax/core/shapes/validate.hpp"

namespace sepax::harness {
namespace {

bool representable(double v, ScalarKind scalar) {
  if (!std::isfinite(v)) return false;
  return scalar == ScalarKind::float64 || (std::isfinite(float(v)) && double(float(v)) == v);
}

}  // namespace

bool valid_case(const ShapePair& p, const std::optional<LinearMotiond>& m, ScalarKind scalar) {
  const auto tri_ok = [&](const Triangle3d& t) {
    for (const auto& v : t.vertices)
      for (int k = 0; k < 3; ++k)
        if (!representable(v[k], scalar)) return false;
    return true;
  };
  const auto box_ok = [&](const Obb3d& b) {
    for (int k = 0; k < 3; ++k) {
      if (!representable(b.center[k], scalar) || !representable(b.extents[k], scalar)) return false;
      for (int i = 0; i < 3; ++i)
        if (!representable(b.axes[i][k], scalar)) return false;
    }
    return scalar == ScalarKind::float32 ? !validate(b.cast<float>()).has_value() : !validate(b).has_value();
  };
  if (m) {
    for (int k = 0; k < 3; ++k)
      if (!representable(m->velocity_a[k], scalar) || !representable(m->velocity_b[k], scalar)) return false;
    if (!representable(m->duration, scalar) || m->duration < 0) return false;
  }
  switch (p.query) {
    case Query::obb_obb: return box_ok(p.obb_a) && box_ok(p.obb_b);
    case Query::tri_obb: return tri_ok(p.tri_a) && box_ok(p.obb_b);
    case Query::tri_tri: return tri_ok(p.tri_a) && tri_ok(p.tri_b);
  }
  return false;
}

}  // namespace sepax::harness
