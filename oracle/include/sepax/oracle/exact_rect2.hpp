#pragma once
/// \file Exact answers for two oriented rectangles in the plane (the 2D
/// query): do they intersect, and when do they first touch under constant
/// velocities — in GMP rationals, on the exact parallelograms the stored
/// doubles span (no orthonormality assumed).
#include <string>

#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/rect2.hpp"

namespace sepax::oracle {

/// Do the closed parallelograms of a and b intersect? Exact.
bool rect_rect_exact(const Rect2<double>& a, const Rect2<double>& b);

struct ExactRectContact {
  ContactState state = ContactState::separated_throughout;
  double time = 0;        ///< t*, correctly rounded (first_contact only)
  std::string time_exact; ///< t* as "p/q"
};

/// The exact first time of contact over [0, T] of a moving by va and b by vb.
ExactRectContact rect_rect_first_contact(const Rect2<double>& a, const Rect2<double>& b,
                                         const LinearMotion2<double>& motion);

}  // namespace sepax::oracle
