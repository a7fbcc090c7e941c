#pragma once
/// \file tri_obb: constant-velocity tests over [0, T] and first time and point
/// of contact (Eberly §2.2.2/§2.3, §3.2.2/§3.3, §4.2.2/§4.3). Work in progress:
/// declarations first (issue 3).
#include "sepax/core/motion.hpp"
#include "sepax/core/obb3.hpp"
#include "sepax/core/separating_axis.hpp"
#include "sepax/core/triangle3.hpp"

namespace sepax::tri_obb {

/// Do the shapes meet for some t in [0, motion.duration]? On "no", the result
/// names an axis along which tri and the swept box are disjoint.
template <class S>
StaticResult<S> test_moving(const Triangle3<S>& tri, const Obb3<S>& box, const LinearMotion<S>& motion);

/// First time and a point of contact over [0, motion.duration].
template <class S>
ContactResult<S> find_first_contact(const Triangle3<S>& tri, const Obb3<S>& box, const LinearMotion<S>& motion);

}  // namespace sepax::tri_obb
