#pragma once
/// \file
/// The smallest value of a scalar S that is ≥ a double: how every
/// conservative bound (a grown extent, a ball radius, an interval's end) is
/// stored in a narrower or equal type without losing the bound to rounding.
#include <cmath>
#include <limits>

namespace sepax {

/// The smallest S ≥ x (x finite; S float or double).
template <class S>
S round_up(double x) {
  S y = static_cast<S>(x);
  if (static_cast<double>(y) < x) y = std::nextafter(y, std::numeric_limits<S>::infinity());
  return y;
}

}  // namespace sepax
