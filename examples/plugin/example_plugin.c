/*
 * An example sepax plugin in plain C99: the classic OBB-OBB separating-axis
 * test (obb_sat_body.h) for float and double, behind the C ABI of
 * sepax/sepax_plugin.h.
 *
 * It carries a PLANTED bug, the classic one: Gottschalk's epsilon on |R_ij|
 * is forgotten, while the description still declares it (bias
 * epsilon_on_rotation, 1e-6), as its author believes the code does. Nearly
 * parallel edges then give cross-product axes made of rounding noise, and
 * overlapping boxes come out separated. `sepax verify --plugin` finds it as
 * gross verdicts on the parallel-edge families. Compiled with
 * -DSEPAX_EXAMPLE_FIXED the epsilon is there, and the plugin is named
 * "example_fixed" so that both can be loaded side by side.
 */
#include <math.h>
#include <stddef.h>

#include "sepax/sepax_plugin.h"

#ifdef SEPAX_EXAMPLE_FIXED
#define EXAMPLE_PLUGIN_NAME "example_fixed"
#else
#define EXAMPLE_PLUGIN_NAME "example"
#endif

#define SCALAR float
#define ABS fabsf
#define SAT_EPSILON 1e-6f
#define NAME(x) x##_float
#include "obb_sat_body.h"
#undef SCALAR
#undef ABS
#undef SAT_EPSILON
#undef NAME

#define SCALAR double
#define ABS fabs
#define SAT_EPSILON 1e-6
#define NAME(x) x##_double
#include "obb_sat_body.h"
#undef SCALAR
#undef ABS
#undef SAT_EPSILON
#undef NAME

/* The epsilon is declared exactly as each kernel uses it: 1e-6f in float. */
static const sepax_kernel kernels[] = {
    {"obb_sat", SEPAX_QUERY_OBB_OBB, SEPAX_MODE_TEST_STATIC, SEPAX_SCALAR_FLOAT, SEPAX_BIAS_EPSILON_ON_ROTATION,
     (double)1e-6f, 0, obb_sat_batch_float, NULL},
    {"obb_sat", SEPAX_QUERY_OBB_OBB, SEPAX_MODE_TEST_STATIC, SEPAX_SCALAR_DOUBLE, SEPAX_BIAS_EPSILON_ON_ROTATION,
     1e-6, 0, obb_sat_batch_double, NULL},
};

static const sepax_plugin plugin = {SEPAX_PLUGIN_ABI_V1, EXAMPLE_PLUGIN_NAME,
                                    sizeof kernels / sizeof kernels[0], kernels};

SEPAX_PLUGIN_EXPORT const sepax_plugin* sepax_plugin_v1(void) { return &plugin; }
