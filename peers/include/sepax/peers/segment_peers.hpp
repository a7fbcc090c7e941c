#pragma once
/// \file The peer of Gomez's OBB–segment test: libccd's GJK (ccdGJKIntersect,
/// double) on the segment's support function (its endpoint farthest along a
/// direction) and the box's. Its zero tests use an absolute CCD_EPS, and a
/// zero search direction (touching) ends with "not intersecting".
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/shapes/segment3.hpp"

namespace sepax::peers {

bool ccd_gjk_obb_segment(const Obb3<double>& box, const Segment3<double>& segment);

}  // namespace sepax::peers
