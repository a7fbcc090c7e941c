#pragma once
// mylib's OBB–OBB overlap test (the code a user wants to gate).
#include "sepax/core/shapes/obb3.hpp"

namespace mylib {

/// Gottschalk's 15-axis test with ε = 1e-6 added to every |R_ij| (the
/// classical guard against near-zero cross products); touching counts as
/// overlapping.
constexpr double kEpsilon = 1e-6;
bool obb_overlap(const sepax::Obb3d& a, const sepax::Obb3d& b, double epsilon = kEpsilon);

}  // namespace mylib
