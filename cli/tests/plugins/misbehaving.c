/* A plugin whose kernels misbehave on purpose, for the CLI's tests of what a
 * campaign does when a brought kernel crashes or never returns:
 *   misbehaving/fine/float     obb_obb: always "intersecting" (wrong often, never fatal)
 *   misbehaving/crash/double   obb_obb: writes through a null pointer
 *   misbehaving/hang/double    obb_obb: never returns
 * The fine kernel's groups (float) run before the others (double), so their
 * rows are on disk when the process dies. */
#include <stddef.h>

#include "sepax/sepax_plugin.h"

static int fine(void* user, size_t n, const void* a, const void* b, const void* motion, const sepax_output* out,
                const char** message) {
  (void)user, (void)a, (void)b, (void)motion, (void)message;
  for (size_t i = 0; i < n; ++i) out->meets[i] = 1;
  return 0;
}

static int crash(void* user, size_t n, const void* a, const void* b, const void* motion, const sepax_output* out,
                 const char** message) {
  (void)user, (void)n, (void)a, (void)b, (void)motion, (void)out, (void)message;
  volatile unsigned char* nowhere = NULL;
  *nowhere = 1;
  return 0;
}

static int hang(void* user, size_t n, const void* a, const void* b, const void* motion, const sepax_output* out,
                const char** message) {
  (void)user, (void)n, (void)a, (void)b, (void)motion, (void)out, (void)message;
  for (volatile int forever = 1; forever;) {
  }
  return 0;
}

static const sepax_kernel kernels[] = {
    {"fine", SEPAX_QUERY_OBB_OBB, SEPAX_MODE_TEST_STATIC, SEPAX_SCALAR_FLOAT, SEPAX_BIAS_NONE, 0.0, 0, fine, NULL},
    {"crash", SEPAX_QUERY_OBB_OBB, SEPAX_MODE_TEST_STATIC, SEPAX_SCALAR_DOUBLE, SEPAX_BIAS_NONE, 0.0, 0, crash, NULL},
    {"hang", SEPAX_QUERY_OBB_OBB, SEPAX_MODE_TEST_STATIC, SEPAX_SCALAR_DOUBLE, SEPAX_BIAS_NONE, 0.0, 0, hang, NULL},
};

static const sepax_plugin plugin = {SEPAX_PLUGIN_ABI_V1, "misbehaving", sizeof kernels / sizeof kernels[0],
                                    kernels};

SEPAX_PLUGIN_EXPORT const sepax_plugin* sepax_plugin_v1(void) { return &plugin; }
