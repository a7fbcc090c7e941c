/* A version 2 plugin with kernels of several queries, right and wrong, for
 * the loader's and the engine's tests (plugin_v2_test.cpp). Its description
 * is global so that the test can spoil one field before a load (the loader's
 * dlopen returns the same module, so the same globals). */
#include <math.h>

#include "sepax/sepax_plugin.h"

/* sphere_sphere test_static: |ca - cb|^2 <= (ra + rb)^2, in the kernel's scalar. */
#define SPHERES(S, NAME)                                                                        \
  static int NAME(void* user, size_t n, const void* const* in, void* const* out, const char** m) { \
    const S* a = (const S*)in[0];                                                               \
    const S* b = (const S*)in[1];                                                               \
    unsigned char* meets = (unsigned char*)out[0];                                              \
    size_t i;                                                                                   \
    (void)user;                                                                                 \
    (void)m;                                                                                    \
    for (i = 0; i < n; ++i) {                                                                   \
      const S dx = a[4 * i] - b[4 * i], dy = a[4 * i + 1] - b[4 * i + 1], dz = a[4 * i + 2] - b[4 * i + 2]; \
      const S r = a[4 * i + 3] + b[4 * i + 3];                                                  \
      meets[i] = dx * dx + dy * dy + dz * dz <= r * r;                                          \
    }                                                                                           \
    return 0;                                                                                   \
  }
SPHERES(float, spheres_float)
SPHERES(double, spheres_double)

/* obb_to_aabb enclose, rounded to nearest (no outward move): FCL's mistake. */
static int enclose_naive(void* user, size_t n, const void* const* in, void* const* out, const char** m) {
  const double* box = (const double*)in[0];
  double* aabb = (double*)out[0];
  size_t i;
  int k;
  (void)user;
  (void)m;
  for (i = 0; i < n; ++i) {
    const double* c = box + 15 * i;
    for (k = 0; k < 3; ++k) {
      const double r = fabs(c[3 + k]) * c[12] + fabs(c[6 + k]) * c[13] + fabs(c[9 + k]) * c[14];
      aabb[6 * i + k] = c[k] - r;
      aabb[6 * i + 3 + k] = c[k] + r;
    }
  }
  return 0;
}

/* sphere_sphere: answers "apart", but forgets the cases whose ball a lies at x < 0. */
static int forgetful(void* user, size_t n, const void* const* in, void* const* out, const char** m) {
  const double* a = (const double*)in[0];
  unsigned char* meets = (unsigned char*)out[0];
  size_t i;
  (void)user;
  (void)m;
  for (i = 0; i < n; ++i)
    if (a[4 * i] >= 0) meets[i] = 0;
  return 0;
}

/* obb_obb test_static through the SAT door: always "intersecting". */
static int always(void* user, size_t n, const void* const* in, void* const* out, const char** m) {
  unsigned char* meets = (unsigned char*)out[0];
  size_t i;
  (void)user;
  (void)in;
  (void)m;
  for (i = 0; i < n; ++i) meets[i] = 1;
  return 0;
}

/* aabb_aabb find_first_contact: fails every batch with a message. */
static int failing(void* user, size_t n, const void* const* in, void* const* out, const char** m) {
  (void)user;
  (void)n;
  (void)in;
  (void)out;
  *m = "queries_v2: asked to fail";
  return 3;
}

/* mesh_mesh find_pairs: every pair of triangles whose bounding boxes (B's
 * posed) overlap — what a broad phase answers, not the exact pairs. `user`
 * picks a malformed answer: 0 none, 1 a pair added twice, 2 a pair out of
 * range, 3 meets never written. */
enum { MESH_RIGHT = 0, MESH_TWICE = 1, MESH_OUT_OF_RANGE = 2, MESH_FORGETS = 3 };
static const int mesh_right = MESH_RIGHT, mesh_twice = MESH_TWICE, mesh_out_of_range = MESH_OUT_OF_RANGE,
                 mesh_forgets = MESH_FORGETS;

static void triangle_box(const sepax_mesh* mesh, size_t t, const double* pose, double* lo, double* hi) {
  const double* v = (const double*)mesh->vertices;
  int c, k, r;
  for (k = 0; k < 3; ++k) {
    lo[k] = INFINITY;
    hi[k] = -INFINITY;
  }
  for (c = 0; c < 3; ++c) {
    const double* x = v + 3 * mesh->triangles[3 * t + c];
    for (r = 0; r < 3; ++r) {
      const double y = pose ? pose[3 * r] * x[0] + pose[3 * r + 1] * x[1] + pose[3 * r + 2] * x[2] + pose[9 + r] : x[r];
      lo[r] = y < lo[r] ? y : lo[r];
      hi[r] = y > hi[r] ? y : hi[r];
    }
  }
}

static int mesh_boxes(void* user, size_t n, const void* const* in, void* const* out, const char** m) {
  const sepax_mesh* a = (const sepax_mesh*)in[0];
  const sepax_mesh* b = (const sepax_mesh*)in[1];
  const double* poses = (const double*)in[2];
  unsigned char* meets = (unsigned char*)out[0];
  const sepax_pair_sink* sink = (const sepax_pair_sink*)out[1];
  const int how = *(const int*)user;
  size_t i, ta, tb;
  int k;
  (void)m;
  for (i = 0; i < n; ++i) {
    int any = 0;
    for (ta = 0; ta < a->triangle_count; ++ta)
      for (tb = 0; tb < b->triangle_count; ++tb) {
        double alo[3], ahi[3], blo[3], bhi[3];
        int apart = 0;
        triangle_box(a, ta, NULL, alo, ahi);
        triangle_box(b, tb, poses + 12 * i, blo, bhi);
        for (k = 0; k < 3; ++k) apart = apart || ahi[k] < blo[k] || bhi[k] < alo[k];
        if (apart) continue;
        any = 1;
        sink->add(sink->context, i, (int32_t)ta, (int32_t)tb);
        if (how == MESH_TWICE) sink->add(sink->context, i, (int32_t)ta, (int32_t)tb);
      }
    if (how == MESH_OUT_OF_RANGE) sink->add(sink->context, i, (int32_t)a->triangle_count, 0);
    if (how != MESH_FORGETS) meets[i] = (unsigned char)any;
  }
  return 0;
}

SEPAX_PLUGIN_EXPORT sepax_kernel_v2 queries_v2_kernels[] = {
    {"spheres", "sphere_sphere", "test_static", SEPAX_SCALAR_FLOAT, 0, 0, 0, 0, spheres_float, NULL},
    {"spheres", "sphere_sphere", "test_static", SEPAX_SCALAR_DOUBLE, 0, 0, 0, 1e-6, spheres_double, NULL},
    {"enclose_naive", "obb_to_aabb", "enclose", SEPAX_SCALAR_DOUBLE, 0, 0, 0, 0, enclose_naive, NULL},
    {"forgetful", "sphere_sphere", "test_static", SEPAX_SCALAR_DOUBLE, 0, 0, 0, 0, forgetful, NULL},
    {"always", "obb_obb", "test_static", SEPAX_SCALAR_DOUBLE, 0, 0, 0, 0, always, NULL},
    {"failing", "aabb_aabb", "find_first_contact", SEPAX_SCALAR_DOUBLE, 0, 0, 0, 0, failing, NULL},
    {"mesh_boxes", "mesh_mesh", "find_pairs", SEPAX_SCALAR_DOUBLE, 0, 0, 0, 0, mesh_boxes, (void*)&mesh_right},
    {"mesh_twice", "mesh_mesh", "find_pairs", SEPAX_SCALAR_DOUBLE, 0, 0, 0, 0, mesh_boxes, (void*)&mesh_twice},
    {"mesh_out_of_range", "mesh_mesh", "find_pairs", SEPAX_SCALAR_DOUBLE, 0, 0, 0, 0, mesh_boxes,
     (void*)&mesh_out_of_range},
    {"mesh_forgets", "mesh_mesh", "find_pairs", SEPAX_SCALAR_DOUBLE, 0, 0, 0, 0, mesh_boxes, (void*)&mesh_forgets}};

SEPAX_PLUGIN_EXPORT sepax_plugin_info_v2 queries_v2_plugin = {
    2, "queries_v2", sizeof queries_v2_kernels / sizeof queries_v2_kernels[0], queries_v2_kernels};

SEPAX_PLUGIN_EXPORT const sepax_plugin_info_v2* sepax_plugin_v2(void) { return &queries_v2_plugin; }
