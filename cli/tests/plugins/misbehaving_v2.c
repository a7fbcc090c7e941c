/* A version 2 plugin whose pair-query kernels misbehave on purpose, for the
 * CLI's tests of a crash or a hang outside the SAT queries:
 *   misbehaving_v2/crash/double  sphere_sphere test_static: writes through a null pointer
 *   misbehaving_v2/hang/double   sphere_sphere test_static: never returns */
#include <stddef.h>

#include "sepax/sepax_plugin.h"

static int crash(void* user, size_t n, const void* const* in, void* const* out, const char** message) {
  (void)user, (void)n, (void)in, (void)out, (void)message;
  volatile unsigned char* nowhere = NULL;
  *nowhere = 1;
  return 0;
}

static int hang(void* user, size_t n, const void* const* in, void* const* out, const char** message) {
  (void)user, (void)n, (void)in, (void)out, (void)message;
  for (volatile int forever = 1; forever;) {
  }
  return 0;
}

static const sepax_kernel_v2 kernels[] = {
    {"crash", "sphere_sphere", "test_static", SEPAX_SCALAR_DOUBLE, 0, 0.0, 0, 0.0, crash, NULL},
    {"hang", "sphere_sphere", "test_static", SEPAX_SCALAR_DOUBLE, 0, 0.0, 0, 0.0, hang, NULL},
};

static const sepax_plugin_info_v2 plugin = {SEPAX_PLUGIN_ABI_VERSION, "misbehaving_v2",
                                            sizeof kernels / sizeof kernels[0], kernels};

SEPAX_PLUGIN_EXPORT const sepax_plugin_info_v2* sepax_plugin_v2(void) { return &plugin; }
