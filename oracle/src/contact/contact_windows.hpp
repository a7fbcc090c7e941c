#pragma once
/// \file Internal: the per-axis windows of method (a) in doubles, normalised
/// by |L|, for the conditioning criterion of score_contact (contact_score.cpp).
#include <vector>

#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/query.hpp"

namespace sepax::oracle::detail {

/// Along the unit axis L̂: contact needs lo ≤ t·speed ≤ hi, lengths in the
/// units of the input and speed = L̂·W; lo ≤ hi. Each value is within a few
/// ulps of M of the exact one (interval midpoints, or exact rationals rounded
/// when an interval cannot tell whether the speed or the axis is zero), and
/// speed = 0 exactly when the exact speed is.
struct NormalizedWindow {
  double lo = 0, hi = 0, speed = 0;
};

/// The windows of every axis of the complete moving list (moving_axes.hpp).
std::vector<NormalizedWindow> normalized_windows(const ShapePair& pair,
                                                 const LinearMotiond& motion);

}  // namespace sepax::oracle::detail
