/*
 * An example sepax plugin (ABI version 2) in plain C99: the OBB-OBB contact
 * manifold of Gaul's "Manifold Generation" for float and double -- contact
 * flag, unit normal from box a towards box b, penetration depth and up to 8
 * contact points -- behind the C ABI of sepax/sepax_plugin.h.
 *
 *   1. Separating-axis test over the 15 axes (A_i, B_j, A_i x B_j), computed
 *      in A's frame; a strictly separating axis means no contact (touching
 *      boxes are in contact, depth 0).
 *   2. The axis of least penetration: the largest separation s(L)/|L|. An
 *      edge axis wins only when it beats every face axis by more than a few
 *      dozen ulps of the boxes' sizes and distance (near ties give face
 *      contacts, which carry the whole polygon); exactly parallel edges
 *      (L = 0) are skipped.
 *   3. Face contact: the incident face (the other box's face most opposed to
 *      the normal) clipped by the reference face's four side planes and its
 *      box's far face (Sutherland-Hodgman), the corners at or below the
 *      reference face kept (at most 8).
 *   4. Edge-edge contact: one point, between the closest points of the two
 *      supporting edges, where it lies in both boxes.
 *
 * The math is in box_box_body.h, included once per scalar type.
 *
 * It carries a PLANTED bug: the edge-edge axis A_i x B_j is remembered as
 * the code 3*i + j, and decoded back as i = code % 3, j = code / 3 -- i and
 * j swapped. The depth is the right one (it was computed on the right axis),
 * but the normal comes from the wrong pair of edges, A_j x B_i, and so does
 * the contact point. `sepax verify --plugin ... --query obb_obb_manifold`
 * finds it as gross verdicts ("normal is not a direction of least
 * penetration"). Compiled with -DFIXED the decode is right, and the plugin is
 * named "mybox_fixed" so that both can be loaded side by side.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "sepax/sepax_plugin.h"

#ifdef FIXED
#define MYBOX_PLUGIN_NAME "mybox_fixed"
#else
#define MYBOX_PLUGIN_NAME "mybox"
#endif

#define S float
#define ABS fabsf
#define SQRT sqrtf
#define S_UNIT_ROUNDOFF ((float)FLT_EPSILON / 2)
#define S_MIN FLT_MIN
#define S_INF ((float)HUGE_VAL)
#define NAME(x) x##_float
#include "box_box_body.h"
#undef S
#undef ABS
#undef SQRT
#undef S_UNIT_ROUNDOFF
#undef S_MIN
#undef S_INF
#undef NAME

#define S double
#define ABS fabs
#define SQRT sqrt
#define S_UNIT_ROUNDOFF (DBL_EPSILON / 2)
#define S_MIN DBL_MIN
#define S_INF HUGE_VAL
#define NAME(x) x##_double
#include "box_box_body.h"
#undef S
#undef ABS
#undef SQRT
#undef S_UNIT_ROUNDOFF
#undef S_MIN
#undef S_INF
#undef NAME

/* Exact up to rounding: no deliberate bias, no promised tolerance (0). */
static const sepax_kernel_v2 kernels[] = {
    {"box_box", "obb_obb_manifold", "find_manifold", SEPAX_SCALAR_FLOAT, SEPAX_BIAS_NONE, 0.0, 0, 0.0,
     box_box_batch_float, NULL},
    {"box_box", "obb_obb_manifold", "find_manifold", SEPAX_SCALAR_DOUBLE, SEPAX_BIAS_NONE, 0.0, 0, 0.0,
     box_box_batch_double, NULL},
};

static const sepax_plugin_info_v2 plugin = {SEPAX_PLUGIN_ABI_VERSION, MYBOX_PLUGIN_NAME,
                                            sizeof kernels / sizeof kernels[0], kernels};

SEPAX_PLUGIN_EXPORT const sepax_plugin_info_v2* sepax_plugin_v2(void) { return &plugin; }
