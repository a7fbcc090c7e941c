#pragma once
/// \file
/// Judging Gomez's OBB→AABB conversion (obb_to_aabb) exactly. An
/// enclosing AABB is there for conservative culling: it must contain the box
/// of the stored numbers, every corner, exactly — a bound that cuts the box,
/// even by an ulp, lets a broad phase drop a pair that touches, and is gross.
/// It must also be tight: beyond the exact span by at most the rounding its
/// outward move needs, 16·ε of the box's scale |C|∞ + Σ a_i (ε the scalar's
/// machine epsilon); looser is gross too (oracle/exact_gomez.hpp measures
/// both in rationals).
#include <optional>
#include <string>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/aabb3.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/oracle/classify.hpp"

namespace sepax::harness {

struct EnclosureJudgement {
  oracle::Class verdict_class = oracle::Class::ok;
  double miss = 0;       ///< how far the box reaches out of the AABB / scale (0: contained)
  double excess = 0;     ///< how far the AABB reaches beyond the box's span / scale
  double tolerance = 0;  ///< the excess allowed
  std::string reason;    ///< what was wrong
};

EnclosureJudgement judge_obb_to_aabb(const Obb3<double>& box, const Aabb3<double>& aabb, ScalarKind scalar);

}  // namespace sepax::harness
