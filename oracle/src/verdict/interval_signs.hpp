#pragma once
/// \file Internal: the interval number type of the oracle filters and its sign
/// answers (exact_sets.hpp, Signs<T>). Includes CGAL/Interval_nt.h only (no
/// heavy CGAL). Shared by the static and moving filters.
#include <CGAL/Interval_nt.h>

#include "verdict/exact_sets.hpp"

namespace sepax::oracle::detail {

using Interval = CGAL::Interval_nt<false>;

template <>
struct Signs<Interval> {
  static bool surely_zero(const Interval& x) { return x.inf() == 0 && x.sup() == 0; }
  static bool surely_nonzero(const Interval& x) { return x.inf() > 0 || x.sup() < 0; }
  static bool surely_positive(const Interval& x) { return x.inf() > 0; }
  static bool surely_nonpositive(const Interval& x) { return x.sup() <= 0; }
  // CGAL::min/max keep equal projections certain (a `<` on them is not).
  static Interval min(const Interval& a, const Interval& b) { return CGAL::min(a, b); }
  static Interval max(const Interval& a, const Interval& b) { return CGAL::max(a, b); }
};

}  // namespace sepax::oracle::detail
