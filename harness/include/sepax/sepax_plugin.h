/*
 * sepax_plugin.h — the C ABI of a sepax kernel plugin (C99 and C++).
 *
 * A plugin is a shared library (dlopen'ed with RTLD_NOW | RTLD_LOCAL) that
 * exports ONE function,
 *
 *     const sepax_plugin* sepax_plugin_v1(void);
 *
 * returning a description that stays valid while the library is loaded (a
 * static object: sepax never unloads a plugin and never frees anything in it).
 * The description names the plugin and lists its kernels. Kernel ids in sepax
 * are "<plugin name>/<kernel name>/<float|double>"; names are non-empty and
 * hold no '/' and no whitespace; kernel names are unique per scalar.
 *
 * Each kernel has ONE batch function over plain arrays of its scalar (float
 * or double, as `scalar` says): n pairs, shape i of a at a + i*size(a), of b
 * at b + i*size(b), laid out as
 *
 *   | what        | scalars | layout                                               |
 *   |-------------|---------|------------------------------------------------------|
 *   | box (OBB)   | 15      | center xyz, A0 xyz, A1 xyz, A2 xyz, extents e0 e1 e2 |
 *   | triangle    | 9       | v0 xyz, v1 xyz, v2 xyz                               |
 *   | motion      | 7       | va xyz, vb xyz, T   (moving modes only, else NULL)   |
 *
 *   query:  OBB_OBB a = box, b = box;  TRI_OBB a = triangle, b = box;
 *           TRI_TRI a = triangle, b = triangle.
 *   A box is the closed set {C + sum x_i A_i : |x_i| <= e_i}; its axes are
 *   unit vectors, orthonormal and right-handed to within rounding of the
 *   scalar; extents >= 0. Shapes are closed sets (touching = intersecting)
 *   unless the kernel declares open_sets. Shape a moves by t*va, b by t*vb,
 *   t in [0, T].
 *
 * Outputs, one per pair, in `sepax_output` (the pointers a mode does not use
 * are NULL):
 *
 *   | mode               | output                                                  |
 *   |--------------------|---------------------------------------------------------|
 *   | TEST_STATIC        | meets[i]: 1 = the shapes intersect, 0 = separated       |
 *   | TEST_MOVING        | meets[i]: 1 = they meet for some t in [0, T], else 0    |
 *   | FIND_FIRST_CONTACT | state[i] (SEPAX_STATE_*); time[i] and point[3i..3i+2],  |
 *   |                    | scalars of the kernel's type: the first time of contact |
 *   |                    | and a point of both shapes then (FIRST_CONTACT; time 0  |
 *   |                    | for OVERLAPPING_AT_START; else left as they are)        |
 *
 * The function returns 0 when every answer is written. Any other value means
 * the kernel failed on this batch: sepax then retries the pairs one at a time
 * and records the failing pair's error with `*message` (if the plugin set it:
 * a NUL-terminated string valid until the function is next called on the same
 * thread — sepax copies it at once). A plugin must never abort or longjmp.
 *
 * sepax calls batch functions from several threads at once: they must be
 * reentrant (no shared mutable state). `user` is the kernel's own `user`
 * pointer, passed back unchanged.
 *
 * Versioning: SEPAX_PLUGIN_ABI_VERSION changes whenever any struct, value or
 * signature here changes; the entry function's name carries the version
 * (sepax_plugin_v<N>), and `abi_version` must equal it. sepax refuses a plugin
 * whose version it does not speak and names both versions.
 */
#ifndef SEPAX_PLUGIN_H
#define SEPAX_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#define SEPAX_PLUGIN_ABI_VERSION 1
/* The name of the one symbol a plugin exports, for dlsym. */
#define SEPAX_PLUGIN_ENTRY_NAME "sepax_plugin_v1"

#ifdef __cplusplus
extern "C" {
#endif

/* Which pair: the order is fixed (tri_obb: a = triangle, b = box). */
enum sepax_query { SEPAX_QUERY_OBB_OBB = 0, SEPAX_QUERY_TRI_OBB = 1, SEPAX_QUERY_TRI_TRI = 2 };

/* Which question the kernel answers. */
enum sepax_mode { SEPAX_MODE_TEST_STATIC = 0, SEPAX_MODE_TEST_MOVING = 1, SEPAX_MODE_FIND_FIRST_CONTACT = 2 };

/* The scalar of every array the kernel reads and writes. */
enum sepax_scalar { SEPAX_SCALAR_FLOAT = 0, SEPAX_SCALAR_DOUBLE = 1 };

/* The kernel's deliberate leniency, as its method documents it (sepax's
 * KernelBias): the judge derives the band it opens from method and epsilon. */
enum sepax_bias_method {
  SEPAX_BIAS_NONE = 0,                       /* exact up to rounding; epsilon must be 0 */
  SEPAX_BIAS_EPSILON_ON_ROTATION = 1,        /* Gottschalk: epsilon added to every |R_ij|, strict '>' */
  SEPAX_BIAS_EPSILON_ON_PLANE_DISTANCES = 2  /* Moller: plane distances below epsilon taken as 0 */
};

/* find_first_contact's answer per pair (sepax::ContactState, same order). */
enum sepax_contact_state {
  SEPAX_STATE_OVERLAPPING_AT_START = 0, /* they intersect at t = 0 */
  SEPAX_STATE_SEPARATED_THROUGHOUT = 1, /* they do not meet for any t in [0, T] */
  SEPAX_STATE_FIRST_CONTACT = 2         /* disjoint at 0, touching first at time in (0, T] */
};

/* Where a batch's answers go; the pointers the kernel's mode does not use
 * are NULL. `time` and `point` point to the kernel's scalar type. */
typedef struct sepax_output {
  unsigned char* meets; /* TEST_STATIC, TEST_MOVING: n values, 0 or 1 */
  int32_t* state;       /* FIND_FIRST_CONTACT: n SEPAX_STATE_* values */
  void* time;           /* FIND_FIRST_CONTACT: n scalars */
  void* point;          /* FIND_FIRST_CONTACT: 3n scalars, xyz per pair */
} sepax_output;

/* The batch function: n >= 1 pairs; `a`, `b` and `motion` (NULL for
 * TEST_STATIC) point to the kernel's scalar type, laid out as tabled above.
 * Returns 0 on success, non-zero on failure (then *message may name why). */
typedef int (*sepax_batch_fn)(void* user, size_t n, const void* a, const void* b, const void* motion,
                              const sepax_output* out, const char** message);

/* One kernel. Enumerations are stored as int32_t so the layout does not
 * depend on the compiler's choice of enum size. */
typedef struct sepax_kernel {
  const char* name;     /* id "<plugin>/<name>/<scalar>": non-empty, no '/', no whitespace */
  int32_t query;        /* enum sepax_query */
  int32_t mode;         /* enum sepax_mode */
  int32_t scalar;       /* enum sepax_scalar */
  int32_t bias_method;  /* enum sepax_bias_method */
  double bias_epsilon;  /* the method's epsilon exactly as the kernel uses it; 0 for NONE */
  int32_t open_sets;    /* 1: touching shapes count as separated (ODE's convention); else 0 */
  sepax_batch_fn batch; /* required */
  void* user;           /* passed back to `batch`; may be NULL */
} sepax_kernel;

/* What the entry function returns. `abi_version` comes first in every
 * version, so that any sepax can read it. */
typedef struct sepax_plugin {
  int32_t abi_version;         /* SEPAX_PLUGIN_ABI_VERSION */
  const char* name;            /* the id prefix: non-empty, no '/', no whitespace */
  size_t kernel_count;         /* >= 1 */
  const sepax_kernel* kernels; /* kernel_count entries */
} sepax_plugin;

/* Marks the entry function exported even under -fvisibility=hidden. */
#if defined(_WIN32)
#define SEPAX_PLUGIN_EXPORT __declspec(dllexport)
#elif defined(__GNUC__)
#define SEPAX_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define SEPAX_PLUGIN_EXPORT
#endif

/* The entry a plugin defines (declared here so its definition is checked). */
SEPAX_PLUGIN_EXPORT const sepax_plugin* sepax_plugin_v1(void);

#ifdef __cplusplus
}
#endif

#endif /* SEPAX_PLUGIN_H */
