/*
 * sepax_plugin.h — the C ABI of a sepax kernel plugin (C99 and C++).
 *
 * ABI version 2 (below, "Version 2") brings a kernel of ANY judged query —
 * the SAT tests, contact manifolds, sweeps, enclosing boxes, 2D rectangles,
 * segments, general motion — with one batch function over the arrays of the
 * query's layout, and each kernel's promised tolerance. Version 1, described
 * first, brings the three SAT queries only; sepax still loads it.
 *
 * A version 1 plugin is a shared library (dlopen'ed with RTLD_NOW | RTLD_LOCAL) that
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
 * (sepax_plugin_v<N>), and `abi_version` must equal it (SEPAX_PLUGIN_ABI_V1 in
 * a version 1 description). sepax speaks versions 1 and 2, refuses a plugin of
 * another version and names both.
 */
#ifndef SEPAX_PLUGIN_H
#define SEPAX_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#define SEPAX_PLUGIN_ABI_VERSION 2
/* The name of the one symbol a plugin exports, for dlsym: version 2's, or version 1's. */
#define SEPAX_PLUGIN_ENTRY_NAME "sepax_plugin_v2"
#define SEPAX_PLUGIN_V1_ENTRY_NAME "sepax_plugin_v1"
/* The abi_version a version 1 plugin's description carries. */
#define SEPAX_PLUGIN_ABI_V1 1

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
  int32_t abi_version;         /* SEPAX_PLUGIN_ABI_V1 */
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

/* The entry a version 1 plugin defines (declared here so its definition is checked). */
SEPAX_PLUGIN_EXPORT const sepax_plugin* sepax_plugin_v1(void);

/*
 * Version 2.
 *
 * A plugin exports
 *
 *     const sepax_plugin_info_v2* sepax_plugin_v2(void);
 *
 * Each kernel names its query and mode as strings and has ONE batch function
 *
 *     int batch(void* user, size_t n, const void* const* inputs,
 *               void* const* answers, const char** message);
 *
 * over n cases: inputs[k] points to the k-th input field's array and
 * answers[k] to the k-th answer field's, each n * width values of the field's
 * type, case after case: `s` = the kernel's scalar (float or double), `u8` =
 * unsigned char (0 or 1), `i32` = int32_t. Shapes: box 15 = center xyz, axis0
 * xyz, axis1 xyz, axis2 xyz, extents; triangle 9 = v0 v1 v2; rect 8 = center
 * xy, axis0 xy, axis1 xy, extents; sphere 4 = center, radius; aabb 6 = min,
 * max; plane 4 = normal, offset (the points x with n.x = offset); segment 6 =
 * p0, p1. States (i32): 0 overlapping at the start, 1 separated throughout,
 * 2 first contact at `time`.
 *
 *   | query            | mode               | inputs                       | answers                          |
 *   |------------------|--------------------|------------------------------|----------------------------------|
 *   | obb_obb          | test_static        | a box, b box                 | meets u8                         |
 *   | tri_obb, tri_tri | test_static        | a triangle, b box / triangle | meets u8                         |
 *   | (the three)      | test_moving        | a, b, motion 7 (va, vb, T)   | meets u8                         |
 *   | (the three)      | find_first_contact | a, b, motion 7               | state i32, time s, point 3s      |
 *   | rect_rect        | test_static        | a rect, b rect               | meets u8                         |
 *   | rect_rect        | find_first_contact | a, b, motion 5 (va xy, vb xy, T) | state i32, time s            |
 *   | sphere_sphere    | test_static        | a sphere, b sphere           | meets u8                         |
 *   | sphere_sphere    | find_first_contact | a, b, motion 6 (da, db; u in [0,1]) | state i32, time s         |
 *   | aabb_sphere      | test_static        | a aabb, b sphere             | meets u8                         |
 *   | sphere_plane     | test_static        | a sphere, b plane            | meets u8                         |
 *   | sphere_plane     | find_first_contact | a, b, motion 3 (d; u in [0,1]) | state i32, time s              |
 *   | aabb_aabb        | test_static        | a aabb, b aabb               | meets u8                         |
 *   | aabb_aabb        | find_first_contact | a, b, motion 6 (da, db)      | state i32, time s                |
 *   | obb_segment      | test_static        | a box, b segment             | meets u8                         |
 *   | obb_to_aabb      | enclose            | a box                        | aabb 6s (containing the box)     |
 *   | obb_obb_manifold | find_manifold      | a box, b box                 | contact u8, normal 3s (unit, a   |
 *   |                  |                    |                              | towards b), depth s, count i32   |
 *   |                  |                    |                              | (0..8), points 24s (count used)  |
 *   | mesh_mesh        | find_pairs         | (below: two meshes and n poses -> meets u8, the pairs)          |
 *   | general_motion   | find_first_contact | pair i32 (0 obb_obb, 1 tri_obb, 2 tri_tri), a 15s, b 15s (a   |
 *   |                  |                    | triangle in the first 9), motion_a 9s, motion_b 9s (rotation    |
 *   |                  |                    | centre, velocity, angular velocity), duration s, steps i32,     |
 *   |                  |                    | integrator i32 (0 Euler, 1 RK4) -> state i32, step i32,          |
 *   |                  |                    | step_begin s, time s, point 3s, has_point u8, frozen_at_end u8   |
 *
 * (The same layouts as `sepax generate --format arrays` files; the installed
 * sepax/harness/query/query_layout.hpp lists them with their meaning.)
 *
 * sepax fills the answer arrays before the call (u8 with 255, i32 with -1,
 * scalars with 0) so that an answer the kernel forgot is caught. The
 * function returns 0 when every answer is written; any other value, or an
 * answer outside its field's values, is the kernel's error on that batch:
 * sepax retries the cases one at a time and records the failing case's error
 * (with `*message` when set, as in version 1). Reentrant, never aborting, as in
 * version 1. Kernel ids are "<plugin>/<name>/<float|double>", as in version 1.
 */
typedef int (*sepax_batch_v2_fn)(void* user, size_t n, const void* const* inputs, void* const* answers,
                                 const char** message);

/*
 * Mesh pairs (version 2): query "mesh_mesh", mode "find_pairs". Two triangle
 * meshes and n poses of B in A's frame in; per pose, whether the meshes
 * intersect and every intersecting pair of triangles out. sepax's OBB-tree
 * campaign (`sepax verify --query mesh_mesh`) and `sepax mesh-check` call it
 * beside sepax's own trees, and judge it against the exact set of
 * intersecting pairs.
 *
 *   inputs[0]  const sepax_mesh*  mesh A (the struct itself, not an array;
 *                                 the same for the whole batch)
 *   inputs[1]  const sepax_mesh*  mesh B
 *   inputs[2]  n * 12 s           pose i: rotation R row by row (9), then
 *                                 translation t (3); B's vertex x is at R x + t
 *   answers[0] n u8               1: some triangle of A meets some triangle of
 *                                 posed B (closed sets: touching counts), else 0
 *   answers[1] const sepax_pair_sink*  (the struct itself) call
 *                                 sink->add(sink->context, i, ta, tb) once for
 *                                 each pair (triangle ta of A, triangle tb of B)
 *                                 that meets at pose i (0 <= i < n), in any order
 *
 * A mesh's vertices are `vertex_count` * 3 scalars of the kernel's type (x y z
 * after x y z) and its triangles `triangle_count` * 3 vertex indices. sepax
 * may pass one pair's poses in several batches, one pose each: a kernel that
 * builds a tree may build it per call, or cache it by the meshes' `id` (never
 * reused within a process), with a cache safe for calls from several
 * threads. `add` returns 0, or non-zero when the pair or pose is out of range
 * (the kernel should then return non-zero too; sepax reports the error either
 * way); a pair added twice for one pose is the kernel's error too, reported
 * after the call. `tolerance` is 0: the pairs are judged by the rounding band
 * of the kernel's scalar.
 */
typedef struct sepax_mesh {
  uint64_t id;               /* this mesh's number, unique while sepax runs */
  size_t vertex_count;
  const void* vertices;      /* vertex_count * 3 scalars of the kernel's type */
  size_t triangle_count;
  const int32_t* triangles;  /* triangle_count * 3 indices into the vertices */
} sepax_mesh;

typedef struct sepax_pair_sink {
  void* context;
  int (*add)(void* context, size_t pose, int32_t triangle_a, int32_t triangle_b);
} sepax_pair_sink;

typedef struct sepax_kernel_v2 {
  const char* name;     /* as in version 1 */
  const char* query;    /* "obb_obb", ..., "obb_obb_manifold", "general_motion", "mesh_mesh": the table above */
  const char* mode;     /* "test_static", "test_moving", "find_first_contact", "find_manifold", "enclose", "find_pairs" */
  int32_t scalar;       /* enum sepax_scalar */
  int32_t bias_method;  /* the SAT queries only (else 0): as in version 1 */
  double bias_epsilon;  /* the SAT queries only (else 0) */
  int32_t open_sets;    /* the SAT queries only (else 0) */
  double tolerance;     /* the tolerance the kernel promises, relative to the larger shape's size; 0: none */
  sepax_batch_v2_fn batch; /* required */
  void* user;           /* passed back to `batch`; may be NULL */
} sepax_kernel_v2;

typedef struct sepax_plugin_info_v2 {
  int32_t abi_version;            /* 2 */
  const char* name;               /* as in version 1 */
  size_t kernel_count;            /* >= 1 */
  const sepax_kernel_v2* kernels; /* kernel_count entries */
} sepax_plugin_info_v2;

/* The entry a version 2 plugin defines. */
SEPAX_PLUGIN_EXPORT const sepax_plugin_info_v2* sepax_plugin_v2(void);

#ifdef __cplusplus
}
#endif

#endif /* SEPAX_PLUGIN_H */
