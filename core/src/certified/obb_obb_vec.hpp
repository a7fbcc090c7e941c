#pragma once
// Internal to the certified OBB–OBB kernel: a plain double 3-vector (no
// Eigen), and the slow paths. Arithmetic on it lives in each compiled copy's
// own namespace (obb_obb_filter.hpp): inline functions shared by copies built
// for different instruction sets could be linked from the wrong one.
#include <cmath>

#include "expansion/obb_obb_expansion_gap.hpp"
#include "sepax/core/static/obb_obb_certified.hpp"

namespace sepax::obb_obb::certified {

struct V {
  double x, y, z;
};

/// The second stage of an undecided edge axis (obb_obb_slow_paths.cpp): +1
/// separates, −1 does not, 0 still undecided. `float_input`: the axes are
/// floats, whose products are exact in double.
int refine_edge(const V& ai, const V& bj, const V (&a)[3], const V (&b)[3], const V& d, const double* ea,
                const double* eb, double s, bool float_input);

/// Is the planted bug certified_no_bound switched on (a run-time mutant
/// build; obb_obb_slow_paths.cpp)?
bool no_bound_planted();

/// One axis exactly (obb_obb_slow_paths.cpp): the expansions, with the
/// pair's exact projections kept in `cache` for its other undecided axes;
/// the integers or GMP rationals when the pair is outside their range.
bool exact_separates(ExpansionCache& cache, const Obb3<float>& a, const Obb3<float>& b, SeparatingAxis axis);
bool exact_separates(ExpansionCache& cache, const Obb3<double>& a, const Obb3<double>& b, SeparatingAxis axis);

}  // namespace sepax::obb_obb::certified
