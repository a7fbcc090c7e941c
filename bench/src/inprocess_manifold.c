/* The example manifold plugin's fixed C code (examples/manifold_plugin),
 * compiled into sepax_bench_brought and called directly on its arrays: what
 * the same code costs without the plugin ABI (brought_bench.cpp). */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "inprocess_manifold.h"

#define FIXED 1
#define S double
#define ABS fabs
#define SQRT sqrt
#define S_UNIT_ROUNDOFF (DBL_EPSILON / 2)
#define S_MIN DBL_MIN
#define S_INF HUGE_VAL
#define NAME(x) x##_double
#include "box_box_body.h"

int sepax_bench_inprocess_manifold_double(size_t n, const double* a, const double* b, unsigned char* contact,
                                          double* normal, double* depth, int32_t* count, double* points) {
  const void* inputs[2] = {a, b};
  void* answers[5] = {contact, normal, depth, count, points};
  const char* message = NULL;
  return box_box_batch_double(NULL, n, inputs, answers, &message);
}
