/*
 * The same C code as the example plugin's fixed module, the way
 * example_plugin.c includes it (double only), but linked into the benchmark:
 * the ratio plugin / in-process is then the cost of the C ABI alone (dlopen'ed
 * module, batch calls through a function pointer), not of different code.
 * Compiled with the plugin's flags (C99, -ffp-contract=off: bench/CMakeLists.txt).
 */
#include "inprocess_obb_sat.h"

#include <math.h>
#include <stddef.h>

#include "sepax/sepax_plugin.h"

#define SEPAX_EXAMPLE_FIXED
#define SCALAR double
#define ABS fabs
#define SAT_EPSILON 1e-6
#define NAME(x) x##_double
#include "obb_sat_body.h"
#undef SCALAR
#undef ABS
#undef SAT_EPSILON
#undef NAME

int sepax_bench_inprocess_obb_sat_double(size_t n, const double* a, const double* b, unsigned char* meets) {
  const sepax_output out = {meets, NULL, NULL, NULL};
  const char* message = NULL;
  return obb_sat_batch_double(NULL, n, a, b, NULL, &out, &message);
}
