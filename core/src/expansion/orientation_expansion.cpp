// orient3d and orient2d in expansions (orientation_expansion.hpp): the
// baseline copy (Dekker's split products) and the run-time choice of the FMA
// copy.
#define SEPAX_EXPANSION_ISA baseline
#include "expansion/orientation_expansion_impl.hpp"

namespace sepax::certified {
namespace {
bool has_fma() {
#if defined(__x86_64__) || defined(__i386__)
  static const bool yes = __builtin_cpu_supports("fma");
  return yes;
#else
  return false;
#endif
}
}  // namespace

int orient3d_expansion(const double* a, const double* b, const double* c, const double* d) {
  return has_fma() ? fma::orient3d_expansion(a, b, c, d) : baseline::orient3d_expansion(a, b, c, d);
}
int orient2d_expansion(const double* a, const double* b, const double* c) {
  return has_fma() ? fma::orient2d_expansion(a, b, c) : baseline::orient2d_expansion(a, b, c);
}

}  // namespace sepax::certified
