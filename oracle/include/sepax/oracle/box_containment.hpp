#pragma once
/// \file
/// Exact box containment: does the stored box contain these points?
///
/// The box is the parallelepiped {C + Σ xi·ai·Ai : |xi| ≤ 1} of its stored
/// numbers (axes need not be orthonormal: float axes never are exactly). A
/// point p is inside iff the solution y of [A0 A1 A2]·y = p − C has |yi| ≤ ai.
/// By Cramer, yi = ni·(p − C)/D with ni = A_{i+1} × A_{i+2} and
/// D = det[A0 A1 A2], so the test is |ni·(p − C)| ≤ ai·|D|: no division, every
/// quantity a polynomial of the input doubles, decided exactly (an interval
/// filter first, exact dyadic arithmetic when it cannot decide). What OBB trees
/// use to check "every node's box contains its triangles".
#include <cstddef>
#include <optional>
#include <span>

#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/shapes/triangle3.hpp"

namespace sepax::oracle {

/// The index of the first point the box does not contain, or nullopt when it
/// contains them all (points on a face, edge or corner are contained: the box
/// is closed). Float boxes and points convert to double exactly.
/// Throws std::invalid_argument on a non-finite number, a negative extent, or
/// linearly dependent axes (D = 0 exactly: Cramer's rule does not apply).
std::optional<std::size_t> box_contains_exactly(const Obb3d& box, std::span<const Vec3<double>> points);

/// The index of the first triangle with a vertex outside the box (a convex
/// box contains a triangle iff it contains its three vertices), or nullopt.
std::optional<std::size_t> box_contains_exactly(const Obb3d& box, std::span<const Triangle3d> triangles);

/// How often the interval filter could not decide (exact arithmetic ran), per
/// thread, since the thread started: for cost reports and tests.
std::size_t box_containment_exact_fallbacks();

}  // namespace sepax::oracle
