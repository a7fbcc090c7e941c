// The OBB–OBB expansion stage (obb_obb_expansion_gap.hpp): loading a pair and
// checking its range, the baseline copy (Dekker's split products), and the
// run-time choice of the FMA copy.
#define SEPAX_EXPANSION_ISA baseline
#include "expansion/obb_obb_expansion_gap_impl.hpp"

#include <type_traits>

namespace sepax::obb_obb::certified {
namespace {

template <class S>
void load_pair(ExpansionCache& c, const Obb3<S>& A, const Obb3<S>& B) {
  double all[36];
  int n = 0;
  for (int i = 0; i < 3; ++i) {
    c.ea[i] = double(A.extents[i]);
    c.eb[i] = double(B.extents[i]);
    for (int k = 0; k < 3; ++k) {
      c.a[i][k] = double(A.axes[i][k]);
      c.b[i][k] = double(B.axes[i][k]);
      all[n++] = c.a[i][k];
      all[n++] = c.b[i][k];
    }
    const double ca = double(A.center[i]), cb = double(B.center[i]);
    baseline::ex::two_diff(cb, ca, c.dhi[i], c.dlo[i]);
    all[n++] = ca;
    all[n++] = cb;
    all[n++] = c.ea[i];
    all[n++] = c.eb[i];
  }
  // Degree 4 (extent × triple product of axes; the lead is degree 3 in the
  // axes and D, whose parts lie on the centres' grid). Every float is inside.
  c.state = std::is_same_v<S, float> || baseline::ex::in_range_degree4(all, n) ? 1 : -1;
  c.have = 0;
  c.have_approx = 0;
  c.have_quick = 0;
}

bool has_fma() {
#if defined(__x86_64__) || defined(__i386__)
  static const bool yes = __builtin_cpu_supports("fma");
  return yes;
#else
  return false;
#endif
}

}  // namespace

void load(ExpansionCache& cache, const Obb3<float>& a, const Obb3<float>& b) { load_pair(cache, a, b); }
void load(ExpansionCache& cache, const Obb3<double>& a, const Obb3<double>& b) { load_pair(cache, a, b); }

int expansion_gap_sign(ExpansionCache& cache, const SeparatingAxis& axis) {
#if defined(__x86_64__) || defined(__i386__)
  if (has_fma()) return fma::expansion_gap_sign(cache, axis);
#endif
  return baseline::expansion_gap_sign(cache, axis);
}

}  // namespace sepax::obb_obb::certified
