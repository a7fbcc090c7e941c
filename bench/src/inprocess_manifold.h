/* inprocess_manifold.c: the example manifold plugin's fixed C code, in process. */
#ifndef SEPAX_BENCH_INPROCESS_MANIFOLD_H
#define SEPAX_BENCH_INPROCESS_MANIFOLD_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
/* n cases: boxes a and b (15 doubles each), answers as the plugin's (8 points each). */
int sepax_bench_inprocess_manifold_double(size_t n, const double* a, const double* b, unsigned char* contact,
                                          double* normal, double* depth, int32_t* count, double* points);
#ifdef __cplusplus
}
#endif
#endif
