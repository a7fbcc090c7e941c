/*
 * The example plugin's OBB-OBB SAT (examples/plugin/obb_sat_body.h, fixed
 * variant, double) compiled into the benchmark binary: the in-process twin of
 * the plugin module that sepax_bench_brought times through the C ABI.
 */
#ifndef SEPAX_BENCH_INPROCESS_OBB_SAT_H
#define SEPAX_BENCH_INPROCESS_OBB_SAT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* n pairs of boxes (15 doubles each, sepax_plugin.h's layout); meets[i] = 1
 * when pair i intersects. Returns the plugin batch function's status (0, or 1
 * on a non-finite input). */
int sepax_bench_inprocess_obb_sat_double(size_t n, const double* a, const double* b, unsigned char* meets);

#ifdef __cplusplus
}
#endif

#endif
